//! The meaning of a Betza string: one [`MoveRule`] per direction.

use super::ast::{Betza, Modality};
use super::directions::{Offset, selected_leaps};

/// How a move travels along its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A single leap.
    Leap,
    /// Repeated leaps along a line while squares are empty; `range` limits
    /// the number of leaps (0: unlimited).
    Ride {
        /// The most leaps allowed, 0 for no limit.
        range: u32,
    },
    /// `p`: ride to the first piece, jump over it, then ride on (at most
    /// `range` leaps after the hurdle, 0 for no limit) to an empty square or
    /// the first piece.
    Hop {
        /// The most leaps after the hurdle, 0 for no limit.
        range: u32,
    },
    /// `g`: ride to the first piece and land on the square just behind it.
    Grasshop,
}

/// One direction of movement of a piece, relative to its seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveRule {
    /// The leap repeated along the line (or made once).
    pub leap: Offset,
    /// Leap, ride, hop or grasshop.
    pub kind: MoveKind,
    /// May end on an empty square.
    pub quiet: bool,
    /// May end by capturing an enemy piece.
    pub capture: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// Only while the piece stands on its seat's initial (double-step) region.
    pub initial: bool,
    /// The squares each leap passes must be empty.
    pub lame: bool,
    /// A leap must pass an occupied square; a ride skips its first square.
    pub jumping: bool,
}

impl Betza {
    /// The move rules of every move of the string, in order; a rule written
    /// twice (`QQ`, `(1,2)(1,2)`) is kept once.
    pub fn rules(&self) -> Vec<MoveRule> {
        let mut rules = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for m in &self.moves {
            let modalities = if m.modalities.is_empty() {
                vec![Modality::Quiet, Modality::Capture]
            } else {
                m.modalities.clone()
            };
            let kind = if m.grasshopper {
                MoveKind::Grasshop
            } else if m.hopper {
                MoveKind::Hop { range: m.range }
            } else if m.rider {
                MoveKind::Ride { range: m.range }
            } else {
                MoveKind::Leap
            };
            for &atom in &m.atoms {
                // Fairy-Stockfish makes only some leaps lame (N, A, Z, D) and
                // gives the others no moves; tetrarch plays its files alike.
                if m.lame && !m.rider && !atom.fsf_lame() {
                    continue;
                }
                for leap in selected_leaps(m, atom) {
                    let rule = MoveRule {
                        leap,
                        kind,
                        quiet: modalities.contains(&Modality::Quiet),
                        capture: modalities.contains(&Modality::Capture),
                        en_passant: modalities.contains(&Modality::EnPassant),
                        initial: m.initial,
                        lame: m.lame,
                        jumping: m.jumping,
                    };
                    if seen.insert(rule) {
                        rules.push(rule);
                    }
                }
            }
        }
        rules
    }
}
