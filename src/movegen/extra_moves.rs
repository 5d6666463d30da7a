//! Moves some variants add to the pieces' own: passes (`pass`,
//! `passOnStalemate`) and sittuyin's promotions in place.

use crate::moves::{Move, MoveList};
use crate::piece::Piece;
use crate::position::{Position, RuleHandle};
use crate::rules::{RuleTable, Sq};
use crate::seat::Seat;
use smallvec::SmallVec;

impl<R: RuleHandle> Position<R> {
    /// With `pass`, the side to move may pass when not in check (or while
    /// the kings face each other, bikjang), as Fairy-Stockfish lets it: the
    /// pass is named by its king's square, else by its first piece's.
    pub(super) fn add_pass(&mut self, list: &mut MoveList) {
        if let Some(pass) = self.legal_pass() {
            list.push(pass);
        }
    }

    /// The pass [`Position::add_pass`] adds, if the side to move has one.
    pub(super) fn legal_pass(&mut self) -> Option<Move> {
        let pass = self.pass_move()?;
        self.is_legal(pass).then_some(pass)
    }

    /// The pass of the side to move where the variant has one (`pass`),
    /// legal or not.
    pub(super) fn pass_move(&self) -> Option<Move> {
        let us = self.to_move();
        if !self.rules().pass[us] {
            return None;
        }
        let first = self.pieces_of(us).iter().copied().min();
        Some(Move::Pass {
            sq: self.royal(us).or(first)?,
        })
    }

    /// With `passOnStalemate`, a side with no legal move that is not in
    /// check passes, as Fairy-Stockfish lets it: the pass is named by its
    /// king's square, else by its first piece's (a side with no piece left
    /// cannot pass).
    pub(super) fn add_stalemate_pass(&self, list: &mut MoveList) {
        if list.is_empty()
            && let Some(pass) = self.stalemate_pass()
        {
            list.push(pass);
        }
    }

    /// The pass of [`Position::add_stalemate_pass`] for a side that has no
    /// other legal move, if the variant gives it one.
    pub(super) fn stalemate_pass(&self) -> Option<Move> {
        let us = self.to_move();
        if !self.rules().pass_on_stalemate[us] || self.in_check(us) {
            return None;
        }
        let first = self.pieces_of(us).iter().copied().min();
        self.royal(us).or(first).map(|sq| Move::Pass { sq })
    }

    /// Adds sittuyin's promotions (`sittuyinPromotion`), pseudo-legal, as
    /// Fairy-Stockfish makes them: a pawn on its promotion square (any
    /// pawn, when it is the player's last) becomes a piece of a promotion
    /// type on its own square or on an empty square that piece could move
    /// to, unless the new piece would attack an enemy piece there.
    pub(super) fn add_sittuyin_promotions(&mut self, list: &mut MoveList) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        if !rules.promotion.sittuyin {
            return;
        }
        let us = self.to_move();
        let is_pawn = |p: Piece| rules.pieces[p.kind()].builtin_pawn;
        let pawns: SmallVec<[Sq; 16]> = self
            .pieces_of(us)
            .iter()
            .copied()
            .filter(|&s| is_pawn(self.piece_at(s)))
            .collect();
        for &from in &pawns {
            if pawns.len() > 1 && !rules.promotion.region[us].contains(from) {
                continue;
            }
            for &choice in &rules.promotion.choices[us] {
                let limit = rules.promotion.limit[choice];
                if limit != 0 && u32::from(self.count(us, choice)) >= limit {
                    continue;
                }
                let mut targets: SmallVec<[Sq; 16]> = smallvec::smallvec![from];
                self.piece_moves_walk(from, Piece::new(us, choice), false, &mut |m| {
                    if matches!(m, Move::Normal { .. }) && self.piece_at(m.to()).is_none() {
                        targets.push(m.to());
                    }
                });
                for to in targets {
                    let mv = Move::Promotion {
                        from,
                        to,
                        piece: choice,
                    };
                    self.make(mv);
                    let threatens = Seat::all(rules.seats.len())
                        .filter(|&s| rules.seats[s].team != rules.seats[us].team)
                        .any(|s| {
                            self.pieces_of(s)
                                .iter()
                                .any(|&e| self.find_attacker(e, us, |sq| sq == to))
                        });
                    self.unmake();
                    if !threatens {
                        list.push(mv);
                    }
                }
            }
        }
    }
}
