//! Machine players: who plays a seat (a person, the bot at a level, a
//! random mover), and what a machine does when it is its turn or when it is
//! asked to agree to a draw. The terminal, self-play and the server's rooms
//! all run their machines through these functions.

use std::time::Duration;

use super::{Bot, Limits};
use crate::game::{Game, Occupant};
use crate::moves::Move;
use crate::rng::SplitMix64;
use crate::seat::Seat;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person.
    Human,
    /// The bot, searching to this depth.
    Bot(u8),
    /// Uniformly random legal moves.
    Random,
}

/// The deepest bot level accepted from users.
pub const MAX_LEVEL: u8 = 12;

impl Player {
    /// The player of a table's seat: a person, or a bot whose level 0
    /// means a random mover. `None` for a free seat.
    pub fn of(occupant: &Occupant) -> Option<Player> {
        match occupant {
            Occupant::Open => None,
            Occupant::Person(_) => Some(Player::Human),
            Occupant::Bot { level: 0 } => Some(Player::Random),
            Occupant::Bot { level } => Some(Player::Bot(*level)),
        }
    }

    /// The table occupant for a machine player (a random mover is a bot
    /// of level 0); `None` for a person, who sits under a name.
    pub fn occupant(self) -> Option<Occupant> {
        match self {
            Player::Human => None,
            Player::Bot(level) => Some(Occupant::Bot { level }),
            Player::Random => Some(Occupant::Bot { level: 0 }),
        }
    }
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

/// How long a machine may think with `remaining` on its clock: a
/// thirtieth of it, at most 5 s; no limit without a clock.
pub fn think_time(remaining: Option<Duration>) -> Option<Duration> {
    remaining.map(|left| (left / 30).min(Duration::from_secs(5)))
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

/// A bot's search limits: its level as the depth, within `time`.
fn limits(level: u8, time: Option<Duration>) -> Limits {
    Limits {
        depth: u32::from(level),
        nodes: None,
        time,
    }
}
