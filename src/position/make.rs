//! Playing a move: the short ways for moves with only the usual effects,
//! the general way that asks about each effect, and the undo record.

use super::RuleHandle;
use super::{Position, RegisteredCastling, Undo};
use crate::moves::{Move, WallBase};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::rules::Army;
use crate::rules::{PieceRules, RuleTable, Sq};
use crate::seat::MAX_SEATS;
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The seat that moves after `seat`.
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        seat.next(self.rules.seats.len())
    }

    /// Plays a move (assumed pseudo-legal for the side to move).
    pub fn make(&mut self, mv: Move) {
        self.make_hashing(mv, true);
    }

    /// [`Position::make`] where only the moves that follow are counted
    /// before [`Position::unmake`] (perft's next-to-last ply): the hash is
    /// left as it was, unmake restores it, and nothing may read it
    /// meanwhile: the state's and the pieces' keys are not computed.
    pub(crate) fn make_for_count(&mut self, mv: Move) {
        self.make_hashing(mv, false);
    }

    /// [`Position::make`], updating the hash where `hashed` (inlined into
    /// both callers, so the flag is a constant in each).
    #[inline(always)]
    pub(super) fn make_hashing(&mut self, mv: Move, hashed: bool) {
        if let Move::Normal { from, to } = mv
            && self.rules.fast.usual_moves
        {
            self.make_usual(mv, from, to, None, hashed);
            return;
        }
        self.make_other(mv, hashed);
    }

    /// [`Position::make`] of a move that is not a plain normal move, out of
    /// line: the plain moves' path keeps a small frame. The hash is updated
    /// where `hashed` ([`Position::make_for_count`]).
    #[inline(never)]
    pub(super) fn make_other(&mut self, mv: Move, hashed: bool) {
        if let Move::Normal { from, to } = mv
            && self.rules.fast.usual_quiet_moves
            && self.board[to as usize].is_none()
        {
            self.make_usual(mv, from, to, None, hashed);
            return;
        }
        if let Move::Drop { piece, to, .. } = mv
            && self.rules.fast.usual_drops
        {
            self.make_usual_drop(mv, piece, to, hashed);
            return;
        }
        if let Move::Walled {
            base: WallBase::Normal { from, to },
            wall,
        } = mv
            && self.rules.fast.usual_walled_moves
        {
            self.make_usual(mv, from, to, Some(wall), hashed);
            return;
        }
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.state.to_move;
        let moved = self.moving_piece(&mv);
        let undo = self.undo_record(Some(mv), moved);
        let wall = mv.wall();
        // Unchanged moves are not rebuilt: a rebuilt move is written to
        // memory field by field and read back whole (a store-forwarding
        // stall on every move).
        let mv = if wall.is_some() { mv.unwalled() } else { mv };
        let mut hash = self.state.hash;
        self.begin_ply(rules, us, true);
        let mut captured = Piece::NONE;
        if rules.gating {
            self.gate_history.push(self.gates);
            self.close_gates(mv);
        }
        let gate = mv.gate();
        let mv = if gate.is_some() { mv.ungated() } else { mv };
        if let Move::Castle {
            king, rook, wing, ..
        } = mv
        {
            hash ^= self.make_castle(rules, us, king, rook, wing);
        } else if let Move::Pass { .. } = mv {
            // Nothing moves; as in Fairy-Stockfish, a pass named by a pawn
            // counts as that pawn's move (it cannot step back to where it
            // stands) and resets the n-move counter.
            if moved.is_some() && rules.pieces[moved.kind()].resets_n_move[us] {
                self.state.halfmove = 0;
            }
        } else if let Move::Drop { piece, to, .. } = mv {
            // As in Fairy-Stockfish, every drop resets the n-move counter.
            hash ^= self.place_from_hand(piece, moved, to);
            self.state.halfmove = 0;
            if rules.castling.dropped_piece {
                self.state.castling |= self.dropped_castling_rights(moved, to);
            }
        } else if let Some(from) = mv.from() {
            let (change, victim) = self.make_piece_move(rules, us, mv, moved, from);
            hash ^= change;
            captured = victim;
        }
        hash ^= self.make_aftermath(rules, us, mv, moved, gate, wall);
        if rules.ends.check_counting && self.gives_check_after(us) {
            self.state.checks[us] = self.state.checks[us].saturating_sub(1);
        }
        self.advance_turn(us);
        if let Some(counting) = &rules.counting {
            self.update_counting(counting, us, captured, matches!(mv, Move::Promotion { .. }));
        }
        if hashed {
            hash ^= self.state_change(&undo);
            self.state.hash = hash;
        }
        self.push_ply(undo);
    }

    /// [`Position::make_other`]'s castling: king and rook to their squares,
    /// the rights they held (and, with `oppositeCastling`, the opponents'
    /// on the same wing) given up. Returns the hash change of the pieces.
    #[inline(always)]
    fn make_castle(&mut self, rules: &RuleTable, us: Seat, king: Sq, rook: Sq, wing: u8) -> u64 {
        let mut hash = 0;
        let geometry = rules.castling.geometry[us][wing as usize].expect("castling geometry");
        let king_piece = self.remove(king);
        let rook_piece = self.remove(rook);
        hash ^= rules.zobrist_piece(king_piece, king) ^ rules.zobrist_piece(rook_piece, rook);
        self.add(geometry.king_to, king_piece);
        self.add(geometry.rook_to, rook_piece);
        hash ^= rules.zobrist_piece(king_piece, geometry.king_to)
            ^ rules.zobrist_piece(rook_piece, geometry.rook_to);
        self.state.castling &=
            !(self.castling_mask[king as usize] | self.castling_mask[rook as usize]);
        // With `oppositeCastling`, the opponents lose the right to
        // castle to the same wing.
        if rules.castling.opposite {
            for (i, RegisteredCastling { right, .. }) in self.castling_rights.iter().enumerate() {
                if right.seat != us && right.wing == usize::from(wing) {
                    self.state.castling &= !(1 << i);
                }
            }
        }
        hash
    }

    /// [`Position::make_other`]'s move of a piece from `from`: its capture
    /// (with the king capture that eliminates, the blast and the
    /// petrification it sets off), its promotion or demotion, and the
    /// en-passant target it leaves. Returns the hash change and the piece
    /// taken.
    #[inline(always)]
    fn make_piece_move(
        &mut self,
        rules: &RuleTable,
        us: Seat,
        mv: Move,
        moved: Piece,
        from: Sq,
    ) -> (u64, Piece) {
        let mut hash = 0;
        let to = mv.to();
        let captured_on = match mv {
            Move::EnPassant { captured, .. } => {
                // The passed square was occupied meanwhile: that piece goes too.
                let passer = self.board[to as usize];
                if passer.is_some() {
                    hash ^= self.take_off(to);
                    hash ^= self.put_in_hand(us, passer);
                }
                captured
            }
            _ => to,
        };
        // Sittuyin's pawn may promote where it stands: nothing is taken.
        let victim = if captured_on == from {
            Piece::NONE
        } else {
            self.board[captured_on as usize]
        };
        let captures = victim.is_some();
        if captures {
            hash ^= self.take_off(captured_on);
            hash ^= self.put_in_hand(us, victim);
            // Dead pieces are obstacles, not material: taking one does
            // not restart the n-move count (chess.com's records).
            if !victim.dead() {
                self.state.halfmove = 0;
            }
            // Where one seat loses by its king's capture and the others
            // play on, the capture takes that seat out at once.
            if rules.royalty.king_capture_eliminates
                && !victim.dead()
                && rules.pieces[victim.kind()].royal
                && !self.is_eliminated(victim.seat())
            {
                let army = if rules.royalty.eliminated_pieces_removed {
                    Army::Remove
                } else {
                    Army::Dead
                };
                hash ^= self.clear_army(victim.seat(), army);
                self.state.eliminated |= victim.seat().bit();
                self.state.en_passant[victim.seat()] = None;
            }
        }
        // As in Fairy-Stockfish, a pawn promotion always resets the
        // n-move counter, a piece promotion unless pieces also demote.
        let (placed, promotes) = match mv {
            Move::Promotion { piece, .. } => (moved.promote_pawn(piece), true),
            Move::PiecePromotion { piece, .. } => {
                (moved.promote_to(piece), !rules.promotion.piece_demotion)
            }
            Move::PieceDemotion { .. } => (moved.demote(), false),
            _ => (moved, false),
        };
        if placed == moved && from != to {
            self.relocate(from, to);
        } else {
            self.remove(from);
            self.add(to, placed);
        }
        hash ^= rules.zobrist_piece(moved, from) ^ rules.zobrist_piece(placed, to);
        if promotes {
            self.state.halfmove = 0;
        }
        self.after_piece_move(rules, us, moved, (from, to), true);
        if captures && let Some(immune) = rules.blast {
            hash ^= self.explode(to, immune, victim.seat());
        }
        // As in Fairy-Stockfish, the mover's type decides (a pawn that
        // promotes while capturing is no petrifying piece), the type it
        // became whether a wall is left.
        if captures && moved.kind().is_in(rules.petrify) {
            let wall = placed.kind().is_in(rules.petrify);
            hash ^= self.petrify(to, placed, victim.seat(), wall);
        }
        // A promotion leaves no en-passant target, even one that steps
        // twice (torpedo's pawns), as in Fairy-Stockfish.
        if !captures && matches!(mv, Move::Normal { .. }) {
            self.leave_en_passant(rules, us, moved, from, to);
        }
        (hash, victim)
    }

    /// [`Position::make_other`]'s effects once the piece has moved: the
    /// gated piece, the wall, the pieces turned over, Cambodian gates lost to
    /// a rook, and gates lost with an empty hand. Returns the hash change.
    #[inline(always)]
    fn make_aftermath(
        &mut self,
        rules: &RuleTable,
        us: Seat,
        mv: Move,
        moved: Piece,
        gate: Option<(PieceType, Sq)>,
        wall: Option<Sq>,
    ) -> u64 {
        let mut hash = 0;
        // The gated piece appears once the move is made; as in
        // Fairy-Stockfish, it does not reset the n-move counter.
        if let Some((piece, sq)) = gate {
            hash ^= self.place_from_hand(piece, Piece::new(us, piece), sq);
        }
        if let Some(wall) = wall {
            hash ^= self.put_wall(us, wall);
        }
        if rules.flip.is_some() && !matches!(mv, Move::Pass { .. }) {
            hash ^= self.turn_over(us, mv.to(), mv.is_drop());
        }
        // Cambodian chess: a rook moving onto the file or rank of the enemy
        // king on its gate takes the king's leap away, blockers or not, as
        // Fairy-Stockfish judges it.
        if let Some(cambodian) = rules.cambodian
            && moved.kind().is_in(cambodian.rook)
        {
            let to = mv.to();
            for seat in Seat::all(rules.seats.len()).filter(|&s| s != us) {
                if let Some(king) = self.royal(seat)
                    && self.gates.contains(king)
                    && (rules.file_of(king) == rules.file_of(to)
                        || rules.rank_of(king) == rules.rank_of(to))
                {
                    self.gates.remove(king);
                }
            }
        }
        // As in Fairy-Stockfish, a side whose hand is empty for good loses
        // its gates once it moves.
        if rules.gating
            && rules
                .hand
                .as_ref()
                .is_some_and(|h| h.gating && !h.captures_to_hand)
            && !self.has_hand(us)
        {
            for sq in self.gates(us).iter() {
                self.gates.remove(sq);
            }
        }
        hash
    }

    /// [`Position::make`] of a normal move from `from` to `to` where the
    /// variant gives it only the usual effects ([`FastPaths::usual_moves`]),
    /// or only those and its `wall` ([`FastPaths::usual_walled_moves`]): the same
    /// steps, with no question asked about the others. The hash is updated
    /// where `hashed` ([`Position::make_for_count`]).
    #[inline(always)]
    pub(super) fn make_usual(
        &mut self,
        mv: Move,
        from: Sq,
        to: Sq,
        wall: Option<Sq>,
        hashed: bool,
    ) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.state.to_move;
        let moved = self.board[from as usize];
        // Recorded first, straight onto the history: the state is copied
        // once.
        self.history.push(self.undo_record(Some(mv), moved));
        let mut hash = self.state.hash;
        let counters = Self::keeps_counters(rules, hashed);
        self.begin_ply(rules, us, counters);
        let victim = self.board[to as usize];
        if victim.is_some() {
            hash ^= self.take_off(to);
            hash ^= self.put_in_hand(us, victim);
            if counters && !victim.dead() {
                self.state.halfmove = 0;
            }
        }
        self.relocate_mover(from, to);
        // Asked only where the hash is kept: the keys' bounds checks would
        // otherwise stay in `make_for_count`.
        if hashed {
            hash ^= rules.zobrist_piece(moved, from) ^ rules.zobrist_piece(moved, to);
        }
        self.after_piece_move(rules, us, moved, (from, to), counters);
        if victim.is_none() {
            self.leave_en_passant(rules, us, moved, from, to);
        }
        if let Some(wall) = wall {
            hash ^= self.put_wall(us, wall);
        }
        self.advance_turn(us);
        if hashed {
            hash ^= self.state_change(self.history.last().expect("the ply's record"));
            self.state.hash = hash;
        }
        self.enter_node();
    }

    /// [`Position::make`] of a drop where the variant gives it only the
    /// usual effects ([`FastPaths::usual_drops`]): the same steps, with no
    /// question asked about the others.
    #[inline]
    pub(super) fn make_usual_drop(&mut self, mv: Move, piece: PieceType, to: Sq, hashed: bool) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.state.to_move;
        let moved = self.moving_piece(&mv);
        self.history.push(self.undo_record(Some(mv), moved));
        let counters = Self::keeps_counters(rules, hashed);
        self.begin_ply(rules, us, counters);
        // As in Fairy-Stockfish, every drop resets the n-move counter.
        let mut hash = self.state.hash ^ self.place_from_hand(piece, moved, to);
        if counters {
            self.state.halfmove = 0;
        }
        self.advance_turn(us);
        if hashed {
            hash ^= self.state_change(self.history.last().expect("the ply's record"));
            self.state.hash = hash;
        }
        self.enter_node();
    }

    /// Whether a plain ply keeps the n-move and counting-rule counters: a
    /// ply made only to count the moves after it (`hashed` false,
    /// [`Position::make_for_count`]) leaves them alone where the count
    /// reads none of them ([`FastPaths::count_alone`]); `unmake` restores
    /// them anyway.
    #[inline(always)]
    pub(super) fn keeps_counters(rules: &RuleTable, hashed: bool) -> bool {
        hashed || !rules.fast.count_alone
    }

    /// What every ply starts with: en-passant targets expire (all of them
    /// when only the next player may take en passant, else the mover's own
    /// when it moves again), the n-move counter and a running count go on
    /// where `counters` ([`Position::keeps_counters`]).
    #[inline]
    pub(super) fn begin_ply(&mut self, rules: &RuleTable, us: Seat, counters: bool) {
        if rules.en_passant.next_player_only {
            // Every slot, a fixed number of them: no loop over the seats.
            self.state.en_passant = [None; MAX_SEATS];
        } else {
            self.state.en_passant[us] = None;
        }
        if !counters {
            return;
        }
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        if self.state.counting[1] != 0 {
            self.state.counting[0] = self.state.counting[0].saturating_add(1);
        }
    }

    /// After `moved` went from `from` to `to`: a pawn move that cannot step
    /// straight back resets the n-move counter (where `counters`, as in
    /// [`Position::begin_ply`]), and the castling rights of both squares
    /// are lost.
    #[inline(always)]
    pub(super) fn after_piece_move(
        &mut self,
        rules: &RuleTable,
        us: Seat,
        moved: Piece,
        (from, to): (Sq, Sq),
        counters: bool,
    ) {
        let info = &rules.pieces[moved.kind()];
        if counters
            && info.resets_n_move[us]
            && !(info.may_step_back[us] && rules.steps_straight_back(us, moved.kind(), to, from))
        {
            self.state.halfmove = 0;
        }
        self.state.castling &=
            !(self.castling_mask[from as usize] | self.castling_mask[to as usize]);
    }

    /// The en-passant targets a quiet move of `moved` leaves, where its type
    /// leaves any and the move spans two or three steps (`begin_ply` has
    /// cleared the mover's targets).
    #[inline(always)]
    pub(super) fn leave_en_passant(
        &mut self,
        rules: &RuleTable,
        us: Seat,
        moved: Piece,
        from: Sq,
        to: Sq,
    ) {
        let info = &rules.pieces[moved.kind()];
        if info.leaves_en_passant[us]
            && let Some(way) = rules.double_step_way(from, to)
        {
            self.state.en_passant[us] = if self.passes_unreached(rules, us, info, from, way) {
                None
            } else {
                self.double_step_targets(us, from, to)
            };
        }
    }

    /// Whether a step of `way` ([`RuleTable::double_step_way`]) from
    /// `from` by a piece of `info`'s type is known to leave no target
    /// without finding the squares it passes: those no capturer reaches
    /// are dropped, and no capturer stands where the guards of those
    /// squares are attacked from ([`RuleTable::en_passant_pass_guard`]).
    /// Most double steps, which land where no enemy pawn stands beside
    /// them, are told so here.
    #[inline(always)]
    pub(super) fn passes_unreached(
        &self,
        rules: &RuleTable,
        us: Seat,
        info: &PieceRules,
        from: Sq,
        way: usize,
    ) -> bool {
        Self::drops_unreached_targets(rules, info)
            && rules
                .en_passant_pass_guard(self.next_seat(us), from, way)
                .is_some_and(|(seat_type, origins)| self.piece_bits[seat_type] & origins == 0)
    }

    /// Whether the squares passed by a piece of `info`'s type that no
    /// capturer reaches are dropped at once: where only the next player
    /// may take, a pawn's, as Fairy-Stockfish does (its FENs then show
    /// only the others, or `-`; it keeps the targets of custom pieces).
    #[inline(always)]
    pub(super) fn drops_unreached_targets(rules: &RuleTable, info: &PieceRules) -> bool {
        rules.en_passant.next_player_only
            && !rules.en_passant.only_lines
            && !info.en_passant_shows_landing
    }

    /// The state to restore when the ply is taken back.
    pub(super) fn undo_record(&self, mv: Option<Move>, moved: Piece) -> Undo {
        Undo {
            mv,
            moved,
            removed_from: self.removed.len() as u32,
            handed_from: self.handed.len() as u32,
            state: self.state,
        }
    }

    /// Records a ply played: its undo record goes on the history, and the
    /// position reached gets a new [`Position::node`].
    #[inline(always)]
    pub(super) fn push_ply(&mut self, undo: Undo) {
        self.history.push(undo);
        self.enter_node();
    }

    /// Gives the position a ply reached (its record on the history) a new
    /// [`Position::node`].
    #[inline(always)]
    pub(super) fn enter_node(&mut self) {
        self.nodes_made += 1;
        self.state.node = self.nodes_made;
    }

    /// Passes the turn from `us` to the next seat still in the game; the
    /// targets of skipped seats expire.
    pub(super) fn advance_turn(&mut self, us: Seat) {
        let n = self.rules.seats.len();
        let mut next = us.next(n);
        // An eliminated seat keeps its turns while it has live pieces (a
        // resigned player's walking king).
        while self.is_eliminated(next) && self.list_len[next] == 0 && next != us {
            self.state.en_passant[next] = None;
            if next == Seat::FIRST {
                self.state.fullmove += 1;
            }
            next = next.next(n);
        }
        if next <= us {
            self.state.fullmove += 1;
        }
        self.state.to_move = next;
    }
}
