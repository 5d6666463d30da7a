//! `--seat SEAT=PLAYER` on the command line: who plays each seat.

use super::Exit;
use super::output::tell;
use crate::engine::{MAX_LEVEL, Player};
use crate::rules::RuleTable;
use crate::seat::Seat;

/// The seat a command line names: by name or letter (case-insensitive), or
/// by number from 1 in turn order.
pub fn seat_named(rules: &RuleTable, name: &str) -> Option<Seat> {
    let n = rules.seats.len();
    if let Ok(number) = name.parse::<usize>() {
        return (1..=n).contains(&number).then(|| Seat::new(number - 1));
    }
    rules.seat_named(name).or_else(|| {
        let mut chars = name.chars();
        let letter = chars.next().filter(|_| chars.next().is_none())?;
        Seat::all(n).find(|&s| rules.seats[s].letter.eq_ignore_ascii_case(&letter))
    })
}

/// Reads `SEAT=human|bot[:LEVEL]|random` (a seat as [`seat_named`] reads
/// it) into a player per seat, starting from `default`.
pub fn read_seats(
    rules: &RuleTable,
    specs: &[String],
    default: Player,
) -> Result<Vec<Player>, Exit> {
    let mut players = vec![default; rules.seats.len()];
    for spec in specs {
        let usage = |why: String| {
            tell(format_args!("error: `--seat {spec}`: {why}"));
            Exit::Usage
        };
        let (name, player) = spec.split_once('=').ok_or_else(|| {
            usage("write SEAT=human, SEAT=bot, SEAT=bot:LEVEL or SEAT=random".into())
        })?;
        let seat = seat_named(rules, name).ok_or_else(|| {
            let names: Vec<&str> = rules.seats.iter().map(|s| s.name.as_str()).collect();
            usage(format!(
                "{} has no seat `{name}`; its seats are {}",
                rules.name,
                names.join(", ")
            ))
        })?;
        players[seat.index()] = match player.to_ascii_lowercase().as_str() {
            "human" => Player::Human,
            "random" => Player::Random,
            "bot" => Player::Bot(2),
            other => match other.strip_prefix("bot:").map(str::parse::<u8>) {
                Some(Ok(level)) if (1..=MAX_LEVEL).contains(&level) => Player::Bot(level),
                Some(_) => return Err(usage(format!("a bot's level is 1 to {MAX_LEVEL}"))),
                None => {
                    return Err(usage(format!(
                        "`{player}` is not human, bot, bot:LEVEL or random"
                    )));
                }
            },
        };
    }
    Ok(players)
}
