//! What happened in a step: the events a [`Game`](super::Game) reports
//! after each move or action, in order, with seats and squares by name.

use std::fmt;

use super::result::GameResult;

/// Why a seat's score changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReason {
    /// It captured a piece.
    Capture,
    /// It checkmated a player.
    Checkmate,
    /// It was stalemated at its turn and so eliminated.
    Stalemate,
    /// One move checked two kings.
    DoubleCheck,
    /// One move checked three kings.
    TripleCheck,
    /// The game was drawn: every player still in scores.
    Draw,
    /// A walking king was stalemated: every player still in scores.
    WalkingKingStalemate,
    /// The last player scores for each other king still alive.
    SurvivorKings,
}

impl ScoreReason {
    fn name(self) -> &'static str {
        match self {
            ScoreReason::Capture => "capture",
            ScoreReason::Checkmate => "checkmate",
            ScoreReason::Stalemate => "stalemate",
            ScoreReason::DoubleCheck => "double check",
            ScoreReason::TripleCheck => "triple check",
            ScoreReason::Draw => "draw",
            ScoreReason::WalkingKingStalemate => "walking king stalemated",
            ScoreReason::SurvivorKings => "surviving kings",
        }
    }
}

/// One thing that happened. Seats, pieces and squares are given by name
/// (`Red`, `q`, `e4`) so that a log reads on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat played a move.
    Moved {
        /// The seat.
        seat: String,
        /// The move, as the variant's notation writes it.
        text: String,
    },
    /// A piece was captured.
    Capture {
        /// The capturing seat.
        by: String,
        /// The captured piece's owner.
        owner: String,
        /// The captured piece's letter.
        piece: char,
        /// Whether it was dead.
        dead: bool,
        /// Its square.
        square: String,
    },
    /// A pawn or piece promoted.
    Promotion {
        /// The seat.
        seat: String,
        /// The square.
        square: String,
        /// The new piece's letter.
        piece: char,
    },
    /// These seats' kings are attacked by an active opponent.
    Check {
        /// The seats in check, in turn order.
        seats: Vec<String>,
    },
    /// A seat was checkmated.
    Checkmate {
        /// The mated seat.
        seat: String,
        /// The seat credited with the mate, if any.
        by: Option<String>,
    },
    /// A seat was stalemated.
    Stalemate {
        /// The stalemated seat.
        seat: String,
    },
    /// A seat's king was captured.
    KingCaptured {
        /// The seat that lost its king.
        seat: String,
    },
    /// A seat is out of the game.
    Eliminated {
        /// The seat.
        seat: String,
        /// What became of its army: `removed`, `dead`, or `dead, king walks`.
        army: &'static str,
    },
    /// A seat's score changed.
    Score {
        /// The seat.
        seat: String,
        /// The points added.
        points: i32,
        /// Why.
        reason: ScoreReason,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: String,
    },
    /// A seat ran out of time.
    TimedOut {
        /// The seat.
        seat: String,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The seat.
        seat: String,
    },
    /// A seat accepted the open draw offer.
    DrawAccepted {
        /// The seat.
        seat: String,
    },
    /// The open draw offer was declined (explicitly, or by a move).
    DrawDeclined {
        /// The seat that declined.
        seat: String,
    },
    /// A draw claim did not hold; the move it named was played instead.
    ClaimRejected {
        /// The claimant.
        seat: String,
        /// Why it did not hold.
        reason: String,
    },
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
        /// The winners' names.
        winners: Vec<String>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Moved { seat, text } => write!(f, "{seat} plays {text}"),
            Event::Capture {
                by,
                owner,
                piece,
                dead,
                square,
            } => {
                let dead = if *dead { "dead " } else { "" };
                write!(f, "{by} captures {owner}'s {dead}{piece} on {square}")
            }
            Event::Promotion {
                seat,
                square,
                piece,
            } => write!(f, "{seat} promotes to {piece} on {square}"),
            Event::Check { seats } => write!(f, "check: {}", seats.join(", ")),
            Event::Checkmate { seat, by } => match by {
                Some(by) => write!(f, "{seat} is checkmated by {by}"),
                None => write!(f, "{seat} is checkmated"),
            },
            Event::Stalemate { seat } => write!(f, "{seat} is stalemated"),
            Event::KingCaptured { seat } => write!(f, "{seat}'s king is captured"),
            Event::Eliminated { seat, army } => write!(f, "{seat} is eliminated ({army})"),
            Event::Score {
                seat,
                points,
                reason,
            } => write!(f, "{seat} scores {points:+} ({})", reason.name()),
            Event::Resigned { seat } => write!(f, "{seat} resigns"),
            Event::TimedOut { seat } => write!(f, "{seat} runs out of time"),
            Event::DrawOffered { seat } => write!(f, "{seat} offers a draw"),
            Event::DrawAccepted { seat } => write!(f, "{seat} accepts the draw"),
            Event::DrawDeclined { seat } => write!(f, "{seat} declines the draw"),
            Event::ClaimRejected { seat, reason } => {
                write!(
                    f,
                    "{seat}'s claim does not hold ({reason}); the move is played"
                )
            }
            Event::GameOver { result, winners } => {
                write!(f, "game over: {}", result.outcome.name())?;
                if !winners.is_empty() {
                    write!(f, " for {}", winners.join(", "))?;
                }
                write!(f, " by {}", result.rule)
            }
        }
    }
}
