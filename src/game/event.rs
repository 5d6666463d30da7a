//! What happened in a step: the events a [`Game`](super::Game) reports
//! after each move or action, in order. Events hold seats, squares, pieces
//! and moves as values (cheap to make on every move); [`Event::describe`]
//! writes one as a line of text with the variant's names.

use std::fmt::{self, Write};

use super::result::GameResult;
use crate::notation::MoveText;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::rules::{Army, RuleTable, Sq};
use crate::seat::{Seat, SeatSet};

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

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat played a move.
    Moved {
        /// The seat.
        seat: Seat,
        /// The move, writable in the variant's notation.
        text: MoveText,
    },
    /// A piece was captured (its owner, type and whether it was dead are
    /// the piece's).
    Capture {
        /// The capturing seat.
        by: Seat,
        /// The captured piece.
        piece: Piece,
        /// Its square.
        square: Sq,
    },
    /// A capture exploded (`blastOnCapture`): the pieces it took off the
    /// board besides the captured one, the capturing piece among them.
    Explosion {
        /// Where the capture landed.
        square: Sq,
        /// The pieces removed, with their squares.
        pieces: Vec<(Sq, Piece)>,
    },
    /// A pawn or piece promoted.
    Promotion {
        /// The seat.
        seat: Seat,
        /// The square.
        square: Sq,
        /// The new type.
        piece: PieceType,
    },
    /// These seats are in check by an active opponent.
    Check {
        /// The seats in check.
        seats: SeatSet,
    },
    /// A seat was checkmated.
    Checkmate {
        /// The mated seat.
        seat: Seat,
        /// The seat credited with the mate, if any.
        by: Option<Seat>,
    },
    /// A seat was stalemated.
    Stalemate {
        /// The stalemated seat.
        seat: Seat,
    },
    /// A seat's king was captured.
    KingCaptured {
        /// The seat that lost its king.
        seat: Seat,
    },
    /// A seat is out of the game.
    Eliminated {
        /// The seat.
        seat: Seat,
        /// What became of its army.
        army: Army,
    },
    /// A seat's score changed.
    Score {
        /// The seat.
        seat: Seat,
        /// The points added.
        points: i32,
        /// Why.
        reason: ScoreReason,
    },
    /// A seat resigned.
    Resigned {
        /// The seat.
        seat: Seat,
    },
    /// A seat ran out of time.
    TimedOut {
        /// The seat.
        seat: Seat,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The seat.
        seat: Seat,
    },
    /// A seat accepted the open draw offer.
    DrawAccepted {
        /// The seat.
        seat: Seat,
    },
    /// The open draw offer was declined (explicitly, or by a move).
    DrawDeclined {
        /// The seat that declined.
        seat: Seat,
    },
    /// A draw claim did not hold; the move it named was played instead.
    ClaimRejected {
        /// The claimant.
        seat: Seat,
        /// Why it did not hold.
        reason: String,
    },
    /// The game ended.
    GameOver(GameResult),
}

impl Event {
    /// The event as a line of text, with the variant's seat names, squares,
    /// piece letters and move notation.
    pub fn describe(&self, rules: &RuleTable) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write(rules, &mut out);
        out
    }

    fn write(&self, rules: &RuleTable, f: &mut String) -> fmt::Result {
        let name = |seat: Seat| rules.seats[seat].name.as_str();
        let names = |seats: &mut dyn Iterator<Item = Seat>| {
            seats
                .map(|s| rules.seats[s].name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let letter = |kind: PieceType| rules.pieces[kind].letter;
        match self {
            Event::Moved { seat, text } => write!(f, "{} plays {}", name(*seat), text.write(rules)),
            // Dead pieces belong to no one.
            Event::Capture { by, piece, square } if piece.dead() => write!(
                f,
                "{} captures a dead {} on {}",
                name(*by),
                letter(piece.kind()),
                rules.square_name(*square)
            ),
            Event::Capture { by, piece, square } => write!(
                f,
                "{} captures {}'s {} on {}",
                name(*by),
                name(piece.seat()),
                letter(piece.kind()),
                rules.square_name(*square)
            ),
            Event::Explosion { square, pieces } => write!(
                f,
                "the explosion on {} takes off {}",
                rules.square_name(*square),
                pieces
                    .iter()
                    .map(|(sq, p)| format!(
                        "{}'s {} on {}",
                        name(p.seat()),
                        letter(p.kind()),
                        rules.square_name(*sq)
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::Promotion {
                seat,
                square,
                piece,
            } => write!(
                f,
                "{} promotes to {} on {}",
                name(*seat),
                letter(*piece),
                rules.square_name(*square)
            ),
            Event::Check { seats } => write!(f, "check: {}", names(&mut seats.iter())),
            Event::Checkmate { seat, by } => match by {
                Some(by) => write!(f, "{} is checkmated by {}", name(*seat), name(*by)),
                None => write!(f, "{} is checkmated", name(*seat)),
            },
            Event::Stalemate { seat } => write!(f, "{} is stalemated", name(*seat)),
            Event::KingCaptured { seat } => write!(f, "{}'s king is captured", name(*seat)),
            Event::Eliminated { seat, army } => {
                let army = match army {
                    Army::Remove => "pieces removed",
                    Army::Dead => "pieces dead",
                    Army::DeadKingWalks => "pieces dead, king walks",
                };
                write!(f, "{} is eliminated ({army})", name(*seat))
            }
            Event::Score {
                seat,
                points,
                reason,
            } => write!(f, "{} scores {points:+} ({})", name(*seat), reason.name()),
            Event::Resigned { seat } => write!(f, "{} resigns", name(*seat)),
            Event::TimedOut { seat } => write!(f, "{} runs out of time", name(*seat)),
            Event::DrawOffered { seat } => write!(f, "{} offers a draw", name(*seat)),
            Event::DrawAccepted { seat } => write!(f, "{} accepts the draw", name(*seat)),
            Event::DrawDeclined { seat } => write!(f, "{} declines the draw", name(*seat)),
            Event::ClaimRejected { seat, reason } => write!(
                f,
                "{}'s claim does not hold ({reason}); the move is played",
                name(*seat)
            ),
            Event::GameOver(result) => write!(f, "game over: {}", result.describe(rules)),
        }
    }
}
