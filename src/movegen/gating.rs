//! Gating (S-Chess): the pieces a move may bring in, listed and counted.

use super::{Counter, MoveSink};
use crate::moves::{CastleGate, Move, MoveList};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::{Bitboard, Sq, SqSet};

/// Counts the moves as [`Counter`] does, and lists apart those that leave
/// a gate square and may so be gated: plain moves and castling.
pub(super) struct GateCounter<'a> {
    pub(super) counter: &'a mut Counter,
    /// The gate squares of the side to move ([`GateOffer::gates`]).
    pub(super) gates: SqSet,
    pub(super) bases: MoveList<64>,
}

impl MoveSink for GateCounter<'_> {
    #[inline]
    fn batch<B: Bitboard>(&mut self, from: Sq, targets: B, captures: B) {
        self.counter.batch(from, targets, captures);
        if self.gates.contains(from) {
            let mut t = targets;
            while let Some(to) = t.pop_lowest() {
                self.bases.push(Move::Normal { from, to });
            }
        }
    }

    #[inline]
    fn single(&mut self, mv: Move, capture: bool) {
        self.counter.single(mv, capture);
        if matches!(mv, Move::Castle { .. })
            || matches!(mv, Move::Normal { from, .. } if self.gates.contains(from))
        {
            self.bases.push(mv);
        }
    }

    #[inline]
    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool) {
        self.counter.drops(pos, allowed, limited);
    }

    /// None: the moves leaving gate squares are listed.
    fn counter(&mut self) -> Option<&mut Counter> {
        None
    }

    /// Takes the moves of a piece off the gate squares as [`Counter`]
    /// does; declines the others, so that each plain one is seen.
    #[inline]
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool {
        !self.gates.contains(from)
            && self
                .counter
                .promotions(pos, from, piece, quiet, captures, zone)
    }
}

/// What the side to move may gate ([`Position::gate_offer`]).
pub(super) struct GateOffer {
    /// The gate squares its own pieces stand on.
    pub(super) gates: SqSet,
    /// The types its hand holds, as a set of type bits.
    pub(super) types: u64,
}

impl<R: RuleHandle> Position<R> {
    /// Adds, after each legal move from a gate square, its gating moves.
    pub(super) fn add_gatings(&self, list: &mut MoveList) {
        if !self.may_gate() {
            return;
        }
        let offer = self.gate_offer();
        for i in 0..list.len() {
            let base = list.as_slice()[i];
            self.gatings(base, &offer, &mut |m| list.push(m));
        }
    }

    /// Whether the side to move may gate: the variant gates and its hand
    /// holds a piece.
    pub(super) fn may_gate(&self) -> bool {
        self.rules().hand.as_ref().is_some_and(|h| h.gating) && self.has_hand(self.to_move())
    }

    /// What the side to move may gate in this position: its gate squares
    /// and the types its hand holds, found once for all its moves.
    pub(super) fn gate_offer(&self) -> GateOffer {
        let us = self.to_move();
        let types = PieceType::all(self.rules().pieces.len())
            .filter(|&kind| self.in_hand(us, kind) > 0)
            .fold(0, |set, kind| set | kind.bit());
        GateOffer {
            gates: self.gates(us),
            types,
        }
    }

    /// Hands `emit` the gating moves of an ordinary move or castling of the
    /// side to move (`seirawanGating`): for each type in hand that may be
    /// dropped on it, the piece put on the gate square the move leaves, the
    /// king's or the rook's when castling, unless the king or rook lands
    /// there. Only a piece on its own gate square, so never a pawn
    /// promoting or taking en passant, gates.
    pub(super) fn gatings(&self, base: Move, offer: &GateOffer, emit: &mut impl FnMut(Move)) {
        let rules = self.rules();
        let Some(hand) = rules.hand.as_ref().filter(|h| h.gating) else {
            return;
        };
        let us = self.to_move();
        let types = || PieceType::all(rules.pieces.len()).filter(|kind| kind.is_in(offer.types));
        match base {
            Move::Normal { from, to } if offer.gates.contains(from) => {
                for piece in types() {
                    if hand.region[rules.seat_type(us, piece)].contains(from) {
                        emit(Move::Gating { from, to, piece });
                    }
                }
            }
            Move::Castle {
                king,
                to,
                rook,
                wing,
                gate: None,
            } => {
                let Some(geometry) = rules.castling.geometry[us][wing as usize] else {
                    return;
                };
                for (sq, on_rook) in [(king, false), (rook, true)] {
                    if !offer.gates.contains(sq) || sq == geometry.king_to || sq == geometry.rook_to
                    {
                        continue;
                    }
                    for piece in types() {
                        if hand.region[rules.seat_type(us, piece)].contains(sq) {
                            emit(Move::Castle {
                                king,
                                to,
                                rook,
                                wing,
                                gate: Some(CastleGate { piece, on_rook }),
                            });
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Hands the legal moves to `counter` and returns the number of their
    /// gatings ([`Position::gatings`]), made from the base moves that leave
    /// a gate square, which alone are listed. Never inlined: their list's
    /// room stays out of [`Position::count_legal_moves`]'s frame.
    #[inline(never)]
    pub(super) fn count_gatings(&mut self, counter: &mut Counter) -> u64 {
        let offer = self.gate_offer();
        let mut sink = GateCounter {
            counter,
            gates: offer.gates,
            bases: MoveList::default(),
        };
        self.generate_legal(&mut sink);
        let mut gatings = 0;
        for &base in sink.bases.as_slice() {
            self.gatings(base, &offer, &mut |_| gatings += 1);
        }
        gatings
    }
}
