//! The legal moves listed: the fast generator where the rules allow it,
//! else pseudo-legal moves judged one by one, then the rules that keep only
//! some of them (compulsory captures and drops).

use super::{JudgedLines, Lister};
use crate::moves::{Move, MoveList};
use crate::position::{KingSafety, Position, RuleHandle};
use crate::rules::RuleTable;

impl<R: RuleHandle> Position<R> {
    /// Adds every legal move of the side to move; none once the game has
    /// ended by an immediate rule.
    pub fn legal_moves(&mut self, list: &mut MoveList) {
        list.clear();
        if self.immediate_end().is_none() {
            self.legal_moves_in_play(list);
        }
    }

    /// [`Position::legal_moves`] where no immediate rule has ended the
    /// game, into an empty list.
    pub(super) fn legal_moves_in_play(&mut self, list: &mut MoveList) {
        if self.fast_legality() {
            self.generate_legal(&mut Lister(list));
            self.finish_legal_list(list);
            return;
        }
        if self.rules().fast.exposure_legality[self.to_move()]
            && self.moves_by_exposure(&mut Lister(list)).is_some()
        {
            self.finish_legal_list(list);
            return;
        }
        if self.list_past_walled(list) {
            self.finish_legal_list(list);
            return;
        }
        self.pseudo_moves(list);
        self.add_sittuyin_promotions(list);
        self.add_walls(list);
        if self.all_pseudo_legal() {
            self.finish_legal_list(list);
            return;
        }
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        // Without hoppers, lame or pseudo-royal pieces, a move of a piece that
        // is neither royal nor pinned cannot expose the king when it is not
        // in check: such moves skip the make/unmake test.
        let facing = self.bikjang();
        let plain = rules.royalty.checking
            && !rules.fast.complex_attacks
            && rules.royalty.pseudo.is_none()
            && !rules.flying_general
            && !facing
            && self.royal(us).is_some();
        let safety = if plain {
            self.king_safety(us)
        } else {
            KingSafety::default()
        };
        let simple = plain && safety.checkers == 0;
        // With the flying general, the lines between aligned royal pieces
        // count too (`Position::exposure`).
        let pseudo = self.tested_pieces(us);
        let mut judged = None;
        let exposure = if plain || facing {
            None
        } else {
            let judged = judged.insert(JudgedLines::default());
            self.judged_lines(us, &pseudo, judged).then_some(&*judged)
        };
        // Drops only block: when not in check, one can leave no royal piece
        // attacked unless it may give no check or makes a pseudo-royal
        // piece. Before the side's royal piece is placed, a drop of another
        // piece leaves none attacked. Either way only the bishops' balance
        // (`dropOppositeColoredBishop`) may forbid it.
        let unroyal = self.nothing_exposed();
        let quick_drops = (simple || unroyal) && rules.hand.as_ref().is_some_and(|h| h.checks);
        // Where no piece on the drop square changes what attacks it (no
        // hopper or lame leaper, blast, or mutual immunity, which
        // `nothing_exposed` excludes), whether a royal piece may be dropped
        // there is seen without making the drop.
        let royal_drops_seen = !rules.fast.complex_attacks && rules.blast.is_none();
        let balance = if quick_drops {
            self.bishop_balance()
        } else {
            None
        };
        // The walls of one move are listed together and, without
        // pseudo-royal pieces, shield nothing (`Position::is_legal`): the
        // move is judged once for all its walls.
        let mut last_walled: Option<(Move, bool)> = None;
        list.retain(|m| {
            if rules.royalty.pseudo.is_none() && matches!(m, Move::Walled { .. }) {
                let base = m.unwalled();
                return match last_walled {
                    Some((judged, legal)) if judged == base => legal,
                    _ => {
                        let legal = self.is_legal(*m);
                        last_walled = Some((base, legal));
                        legal
                    }
                };
            }
            let Some(from) = m.from() else {
                if quick_drops && let Move::Drop { placed, to, .. } = *m {
                    let balanced = balance.as_ref().is_none_or(|b| b.allows(placed, to));
                    if !rules.pieces[placed].royal {
                        return balanced;
                    }
                    // A royal piece lands where no enemy piece attacks, as
                    // Fairy-Stockfish judges any king's drop.
                    if royal_drops_seen {
                        return balanced && !self.attacked_by_enemy(to, us);
                    }
                }
                return match exposure {
                    Some(judged) => self.judged_legal(m, judged, &pseudo),
                    None => self.is_legal(*m),
                };
            };
            if plain
                && matches!(m, Move::Normal { .. })
                && rules.pieces[self.piece_at(from).kind()].royal
            {
                return self.royal_step_safe(from, m.to());
            }
            let quick = simple
                && matches!(
                    m,
                    Move::Normal { .. }
                        | Move::Promotion { .. }
                        | Move::PiecePromotion { .. }
                        | Move::PieceDemotion { .. }
                )
                && !rules.pieces[self.piece_at(from).kind()].royal
                && !safety.is_pinned(from);
            // A move that must be tested is, even where no pin or check
            // could make it illegal (sittuyin's promotion giving a
            // discovered check).
            if quick && !self.always_tested(m) {
                return true;
            }
            match exposure {
                Some(judged) => self.judged_legal(m, judged, &pseudo),
                None => self.is_legal(*m),
            }
        });
        self.finish_legal_list(list);
    }

    /// The rules applied to the legal moves either path found, in this
    /// order: makpong's, compulsory captures, compulsory drops, gatings,
    /// passes, the pass of a side left without a move.
    pub(super) fn finish_legal_list(&mut self, list: &mut MoveList) {
        if self.rules().makpong {
            list.retain(|m| self.makpong_allows(m));
        }
        self.keep_compulsory_captures(list);
        self.keep_compulsory_drops(list);
        self.add_gatings(list);
        self.add_pass(list);
        self.add_stalemate_pass(list);
    }

    /// Where captures are compulsory (`mustCapture`) and a legal move
    /// captures, only the captures stay.
    pub(super) fn keep_compulsory_captures(&self, list: &mut MoveList) {
        if self.rules().must_capture && list.as_slice().iter().any(|m| self.is_capture(m)) {
            list.retain(|m| self.is_capture(m));
        }
    }

    /// With `mustDrop`, while the hand holds a piece of the compulsory
    /// types and one of them can be dropped legally, only such drops are
    /// legal.
    pub(super) fn keep_compulsory_drops(&self, list: &mut MoveList) {
        let Some(types) = self.rules().hand.as_ref().and_then(|h| h.must_drop) else {
            return;
        };
        let compulsory = |m: &Move| matches!(m, Move::Drop { piece, .. } if piece.is_in(types));
        if list.as_slice().iter().any(compulsory) {
            list.retain(|m| compulsory(m));
        }
    }
}
