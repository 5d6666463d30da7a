//! `--seat SEAT=PLAYER` on the command line: who plays each seat.

use std::time::Duration;

use super::Exit;
use super::output::tell;
use crate::engine::{Bot, Limits};
use crate::game::Game;
use crate::moves::Move;
use crate::rng::SplitMix64;
use crate::rules::RuleTable;
use crate::seat::Seat;

/// Who plays a seat from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// The bot, searching to this depth.
    Bot(u8),
    /// Uniformly random legal moves.
    Random,
}

/// The deepest bot level the command line accepts.
pub const MAX_LEVEL: u8 = 12;

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

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Human => write!(f, "human"),
            Player::Bot(level) => write!(f, "bot:{level}"),
            Player::Random => write!(f, "random"),
        }
    }
}

/// The move a machine player makes for the seat to move: a bot searches to
/// its level within `time`; a random mover picks a legal move uniformly
/// with `rng`. `None` for a person, or when no move is left.
pub fn machine_move(
    player: Player,
    bot: &mut Bot,
    rng: &mut SplitMix64,
    game: &Game,
    time: Option<Duration>,
) -> Option<Move> {
    match player {
        Player::Human => None,
        Player::Bot(level) => bot
            .choose(game, limits(level, time))
            .map(|choice| choice.mv),
        Player::Random => {
            let moves = game.legal_moves();
            (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
        }
    }
}

/// A bot's search limits: its level as the depth, within `time`.
fn limits(level: u8, time: Option<Duration>) -> Limits {
    Limits {
        depth: u32::from(level),
        nodes: None,
        time,
    }
}

/// Whether a machine player in `seat` accepts the open draw offer: a bot
/// when the drawn game is worth at least its search's value of playing on
/// (searching to its level within `time`); a random mover by a coin toss.
pub fn machine_accepts_draw(
    player: Player,
    bot: &mut Bot,
    rng: &mut SplitMix64,
    game: &Game,
    seat: Seat,
    time: Option<Duration>,
) -> bool {
    match player {
        Player::Human => false,
        Player::Bot(level) => bot.accepts_draw(game, seat, limits(level, time)),
        Player::Random => rng.below(2) == 0,
    }
}
