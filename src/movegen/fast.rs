//! The fast generator: with two seats on boards the bitboard tables
//! cover, a piece's plain moves as one bitboard of targets, judged by its
//! king's checks and pins, counted together by type or herd at perft's last
//! ply.

use super::{Counter, MAPPED_STEPS, MoveSink, PieceWalk};
use crate::moves::{Move, MoveList};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{EnPassant, KingSafety, NO_SQ, Position, RuleHandle};
use crate::rules::{BitTables, Bitboard, BoardBits, HerdLeap, RuleTable, SeatSlots, Slot, Sq};
use crate::seat::Seat;

/// The bitboards the legal-move generator's bitboard paths need.
#[derive(Clone, Copy)]
pub(super) struct BoardMasks<B> {
    /// Occupied squares.
    pub(super) occupied: B,
    /// Enemy pieces that may be captured.
    pub(super) enemies: B,
    /// Live en-passant targets.
    pub(super) en_passant: B,
    /// Squares a move may land on (all, or those answering a check).
    pub(super) allowed: B,
}

impl<B: Bitboard> BoardMasks<B> {
    /// The targets these masks allow among `destinations`: the empty
    /// allowed squares of a `quiet` reach and the enemy pieces of a
    /// `capture` reach.
    #[inline(always)]
    pub(super) fn targets(self, quiet: B, capture: B, destinations: B) -> B {
        ((quiet & !self.occupied & self.allowed) | (capture & self.enemies)) & destinations
    }
}

impl<R: RuleHandle> Position<R> {
    /// Whether every move of the side to move other than a drop or a
    /// gating is legal, as [`Position::is_legal`] judges it: no makpong or
    /// mutual immunity, no royal piece of its own on the board, no
    /// pseudo-royal rule, checks allowed, no flying general and no facing
    /// kings.
    pub(super) fn nothing_exposed(&self) -> bool {
        let rules = self.rules();
        let us = self.to_move();
        !rules.makpong
            && rules.mutually_immune == 0
            && self.royal(us).is_none()
            && rules.royalty.pseudo.is_none()
            && rules.royalty.checking
            && !rules.flying_general
            && !self.bikjang()
    }

    /// Whether every pseudo-legal move is legal ([`Position::is_legal`]
    /// finds nothing to test): nothing can expose a royal piece of the side
    /// to move ([`Position::nothing_exposed`]), and no drop or promotion
    /// rule is judged on its own (drops that may not give check, the
    /// bishops' balance, sittuyin's promotions, the drop of a royal piece,
    /// which may not land attacked).
    pub(super) fn all_pseudo_legal(&self) -> bool {
        let rules = self.rules();
        let us = self.to_move();
        self.nothing_exposed()
            && !rules.promotion.sittuyin
            && rules.hand.as_ref().is_none_or(|h| {
                h.checks
                    && h.opposite_coloured_bishops.is_none()
                    && PieceType::all(rules.pieces.len())
                        .all(|kind| !rules.pieces[kind].royal || !self.can_drop(us, kind))
            })
    }

    /// Whether [`Position::generate_legal`] applies: checks exist, no
    /// hoppers, lame or pseudo-royal pieces complicate them, the royal piece
    /// is on the board or in hand and the Makpong rule has no say (the side
    /// is not in check);
    /// asked only while no immediate rule has ended the game. Compulsory captures and drops, gatings and the
    /// pass of a side with no move (`passOnStalemate`) are applied to what
    /// it finds, as to the slow path's legal moves.
    #[inline(always)]
    pub(super) fn fast_legality(&self) -> bool {
        let rules = self.rules();
        // Without a royal piece every pseudo-legal move is legal; with one,
        // pins and checks decide.
        let us = self.to_move();
        // A royal piece still in hand (placement) only has to be dropped
        // where no enemy piece attacks ([`Position::drops_within`]).
        let royal_known = self.royal(us).is_some()
            || rules
                .royalty
                .kind
                .is_none_or(|king| self.in_hand(us, king) > 0);
        rules.fast.pin_legality[us] && royal_known && !(rules.makpong && self.in_check(us))
    }

    /// Hands every legal move of the side to move to `sink`, plain moves of
    /// a piece as one batch of target squares where bitboards allow (so
    /// perft counts them without listing them), other moves one by one;
    /// only where [`Position::fast_legality`] holds.
    pub(super) fn generate_legal(&mut self, sink: &mut impl MoveSink) {
        let handle = self.shared_rules().clone();
        match &handle.bits {
            BoardBits::Narrow(bits) => self.generate_legal_with(bits, sink),
            BoardBits::Double(bits) => self.generate_legal_with(bits, sink),
            BoardBits::Wide(bits) => self.generate_legal_with(bits, sink),
        }
    }

    /// [`Position::generate_legal`] with the rule table's bitboard tables,
    /// of the type that holds the board.
    ///
    /// Where none of the seat's types moves (its pieces are only dropped:
    /// tic-tac-toe's, connect four's) and no castling is held, the drops are
    /// all there is. Otherwise the moves tested one by one (those of pinned,
    /// royal and overlapping pieces and en passant; castlings are tested
    /// apart, last) go on a list of a quarter of the default room, which
    /// keeps the frame of this function, called at every node of perft's
    /// last ply, to about one stack page instead of four (more spill to the
    /// heap). Where only the number of moves counts, on boards of at most 64
    /// squares, the herds' pieces and the plain types' are counted together
    /// and the royal piece's steps found first, and the walk passes them by
    /// (most often it has no piece left to read); it reads the pieces from
    /// the seat's squares, whose order does not matter there, while listed
    /// moves keep the order of the seat's list. Royal steps are tested after
    /// the walk, each royal piece lifted once for all its steps: the squares
    /// found safe so are safe with every piece on the board too (a piece
    /// only blocks attacks here, no hopper uses it as a screen), so castling
    /// does not test them again.
    pub(super) fn generate_legal_with<B: Bitboard>(
        &mut self,
        bits: &BitTables<B>,
        sink: &mut impl MoveSink,
    ) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        let safety = self.king_safety_recalled(us);
        let moveless = bits.moveless[us.index()];
        if moveless.count_ones() as usize == rules.pieces.len() && self.castling_bits(us) == 0 {
            self.drops_answering(&safety, sink);
            return;
        }
        let mut tested = MoveList::<256>::default();
        let occupied = B::from_set(self.occupied());
        let (enemies, ep_bits) = self.capture_masks::<B>();
        let answer_bits = B::from_set(&safety.answer_set());
        let mut royal_steps: ([(Sq, B); 4], usize) = ([(0, B::default()); 4], 0);
        let slots = bits.seat_slots(rules, us);
        let masks = BoardMasks {
            occupied,
            enemies: enemies & answer_bits,
            en_passant: ep_bits,
            allowed: answer_bits,
        };
        let counted = match sink.counter() {
            Some(counter) if B::SQUARES <= 64 => {
                self.count_together(bits, slots, &safety, masks, counter)
            }
            _ => 0,
        };
        let mut stepped = 0;
        if B::SQUARES <= 64
            && sink.counter().is_some()
            && let Some((king, targets)) =
                self.royal_steps_first(slots, moveless, occupied, enemies)
        {
            royal_steps.0[0] = (king, targets);
            royal_steps.1 = 1;
            stepped = 1 << king;
        }
        let walk = if B::SQUARES <= 64 && sink.counter().is_some() {
            PieceWalk::Bits(self.seat_occupied(us).low_bits() & !counted & !stepped)
        } else {
            PieceWalk::Listed(self.pieces_of(us).iter())
        };
        for from in walk {
            let p = self.piece_at(from);
            if p.kind().is_in(moveless) || p.dead() {
                continue;
            }
            let slot = slots.of(p.kind(), from);
            // The commonest piece first: one whose targets are its leaps'
            // and slides', unpinned. A sink that declines its promotions
            // leaves them to the walk below.
            if slot.plain
                && !safety.is_pinned(from)
                && self.plain_piece_moves(bits, (from, p), slot, (&safety, masks), sink)
            {
                continue;
            }
            let royal = slot.royal;
            let quick = !royal && !safety.is_pinned(from);
            if quick && safety.checkers >= 2 {
                continue;
            }
            if royal
                && royal_steps.1 < royal_steps.0.len()
                && let Some(targets) = self.royal_targets(&slot, p, occupied, enemies)
            {
                royal_steps.0[royal_steps.1] = (from, targets);
                royal_steps.1 += 1;
                continue;
            }
            if quick && let Some(targets) = Self::targets_by_bits(bits, slot, p, masks) {
                sink.batch(from, targets, targets & occupied);
                continue;
            }
            if quick
                && Self::may_promote(&slot, p)
                && let Some(targets) = Self::line_targets_by_bits(bits, slot, masks)
                && sink.promotions(
                    self,
                    from,
                    p,
                    targets & !occupied,
                    targets & occupied,
                    bits.zones[us.index()],
                )
            {
                continue;
            }
            if quick && !rules.overlapping[rules.seat_type(us, p.kind())] {
                self.piece_moves_with(from, p, &mut |m| {
                    if matches!(m, Move::EnPassant { .. }) {
                        tested.push(m);
                    } else if safety.answers(m.to()) {
                        sink.single(m, rules.must_capture && self.is_capture(&m));
                    }
                });
            } else {
                self.piece_moves(from, p, &mut tested);
            }
        }
        // The squares a royal piece was found safe to step to, with it
        // lifted off its square: with every piece on the board they are
        // safe too (a piece only blocks attacks here, no hopper uses it as
        // a screen), so castling does not test them again.
        // The piece is lifted once for all its steps.
        let mut safe_steps = B::default();
        for &(from, targets) in &royal_steps.0[..royal_steps.1] {
            let mut t = targets;
            if t.is_empty() {
                continue;
            }
            // Too few steps are tested one by one (`Position::step_dangers`).
            if t.count() >= MAPPED_STEPS
                && let Some(safe) =
                    self.royal_steps_by_dangers(bits, (from, targets), occupied, sink)
            {
                safe_steps |= safe;
                continue;
            }
            let royal = self.lift(from);
            while let Some(to) = t.pop_lowest() {
                let attacked = self.attacked_by_enemy_recalled(to, us, from);
                if self.survives_on(to, attacked) {
                    safe_steps |= B::square(to);
                    sink.single(
                        Move::Normal { from, to },
                        !(occupied & B::square(to)).is_empty(),
                    );
                }
            }
            self.drop_back(from, royal);
        }
        // Cambodian chess's first moves: the king's leap (never out of
        // check) is tested as its steps are, the fers's double step as a
        // plain move.
        self.cambodian_moves(&mut tested);
        self.drops_answering(&safety, sink);
        self.tested_moves_judged(rules, &safety, &tested, sink);
        // Most nodes of most variants hold no castling right.
        if safety.checkers == 0 && self.castling_bits(us) != 0 {
            self.castlings(safe_steps, sink);
        }
    }

    /// [`Position::generate_legal_with`]'s royal piece, where it moves: its
    /// square and the targets of its steps, found before the walk over the
    /// pieces.
    #[inline(always)]
    fn royal_steps_first<B: Bitboard>(
        &self,
        slots: SeatSlots<'_, B>,
        moveless: u64,
        occupied: B,
        enemies: B,
    ) -> Option<(Sq, B)> {
        let king = self.royal(self.to_move())?;
        let p = self.piece_at(king);
        let slot = slots.of(p.kind(), king);
        if !slot.royal || p.dead() || p.kind().is_in(moveless) {
            return None;
        }
        Some((king, self.royal_targets(&slot, p, occupied, enemies)?))
    }

    /// [`Position::generate_legal_with`]'s moves of an unpinned piece whose
    /// moves are all plain leaps and slides: its targets as one bitboard,
    /// counted by their forms or handed to the sink's promotions where it
    /// may promote. False where the sink declines the promotions, which the
    /// walk then takes move by move.
    #[inline(always)]
    fn plain_piece_moves<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        (from, p): (Sq, Piece),
        slot: Slot<'_, B>,
        (safety, masks): (&KingSafety, BoardMasks<B>),
        sink: &mut impl MoveSink,
    ) -> bool {
        let us = self.to_move();
        let occupied = masks.occupied;
        if safety.checkers >= 2 {
            return true;
        }
        let targets = Self::plain_targets(slot, masks);
        if !Self::may_promote(&slot, p) {
            sink.batch(from, targets, targets & occupied);
            return true;
        }
        // Where every move has as many forms, a count multiplies.
        let forms = u32::from(slot.uniform_forms[usize::from(p.promoted())]);
        if forms != 0
            && let Some(counter) = sink.counter()
        {
            counter.add_counts(
                targets.count() * forms,
                (targets & occupied).count() * forms,
            );
            return true;
        }
        let zone = bits.zones[us.index()];
        sink.promotions(self, from, p, targets & !occupied, targets & occupied, zone)
    }

    /// [`Position::generate_legal_with`]'s moves tested one by one (those of
    /// pinned, royal and overlapping pieces, en passant, Cambodian first
    /// moves): the legal ones handed to the sink.
    #[inline(always)]
    fn tested_moves_judged(
        &mut self,
        rules: &RuleTable,
        safety: &KingSafety,
        tested: &MoveList<256>,
        sink: &mut impl MoveSink,
    ) {
        for &m in tested.as_slice() {
            let Some(from) = m.from() else {
                continue;
            };
            let royal = rules.pieces[self.piece_at(from).kind()].royal;
            let legal = match m {
                Move::Normal { from, to } if royal => self.royal_step_safe(from, to),
                Move::EnPassant { .. } => self.is_legal(m),
                _ if !royal && !safety.is_pinned(from) => safety.answers(m.to()),
                _ => self.is_legal(m),
            };
            if legal {
                sink.single(m, rules.must_capture && self.is_capture(&m));
            }
        }
    }

    /// Hands `sink` the legal castlings of the side to move, not in check:
    /// a royal king's tested square by square along its walk (those of
    /// `safe_steps` already found safe), another's by [`Position::is_legal`].
    pub(super) fn castlings<B: Bitboard>(&mut self, safe_steps: B, sink: &mut impl MoveSink) {
        let mut held = self.castling_bits(self.to_move());
        while held != 0 {
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            let Some(m) = self.castling_of(i) else {
                continue;
            };
            let king = self.registered_castling(i).right.king;
            let legal = if self.rules().pieces[self.piece_at(king).kind()].royal {
                self.castle_safe(i, safe_steps)
            } else {
                self.is_legal(m)
            };
            if legal {
                let capture = self.rules().must_capture && self.is_capture(&m);
                sink.single(m, capture);
            }
        }
    }

    /// Counts the moves of the side to move's herds ([`Position::count_herds`])
    /// and, with fewer than two checkers, of its other pieces of plain types
    /// ([`Position::count_plain_types`]); returns the squares of the pieces
    /// counted, which the walk over the pieces then passes by. Never
    /// inlined: the walk's registers stay its own.
    #[inline(never)]
    pub(super) fn count_together<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        slots: SeatSlots<'_, B>,
        safety: &KingSafety,
        masks: BoardMasks<B>,
        counter: &mut Counter,
    ) -> u64 {
        let herded = if bits.herds_of(self.to_move()).is_empty() {
            0
        } else {
            self.count_herds(bits, safety, masks, counter)
        };
        if safety.checkers >= 2 {
            return herded;
        }
        let loose = !safety.pinned().low_bits() & !herded;
        herded | self.count_plain_types(bits, slots, loose, masks, counter)
    }

    /// Counts the moves of the side to move's herds ([`crate::rules::Herd`]):
    /// their unpinned pieces on the herd's squares, a leap at a time, where
    /// `masks` allow; returns the squares of the pieces counted, which the
    /// walk over the pieces then passes by. Pieces that may take en passant
    /// or demote are left to the walk, which tests that capture and lists
    /// those moves.
    #[inline(always)]
    pub(super) fn count_herds<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        safety: &KingSafety,
        masks: BoardMasks<B>,
        counter: &mut Counter,
    ) -> u64 {
        let occupied = masks.occupied.low_word();
        let empty = !occupied & masks.allowed.low_word();
        let enemies = masks.enemies.low_word();
        let en_passant = masks.en_passant.low_word();
        let loose = !safety.pinned().low_bits();
        let mut herded = 0;
        for herd in bits.herds_of(self.to_move()) {
            let mut pieces = self.seat_type_bits(herd.seat_type as usize) & herd.squares & loose;
            let mut near = pieces & herd.near_promotion;
            while near != 0 {
                let sq = near.trailing_zeros();
                near &= near - 1;
                if self.piece_at(sq as Sq).promoted() {
                    pieces &= !(1 << sq);
                }
            }
            if pieces.count_ones() < herd.fewest {
                continue;
            }
            if en_passant != 0
                && let Some(origins) = herd.en_passant
            {
                let mut targets = en_passant;
                while targets != 0 {
                    let target = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    pieces &= !bits.herd_en_passant[origins as usize + target];
                }
            }
            let leaps = &bits.herd_leaps[herd.leaps.0 as usize..herd.leaps.1 as usize];
            herded |= pieces;
            // Counted into the counter leap by leap: a herd has a few leaps,
            // too few to pay for the vector loop a sum would become.
            let mut count = |from: u64, leap: &HerdLeap| {
                let quiet = (from & leap.quiet_from).rotate_left(leap.rotation) & empty;
                let taken = (from & leap.capture_from).rotate_left(leap.rotation) & enemies;
                counter.add_counts((quiet | taken).count_ones(), taken.count_ones());
            };
            for leap in leaps {
                count(pieces, leap);
            }
            let lames = &bits.herd_leaps[herd.lames.0 as usize..herd.lames.1 as usize];
            for lame in lames {
                count(pieces & !occupied.rotate_right(lame.path_rotation), lame);
            }
        }
        herded
    }

    /// Counts the moves of the side to move's pieces of plain types
    /// ([`crate::rules::PlainType`]) among `loose` (neither pinned nor
    /// counted in a herd) on their type's plain squares: each piece's
    /// targets from its slot, where `masks` allow, as the walk over the
    /// pieces would count them. Returns their squares, which the walk then
    /// passes by.
    #[inline(always)]
    pub(super) fn count_plain_types<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        slots: SeatSlots<'_, B>,
        loose: u64,
        masks: BoardMasks<B>,
        counter: &mut Counter,
    ) -> u64 {
        let mut counted = 0;
        // Summed here and added once: the counter lives in memory.
        let (mut moves, mut captures) = (0, 0);
        for plain in bits.plain_types_of(self.to_move()) {
            let mut pieces = self.seat_type_bits(plain.seat_type as usize) & plain.squares & loose;
            counted |= pieces;
            while pieces != 0 {
                let from = pieces.trailing_zeros() as Sq;
                pieces &= pieces - 1;
                let targets = Self::plain_targets(slots.of(plain.kind, from), masks);
                moves += targets.count();
                if counter.must_capture {
                    captures += (targets & masks.occupied).count();
                }
            }
        }
        counter.add_counts(moves, captures);
        counted
    }

    /// The bitboards of the side to move with every square allowed (not
    /// answering a check).
    #[inline]
    pub(super) fn open_masks<B: Bitboard>(&self) -> BoardMasks<B> {
        let (enemies, en_passant) = self.capture_masks::<B>();
        BoardMasks {
            occupied: B::from_set(self.occupied()),
            enemies,
            en_passant,
            allowed: B::ALL,
        }
    }

    /// The pieces the side to move may capture (its enemies' and the dead
    /// ones, which belong to no one), and the squares of the live
    /// en-passant targets it may take (with two seats, only the other
    /// one's can be).
    #[inline(always)]
    pub(super) fn capture_masks<B: Bitboard>(&self) -> (B, B) {
        let rules = self.rules();
        let us = self.to_move();
        let capturable =
            |s: Seat| B::from_set(self.seat_occupied(s)) & !self.uncapturable_royals::<B>(s);
        // A target has its first square; one of one square leaves its
        // second `NO_SQ`, no square.
        let squares = |target: &EnPassant| {
            let first = B::square(target.squares[0]);
            if target.squares[1] == NO_SQ {
                first
            } else {
                first | B::square(target.squares[1])
            }
        };
        match rules.opponents[us] {
            // With two seats, the other one's pieces where it is an enemy,
            // and its target alone: only an enemy pusher's is taken
            // (`Position::en_passant_at`).
            Some(other) => (
                capturable(other),
                self.en_passant_of(other).map_or(B::default(), squares),
            ),
            None => {
                let team = rules.seats[us].team;
                let enemies = Seat::all(rules.seats.len())
                    .filter(|&s| rules.seats[s].team != team)
                    .fold(B::from_set(self.dead_squares()), |m, s| m | capturable(s));
                (
                    enemies,
                    self.en_passant()
                        .map(squares)
                        .fold(B::default(), |m, s| m | s),
                )
            }
        }
    }

    /// The squares of a seat's royal pieces that may not be captured: its
    /// live kings while it is still in, unless the variant captures kings.
    #[inline]
    pub(super) fn uncapturable_royals<B: Bitboard>(&self, seat: Seat) -> B {
        let rules = self.rules();
        let Some(seat_type) = rules.royalty.guarded[seat] else {
            return B::default();
        };
        if self.is_eliminated(seat) {
            return B::default();
        }
        // On boards of at most 64 squares the type's bitboard holds them.
        if B::SQUARES <= 64 {
            return B::from_low_bits(u128::from(self.seat_type_bits(seat_type)));
        }
        let Some(king) = rules.royalty.kind else {
            return B::default();
        };
        match (self.royal(seat), self.count(seat, king)) {
            (_, 0) => B::default(),
            (Some(sq), 1) => B::square(sq),
            _ => self
                .pieces_of(seat)
                .iter()
                .filter(|&&sq| self.piece_at(sq).kind() == king)
                .fold(B::default(), |m, &sq| m | B::square(sq)),
        }
    }

    /// Whether the castling by the right of bit `i` of the royal piece, by a
    /// side not in check, is safe without hoppers or lame attackers: no
    /// square of the king's walk is attacked now, and the destination is
    /// not attacked with king and rook on their new squares. The start is
    /// not tested again where it holds the royal piece found out of check,
    /// nor are the squares of `known_safe`.
    pub(super) fn castle_safe<B: Bitboard>(&mut self, i: usize, known_safe: B) -> bool {
        let us = self.to_move();
        let registered = self.registered_castling(i);
        let (right, exposes) = (registered.right, registered.exposes);
        let mut walk = B::from_set(&registered.walk) & !known_safe;
        if self.royal(us) == Some(right.king) {
            walk &= !B::square(right.king);
        }
        while let Some(s) = walk.pop_lowest() {
            if self.attacked_by_enemy_recalled(s, us, NO_SQ) {
                return false;
            }
        }
        if !exposes {
            return true;
        }
        let Some(geometry) = self.rules().castling.geometry[us][right.wing] else {
            return false;
        };
        let king_piece = self.lift(right.king);
        let rook_piece = self.lift(right.rook);
        self.drop_back(geometry.rook_to, rook_piece);
        let safe = !self.attacked_by_enemy(geometry.king_to, us);
        self.lift(geometry.rook_to);
        self.drop_back(right.rook, rook_piece);
        self.drop_back(right.king, king_piece);
        safe
    }
}
