//! Castling rights: registered once with their move, path, walk and
//! exposure flag, and the rights a dropped king or rook regains.

use super::Position;
use super::RuleHandle;
use crate::moves::Move;
use crate::piece::Piece;
use crate::rules::{LineKind, RuleTable, Sq, SqSet, segment};
use crate::seat::Seat;

/// One castling right: the seat, the wing and the squares the pieces start on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRight {
    /// The seat that may castle.
    pub seat: Seat,
    /// 0 king-side, 1 queen-side.
    pub wing: usize,
    /// Where the king stands.
    pub king: Sq,
    /// Where the rook stands.
    pub rook: Sq,
}

/// A castling right registered with a position, and what testing it
/// needs, found once when it is registered.
#[derive(Clone, Debug)]
pub(crate) struct RegisteredCastling {
    /// The right.
    pub(crate) right: CastlingRight,
    /// The castling it makes, where its wing has a castling; pseudo-legal
    /// where its path is empty and its pieces stand on their squares.
    pub(crate) castle: Option<Move>,
    /// The squares that must be empty to castle (the king's and the rook's
    /// paths, their own squares left out; every square where the wing has
    /// no castling).
    pub(crate) path: SqSet,
    /// The squares the king crosses, its start and destination included
    /// (every one must be safe).
    pub(crate) walk: SqSet,
    /// Whether its destination must be tested again with king and rook
    /// moved ([`castling_may_expose`]).
    pub(crate) exposes: bool,
}

impl<R: RuleHandle> Position<R> {
    /// Adds a castling right (setting up a position); a right the position
    /// already has (`KK`) is added once. A seat has at most one right per
    /// rook square of its castling rank (16 files), so two seats' rights
    /// fit the 32 bits.
    pub(crate) fn add_castling_right(&mut self, right: CastlingRight) {
        let bit = self.castling_right_bit(right);
        self.state.castling |= bit;
        self.state.hash = self.recompute_hash();
    }

    /// The bit of a castling right, registered (not held) if it is new.
    pub(super) fn castling_right_bit(&mut self, right: CastlingRight) -> u32 {
        if let Some(i) = self
            .castling_rights
            .iter()
            .position(|r| r.right.seat == right.seat && r.right.rook == right.rook)
        {
            return 1 << i;
        }
        assert!(
            self.castling_rights.len() < 32,
            "at most 32 castling rights"
        );
        let bit = 1 << self.castling_rights.len();
        let geometry = self.rules.castling.geometry[right.seat][right.wing];
        let (path, walk) = match geometry {
            Some(geometry) => {
                let (mut path, mut walk) = (SqSet::default(), SqSet::default());
                for s in segment(&self.rules, right.king, geometry.king_to) {
                    walk.insert(s);
                }
                let rook_walk = segment(&self.rules, right.rook, geometry.rook_to);
                for s in walk
                    .iter()
                    .chain(rook_walk)
                    .filter(|&s| s != right.king && s != right.rook)
                {
                    path.insert(s);
                }
                (path, walk)
            }
            None => (SqSet::ALL, SqSet::default()),
        };
        self.castling_rights.push(RegisteredCastling {
            right,
            castle: geometry.map(|geometry| Move::Castle {
                king: right.king,
                to: geometry.king_to,
                rook: right.rook,
                wing: right.wing as u8,
                gate: None,
            }),
            path,
            walk,
            exposes: castling_may_expose(&self.rules, &right),
        });
        self.castling_of_seat[right.seat] |= bit;
        self.castling_mask[right.king as usize] |= bit;
        self.castling_mask[right.rook as usize] |= bit;
        bit
    }

    /// With `castlingDroppedPiece`, registers (not held) the rights a drop
    /// can give: the king on its castling file with a rook in a corner of
    /// the castling rank, so that a drop only sets their bits.
    pub(crate) fn register_dropped_castling_rights(&mut self) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        if !rules.castling.dropped_piece {
            return;
        }
        for seat in Seat::all(rules.seats.len().min(2)) {
            let Some(&rank) = rules.castling.rank.get(seat.index()) else {
                continue;
            };
            let king = rules.square(rules.castling.king_file, rank);
            for file in [rules.files - 1, 0] {
                let wing = usize::from(file < rules.castling.king_file);
                if file != rules.castling.king_file && rules.castling.geometry[seat][wing].is_some()
                {
                    let rook = rules.square(file, rank);
                    self.castling_right_bit(CastlingRight {
                        seat,
                        wing,
                        king,
                        rook,
                    });
                }
            }
        }
    }

    /// With `castlingDroppedPiece`, the rights a piece dropped on `to`
    /// gives, as Fairy-Stockfish gives them: a king dropped on its castling
    /// square castles with the rooks in the corners of its rank, a rook
    /// dropped in a corner with the king on its castling square.
    pub(super) fn dropped_castling_rights(&self, placed: Piece, to: Sq) -> u32 {
        let rules = self.rules();
        let us = placed.seat();
        let is = |sq: Sq, types: u64| {
            let p = self.board[sq as usize];
            p.is_some() && !p.is_wall() && p.seat() == us && p.kind().is_in(types)
        };
        let mut bits = 0;
        let corner = |sq: Sq| rules.file_of(sq) == 0 || rules.file_of(sq) == rules.files - 1;
        for (i, RegisteredCastling { right, .. }) in self.castling_rights.iter().enumerate() {
            let gives = right.seat == us
                && corner(right.rook)
                && rules.file_of(right.king) == rules.castling.king_file
                && if to == right.king {
                    placed.kind().is_in(rules.castling.king_types)
                        && is(right.rook, rules.castling.rook_types)
                } else {
                    to == right.rook
                        && placed.kind().is_in(rules.castling.rook_types)
                        && is(right.king, rules.castling.king_types)
                };
            if gives {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// The castling right of bit `i`, as registered.
    #[inline]
    pub(crate) fn registered_castling(&self, i: usize) -> &RegisteredCastling {
        &self.castling_rights[i]
    }

    /// The bits of the castling rights `seat` holds.
    #[inline]
    pub(crate) fn castling_bits(&self, seat: Seat) -> u32 {
        self.state.castling & self.castling_of_seat[seat]
    }

    /// The square a castling letter names on a seat's castling rank, as
    /// Fairy-Stockfish finds it: a file letter its file; `k` (`q`) the
    /// first castling rook from the variant's king-side (queen-side) rook
    /// file inward, else the board's edge.
    pub(crate) fn castling_letter_square(&self, seat: Seat, letter: char) -> Option<Sq> {
        let rules = self.rules();
        let rank = *rules.castling.rank.get(seat.index())?;
        let last = rules.files - 1;
        let is_rook = |f: u8| {
            let p = self.piece_at(rules.square(f, rank));
            p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling.rook_types)
        };
        let [king_side_file, queen_side_file] = rules.castling.rook_files;
        let file = match letter {
            'k' => (0..=king_side_file.min(last))
                .rev()
                .find(|&f| is_rook(f))
                .unwrap_or(0),
            'q' => (queen_side_file.min(last)..=last)
                .find(|&f| is_rook(f))
                .unwrap_or(last),
            f => f as u8 - b'a',
        };
        Some(rules.square(file, rank))
    }

    /// The castling king of a seat on its castling rank.
    pub(crate) fn castling_king(&self, seat: Seat) -> Option<Sq> {
        let rules = self.rules();
        let rank = *rules.castling.rank.get(seat.index())?;
        let kings: Vec<Sq> = (0..rules.files)
            .map(|f| rules.square(f, rank))
            .filter(|s| {
                let p = self.piece_at(*s);
                p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling.king_types)
            })
            .collect();
        kings
            .iter()
            .find(|s| rules.file_of(**s) == rules.castling.king_file)
            .or(kings.first())
            .copied()
    }

    /// The outermost castling rook of a seat on a wing.
    pub(crate) fn outermost_rook(&self, seat: Seat, wing: usize) -> Option<Sq> {
        let rules = self.rules();
        let king = self.castling_king(seat)?;
        let rank = rules.rank_of(king);
        let is_rook = |s: Sq| {
            let p = self.piece_at(s);
            p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling.rook_types)
        };
        let kf = rules.file_of(king);
        // Scan inward from the rook file the variant names (the corner by default).
        let [king_side_file, queen_side_file] = rules.castling.rook_files;
        if wing == 0 {
            let outer = king_side_file.min(rules.files - 1);
            (kf + 1..=outer)
                .rev()
                .map(|f| rules.square(f, rank))
                .find(|s| is_rook(*s))
        } else {
            (queen_side_file..kf)
                .map(|f| rules.square(f, rank))
                .find(|s| is_rook(*s))
        }
    }
}

/// Whether a castling right's castling, found safe on every square from
/// the king's start to its destination with king and rook in place, may
/// still end with the destination attacked once they have moved: an
/// attack line toward the destination runs through a square the castling
/// empties, other than as its attacker's square, and the attack is not
/// ruled out by the king's start being safe. Only plain rides are ruled out
/// that way: past the king's start, each square of the line must end a
/// line toward the start along which the same types attack.
fn castling_may_expose(rules: &RuleTable, right: &CastlingRight) -> bool {
    let Some(geometry) = rules.castling.geometry[right.seat][right.wing] else {
        return true;
    };
    let emptied = |s: Sq| (s == right.king || s == right.rook) && s != geometry.king_to;
    let team = rules.seats[right.seat].team;
    let mut enemies = Seat::all(rules.seats.len()).filter(|&s| rules.seats[s].team != team);
    enemies.any(|enemy| {
        rules
            .attack_lines(enemy, geometry.king_to)
            .iter()
            .any(|attack| {
                let squares = rules.line_squares(&attack.line);
                let plain_ride = attack.line.kind == LineKind::Ride && attack.line.path == 0;
                if !plain_ride {
                    let plain_leap = attack.line.kind == LineKind::Leap && attack.line.path == 0;
                    return !plain_leap
                        && squares.iter().any(|&s| emptied(s) || s == geometry.rook_to);
                }
                let inner = &squares[..squares.len() - 1];
                match inner.iter().position(|&s| emptied(s)) {
                    None => false,
                    Some(i) if squares[i] != right.king => true,
                    Some(i) if inner[i + 1..].iter().any(|&s| emptied(s)) => true,
                    Some(i) => (i + 1..squares.len()).any(|j| {
                        let beyond = &squares[i + 1..=j];
                        !rules
                            .attack_lines(enemy, right.king)
                            .iter()
                            .any(|toward_king| {
                                toward_king.line.kind == LineKind::Ride
                                    && toward_king.line.path == 0
                                    && attack.types & !toward_king.types == 0
                                    && rules.line_squares(&toward_king.line).starts_with(beyond)
                            })
                    }),
                }
            })
    })
}
