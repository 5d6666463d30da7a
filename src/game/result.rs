//! How a game ended: the outcome and the rule that decided it.

use std::fmt;

use crate::seat::Seat;

/// The outcome of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One seat, a team, or in a points game the top scorer(s) won.
    Win {
        /// The winning seats, in turn order.
        winners: Vec<Seat>,
    },
    /// Nobody won.
    Draw,
    /// The game was called off without a result.
    Aborted,
}

/// The event that ended a game (not the condition it completed: a mate that
/// leaves one player standing is [`EndRule::Checkmate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// A player was checkmated.
    Checkmate,
    /// A player was stalemated.
    Stalemate,
    /// A king was captured.
    KingCapture,
    /// A side's extinction pieces are gone.
    Extinction,
    /// A flag piece reached its region.
    Flag,
    /// A side gave its last required check.
    CheckCount,
    /// A side aligned its pieces (`connectN`).
    Connect,
    /// The board ran full (`adjudicateFullBoard`).
    FullBoard,
    /// A winning castling was made, or its rights lost (`castlingWins`).
    Castling,
    /// The kings faced each other and the side to move passed
    /// (`bikjangRule`).
    Bikjang,
    /// Both sides passed in a row (`pass`).
    Passes,
    /// A points lead ended the game (claimed or automatic).
    PointsLead,
    /// A position occurred the deciding number of times.
    Repetition,
    /// Moves without capture or pawn move reached the limit.
    NMove,
    /// Nobody can mate any more.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Timeout,
    /// The players agreed to a draw.
    Agreement,
    /// The game was aborted before it got going.
    Abort,
}

impl EndRule {
    /// The rule's name in scenario files (`checkmate`, `n-move`).
    pub fn name(self) -> &'static str {
        match self {
            EndRule::Checkmate => "checkmate",
            EndRule::Stalemate => "stalemate",
            EndRule::KingCapture => "king-capture",
            EndRule::Extinction => "extinction",
            EndRule::Flag => "flag",
            EndRule::CheckCount => "check-count",
            EndRule::Connect => "connect",
            EndRule::FullBoard => "full-board",
            EndRule::Castling => "castling",
            EndRule::Bikjang => "bikjang",
            EndRule::Passes => "passes",
            EndRule::PointsLead => "points-lead",
            EndRule::Repetition => "repetition",
            EndRule::NMove => "n-move",
            EndRule::InsufficientMaterial => "insufficient-material",
            EndRule::Resignation => "resignation",
            EndRule::Timeout => "timeout",
            EndRule::Agreement => "agreement",
            EndRule::Abort => "abort",
        }
    }
}

impl fmt::Display for EndRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A finished game's outcome and the rule that decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Who won, or a draw, or no result.
    pub outcome: Outcome,
    /// The event that ended the game.
    pub rule: EndRule,
}

impl Outcome {
    /// The outcome's name in scenario files: `win`, `draw` or `aborted`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Win { .. } => "win",
            Outcome::Draw => "draw",
            Outcome::Aborted => "aborted",
        }
    }

    /// The winners; none for a draw or an aborted game.
    pub fn winners(&self) -> &[Seat] {
        match self {
            Outcome::Win { winners } => winners,
            _ => &[],
        }
    }
}

impl GameResult {
    /// The result in words with the variant's seat names: `win for White
    /// by checkmate`, `draw by stalemate`.
    pub fn describe(&self, rules: &crate::rules::RuleTable) -> String {
        let mut out = self.outcome.name().to_string();
        let winners = self.outcome.winners();
        if !winners.is_empty() {
            let names: Vec<&str> = winners
                .iter()
                .map(|&s| rules.seats[s].name.as_str())
                .collect();
            out += &format!(" for {}", names.join(", "));
        }
        out + &format!(" by {}", self.rule)
    }
}
