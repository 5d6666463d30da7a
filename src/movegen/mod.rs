//! Move generation from the compiled rule table: pseudo-legal moves; legality
//! from one look outward from the king (checks and pins), with make/unmake
//! only where that cannot decide; perft's last ply counted with bitboards
//! where the board allows; and eliminations of stuck players in games that
//! play on. Immediate game ends are judged in
//! [`crate::position::ImmediateEnd`].

use smallvec::SmallVec;

use crate::betza::Offset;
use crate::moves::{CastleGate, Move, MoveList, WallBase};
use crate::piece::Piece;
use crate::piece_type::{MAX_PIECE_TYPES, PieceType};
use crate::position::{EnPassant, KingSafety, NO_SQ, Position, RuleHandle};
use crate::rules::{
    BitTables, Bitboard, BoardBits, Cambodian, HerdLeap, LineKind, MoveForm, RideBits, RideForm,
    RuleTable, SeatSlots, Slot, SlotBits, Sq, SqSet, Walling, WallingRule, promotion_count_index,
    ride_reach, segment,
};
use crate::seat::Seat;

mod blast;

impl<R: RuleHandle> Position<R> {
    /// Adds every pseudo-legal move of the side to move.
    pub fn pseudo_moves(&self, list: &mut MoveList) {
        self.pseudo_moves_except(list, |_, _| false);
    }

    /// [`Position::pseudo_moves`] without the moves of the pieces `taken`
    /// accepts (by square and piece): the caller has dealt with them.
    fn pseudo_moves_except(&self, list: &mut MoveList, mut taken: impl FnMut(Sq, Piece) -> bool) {
        let us = self.to_move();
        for &from in self.pieces_of(us) {
            let p = self.piece_at(from);
            if taken(from, p) {
                continue;
            }
            self.piece_moves(from, p, list);
        }
        self.castling_moves(list);
        self.cambodian_moves(list);
        self.drop_moves(SqSet::ALL, None, &mut |m| list.push(m));
    }

    /// Cambodian chess's first moves (`cambodianMoves`) of the side to
    /// move, as Fairy-Stockfish makes them: the king on its gate leaps like
    /// a knight to the rank ahead (not when in check), the fers on its gate
    /// steps two squares ahead; only onto empty squares. Inlined: most
    /// variants pass by at once.
    #[inline(always)]
    fn cambodian_moves<const ROOM: usize>(&self, list: &mut MoveList<ROOM>) {
        if let Some(cambodian) = self.rules().cambodian {
            self.cambodian_moves_of(cambodian, list);
        }
    }

    /// [`Position::cambodian_moves`] where the variant has them; kept out
    /// of line, so that the others do not pay for its frame.
    #[inline(never)]
    fn cambodian_moves_of<const ROOM: usize>(
        &self,
        cambodian: Cambodian,
        list: &mut MoveList<ROOM>,
    ) {
        let rules = self.rules();
        let us = self.to_move();
        let gates = self.gates(us);
        if gates.is_empty() {
            return;
        }
        let forward = rules.seats[us].forward;
        let in_check = self.in_check(us);
        for from in gates.iter() {
            let kind = self.piece_at(from).kind();
            let leaps: &[(i8, i8)] = if kind.is_in(cambodian.king) && !in_check {
                &[(1, 2), (1, -2)]
            } else if kind.is_in(cambodian.fers) {
                &[(2, 0)]
            } else {
                &[]
            };
            let (file, rank) = (
                i32::from(rules.file_of(from)),
                i32::from(rules.rank_of(from)),
            );
            for &(ahead, right) in leaps {
                let (df, dr) = forward.apply(Offset {
                    forward: ahead,
                    right,
                });
                let (f, r) = (file + df, rank + dr);
                if f < 0 || r < 0 || f >= i32::from(rules.files) || r >= i32::from(rules.ranks) {
                    continue;
                }
                let to = rules.square(f as u8, r as u8);
                if rules.playable[to as usize] && self.piece_at(to).is_none() {
                    list.push(Move::Normal { from, to });
                }
            }
        }
    }

    /// Hands every drop of the side to move onto a square of `allowed`, and
    /// within `limits` where given, to `emit`: for each type in hand, the
    /// promoted drop first where the variant allows it, then the plain one.
    fn drop_moves(&self, allowed: SqSet, limits: Option<&DropLimits>, emit: &mut impl FnMut(Move)) {
        let rules = self.rules();
        let Some(hand) = rules.hand.as_ref().filter(|h| h.drops) else {
            return;
        };
        let us = self.to_move();
        for kind in PieceType::all(rules.pieces.len()) {
            if !self.can_drop(us, kind) {
                continue;
            }
            let squares = self.drop_squares(us, kind).intersection(&allowed);
            let promoted = rules.pieces[kind].promotes_to.filter(|_| hand.promoted);
            for placed in promoted.into_iter().chain([kind]) {
                let squares = match limits {
                    Some(limits) => self.drops_within(placed, squares, limits),
                    None => squares,
                };
                for to in squares.iter() {
                    emit(Move::Drop {
                        piece: kind,
                        placed,
                        to,
                    });
                }
            }
        }
    }

    /// The empty squares a seat may drop a piece of a type on: the type's
    /// drop region, less the files where it may not double.
    pub fn drop_squares(&self, seat: Seat, kind: PieceType) -> SqSet {
        let rules = self.rules();
        let Some(hand) = &rules.hand else {
            return SqSet::default();
        };
        let region = &hand.region[rules.seat_type(seat, kind)];
        let mut out = region.difference(self.occupied());
        if let Some((doubled, limit)) = hand.no_doubled
            && doubled == kind
        {
            let mut per_file = [0u16; crate::board::MAX_FILES as usize];
            for &sq in self.pieces_of(seat) {
                if self.piece_at(sq).kind() == kind {
                    per_file[rules.file_of(sq) as usize] += 1;
                }
            }
            let open = out;
            for sq in open.iter() {
                if per_file[rules.file_of(sq) as usize] >= limit {
                    out.remove(sq);
                }
            }
        }
        if hand.enclosing.is_some() {
            out = self.enclosing_drops(seat, out);
        }
        out
    }

    /// Whether the piece on `from` has an ordinary (not castling) move to
    /// `to` in this position.
    pub fn steps_to(&self, from: Sq, to: Sq) -> bool {
        let mut found = false;
        self.piece_moves_with(from, self.piece_at(from), &mut |m| {
            found |= matches!(m, Move::Normal { .. }) && m.to() == to;
        });
        found
    }

    /// Adds every pseudo-legal move of the piece on `from`, each once
    /// (where its type's lines overlap, [`RuleTable::overlapping`], the
    /// same move may be found twice).
    fn piece_moves<const ROOM: usize>(&self, from: Sq, piece: Piece, list: &mut MoveList<ROOM>) {
        let start = list.len();
        self.piece_moves_with(from, piece, &mut |m| list.push(m));
        let rules = self.rules();
        if rules.overlapping[rules.seat_type(piece.seat(), piece.kind())] {
            list.dedup_from(start);
        }
    }

    /// Hands every pseudo-legal move of the piece on `from` to `emit`.
    #[inline]
    fn piece_moves_with<F: FnMut(Move)>(&self, from: Sq, piece: Piece, emit: &mut F) {
        self.piece_moves_walk(from, piece, true, emit);
    }

    /// Whether the piece on `from` can move to the empty square `to`
    /// without capturing: as in Fairy-Stockfish, en passant is taken only
    /// on a square the piece attacks but cannot step to.
    fn quietly_reaches(&self, from: Sq, piece: Piece, to: Sq) -> bool {
        let mut found = false;
        self.piece_moves_walk(from, piece, false, &mut |m| {
            found |= m.to() == to && self.piece_at(to).is_none();
        });
        found
    }

    /// Walks the lines of the piece on `from`, handing each pseudo-legal
    /// move to `emit`; en-passant captures only when `with_en_passant`.
    #[inline]
    fn piece_moves_walk<F: FnMut(Move)>(
        &self,
        from: Sq,
        piece: Piece,
        with_en_passant: bool,
        emit: &mut F,
    ) {
        let rules = self.rules();
        let us = piece.seat();
        let kind = piece.kind();
        let team = rules.seats[us].team;
        let any_ep = with_en_passant && self.en_passant().next().is_some();
        let ep_capturer = rules.pieces[kind].en_passant_capturer[us];
        let slot = rules.slot(us, kind, from);
        let plain = rules.plain_moves[slot] && !(piece.promoted() && rules.near_promotion[slot]);

        // Dead pieces belong to no one: anyone may capture them, their
        // former owner's walking king too. Kings of players still in are
        // captured only where the variant allows it; walking kings always
        // may be.
        let enemy = |p: Piece| {
            p.is_some()
                && !p.is_wall()
                && (p.dead()
                    || rules.seats[p.seat()].team != team
                        && (rules.king_capture
                            || !rules.pieces[p.kind()].royal
                            || self.is_eliminated(p.seat())))
        };
        for line in rules.lines(us, kind, from) {
            let squares = rules.line_squares(line);
            let can_ep = line.en_passant || (line.capture && ep_capturer);
            let mut land = |to: Sq| {
                let target = self.piece_at(to);
                // A move onto an en-passant target that can capture there is
                // the en-passant capture (taking an occupant of the passed
                // square too), not a quiet move or an ordinary capture.
                if can_ep
                    && any_ep
                    && (target.is_none() || enemy(target))
                    && rules.en_passant_region[us][to as usize]
                    && let Some(e) = self.en_passant_at(to, team)
                    && !(target.is_none() && (line.quiet || self.quietly_reaches(from, piece, to)))
                {
                    emit(Move::EnPassant {
                        from,
                        to,
                        captured: e.victim,
                    });
                    return target.is_none();
                }
                if target.is_none() {
                    if line.quiet && plain {
                        emit(Move::Normal { from, to });
                    } else if line.quiet {
                        self.add_move(from, to, piece, false, emit);
                    }
                    true
                } else {
                    if line.capture && enemy(target) {
                        if plain {
                            emit(Move::Normal { from, to });
                        } else {
                            self.add_move(from, to, piece, true, emit);
                        }
                    }
                    false
                }
            };
            match line.kind {
                LineKind::Leap => {
                    let (path, landing) = squares.split_at(line.path as usize);
                    let open = if line.jump {
                        path.iter().any(|s| self.piece_at(*s).is_some())
                    } else {
                        path.iter().all(|s| self.piece_at(*s).is_none())
                    };
                    if open {
                        land(landing[0]);
                    }
                }
                LineKind::Ride => {
                    let step = line.path as usize + 1;
                    for chunk in squares.chunks_exact(step) {
                        let (path, landing) = chunk.split_at(step - 1);
                        if path.iter().any(|s| self.piece_at(*s).is_some()) || !land(landing[0]) {
                            break;
                        }
                    }
                }
                LineKind::Hop => {
                    let Some(h) = squares.iter().position(|s| self.piece_at(*s).is_some()) else {
                        continue;
                    };
                    // Janggi's cannons neither hop over nor capture each other.
                    let cannon = rules.is_janggi_cannon(piece);
                    if cannon && rules.is_janggi_cannon(self.piece_at(squares[h])) {
                        continue;
                    }
                    for &to in &squares[h + 1..] {
                        if cannon && rules.is_janggi_cannon(self.piece_at(to)) {
                            break;
                        }
                        if !land(to) {
                            break;
                        }
                    }
                }
                LineKind::Grasshop => {
                    if let Some(h) = squares.iter().position(|s| self.piece_at(*s).is_some())
                        && let Some(&to) = squares.get(h + 1)
                    {
                        land(to);
                    }
                }
            }
        }
    }

    /// Hands a move to `emit` with its promotion choices
    /// ([`RuleTable::move_forms`]).
    #[inline]
    fn add_move<F: FnMut(Move)>(
        &self,
        from: Sq,
        to: Sq,
        piece: Piece,
        capture: bool,
        emit: &mut F,
    ) {
        let rules = self.rules();
        let us = piece.seat();
        let seat_type = rules.seat_type(us, piece.kind());
        if !rules.in_mobility_region(seat_type, to) {
            return;
        }
        let zone = &rules.promotion_region[us];
        let below_limit =
            |kind: PieceType| u32::from(self.count(us, kind)) < rules.promotion_limit[kind];
        rules.move_forms(
            piece,
            (zone[from as usize], zone[to as usize]),
            capture,
            below_limit,
            |form| match form {
                MoveForm::PawnPromotion(kind) => emit(Move::Promotion {
                    from,
                    to,
                    piece: kind,
                }),
                MoveForm::PiecePromotion(kind) => emit(Move::PiecePromotion {
                    from,
                    to,
                    piece: kind,
                }),
                MoveForm::Demotion => emit(Move::PieceDemotion {
                    from,
                    to,
                    piece: piece.unpromoted_kind(),
                }),
                MoveForm::Plain => {
                    if !rules.immobile_on(seat_type, to) {
                        emit(Move::Normal { from, to });
                    }
                }
            },
        );
    }

    fn castling_moves<const ROOM: usize>(&self, list: &mut MoveList<ROOM>) {
        let mut held = self.castling_bits(self.to_move());
        while held != 0 {
            let i = held.trailing_zeros() as usize;
            held &= held - 1;
            if let Some(m) = self.castling_of(i) {
                list.push(m);
            }
        }
    }

    /// The castling by the right of bit `i` (held by the side to move),
    /// where it is pseudo-legal: its path is empty (tested first: one AND,
    /// and it fails most), and its king and rook stand on their squares.
    #[inline(always)]
    fn castling_of(&self, i: usize) -> Option<Move> {
        let registered = self.registered_castling(i);
        if !self.all_empty(&registered.path) {
            return None;
        }
        let castle = registered.castle?;
        let rules = self.rules();
        let us = self.to_move();
        let right = &registered.right;
        let holds = |sq: Sq, types: u64| {
            let p = self.piece_at(sq);
            p.is_some() && !p.is_wall() && !p.dead() && p.seat() == us && p.kind().is_in(types)
        };
        (holds(right.king, rules.castling_pieces.0) && holds(right.rook, rules.castling_pieces.1))
            .then_some(castle)
    }

    /// Whether a pseudo-legal move is legal: the mover's royal (and
    /// pseudo-royal) pieces are not left attacked, castling does not pass
    /// attacked squares, and, where checks are off, the move gives none.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        if !self.makpong_allows(&mv) {
            return false;
        }
        if mv.gate().is_some() {
            // As Fairy-Stockfish judges it: a gating move is legal when its
            // move is, the gated piece blocking nothing.
            let base = mv.ungated();
            let mut offered = false;
            self.gatings(base, &self.gate_offer(), &mut |m| offered |= m == mv);
            return offered && self.is_legal(base);
        }
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        // As Fairy-Stockfish judges it, a walling move is legal when its
        // move is, the wall shielding nothing, except where pseudo-royal
        // pieces are tested after the whole move (the new wall and the
        // duck's leaving count).
        if mv.wall().is_some() && rules.pseudo_royal.is_none() {
            return self.is_legal(mv.unwalled());
        }
        let shape = mv.unwalled();
        let us = self.to_move();
        // While the kings face each other (bikjang), a pass is always legal
        // and every other move must break the facing.
        let facing = self.bikjang();
        if facing && matches!(mv, Move::Pass { .. }) {
            return true;
        }
        // A royal piece dropped from the hand (placement) may not land
        // attacked either.
        let royal = self.royal(us).is_some()
            || matches!(shape, Move::Drop { placed, .. } if rules.pieces[placed].royal);
        let mut pseudo = self.pseudo_royals(us);
        // With blasts, the opponent's pseudo-royal pieces before the move:
        // exploding one wins at once, and a piece touching one cannot be
        // taken.
        let theirs = self.enemy_pseudo_royals_if_blasts(us);
        if let Move::Castle { king, to, .. } = shape
            && (rules.pieces[self.piece_at(king).kind()].royal || pseudo.contains(king))
        {
            // The king may not castle out of, or through, an attacked square
            // (a pseudo-royal one judged with the move's wall standing and
            // the duck gone, as Fairy-Stockfish judges it).
            let lifted = self.stand_wall(mv.wall());
            // A pseudo-royal king is judged lifted from its square, on each
            // square from its start to the one before its destination (that
            // one is judged after the whole move), as Fairy-Stockfish
            // judges it: in atomic, a rook checking a king that touches the
            // enemy king still attacks the squares beyond it.
            let lift_king = pseudo.contains(king) && mv.wall() != Some(king);
            let king_piece = if lift_king {
                self.lift(king)
            } else {
                Piece::NONE
            };
            let attacked = segment(rules, king, to)
                .filter(|&s| !lift_king || s != to || to == king)
                .any(|s| self.attacked_by_enemy(s, us) && !self.touches(s, &theirs));
            if lift_king {
                self.drop_back(king, king_piece);
            }
            self.unstand_wall(mv.wall(), lifted);
            if attacked {
                return false;
            }
        }
        // A pseudo-royal piece may not capture where it would turn into a
        // wall (`petrifyOnCaptureTypes`).
        if let Some(from) = mv.from()
            && pseudo.contains(from)
            && self.piece_at(from).kind().is_in(rules.petrify)
            && self.is_capture(&mv)
        {
            return false;
        }
        // Pieces of a mutually immune type may not capture each other.
        if rules.mutually_immune != 0
            && self.is_capture(&mv)
            && let Some(from) = mv.from()
        {
            let mover = self.piece_at(from).kind();
            let victim = self.piece_at(mv.to());
            if mover.is_in(rules.mutually_immune) && victim.is_some() && victim.kind() == mover {
                return false;
            }
        }
        if let Move::Drop { placed, to, .. } = shape
            && self
                .bishop_balance()
                .is_some_and(|balance| !balance.allows(placed, to))
        {
            return false;
        }
        // Drops that may not give check, and sittuyin's promotions, which
        // never may.
        let drop_checks_tested = mv.is_drop() && rules.hand.as_ref().is_some_and(|h| !h.checks)
            || rules.sittuyin_promotion && matches!(shape, Move::Promotion { .. });
        let duple = rules.pseudo_royal.is_some_and(|(_, _, d)| d);
        if !royal
            && pseudo.is_empty()
            && !duple
            && rules.checking
            && !drop_checks_tested
            && !rules.flying_general
            && !facing
        {
            return true;
        }
        if let Some(blast) = self.unplayed_blasts(pseudo, theirs)
            && let Some(legal) = self.blast_capture_legal(mv, &blast)
        {
            return legal;
        }
        match (mv.from(), shape) {
            (Some(from), _) if pseudo.contains(from) => {
                pseudo.remove(from);
                pseudo.insert(mv.to());
            }
            // A dropped piece of a pseudo-royal type is pseudo-royal.
            (None, Move::Drop { placed, to, .. }) if rules.pseudo_royal_type(placed) => {
                pseudo.insert(to);
            }
            _ => {}
        }
        // A pawn's promotion to a pseudo-royal type, as Fairy-Stockfish
        // judges it: the new piece is pseudo-royal while the count allows,
        // else the type's pieces all lose their royalty (a piece promotion
        // changes nothing there).
        if let (Some((mask, limit, _)), Move::Promotion { to, piece, .. }) =
            (rules.pseudo_royal, shape)
            && piece.is_in(mask)
        {
            if u32::from(self.count(us, piece)) >= limit {
                for &sq in self.pieces_of(us) {
                    if self.piece_at(sq).kind() == piece {
                        pseudo.remove(sq);
                    }
                }
            } else {
                pseudo.insert(to);
            }
        }
        // Where a blast and a petrification meet, Fairy-Stockfish judges the
        // move as if the exploded square stayed empty (the new wall shields
        // nothing); tetrarch judges it the same way.
        let petrified_blast = rules.blast.is_some()
            && rules.petrify != 0
            && self.is_capture(&mv)
            && self.moving_piece(&mv).kind().is_in(rules.petrify);
        // Fairy-Stockfish's test clears the blast's neighbourhood of every
        // square a piece other than a pawn held before the move: a wall put
        // on the square the capturing piece left next to its target shields
        // nothing there.
        let blasted_wall = rules.blast.is_some()
            && self.is_capture(&mv)
            && mv.from().is_some_and(|from| {
                mv.wall() == Some(from)
                    && !rules.pieces[self.piece_at(from).kind()].builtin_pawn
                    && self.blast_neighbours(mv.to()).contains(from)
            });
        // Nothing but the board part of a normal move changes what the
        // tests below read where no blast, petrification, wall, flip,
        // elimination or Cambodian gate follows: every plain normal move
        // (`RuleTable::plain_make`) and every quiet one without flips or
        // gates (the others follow captures only). It is played alone.
        let shifted = match mv {
            Move::Normal { from, to }
                if rules.plain_make
                    || self.piece_at(to).is_none()
                        && rules.flip.is_none()
                        && rules.cambodian.is_none() =>
            {
                Some((from, to, self.shift(from, to)))
            }
            _ => {
                self.make(mv);
                None
            }
        };
        let wall = petrified_blast.then(|| self.lift(mv.to()));
        let from_wall = blasted_wall
            .then(|| mv.from())
            .flatten()
            .map(|from| (from, self.lift(from)));
        let mut legal = !self.in_check(us);
        // As Fairy-Stockfish: no pseudo-royal piece may be left attacked,
        // and with `dupleCheck` not every piece of the pseudo-royal types
        // (however many there are) may be.
        if legal && !pseudo.is_empty() {
            legal = if rules.blast.is_some() {
                self.blast_safe(us, &pseudo, &theirs)
            } else {
                pseudo.iter().all(|s| !self.threatened_pseudo_royal(s, us))
            };
        }
        if legal && duple {
            legal = !self.duple_checked(us);
        }
        if legal && (rules.flying_general || facing) {
            legal = !self.generals_face();
        }
        if legal && (!rules.checking || drop_checks_tested) {
            let team = rules.seats[us].team;
            legal = Seat::all(rules.seats.len())
                .filter(|&s| rules.seats[s].team != team)
                .all(|s| !self.in_check(s));
        }
        if let Some(wall) = wall {
            self.drop_back(mv.to(), wall);
        }
        if let Some((from, wall)) = from_wall {
            self.drop_back(from, wall);
        }
        match shifted {
            Some((from, to, victim)) => self.unshift(from, to, victim),
            None => self.unmake(),
        }
        legal
    }

    /// Where captures explode and nothing but the pseudo-royal pieces'
    /// safety decides a plain capture (the side to move has no royal piece,
    /// and there is no `dupleCheck`, petrification, ban on checks, flying
    /// general or bikjang): what [`Position::blast_capture_legal`] needs,
    /// with the side's pseudo-royal pieces (`ours`) and its enemies'
    /// (`theirs`) before the move.
    fn unplayed_blasts(&self, ours: SqSet, theirs: SqSet) -> Option<UnplayedBlasts> {
        let rules = self.rules();
        let immune = rules.blast?;
        let simple = self.royal(self.to_move()).is_none()
            && rules.pseudo_royal.is_none_or(|(_, _, duple)| !duple)
            && rules.petrify == 0
            && rules.checking
            && !rules.flying_general
            && !self.bikjang();
        simple.then_some(UnplayedBlasts {
            immune,
            ours,
            theirs,
            lines: None,
        })
    }

    /// Whether a plain capture by a piece that explodes with its victim is
    /// legal, found as [`Position::is_legal`] finds it after playing the
    /// move ([`Position::blast_safe`]) but without playing it: the capture's
    /// squares and the blast are lifted off the board for the attack tests.
    /// `None` for any other move.
    fn blast_capture_legal(&mut self, mv: Move, blast: &UnplayedBlasts) -> Option<bool> {
        let Move::Normal { from, to } = mv else {
            return None;
        };
        if self.piece_at(to).is_none() || self.piece_at(from).kind().is_in(blast.immune) {
            return None;
        }
        let (mut ours, theirs) = (blast.ours, &blast.theirs);
        if ours.contains(from) {
            ours.remove(from);
            ours.insert(to);
        }
        let blasted = self.blast_neighbours(to);
        let explodes = |set: &SqSet| set.contains(to) || set.intersects(&blasted);
        if explodes(&ours) {
            return Some(false);
        }
        if explodes(theirs) {
            return Some(true);
        }
        if let Some(lines) = &blast.lines {
            let mut emptied = blasted;
            emptied.insert(from);
            emptied.insert(to);
            if !emptied.intersects(lines) {
                return Some(true);
            }
        }
        let us = self.to_move();
        let mover = self.lift(from);
        let victim = self.lift(to);
        let mut lifted = [(0, Piece::NONE); 8];
        for (slot, sq) in lifted.iter_mut().zip(blasted.iter()) {
            *slot = (sq, self.lift(sq));
        }
        let safe = self.blast_safe(us, &ours, theirs);
        for &(sq, piece) in lifted.iter().take(blasted.len()) {
            self.drop_back(sq, piece);
        }
        self.drop_back(to, victim);
        self.drop_back(from, mover);
        Some(safe)
    }

    /// Whether an enemy piece could take `seat`'s pseudo-royal piece on
    /// `sq`: enemy pseudo-royal pieces that would turn into a wall by
    /// capturing cannot (as Fairy-Stockfish judges it).
    fn threatened_pseudo_royal(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        let unable = rules
            .pseudo_royal
            .map_or(0, |(mask, _, _)| mask & rules.petrify);
        if unable == 0 {
            return self.attacked_by_enemy(sq, seat);
        }
        let team = rules.seats[seat].team;
        Seat::all(rules.seats.len())
            .filter(|&s| rules.seats[s].team != team && !self.is_eliminated(s))
            .any(|s| self.find_attacker(sq, s, |from| !self.piece_at(from).kind().is_in(unable)))
    }

    /// Whether the kings face each other under Janggi's bikjang rule
    /// (`bikjangRule`).
    pub fn bikjang(&self) -> bool {
        self.rules().bikjang && self.generals_face()
    }

    /// Whether two royal pieces face each other on a rank or file with no
    /// piece (or hole) between them: what the flying general forbids.
    fn generals_face(&self) -> bool {
        let rules = self.rules();
        self.aligned_royals().any(|(a, b)| {
            segment(rules, a, b)
                .filter(|&s| s != a && s != b)
                .all(|s| rules.playable[s as usize] && self.piece_at(s).is_none())
        })
    }

    /// The pairs of royal pieces (of different seats) on one rank or file.
    fn aligned_royals(&self) -> impl Iterator<Item = (Sq, Sq)> + '_ {
        let rules = self.rules();
        let n = rules.seats.len();
        let royals = move || Seat::all(n).filter_map(|s| self.royal(s));
        royals().enumerate().flat_map(move |(i, a)| {
            royals().skip(i + 1).filter_map(move |b| {
                let aligned =
                    rules.file_of(a) == rules.file_of(b) || rules.rank_of(a) == rules.rank_of(b);
                aligned.then_some((a, b))
            })
        })
    }

    /// What `dropOppositeColoredBishop` asks of the side to move's drops
    /// ([`BishopBalance`]), counted once for all of them; `None` where the
    /// variant has no such rule (told without a call).
    #[inline(always)]
    fn bishop_balance(&self) -> Option<BishopBalance> {
        let hand = self.rules().hand.as_ref()?;
        let bishop = hand.opposite_coloured_bishops?;
        Some(self.bishop_balance_of(bishop, hand.dark_squares))
    }

    /// [`Position::bishop_balance`] of the bishop type on the `dark`
    /// squares.
    #[inline(never)]
    fn bishop_balance_of(&self, bishop: PieceType, dark: SqSet) -> BishopBalance {
        let us = self.to_move();
        let total = u32::from(self.count(us, bishop)) + u32::from(self.in_hand(us, bishop));
        let (mut on_dark, mut on_light) = (0, 0);
        for &s in self.pieces_of(us) {
            if self.piece_at(s).kind() == bishop {
                if dark.contains(s) {
                    on_dark += 1;
                } else {
                    on_light += 1;
                }
            }
        }
        let free = self.drop_squares(us, bishop);
        let free_dark = free.intersection(&dark).len() as u32;
        let free_light = free.len() as u32 - free_dark;
        // Enough squares of each colour must remain for the bishops once
        // the drop has taken one (`taken_dark`, `taken_light`) or none.
        let room = |taken_dark: u32, taken_light: u32| {
            on_dark + free_dark >= total / 2 + taken_dark
                && on_light + free_light >= total / 2 + taken_light
        };
        BishopBalance {
            bishop,
            dark,
            free,
            // No more bishops on the drop square's colour than half of them.
            bishop_on_dark: on_dark < total.div_ceil(2),
            bishop_on_light: on_light < total.div_ceil(2),
            elsewhere: room(0, 0),
            on_free_dark: room(1, 0),
            on_free_light: room(0, 1),
        }
    }

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
    fn legal_moves_in_play(&mut self, list: &mut MoveList) {
        if self.fast_legality() {
            self.generate_legal(&mut Lister(list));
            self.finish_legal_list(list);
            return;
        }
        if self.rules().exposure_legality[self.to_move()]
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
        let plain = rules.checking
            && !rules.complex_attacks
            && rules.pseudo_royal.is_none()
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
        let royal_drops_seen = !rules.complex_attacks && rules.blast.is_none();
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
            if rules.pseudo_royal.is_none() && matches!(m, Move::Walled { .. }) {
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

    /// Where the side to move has one royal piece, which an enemy attacks,
    /// and no move changes an attack but through the squares it leaves and
    /// enters (two seats, no pseudo-royal piece, blast, flip or wall): the
    /// squares of every enemy leap and of every enemy attack line toward it
    /// that holds a piece of a type attacking along it. Every check comes
    /// along squares of this set, the attacker's own among them.
    fn check_lines(&self, us: Seat) -> Option<SqSet> {
        let rules = self.rules();
        if rules.seats.len() != 2
            || rules.pseudo_royal.is_some()
            || rules.blast.is_some()
            || rules.flip.is_some()
            || rules.walling.is_some()
        {
            return None;
        }
        let king = self.royal(us)?;
        let enemy = self.other_seat_if_enemy(us)?;
        if !self.attacked_by(king, enemy) {
            return None;
        }
        let mut squares = SqSet::default();
        for &(leaps, _) in rules.leap_attacks(enemy, king) {
            squares |= SqSet::from_words([leaps, 0, 0, 0]);
        }
        for attack in rules.attack_lines(enemy, king) {
            if self.manned(attack, enemy) {
                let line = rules.line_squares(&attack.line);
                line.iter().for_each(|&s| squares.insert(s));
            }
        }
        Some(squares)
    }

    /// Whether a live piece of `enemy` of a type attacking along `attack`
    /// stands on one of its squares: on boards of at most 64 squares, one
    /// test of the line's squares against the attackers'.
    fn manned(&self, attack: &crate::rules::AttackLine, enemy: Seat) -> bool {
        if attack.span != 0 {
            return attack.span & self.pieces_of_types(enemy, attack.types) != 0;
        }
        self.rules().line_squares(&attack.line).iter().any(|&s| {
            let p = self.piece_at(s);
            p.is_some() && p.seat() == enemy && !p.dead() && p.kind().is_in(attack.types)
        })
    }

    /// Whether `m`, in check along `lines` ([`Position::check_lines`]),
    /// leaves the check standing: a move of one piece that is not royal
    /// and becomes none (a plain move, promotion, demotion or drop, not
    /// always tested), leaving and entering no square of `lines`.
    fn leaves_check_standing(&self, m: &Move, lines: &SqSet) -> bool {
        let rules = self.rules();
        let royal = |kind: PieceType| rules.pieces[kind].royal;
        let placed_royal = match *m {
            Move::Normal { from, .. } => royal(self.piece_at(from).kind()),
            Move::Promotion { from, piece, .. }
            | Move::PiecePromotion { from, piece, .. }
            | Move::PieceDemotion { from, piece, .. } => {
                royal(self.piece_at(from).kind()) || royal(piece)
            }
            Move::Drop { placed, .. } => royal(placed),
            _ => return false,
        };
        !placed_royal
            && !self.always_tested(m)
            && m.from().is_none_or(|from| !lines.contains(from))
            && !lines.contains(m.to())
    }

    /// The rules applied to the legal moves either path found, in this
    /// order: makpong's, compulsory captures, compulsory drops, gatings,
    /// passes, the pass of a side left without a move.
    fn finish_legal_list(&mut self, list: &mut MoveList) {
        if self.rules().makpong {
            list.retain(|m| self.makpong_allows(m));
        }
        self.keep_compulsory_captures(list);
        self.keep_compulsory_drops(list);
        self.add_gatings(list);
        self.add_pass(list);
        self.add_stalemate_pass(list);
    }

    /// The squares a move must leave or enter to be made and tested (see
    /// [`Position::exposure`]); where checks are forbidden (`checking =
    /// false`) also those from which it may give check or uncover one
    /// ([`Position::check_reach`]); written into `judged` (at its default),
    /// which is not moved about: it is large. False when every move is
    /// tested. `tested` is [`Position::tested_pieces`].
    fn judged_lines(&self, us: Seat, tested: &SqSet, judged: &mut JudgedLines) -> bool {
        let rules = self.rules();
        if let Some((lines, blocking)) = self.exposure(us, tested) {
            judged.lines = lines;
            judged.blocking = blocking;
        } else if let Some(check) = self.check_lines(us) {
            // In check: a move touching the checking lines is tested, any
            // other leaves the check standing.
            judged.lines = check;
            judged.in_check = true;
        } else {
            return false;
        }
        judged.royal_steps = rules
            .pseudo_royal
            .is_none_or(|(types, _, duple)| !duple && types & rules.petrify == 0)
            && !rules.flying_general
            && rules.mutually_immune == 0;
        if rules.blast.is_some() {
            // The tested pieces are the pseudo-royal ones wherever
            // unplayed blasts apply (not with `dupleCheck`).
            judged.blasts = self
                .unplayed_blasts(*tested, self.enemy_pseudo_royals_if_blasts(us))
                .map(|blasts| UnplayedBlasts {
                    lines: Some(judged.left()),
                    ..blasts
                });
        }
        rules.checking || self.check_reach(us, judged)
    }

    /// The pieces whose own moves are always tested: pseudo-royal ones and,
    /// with `dupleCheck`, every piece of their types.
    fn tested_pieces(&self, us: Seat) -> SqSet {
        let mut tested = self.pseudo_royals(us);
        for s in self.duple_candidates(us).iter() {
            tested.insert(s);
        }
        tested
    }

    /// Where captures are compulsory (`mustCapture`) and a legal move
    /// captures, only the captures stay.
    fn keep_compulsory_captures(&self, list: &mut MoveList) {
        if self.rules().must_capture && list.as_slice().iter().any(|m| self.is_capture(m)) {
            list.retain(|m| self.is_capture(m));
        }
    }

    /// Whether a move is always made and tested: a capture that explodes
    /// pieces or that a mutual immunity may forbid, and a promotion that
    /// may change which pieces are pseudo-royal.
    #[inline(always)]
    fn always_tested(&self, m: &Move) -> bool {
        let rules = self.rules();
        self.captures_tested() && self.is_capture(m)
            || (rules.promotions_touch_pseudo_royals || rules.sittuyin_promotion)
                && matches!(m, Move::Promotion { .. })
    }

    /// Whether every capture is made and tested: captures explode pieces
    /// or a mutual immunity may forbid them.
    #[inline(always)]
    fn captures_tested(&self) -> bool {
        let rules = self.rules();
        rules.blast.is_some() || rules.mutually_immune != 0
    }

    /// Whether a move is legal where [`Position::judged_lines`] found
    /// `judged`: an [`Position::unexposed`] move is (unless always
    /// tested), a plain move giving check where checks are forbidden is
    /// not, a royal step [`Position::royal_step_unexposed`] is when its
    /// destination is safe, a drop [`Position::drop_unexposed`] is unless it
    /// puts a pseudo-royal piece where it is attacked, and so is a
    /// pseudo-royal piece's promotion or demotion that keeps it so; any
    /// other move is made and tested.
    #[inline(always)]
    fn judged_legal(&mut self, m: &Move, judged: &JudgedLines, tested: &SqSet) -> bool {
        if judged.in_check && self.leaves_check_standing(m, &judged.lines) {
            return false;
        }
        if self.always_tested(m) {
            if let Some(blast) = &judged.blasts
                && let Some(legal) = self.blast_capture_legal(*m, blast)
            {
                return legal;
            }
            return self.is_legal(*m);
        }
        if self.unexposed(m, judged, tested) {
            return true;
        }
        match *m {
            // Where checks are forbidden, a piece entering a square from
            // which its type attacks the enemy royal piece gives check.
            Move::Normal { from, to } if judged.checks_from(self.piece_at(from).kind(), to) => {
                false
            }
            Move::Normal { from, to } if self.royal_step_unexposed(from, to, judged, tested) => {
                self.royal_step_safe(from, to)
            }
            // A pseudo-royal piece that turns into a type it stays
            // pseudo-royal as (gethenian's king and queen), the others'
            // pseudo-royalty unchanged, is as safe as its destination.
            Move::PiecePromotion { from, to, piece } | Move::PieceDemotion { from, to, piece }
                if self.royal_step_unexposed(from, to, judged, tested)
                    && !judged.entered(Some(piece)).contains(to)
                    && self.stays_pseudo_royal(from, piece) =>
            {
                self.royal_step_safe(from, to)
            }
            Move::Drop { placed, to, .. } if self.drop_unexposed(placed, to, judged) => {
                !self.rules().pseudo_royal_type(placed) || self.safe_for_royalty(to)
            }
            _ => self.is_legal(*m),
        }
    }

    /// Whether a plain move of the royal or pseudo-royal piece on `from`
    /// (pseudo-royal ones are on `tested`) needs no more than its
    /// destination's safety ([`Position::royal_step_safe`]): the rules allow
    /// it ([`JudgedLines::royal_steps`]) and the move leaves and enters no
    /// square `judged` names, so it uncovers no attack on another royal or
    /// pseudo-royal piece (and gives no check where checks are forbidden).
    fn royal_step_unexposed(&self, from: Sq, to: Sq, judged: &JudgedLines, tested: &SqSet) -> bool {
        let kind = self.piece_at(from).kind();
        let rules = self.rules();
        judged.royal_steps
            && (rules.pieces[kind].royal && rules.blast.is_none() || tested.contains(from))
            && !judged.left().contains(from)
            && !judged.entered(Some(kind)).contains(to)
    }

    /// Whether a drop of `placed` on `to` needs no more than, for a piece
    /// of a pseudo-royal type, its square's safety: the rules allow it
    /// ([`JudgedLines::royal_steps`]), the piece is not royal, drops may
    /// give check and have no bishop-colour rule, and `to` is no square
    /// `judged` names for it (a drop elsewhere can only block a line).
    fn drop_unexposed(&self, placed: PieceType, to: Sq, judged: &JudgedLines) -> bool {
        let rules = self.rules();
        judged.royal_steps
            && !rules.pieces[placed].royal
            && rules
                .hand
                .as_ref()
                .is_some_and(|h| h.checks && h.opposite_coloured_bishops.is_none())
            && !judged.entered(Some(placed)).contains(to)
    }

    /// Whether a move (not [`Position::always_tested`]) is legal without
    /// being played: a plain move, promotion or demotion of a piece that is
    /// neither royal nor on `tested` (pseudo-royal pieces), leaving no
    /// square of `judged.lines` and entering none that
    /// [`JudgedLines::entered`] names for it.
    #[inline(always)]
    fn unexposed(&self, m: &Move, judged: &JudgedLines, tested: &SqSet) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        let shaped = matches!(
            m,
            Move::Normal { .. }
                | Move::Promotion { .. }
                | Move::PiecePromotion { .. }
                | Move::PieceDemotion { .. }
        );
        if !shaped || judged.left().contains(from) || tested.contains(from) {
            return false;
        }
        let kind = self.piece_at(from).kind();
        // A promotion or demotion may give check as another type.
        let mover = matches!(m, Move::Normal { .. }).then_some(kind);
        !judged.entered(mover).contains(m.to()) && !self.rules().pieces[kind].royal
    }

    /// With `pass`, the side to move may pass when not in check (or while
    /// the kings face each other, bikjang), as Fairy-Stockfish lets it: the
    /// pass is named by its king's square, else by its first piece's.
    fn add_pass(&mut self, list: &mut MoveList) {
        if let Some(pass) = self.legal_pass() {
            list.push(pass);
        }
    }

    /// The pass [`Position::add_pass`] adds, if the side to move has one.
    fn legal_pass(&mut self) -> Option<Move> {
        let pass = self.pass_move()?;
        self.is_legal(pass).then_some(pass)
    }

    /// The pass of the side to move where the variant has one (`pass`),
    /// legal or not.
    fn pass_move(&self) -> Option<Move> {
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
    fn add_stalemate_pass(&self, list: &mut MoveList) {
        if list.is_empty()
            && let Some(pass) = self.stalemate_pass()
        {
            list.push(pass);
        }
    }

    /// The pass of [`Position::add_stalemate_pass`] for a side that has no
    /// other legal move, if the variant gives it one.
    fn stalemate_pass(&self) -> Option<Move> {
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
    fn add_sittuyin_promotions(&mut self, list: &mut MoveList) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        if !rules.sittuyin_promotion {
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
            if pawns.len() > 1 && !rules.promotion_region[us][from as usize] {
                continue;
            }
            for &choice in &rules.promotion_choices[us] {
                let limit = rules.promotion_limit[choice];
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

    /// Whether the Makpong rule (`makpongRule`) lets a move be played: a
    /// royal piece in check may only move by taking its only checker.
    fn makpong_allows(&self, mv: &Move) -> bool {
        let rules = self.rules();
        if !rules.makpong {
            return true;
        }
        let us = self.to_move();
        let Some(from) = mv.from() else {
            return true;
        };
        if !rules.pieces[self.piece_at(from).kind()].royal || !self.in_check(us) {
            return true;
        }
        let mut checkers = SqSet::default();
        for seat in
            Seat::all(rules.seats.len()).filter(|&s| rules.seats[s].team != rules.seats[us].team)
        {
            self.find_attacker(from, seat, |sq| {
                checkers.insert(sq);
                false
            });
        }
        checkers.iter().count() == 1 && checkers.contains(mv.to())
    }

    /// For an attack test before a walling move: puts its wall on the
    /// board and, with the duck rule, lifts the walls already there;
    /// returns those for [`Position::unstand_wall`].
    fn stand_wall(&mut self, wall: Option<Sq>) -> (Piece, SqSet) {
        let Some(wall) = wall else {
            return (Piece::NONE, SqSet::default());
        };
        let lifted = if self.rules().duck_walls() {
            self.walls()
        } else {
            SqSet::default()
        };
        for sq in lifted.iter() {
            self.lift(sq);
        }
        // A wall on the square the king or rook leaves replaces it there.
        let replaced = self.lift(wall);
        self.drop_back(wall, Piece::WALL);
        (replaced, lifted)
    }

    /// Undoes [`Position::stand_wall`].
    fn unstand_wall(&mut self, wall: Option<Sq>, (replaced, lifted): (Piece, SqSet)) {
        if let Some(wall) = wall {
            self.lift(wall);
            if replaced.is_some() {
                self.drop_back(wall, replaced);
            }
            for sq in lifted.iter() {
                self.drop_back(sq, Piece::WALL);
            }
        }
    }

    /// With walls (`wallingRule`), replaces each move of a piece by the
    /// same move with each wall it may put; drops and passes put none.
    fn add_walls(&mut self, list: &mut MoveList) {
        let handle = self.shared_rules().clone();
        let Some(walling) = handle.walling.as_ref() else {
            return;
        };
        if walling.or_move {
            // Pieces move without walls; a turn may instead only put one,
            // named as Fairy-Stockfish names it by the mover's first piece.
            if let Some(&sq) = self.pieces_of(self.to_move()).iter().min() {
                let pass = Move::Pass { sq };
                for wall in self.wall_squares(walling, pass, sq).iter() {
                    list.push(Move::Walled {
                        base: WallBase::Pass { sq },
                        wall,
                    });
                }
            }
            return;
        }
        // The moves are copied out (not the whole list, whose inline buffer
        // is large) and come back with their walls.
        let bases: SmallVec<[Move; 128]> = SmallVec::from_slice(list.as_slice());
        list.clear();
        for &base in &bases {
            match (base.from(), base.with_wall(0)) {
                (Some(from), Some(Move::Walled { base: shape, .. }))
                    if !matches!(shape, WallBase::Pass { .. }) =>
                {
                    for wall in self.wall_squares(walling, base, from).iter() {
                        list.push(Move::Walled { base: shape, wall });
                    }
                }
                _ => list.push(base),
            }
        }
    }

    /// The squares the wall of a move may go on, as Fairy-Stockfish places
    /// it: empty once the move is made, in the mover's walling region, and
    /// where the walling rule allows.
    fn wall_squares(&mut self, walling: &Walling, base: Move, from: Sq) -> SqSet {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        let to = base.to();
        let mut vacated = SqSet::default();
        let mut landed = SqSet::default();
        if !matches!(base, Move::Pass { .. }) {
            vacated.insert(from);
            landed.insert(to);
        }
        match base {
            Move::EnPassant { captured, .. } => vacated.insert(captured),
            Move::Castle { rook, wing, .. } => {
                vacated.insert(rook);
                landed = SqSet::default();
                if let Some(geometry) = rules.castling[us][wing as usize] {
                    landed.insert(geometry.king_to);
                    landed.insert(geometry.rook_to);
                }
            }
            _ => {}
        }
        let reach = match walling.rule {
            WallingRule::Arrow => Some(self.quiet_reach_after(from, to)),
            _ => None,
        };
        // Empty once the move is made, in the region, not where it lands.
        let candidates = || walling.region[us] & (!*self.occupied() | vacated) & !landed;
        match walling.rule {
            WallingRule::Arrow => candidates() & reach.unwrap_or_default(),
            // Tested square by square: the whole occupancy, just changed by
            // the last move word by word, would be read back at once (a
            // store-forwarding stall).
            WallingRule::Past => {
                let mut past = SqSet::default();
                if walling.region[us].contains(from)
                    && !landed.contains(from)
                    && (vacated.contains(from) || !self.occupied().contains(from))
                {
                    past.insert(from);
                }
                past
            }
            WallingRule::Edge => {
                let mut out = SqSet::default();
                for sq in candidates()
                    .iter()
                    .filter(|&sq| self.on_edge_or_by_wall(sq))
                {
                    out.insert(sq);
                }
                out
            }
            WallingRule::Duck | WallingRule::Static => candidates(),
        }
    }

    /// The empty squares the piece on `from` could reach by a quiet move
    /// once it stands on `to` (Amazons' arrows).
    fn quiet_reach_after(&mut self, from: Sq, to: Sq) -> SqSet {
        let piece = self.piece_at(from);
        // The squares occupied once the piece has moved.
        let mut occupied = *self.occupied();
        occupied.remove(from);
        occupied.insert(to);
        let handle = self.shared_rules().clone();
        let by_bits = match &handle.bits {
            BoardBits::Narrow(bits) => self.quiet_targets_by_bits(bits, to, piece, &occupied),
            BoardBits::Double(bits) => self.quiet_targets_by_bits(bits, to, piece, &occupied),
            BoardBits::Wide(bits) => self.quiet_targets_by_bits(bits, to, piece, &occupied),
        };
        if let Some(reach) = by_bits {
            return reach;
        }
        // The general walk reads the board: the move is made on it.
        self.lift(from);
        let taken = self.lift(to);
        self.drop_back(to, piece);
        let mut reach = SqSet::default();
        self.piece_moves_walk(to, piece, false, &mut |m| {
            if let Move::Normal { to: target, .. } = m
                && self.piece_at(target).is_none()
            {
                reach.insert(target);
            }
        });
        self.lift(to);
        if taken.is_some() {
            self.drop_back(to, taken);
        }
        self.drop_back(from, piece);
        reach
    }

    /// The empty squares that `piece`, standing on `from` among the
    /// `occupied` squares, reaches by plain quiet moves, found with
    /// bitboards, or `None` where it needs the general walk
    /// ([`Position::targets_by_bits`]).
    fn quiet_targets_by_bits<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        from: Sq,
        piece: Piece,
        occupied: &SqSet,
    ) -> Option<SqSet> {
        let masks = BoardMasks {
            occupied: B::from_set(occupied),
            enemies: B::default(),
            en_passant: B::default(),
            allowed: B::ALL,
        };
        let slot = bits
            .seat_slots(self.rules(), piece.seat())
            .of(piece.kind(), from);
        Self::targets_by_bits(bits, slot, piece, masks).map(Bitboard::to_set)
    }

    /// Whether a square lies on the board's edge or next (orthogonally) to
    /// a wall (`wallingRule = edge`).
    fn on_edge_or_by_wall(&self, sq: Sq) -> bool {
        let rules = self.rules();
        let (file, rank) = (rules.file_of(sq), rules.rank_of(sq));
        if file == 0 || rank == 0 || file + 1 == rules.files || rank + 1 == rules.ranks {
            return true;
        }
        [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .any(|&(df, dr)| {
                let sq = rules.square((i32::from(file) + df) as u8, (i32::from(rank) + dr) as u8);
                self.piece_at(sq).is_wall()
            })
    }

    /// Adds, after each legal move from a gate square, its gating moves.
    fn add_gatings(&self, list: &mut MoveList) {
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
    fn may_gate(&self) -> bool {
        self.rules().hand.as_ref().is_some_and(|h| h.gating) && self.has_hand(self.to_move())
    }

    /// What the side to move may gate in this position: its gate squares
    /// and the types its hand holds, found once for all its moves.
    fn gate_offer(&self) -> GateOffer {
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
    fn gatings(&self, base: Move, offer: &GateOffer, emit: &mut impl FnMut(Move)) {
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
                let Some(geometry) = rules.castling[us][wing as usize] else {
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

    /// With `mustDrop`, while the hand holds a piece of the compulsory
    /// types and one of them can be dropped legally, only such drops are
    /// legal.
    fn keep_compulsory_drops(&self, list: &mut MoveList) {
        let Some(types) = self.rules().hand.as_ref().and_then(|h| h.must_drop) else {
            return;
        };
        let compulsory = |m: &Move| matches!(m, Move::Drop { piece, .. } if piece.is_in(types));
        if list.as_slice().iter().any(compulsory) {
            list.retain(|m| compulsory(m));
        }
    }

    /// Where hoppers, lame leapers or pseudo-royal pieces make pins
    /// unknowable in advance: the squares of every attack line toward the
    /// seat's royal and pseudo-royal pieces on which an enemy piece that
    /// attacks along it stands (a rider's ray, a hopper's hurdles and
    /// landing, a lame leaper's path), or `None` when one of them is
    /// attacked. Of a plain ride with two seats, only the square of the
    /// one piece between the target and the first attacker counts (with
    /// two or more there, no move uncovers the ride), where moves empty
    /// squares one at a time. A move by another piece that neither leaves
    /// nor enters one of these squares cannot change an attack on them, so
    /// it is legal without being played; the others are tested. `tested`
    /// is [`Position::tested_pieces`].
    fn exposure(&self, us: Seat, tested: &SqSet) -> Option<(SqSet, SqSet)> {
        let rules = self.rules();
        let mut targets = *tested;
        if let Some(king) = self.royal(us) {
            targets.insert(king);
        }
        // Where no move empties two squares of a line at once unless it is
        // always tested (castling, en passant) and none turns a piece's
        // colour: no blast, no flip, no wall moved off its square.
        let squares_emptied_one_at_a_time =
            rules.blast.is_none() && rules.flip.is_none() && rules.walling.is_none();
        let mut lines = SqSet::default();
        let mut blocking = SqSet::default();
        // A piece entering a square of a plain line can only block it; of
        // a hopper's or a jumping line, it may be the missing hurdle.
        let mut add = |line: &crate::rules::Line, squares: &[Sq]| {
            let sink = if line.jump || matches!(line.kind, LineKind::Hop | LineKind::Grasshop) {
                &mut lines
            } else {
                &mut blocking
            };
            squares.iter().for_each(|&s| sink.insert(s));
        };
        for target in targets.iter() {
            if self.attacked_by_enemy(target, us) {
                return None;
            }
            // Only lines with an enemy piece of a type that attacks along
            // them count: a move brings no enemy piece onto a line.
            let team = rules.seats[us].team;
            if rules.seats.len() <= 2 {
                for enemy in Seat::all(rules.seats.len()).filter(|&e| rules.seats[e].team != team) {
                    // No rider on the rides toward the target: none is
                    // manned.
                    if self.no_rider_toward(enemy, target) {
                        continue;
                    }
                    for attack in rules.attack_lines(enemy, target) {
                        let squares = rules.line_squares(&attack.line);
                        let attacker = |p: Piece| {
                            p.seat() == enemy && !p.dead() && p.kind().is_in(attack.types)
                        };
                        let line = &attack.line;
                        let plain_ride =
                            line.kind == LineKind::Ride && line.path == 0 && !line.jump;
                        if !(plain_ride && squares_emptied_one_at_a_time) {
                            if self.manned(attack, enemy) {
                                add(line, squares);
                            }
                            continue;
                        }
                        // From the target out, the pieces before the first
                        // attacker shield it: with two or more no move
                        // exposes it along this ride; with one, only that
                        // piece's leaving does. On boards of at most 64
                        // squares, read from the ray's first two pieces.
                        if attack.span != 0 {
                            let blockers = attack.span & self.occupied().low_bits();
                            if blockers == 0 {
                                continue;
                            }
                            let attackers = self.pieces_of_types(enemy, attack.types);
                            let first = attack.nearest(blockers);
                            let rest = blockers & !(1 << first);
                            if attackers >> first & 1 != 0 {
                                add(line, squares);
                            } else if rest != 0 && attackers >> attack.nearest(rest) & 1 != 0 {
                                add(line, &[first as Sq]);
                            }
                            continue;
                        }
                        let mut shield = None;
                        for s in squares {
                            let p = self.piece_at(*s);
                            if p.is_none() {
                                continue;
                            }
                            if attacker(p) {
                                match shield {
                                    Some(shield) => add(line, std::slice::from_ref(shield)),
                                    // Not attacked, as found above, with no
                                    // shield: judged as a whole.
                                    None => add(line, squares),
                                }
                                break;
                            }
                            if shield.is_some() {
                                break;
                            }
                            shield = Some(s);
                        }
                    }
                }
            } else {
                for attack in rules.enemy_attack_lines(target) {
                    let squares = rules.line_squares(&attack.line);
                    if squares
                        .iter()
                        .any(|&s| self.enemy_attacks_from(s, team, &attack.types))
                    {
                        add(&attack.line, squares);
                    }
                }
            }
        }
        if rules.flying_general {
            // A move that neither leaves nor enters the squares between two
            // royal pieces on one rank or file cannot make them face.
            if self.generals_face() {
                return None;
            }
            for (a, b) in self.aligned_royals() {
                segment(rules, a, b).for_each(|s| blocking.insert(s));
            }
        }
        Some((lines, blocking))
    }

    /// Where checks are forbidden (`checking = false`): adds to `judged`
    /// the squares a move must leave or enter to give check, or returns
    /// false when an enemy is in check already (every move is tested).
    ///
    /// With two seats, along each line of the mover's attacks ending on the
    /// enemy royal piece: a plain leap's square and a ride's squares up to
    /// its first piece are where a piece of the line's types gives check
    /// (beyond that piece it is blocked, and were that piece the mover of
    /// such a type, the enemy would be in check already); the first piece's
    /// square, where an attacker of ours stands next behind it, is where a
    /// move uncovers one; every square of any other line (lame leaps,
    /// hoppers) is tested. With more seats, every square of every attack
    /// line ending on an enemy royal piece (`RuleTable::attack_reach`).
    fn check_reach(&self, us: Seat, judged: &mut JudgedLines) -> bool {
        let rules = self.rules();
        let team = rules.seats[us].team;
        for seat in Seat::all(rules.seats.len()).filter(|&s| rules.seats[s].team != team) {
            if self.in_check(seat) {
                return false;
            }
            let Some(king) = self.royal(seat) else {
                continue;
            };
            if rules.seats.len() > 2 {
                judged.lines |= *rules.attack_reach(king);
                continue;
            }
            for &(squares, types) in rules.leap_attacks(us, king) {
                judged.add_checks(types, SqSet::from_words([squares, 0, 0, 0]));
            }
            for attack in rules.attack_lines(us, king) {
                let line = &attack.line;
                let squares = rules.line_squares(line);
                let mut reach = SqSet::default();
                match line.kind {
                    LineKind::Leap if line.path == 0 => reach.insert(squares[0]),
                    LineKind::Ride if line.path == 0 => {
                        let occupied = |s: &&Sq| self.piece_at(**s).is_some();
                        let first = squares.iter().position(|s| occupied(&s));
                        let end = first.map_or(squares.len(), |i| i + 1);
                        squares[..end].iter().for_each(|&s| reach.insert(s));
                        if let Some(i) = first
                            && let Some(&behind) = squares[i + 1..].iter().find(occupied)
                        {
                            let p = self.piece_at(behind);
                            if p.seat() == us
                                && !p.dead()
                                && !p.is_wall()
                                && p.kind().is_in(attack.types)
                            {
                                judged.lines.insert(squares[i]);
                            }
                        }
                    }
                    _ => {
                        squares.iter().for_each(|&s| judged.lines.insert(s));
                        continue;
                    }
                }
                judged.add_checks(attack.types, reach);
            }
        }
        true
    }

    /// For a player to move without legal moves: where the variant takes
    /// that player out and plays on (checkmate or stalemate eliminating, as
    /// in free-for-all games), eliminates it, passes the turn and returns
    /// true; `unmake` takes the elimination back.
    pub fn eliminate_if_stuck(&mut self) -> bool {
        let rules = self.rules();
        if !(rules.eliminate_when_mated || rules.eliminate_when_stalemated)
            || self.immediate_end().is_some()
        {
            return false;
        }
        let mated = self.in_check(self.to_move());
        let eliminate = if mated {
            rules.eliminate_when_mated
        } else {
            rules.eliminate_when_stalemated
        };
        if eliminate {
            self.eliminate_to_move(rules.eliminated_pieces_removed);
        }
        eliminate
    }

    /// The number of legal moves of the side to move (perft's last ply),
    /// counted without listing the moves where no test is needed.
    pub fn count_legal_moves(&mut self) -> u64 {
        // As on the list: an ended game has no move (never at once where
        // the count is plain).
        let plain = self.rules().plain_count;
        if !plain && self.immediate_end().is_some() {
            return 0;
        }
        let fast = self.fast_legality();
        if plain && fast {
            let mut counter = Counter::new(false);
            self.generate_legal(&mut counter);
            return self.moves_or_stalemate_pass(counter.moves);
        }
        if !fast
            && self.rules().exposure_legality[self.to_move()]
            && let Some(count) = self.count_by_exposure()
        {
            return count;
        }
        if !fast && let Some(count) = self.count_walled() {
            return count;
        }
        let rules = self.rules();
        let gating = self.may_gate();
        // Gatings of compulsory captures or beside compulsory drops are
        // counted on the list, which applies those rules first.
        let compulsory =
            rules.must_capture || rules.hand.as_ref().is_some_and(|h| h.must_drop.is_some());
        if !fast || gating && compulsory {
            return self.count_listed();
        }
        let mut counter = Counter::new(rules.must_capture);
        let gatings = if gating {
            self.count_gatings(&mut counter)
        } else {
            self.generate_legal(&mut counter);
            0
        };
        // As on the list: a compulsory capture leaves only the captures, else
        // a compulsory drop only those drops.
        if self.rules().must_capture && counter.captures > 0 {
            counter.captures
        } else if counter.compulsory_drops > 0 {
            counter.compulsory_drops
        } else {
            self.moves_or_stalemate_pass(counter.moves) + gatings
        }
    }

    /// `moves` counted, or where there are none, the pass a stalemated
    /// side may make (`stalemate_pass`), as on the list.
    #[inline(always)]
    fn moves_or_stalemate_pass(&self, moves: u64) -> u64 {
        if moves == 0 {
            u64::from(self.stalemate_pass().is_some())
        } else {
            moves
        }
    }

    /// Hands the legal moves to `counter` and returns the number of their
    /// gatings ([`Position::gatings`]), made from the base moves that leave
    /// a gate square, which alone are listed. Never inlined: their list's
    /// room stays out of [`Position::count_legal_moves`]'s frame.
    #[inline(never)]
    fn count_gatings(&mut self, counter: &mut Counter) -> u64 {
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

    /// The number of legal moves, listed. Never inlined: the list's room
    /// would make [`Position::count_legal_moves`]'s frame pages deep (each
    /// page probed at every call) where it counts without one.
    #[inline(never)]
    fn count_listed(&mut self) -> u64 {
        let mut list = MoveList::default();
        self.legal_moves_in_play(&mut list);
        list.len() as u64
    }

    /// The legal moves counted where [`RuleTable::exposure_legality`]
    /// holds, as the slow path judges them: a plain move of a piece that is
    /// neither royal nor pseudo-royal, from and to squares off every line
    /// toward a royal piece (and, where checks are forbidden, toward an
    /// enemy royal piece), is legal unless it is always tested (a capture
    /// where captures explode); the other moves are made and tested. Where
    /// captures are compulsory and one is legal, only the captures count.
    /// In check, where [`Position::check_lines`] applies, the moves that
    /// touch no checking line are illegal and the others are tested.
    /// `None` when a royal piece is attacked otherwise (every move is
    /// tested).
    #[inline(never)]
    fn count_by_exposure(&mut self) -> Option<u64> {
        let mut counter = Counter::new(self.rules().must_capture);
        let in_check = self.moves_by_exposure(&mut counter)?;
        // As on the list: a compulsory capture leaves only the captures.
        let moves = if counter.must_capture && counter.captures > 0 {
            counter.captures
        } else {
            counter.moves
        };
        // As on the list, the pass comes after the other rules. It moves
        // nothing, and judged_lines found, where checks are forbidden, no
        // enemy in check: it is legal unless the side's royal piece is in
        // check (judged_lines then judged the moves that answer it).
        let pass = self.pass_move().is_some() && !in_check;
        Some(moves + u64::from(pass))
    }

    /// The legal moves where [`RuleTable::exposure_legality`] holds, into
    /// `sink`, as [`Position::count_by_exposure`] judges them, before the
    /// rules of [`Position::finish_legal_list`] (compulsory captures, the
    /// pass); returns whether the side's royal piece is in check there
    /// ([`Position::check_lines`]). `None`, with nothing told, when a royal
    /// piece is attacked otherwise, or the kings face each other (every
    /// move is tested then).
    fn moves_by_exposure(&mut self, sink: &mut impl MoveSink) -> Option<bool> {
        // While the kings face each other (bikjang), every move but the
        // pass must break the facing: each is tested.
        if self.bikjang() {
            return None;
        }
        if self.moves_by_blast_pins(sink) {
            return Some(false);
        }
        let us = self.to_move();
        let tested = self.tested_pieces(us);
        let mut judged = JudgedLines::default();
        if !self.judged_lines(us, &tested, &mut judged) {
            return None;
        }
        let handle = self.shared_rules().clone();
        match &handle.bits {
            BoardBits::Narrow(bits) => self.moves_by_exposure_with(bits, &judged, tested, sink),
            BoardBits::Double(bits) => self.moves_by_exposure_with(bits, &judged, tested, sink),
            BoardBits::Wide(bits) => self.moves_by_exposure_with(bits, &judged, tested, sink),
        }
        Some(judged.in_check)
    }

    /// [`Position::moves_by_exposure`] with the rule table's bitboard
    /// tables; the pieces on `tested` have every move tested.
    fn moves_by_exposure_with<B: Bitboard>(
        &mut self,
        bits: &BitTables<B>,
        judged: &JudgedLines,
        tested: SqSet,
        sink: &mut impl MoveSink,
    ) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        let masks = self.open_masks::<B>();
        // Where every capture is tested, a capture is judged as a move on a
        // line is.
        let left = judged.left();
        // The pieces whose every move is tested or judged: one test a piece.
        let held = tested | left;
        let mut entered = B::from_set(&judged.lines);
        if self.captures_tested() {
            entered |= masks.occupied;
        }
        // Per type, the squares its moves are judged on entering: the
        // judged lines and the squares from which it gives check.
        let mut judged_on_entry = [entered; MAX_PIECE_TYPES];
        for (types, squares) in judged.checks() {
            let squares = B::from_set(squares);
            let mut t = *types & rules.all_types();
            while t != 0 {
                judged_on_entry[t.trailing_zeros() as usize] |= squares;
                t &= t - 1;
            }
        }
        // A promotion or demotion entering no square judged for any type
        // ([`JudgedLines::entered`]), by a piece that leaves no judged
        // square, is legal whatever type it places ([`Position::unexposed`]),
        // unless the rules test promotions (of pseudo-royal types,
        // sittuyin's promotion moves).
        let promotions_judged = !rules.promotions_touch_pseudo_royals && !rules.sittuyin_promotion;
        // Found on the first such promotion.
        let mut judged_any = None;
        // Royal and pseudo-royal steps judged by the squares the enemy
        // attacks ([`Position::step_dangers`]) where
        // [`Position::judged_legal`] would judge each by its destination's
        // safety alone ([`Position::royal_step_unexposed`]): there, with no
        // blast and no mutual immunity, `judged_on_entry` holds the squares
        // [`JudgedLines::entered`] names for each type.
        let royal_steps_mapped = judged.royal_steps && rules.blast.is_none();
        let mut to_test: MoveList = MoveList::default();
        let slots = bits.seat_slots(rules, us);
        let moveless = bits.moveless[us.index()];
        let zone = bits.zones[us.index()];
        for &from in self.pieces_of(us) {
            let p = self.piece_at(from);
            if p.kind().is_in(moveless) {
                continue;
            }
            let slot = slots.of(p.kind(), from);
            let free = !slot.royal && !held.contains(from);
            // A piece that may promote: its targets are found with
            // bitboards too. Those outside its promotion region, when it
            // stands outside, are plain moves; each other gives the moves
            // `add_move` makes, counted together where no judged square is
            // left or entered, else tested.
            let promoting = Self::may_promote(&slot, p);
            let targets = if promoting {
                Self::line_targets_by_bits(bits, slot, masks)
            } else {
                Self::targets_by_bits(bits, slot, p, masks)
            };
            if let Some(targets) = targets {
                let promoting_zone = if !promoting {
                    B::default()
                } else if (B::square(from) & zone).is_empty() {
                    zone
                } else {
                    B::ALL
                };
                let promotions = targets & promoting_zone;
                if !promotions.is_empty() {
                    let unjudged = if free && promotions_judged && !judged.in_check {
                        let judged_any = *judged_any
                            .get_or_insert_with(|| entered | B::from_set(&judged.entered(None)));
                        promotions & !judged_any
                    } else {
                        B::default()
                    };
                    let job = Promotions {
                        from,
                        piece: p,
                        promotions,
                        unjudged,
                        occupied: masks.occupied,
                        zone,
                    };
                    self.promotions_by_exposure(job, sink, &mut to_test);
                }
                let plain = targets & !promoting_zone;
                let judged_here = if free {
                    judged_on_entry[p.kind().index()]
                } else if royal_steps_mapped
                    && (slot.royal || tested.contains(from))
                    && !left.contains(from)
                    && self.steps_by_dangers(
                        bits,
                        (from, plain),
                        judged_on_entry[p.kind().index()],
                        sink,
                        &mut to_test,
                    )
                {
                    continue;
                } else {
                    B::ALL
                };
                // In check, a move entering no judged square leaves the
                // check standing.
                if !judged.in_check {
                    let unjudged = plain & !judged_here;
                    sink.batch(from, unjudged, unjudged & masks.occupied);
                }
                let mut on_lines = plain & judged_here;
                while let Some(to) = on_lines.pop_lowest() {
                    to_test.push(Move::Normal { from, to });
                }
                continue;
            }
            self.piece_moves(from, p, &mut to_test);
        }
        self.castling_moves(&mut to_test);
        let drops = if judged.in_check {
            judged.lines
        } else {
            SqSet::ALL
        };
        self.drop_moves(drops, None, &mut |m| to_test.push(m));
        for m in to_test.as_slice() {
            if self.judged_legal(m, judged, &tested) {
                sink.single(*m, rules.must_capture && self.is_capture(m));
            }
        }
    }

    /// The promotions and demotions of one piece in
    /// [`Position::moves_by_exposure_with`]: those to `unjudged` squares
    /// told to `sink` (counted together by a [`Counter`]), the others
    /// listed on `to_test`. Kept out of line: most pieces have none.
    #[inline(never)]
    fn promotions_by_exposure<B: Bitboard>(
        &self,
        job: Promotions<B>,
        sink: &mut impl MoveSink,
        to_test: &mut MoveList,
    ) {
        let Promotions {
            from,
            piece,
            promotions,
            unjudged,
            occupied,
            zone,
        } = job;
        if !unjudged.is_empty()
            && !sink.promotions(
                self,
                from,
                piece,
                unjudged & !occupied,
                unjudged & occupied,
                zone,
            )
        {
            self.target_moves(from, piece, unjudged, occupied, &mut |m, capture| {
                sink.single(m, capture)
            });
        }
        let judged = promotions & !unjudged;
        self.target_moves(from, piece, judged, occupied, &mut |m, _| to_test.push(m));
    }

    /// Hands `emit` the moves of `piece` from `from` to each square of
    /// `targets` as [`Position::add_move`] gives them, targets in square
    /// order, with whether each captures (its target is in `occupied`).
    #[inline]
    fn target_moves<B: Bitboard>(
        &self,
        from: Sq,
        piece: Piece,
        targets: B,
        occupied: B,
        emit: &mut impl FnMut(Move, bool),
    ) {
        let mut targets = targets;
        while let Some(to) = targets.pop_lowest() {
            let capture = !(occupied & B::square(to)).is_empty();
            self.add_move(from, to, piece, capture, &mut |m| emit(m, capture));
        }
    }

    /// The legal moves counted where [`RuleTable::walls_counted`] holds:
    /// as the slow path judges a walled move by its base move, each legal
    /// base move counts its wall squares without the walled moves being
    /// listed. `None` where that does not apply. Asked only while no
    /// immediate rule has ended the game.
    #[inline(never)]
    fn count_walled(&mut self) -> Option<u64> {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let walling = rules.walling.as_ref()?;
        if rules.walls_or_moves_counted[self.to_move()] {
            return self.count_walls_or_moves(walling);
        }
        if !rules.walls_counted[self.to_move()] {
            return None;
        }
        let mut bases = MoveList::default();
        let untested = self.nothing_exposed();
        let mut count = 0;
        if untested && walling.rule == WallingRule::Past {
            let region = &walling.region[self.to_move()];
            count = match &handle.bits {
                BoardBits::Narrow(bits) => self.count_past_walled(bits, region, &mut bases),
                BoardBits::Double(bits) => self.count_past_walled(bits, region, &mut bases),
                BoardBits::Wide(bits) => self.count_past_walled(bits, region, &mut bases),
            };
        } else {
            self.pseudo_moves(&mut bases);
        }
        for &base in bases.as_slice() {
            match (base.from(), base.with_wall(0)) {
                (Some(from), Some(Move::Walled { base: shape, .. }))
                    if !matches!(shape, WallBase::Pass { .. }) =>
                {
                    let walls = self.wall_squares(walling, base, from);
                    if let Some(wall) = walls.iter().next()
                        && (untested || self.is_legal(Move::Walled { base: shape, wall }))
                    {
                        count += walls.len() as u64;
                    }
                }
                _ => count += u64::from(untested || self.is_legal(base)),
            }
        }
        Some(count)
    }

    /// The legal moves counted where [`RuleTable::walls_or_moves_counted`]
    /// holds: the pieces' moves as the fast generator counts them and, when
    /// the side is not in check, one wall-only move per wall square (the
    /// slow path judges them all by the pass they stand for, and a wall
    /// shields nothing). `None` while the side's royal piece is missing.
    fn count_walls_or_moves(&mut self, walling: &Walling) -> Option<u64> {
        let us = self.to_move();
        if self.royal(us).is_none() && self.rules().royal_kind.is_some() {
            return None;
        }
        let mut counter = Counter::new(false);
        self.generate_legal(&mut counter);
        // Named, as on the list, by the side's first piece.
        let walls = match self.pieces_of(us).iter().min() {
            Some(&sq) if !self.in_check(us) => {
                self.wall_squares(walling, Move::Pass { sq }, sq).len() as u64
            }
            _ => 0,
        };
        let moves = counter.moves + walls;
        Some(if moves == 0 {
            u64::from(self.stalemate_pass().is_some())
        } else {
            moves
        })
    }

    /// The legal moves listed where [`Position::count_walled`] counts them
    /// with bitboards: every move is legal and walls go on the square a
    /// piece leaves (`wallingRule = past`). The walled moves of the pieces
    /// the bitboard tables cover are made from their targets (one per
    /// target when the square left may take a wall, else none); the other
    /// pieces' moves get their walls as [`Position::add_walls`] gives them.
    /// False, with nothing listed, where that does not apply.
    #[inline(never)]
    fn list_past_walled(&mut self, list: &mut MoveList) -> bool {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        let Some(walling) = rules.walling.as_ref() else {
            return false;
        };
        if walling.rule != WallingRule::Past
            || !rules.walls_counted[us]
            || rules.walls_or_moves_counted[us]
            || !self.nothing_exposed()
        {
            return false;
        }
        let region = &walling.region[us];
        let mut walled = MoveList::default();
        match &handle.bits {
            BoardBits::Narrow(bits) => self.walled_by_bits(bits, region, list, &mut walled),
            BoardBits::Double(bits) => self.walled_by_bits(bits, region, list, &mut walled),
            BoardBits::Wide(bits) => self.walled_by_bits(bits, region, list, &mut walled),
        }
        self.add_walls(list);
        for &m in walled.as_slice() {
            list.push(m);
        }
        true
    }

    /// [`Position::list_past_walled`]'s moves: those of the pieces the
    /// bitboard tables cover, with their walls, on `walled`; the other
    /// pseudo-legal moves, without walls, on `bases`.
    fn walled_by_bits<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        region: &SqSet,
        bases: &mut MoveList,
        walled: &mut MoveList,
    ) {
        self.past_walled_by_bits(bits, region, bases, |from, mut targets: B| {
            while let Some(to) = targets.pop_lowest() {
                walled.push(Move::Walled {
                    base: WallBase::Normal { from, to },
                    wall: from,
                });
            }
        });
    }

    /// Where every move is legal and walls go on the square a piece leaves
    /// (`wallingRule = past`): the moves of pieces the bitboard tables
    /// cover are counted, one per target when the square left may take a
    /// wall (else none: a move must leave a wall); the other pseudo-legal
    /// moves are listed on `bases`.
    fn count_past_walled<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        region: &SqSet,
        bases: &mut MoveList,
    ) -> u64 {
        let mut count = 0;
        self.past_walled_by_bits(bits, region, bases, |_, targets: B| {
            count += u64::from(targets.count());
        });
        count
    }

    /// The walk [`Position::count_past_walled`] and
    /// [`Position::walled_by_bits`] share: each piece the bitboard tables
    /// cover whose square may take a wall (in `region`) is handed to
    /// `on_targets` with its targets, one walled move each; the other
    /// pieces' pseudo-legal moves are listed on `bases`.
    #[inline(always)]
    fn past_walled_by_bits<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        region: &SqSet,
        bases: &mut MoveList,
        mut on_targets: impl FnMut(Sq, B),
    ) {
        let masks = self.open_masks::<B>();
        let slots = bits.seat_slots(self.rules(), self.to_move());
        self.pseudo_moves_except(bases, |from, p| {
            let slot = slots.of(p.kind(), from);
            let Some(targets) = Self::targets_by_bits(bits, slot, p, masks) else {
                return false;
            };
            if region.contains(from) {
                on_targets(from, targets);
            }
            true
        });
    }

    /// Whether every move of the side to move other than a drop or a
    /// gating is legal, as [`Position::is_legal`] judges it: no makpong or
    /// mutual immunity, no royal piece of its own on the board, no
    /// pseudo-royal rule, checks allowed, no flying general and no facing
    /// kings.
    fn nothing_exposed(&self) -> bool {
        let rules = self.rules();
        let us = self.to_move();
        !rules.makpong
            && rules.mutually_immune == 0
            && self.royal(us).is_none()
            && rules.pseudo_royal.is_none()
            && rules.checking
            && !rules.flying_general
            && !self.bikjang()
    }

    /// Whether every pseudo-legal move is legal ([`Position::is_legal`]
    /// finds nothing to test): nothing can expose a royal piece of the side
    /// to move ([`Position::nothing_exposed`]), and no drop or promotion
    /// rule is judged on its own (drops that may not give check, the
    /// bishops' balance, sittuyin's promotions, the drop of a royal piece,
    /// which may not land attacked).
    fn all_pseudo_legal(&self) -> bool {
        let rules = self.rules();
        let us = self.to_move();
        self.nothing_exposed()
            && !rules.sittuyin_promotion
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
    fn fast_legality(&self) -> bool {
        let rules = self.rules();
        // Without a royal piece every pseudo-legal move is legal; with one,
        // pins and checks decide.
        let us = self.to_move();
        // A royal piece still in hand (placement) only has to be dropped
        // where no enemy piece attacks ([`Position::drops_within`]).
        let royal_known = self.royal(us).is_some()
            || rules
                .royal_kind
                .is_none_or(|king| self.in_hand(us, king) > 0);
        rules.simple_legality[us] && royal_known && !(rules.makpong && self.in_check(us))
    }

    /// Hands every legal move of the side to move to `sink`, plain moves of
    /// a piece as one batch of target squares where bitboards allow (so
    /// perft counts them without listing them), other moves one by one;
    /// only where [`Position::fast_legality`] holds.
    fn generate_legal(&mut self, sink: &mut impl MoveSink) {
        let handle = self.shared_rules().clone();
        match &handle.bits {
            BoardBits::Narrow(bits) => self.generate_legal_with(bits, sink),
            BoardBits::Double(bits) => self.generate_legal_with(bits, sink),
            BoardBits::Wide(bits) => self.generate_legal_with(bits, sink),
        }
    }

    /// [`Position::generate_legal`] with the rule table's bitboard tables,
    /// of the type that holds the board.
    fn generate_legal_with<B: Bitboard>(&mut self, bits: &BitTables<B>, sink: &mut impl MoveSink) {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        let safety = self.king_safety_recalled(us);
        let moveless = bits.moveless[us.index()];
        // Where none of the seat's types moves (its pieces are only
        // dropped: tic-tac-toe's, connect four's) and no castling is held,
        // the drops are all there is.
        if moveless.count_ones() as usize == rules.pieces.len() && self.castling_bits(us) == 0 {
            self.drops_answering(&safety, sink);
            return;
        }
        // The moves tested one by one: those of pinned, royal and
        // overlapping pieces and en passant (more spill to the heap;
        // castlings are tested apart, last). A room of a quarter of the
        // default keeps the frame of this function, called at every node of
        // perft's last ply, to about one stack page instead of four.
        let mut tested = MoveList::<256>::default();
        let occupied = B::from_set(self.occupied());
        let (enemies, ep_bits) = self.capture_masks::<B>();
        let answer_bits = B::from_set(&safety.answer_set());
        // Royal steps are tested after the walk over the pieces.
        let mut royal_steps: ([(Sq, B); 4], usize) = ([(0, B::default()); 4], 0);
        let slots = bits.seat_slots(rules, us);
        // Where only the number of moves counts (boards of at most 64
        // squares), the herds' pieces and the plain types' are counted
        // together, and the walk passes them by.
        let counted = match sink.counter() {
            Some(counter) if B::SQUARES <= 64 => {
                let masks = BoardMasks {
                    occupied,
                    enemies: enemies & answer_bits,
                    en_passant: ep_bits,
                    allowed: answer_bits,
                };
                self.count_together(bits, slots, &safety, masks, counter)
            }
            _ => 0,
        };
        // There, the royal piece's steps are found before the walk, which
        // then passes it by (and, most often, has no piece left to read).
        let mut stepped = 0;
        if B::SQUARES <= 64
            && sink.counter().is_some()
            && let Some(king) = self.royal(us)
        {
            let p = self.piece_at(king);
            let slot = slots.of(p.kind(), king);
            if slot.royal
                && !p.dead()
                && !p.kind().is_in(moveless)
                && let Some(targets) = self.royal_targets(&slot, p, occupied, enemies)
            {
                royal_steps.0[0] = (king, targets);
                royal_steps.1 = 1;
                stepped = 1 << king;
            }
        }
        // Where only the number of moves counts (the pieces' order does not
        // matter), on boards of at most 64 squares, the pieces are read from
        // the seat's squares, the herds' left out (dead pieces are passed by
        // below); listed moves keep the order of the seat's list.
        let walk = if B::SQUARES <= 64 && sink.counter().is_some() {
            PieceWalk::Bits(self.seat_occupied(us).low_bits() & !counted & !stepped)
        } else {
            PieceWalk::Listed(self.pieces_of(us).iter())
        };
        let masks = BoardMasks {
            occupied,
            enemies: enemies & answer_bits,
            en_passant: ep_bits,
            allowed: answer_bits,
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
            if slot.plain && !safety.is_pinned(from) {
                if safety.checkers >= 2 {
                    continue;
                }
                let targets = Self::plain_targets(slot, masks);
                if !Self::may_promote(&slot, p) {
                    sink.batch(from, targets, targets & occupied);
                    continue;
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
                    continue;
                }
                let zone = bits.zones[us.index()];
                if sink.promotions(self, from, p, targets & !occupied, targets & occupied, zone) {
                    continue;
                }
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
        // Most nodes of most variants hold no castling right.
        if safety.checkers == 0 && self.castling_bits(us) != 0 {
            self.castlings(safe_steps, sink);
        }
    }

    /// Hands `sink` the drops of the side to move: a drop cannot expose its
    /// royal piece, so those on the squares answering a check (all of
    /// them out of check; none in double check) are legal.
    #[inline(always)]
    fn drops_answering(&self, safety: &KingSafety, sink: &mut impl MoveSink) {
        let rules = self.rules();
        if safety.checkers < 2
            && rules.hand.as_ref().is_some_and(|h| h.drops)
            && self.can_drop_any(self.to_move())
        {
            sink.drops(self, safety.answer_set(), self.drops_limited());
        }
    }

    /// Whether the side to move's legal drops keep to more than their
    /// squares ([`DropLimits`]): the bishops' balance, or a royal piece in
    /// hand.
    #[inline(always)]
    fn drops_limited(&self) -> bool {
        self.rules()
            .hand
            .as_ref()
            .is_some_and(|h| h.opposite_coloured_bishops.is_some())
            || self.may_drop_royal()
    }

    /// Whether the side to move may drop a piece of the royal type.
    #[inline(always)]
    fn may_drop_royal(&self) -> bool {
        self.rules()
            .royal_kind
            .is_some_and(|king| self.can_drop(self.to_move(), king))
    }

    /// What the side to move's legal drops keep to beyond their squares.
    #[inline(never)]
    fn drop_limits(&self) -> DropLimits {
        DropLimits {
            balance: self.bishop_balance(),
            royal_safe: self.may_drop_royal(),
        }
    }

    /// The squares of `squares` (a type's drop squares) on which a piece
    /// of type `placed` may be dropped within `limits`: where the bishops'
    /// balance allows it, and for a royal type where `limits` asks it, off
    /// the squares the enemy attacks, as Fairy-Stockfish judges any king's
    /// drop (the drop squares' occupants change no attack: the fast
    /// generator's rules have no hopper, lame leaper or blast,
    /// [`RuleTable::simple_legality`]).
    fn drops_within(&self, placed: PieceType, squares: SqSet, limits: &DropLimits) -> SqSet {
        let mut squares = squares;
        if let Some(balance) = &limits.balance {
            squares = squares.intersection(&balance.squares_for(placed));
        }
        if limits.royal_safe && self.rules().pieces[placed].royal {
            let us = self.to_move();
            let candidates = squares;
            for to in candidates.iter() {
                if self.attacked_by_enemy(to, us) {
                    squares.remove(to);
                }
            }
        }
        squares
    }

    /// Hands `sink` the legal castlings of the side to move, not in check:
    /// a royal king's tested square by square along its walk (those of
    /// `safe_steps` already found safe), another's by [`Position::is_legal`].
    fn castlings<B: Bitboard>(&mut self, safe_steps: B, sink: &mut impl MoveSink) {
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
    fn count_together<B: Bitboard>(
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
    fn count_herds<B: Bitboard>(
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
    fn count_plain_types<B: Bitboard>(
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
    fn open_masks<B: Bitboard>(&self) -> BoardMasks<B> {
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
    fn capture_masks<B: Bitboard>(&self) -> (B, B) {
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
    fn uncapturable_royals<B: Bitboard>(&self, seat: Seat) -> B {
        let rules = self.rules();
        let Some(seat_type) = rules.guarded_royals[seat] else {
            return B::default();
        };
        if self.is_eliminated(seat) {
            return B::default();
        }
        // On boards of at most 64 squares the type's bitboard holds them.
        if B::SQUARES <= 64 {
            return B::from_low_bits(u128::from(self.seat_type_bits(seat_type)));
        }
        let Some(king) = rules.royal_kind else {
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
    fn castle_safe<B: Bitboard>(&mut self, i: usize, known_safe: B) -> bool {
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
        let Some(geometry) = self.rules().castling[us][right.wing] else {
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

    /// Whether the royal piece on `from` may step to `to`: the square is not
    /// attacked once the piece has left `from`.
    fn royal_step_safe(&mut self, from: Sq, to: Sq) -> bool {
        let king = self.lift(from);
        let safe = self.safe_for_royalty(to);
        self.drop_back(from, king);
        safe
    }

    /// The steps of the royal or pseudo-royal piece on `from` to `plain`
    /// (its plain targets), off the `judged` squares, judged by the squares
    /// the enemy attacks ([`Position::step_dangers`]): the safe ones told
    /// to `sink`, those to `judged` squares put on `to_test`. False, with
    /// nothing told, where the dangers are not mapped. Out of line: most
    /// pieces are neither.
    #[inline(never)]
    fn steps_by_dangers<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        (from, plain): (Sq, B),
        judged: B,
        sink: &mut impl MoveSink,
        to_test: &mut MoveList,
    ) -> bool {
        let Some(dangers) = self.step_dangers(bits, plain & !judged, from) else {
            return false;
        };
        let safe = plain & !judged & !dangers;
        sink.batch(from, safe, safe & B::from_set(self.occupied()));
        let mut on_lines = plain & judged;
        while let Some(to) = on_lines.pop_lowest() {
            to_test.push(Move::Normal { from, to });
        }
        true
    }

    /// [`Position::generate_legal`]'s steps of the royal piece on `from` to
    /// `targets`, judged by the squares the enemy attacks
    /// ([`Position::step_dangers`]) where no capture explodes: the safe ones
    /// told to `sink` and returned. `None`, with nothing told, where the
    /// dangers are not mapped. Out of line: most positions test each step.
    #[inline(never)]
    fn royal_steps_by_dangers<B: Bitboard>(
        &self,
        bits: &BitTables<B>,
        (from, targets): (Sq, B),
        occupied: B,
        sink: &mut impl MoveSink,
    ) -> Option<B> {
        if self.rules().blast.is_some() {
            return None;
        }
        let safe = targets & !self.step_dangers(bits, targets, from)?;
        sink.batch(from, safe, safe & occupied);
        Some(safe)
    }

    /// The squares the enemy attacks once the piece on `from` (of the side
    /// to move) has left it, read from the bitboard tables, for that
    /// piece's `steps`: `None` where reading each step's destination
    /// ([`Position::royal_step_safe`]) costs less (a few steps), or where
    /// the tables do not give every attack (more than two seats, a piece
    /// moved by the general generator: jumps, lame rides, janggi's
    /// cannons). A piece attacks only inside its type's mobility region
    /// ([`BitTables::attack_regions`]).
    fn step_dangers<B: Bitboard>(&self, bits: &BitTables<B>, steps: B, from: Sq) -> Option<B> {
        let rules = self.rules();
        if steps.count() < MAPPED_STEPS || rules.seats.len() != 2 {
            return None;
        }
        let Some(enemy) = self.other_seat_if_enemy(self.to_move()) else {
            return Some(B::default());
        };
        // The map's cost grows with the enemy's pieces, a step's test much
        // less: against a full army, three steps are tested one by one.
        if steps.count() == MAPPED_STEPS && self.pieces_of(enemy).len() > FEW_ENEMY_PIECES {
            return None;
        }
        let occupied = B::from_set(self.occupied()) & !B::square(from);
        let slots = bits.seat_slots(rules, enemy);
        let regions = &bits.attack_regions[rules.seat_type(enemy, PieceType::new(0))..];
        let mut attacked = B::default();
        for &sq in self.pieces_of(enemy) {
            let kind = self.piece_at(sq).kind();
            let slot = slots.of(kind, sq);
            if slot.general {
                return None;
            }
            // The slot's capturing leaps stay inside the region already.
            if !slot.lined {
                attacked |= slot.leap_capture;
                continue;
            }
            let mut attacks = slot.leap_capture | slot.slide_reach(occupied.low_word());
            let (a, b) = slot.rides;
            for ride in &bits.ride_list[a as usize..b as usize] {
                if !ride.capture {
                    continue;
                }
                let blockers = ride.ray & occupied;
                attacks |= if ride.form == RideForm::Ride {
                    ride_reach(ride.ray, ride.increasing, occupied)
                } else {
                    Self::hop_attacks(ride, blockers, occupied)
                };
            }
            let (a, b) = slot.lames;
            for lame in &bits.lame_list[a as usize..b as usize] {
                if (lame.path & occupied).is_empty() {
                    attacks |= lame.capture;
                }
            }
            attacked |= attacks & regions[kind.index()];
        }
        Some(attacked)
    }

    /// The squares a hop (a cannon's or a grasshopper's, that captures)
    /// attacks: those where it would take a piece, empty or not.
    fn hop_attacks<B: Bitboard>(hop: &RideBits<B>, blockers: B, occupied: B) -> B {
        let (mut reach, mut taken) = (B::default(), B::default());
        let open = RideBits {
            quiet: true,
            capture: true,
            ..*hop
        };
        Self::hop_targets(&open, blockers, occupied, &mut reach, &mut taken);
        reach | taken
    }

    /// Whether a royal or pseudo-royal piece of the side to move may stand
    /// on `to`: no enemy piece attacks it or, where captures explode, it
    /// touches an enemy pseudo-royal piece (taking it would blow that up).
    fn safe_for_royalty(&self, to: Sq) -> bool {
        self.survives_on(to, self.attacked_by_enemy(to, self.to_move()))
    }

    /// [`Position::safe_for_royalty`], where `attacked` says whether an
    /// enemy piece attacks `to`.
    #[inline(always)]
    fn survives_on(&self, to: Sq, attacked: bool) -> bool {
        !attacked
            || self.rules().blast.is_some()
                && self.touches(to, &self.enemy_pseudo_royals_if_blasts(self.to_move()))
    }

    /// The squares a royal piece may step to by plain leaps (before the
    /// attack test), or `None` when it needs the general generator.
    #[inline]
    fn royal_targets<B: Bitboard>(
        &self,
        slot: &SlotBits<B>,
        piece: Piece,
        occupied: B,
        enemies: B,
    ) -> Option<B> {
        let promotable = self.rules().royal_promotes || piece.promoted();
        if slot.general || slot.promoting || slot.lined || promotable {
            return None;
        }
        Some(((slot.leap_quiet & !occupied) | (slot.leap_capture & enemies)) & slot.destinations)
    }

    /// The target squares of a quiet, unpinned piece's plain moves found
    /// with bitboards, or `None` when the piece needs the general generator
    /// (promotion, en passant, hoppers and other special lines).
    #[inline(always)]
    fn targets_by_bits<B: Bitboard>(
        bits: &BitTables<B>,
        slot: Slot<'_, B>,
        piece: Piece,
        masks: BoardMasks<B>,
    ) -> Option<B> {
        if Self::may_promote(&slot, piece) {
            return None;
        }
        Self::line_targets_by_bits(bits, slot, masks)
    }

    /// Whether the piece's moves from its slot may promote or demote.
    #[inline(always)]
    fn may_promote<B>(slot: &SlotBits<B>, piece: Piece) -> bool {
        slot.promoting || (slot.near_promotion && piece.promoted())
    }

    /// The target squares of a quiet, unpinned piece's moves found with
    /// bitboards, promoting or not ([`Position::add_move`] says which moves
    /// each target gives), or `None` when the piece needs the general
    /// generator (en passant, hoppers and other special lines, mobility
    /// regions).
    #[inline(always)]
    fn line_targets_by_bits<B: Bitboard>(
        bits: &BitTables<B>,
        slot: Slot<'_, B>,
        masks: BoardMasks<B>,
    ) -> Option<B> {
        let occupied = masks.occupied;
        if slot.general || !(slot.en_passant & masks.en_passant).is_empty() {
            return None;
        }
        if !slot.lined {
            return Some(masks.targets(slot.leap_quiet, slot.leap_capture, slot.destinations));
        }
        let (mut quiet, mut capture) = Self::leap_and_slide_reach(slot, occupied);
        // Most slots have no rides and no lame leaps: an empty range is
        // passed by before its slice is bounds-checked.
        let (a, b) = slot.rides;
        let rides: &[RideBits<B>] = if a == b {
            &[]
        } else {
            &bits.ride_list[a as usize..b as usize]
        };
        for ride in rides {
            let blockers = ride.ray & occupied;
            if ride.form != RideForm::Ride {
                Self::hop_targets(ride, blockers, occupied, &mut quiet, &mut capture);
                continue;
            }
            if blockers.is_empty() {
                if ride.quiet {
                    quiet |= ride.ray;
                }
                continue;
            }
            let first = if ride.increasing {
                blockers.lowest()
            } else {
                blockers.highest()
            };
            if ride.quiet {
                let before = if ride.increasing {
                    B::below(first)
                } else {
                    B::above(first)
                };
                quiet |= ride.ray & before;
            }
            if ride.capture {
                capture |= B::square(first);
            }
        }
        let (a, b) = slot.lames;
        if a != b {
            for lame in &bits.lame_list[a as usize..b as usize] {
                if (lame.path & occupied).is_empty() {
                    quiet |= lame.quiet;
                    capture |= lame.capture;
                }
            }
        }
        Some(masks.targets(quiet, capture, slot.destinations))
    }

    /// The targets of a piece whose slot is plain ([`SlotBits::plain`]):
    /// its leaps' and slides' targets, where `masks` allow.
    #[inline(always)]
    fn plain_targets<B: Bitboard>(slot: Slot<'_, B>, masks: BoardMasks<B>) -> B {
        let (quiet, capture) = Self::leap_and_slide_reach(slot, masks.occupied);
        masks.targets(quiet, capture, slot.destinations)
    }

    /// The squares a slot's leaps may end on quietly and by capture, its
    /// slides' reach added to both.
    #[inline(always)]
    fn leap_and_slide_reach<B: Bitboard>(slot: Slot<'_, B>, occupied: B) -> (B, B) {
        let reach = slot.slide_reach(occupied.low_word());
        (slot.leap_quiet | reach, slot.leap_capture | reach)
    }

    /// Adds a grasshopper's hop's target to `quiet` and `capture`: the
    /// first square of `beyond` (the ray's squares past the hurdle), as the
    /// hop allows.
    #[inline(always)]
    fn grasshop_targets<B: Bitboard>(hop: &RideBits<B>, beyond: B, quiet: &mut B, capture: &mut B) {
        if beyond.is_empty() {
            return;
        }
        let landing = B::square(if hop.increasing {
            beyond.lowest()
        } else {
            beyond.highest()
        });
        if hop.quiet {
            *quiet |= landing;
        }
        if hop.capture {
            *capture |= landing;
        }
    }

    /// Adds a hop's targets to `quiet` and `capture`: beyond its first
    /// piece (the hurdle, among `blockers`), the empty squares up to the
    /// next piece and that piece, as the hop allows; a grasshopper's, the
    /// square just beyond the hurdle ([`Position::grasshop_targets`]).
    #[inline(always)]
    fn hop_targets<B: Bitboard>(
        hop: &RideBits<B>,
        blockers: B,
        occupied: B,
        quiet: &mut B,
        capture: &mut B,
    ) {
        if blockers.is_empty() {
            return;
        }
        let beyond = if hop.increasing {
            hop.ray & B::above(blockers.lowest())
        } else {
            hop.ray & B::below(blockers.highest())
        };
        if hop.form == RideForm::Grasshop {
            Self::grasshop_targets(hop, beyond, quiet, capture);
            return;
        }
        let stops = beyond & occupied;
        if stops.is_empty() {
            if hop.quiet {
                *quiet |= beyond;
            }
            return;
        }
        let (first, before) = if hop.increasing {
            let first = stops.lowest();
            (first, B::below(first))
        } else {
            let first = stops.highest();
            (first, B::above(first))
        };
        if hop.quiet {
            *quiet |= beyond & before;
        }
        if hop.capture {
            *capture |= B::square(first);
        }
    }

    /// Whether a move captures. Inlined for the commonest, a normal move:
    /// its target square says (atomic's judged captures, 6x6atom perft 6
    /// −0.48 % instructions).
    #[inline]
    pub fn is_capture(&self, mv: &Move) -> bool {
        match mv {
            Move::Normal { to, .. } => self.piece_at(*to).is_some(),
            _ => self.is_capture_shaped(mv),
        }
    }

    /// [`Position::is_capture`] of a move of another shape than a normal
    /// one.
    #[inline(never)]
    fn is_capture_shaped(&self, mv: &Move) -> bool {
        match mv {
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => false,
            Move::Walled { base, .. } => self.is_capture(&base.to_move()),
            // Sittuyin's pawn promoting where it stands.
            Move::Promotion { from, to, .. } if from == to => false,
            _ => self.piece_at(mv.to()).is_some(),
        }
    }
}

/// One piece's promotions and demotions for
/// [`Position::promotions_by_exposure`].
struct Promotions<B> {
    from: Sq,
    piece: Piece,
    /// The target squares where the piece promotes or demotes.
    promotions: B,
    /// Those of them whose moves are legal untested.
    unjudged: B,
    occupied: B,
    /// The mover's promotion region.
    zone: B,
}

/// Where [`Position::generate_legal`] hands the legal moves.
trait MoveSink {
    /// Plain moves of the piece on `from` to every square of `targets`, of
    /// which those to `captures` capture.
    fn batch<B: Bitboard>(&mut self, from: Sq, targets: B, captures: B);
    /// One legal move, and whether it captures (told only where captures
    /// are compulsory: otherwise `false`).
    fn single(&mut self, mv: Move, capture: bool);
    /// Every drop of the side to move onto a square of `allowed`, kept to
    /// [`DropLimits`] where `limited` ([`Position::drops_limited`]).
    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool);
    /// The counter behind the sink where moves need not be told apart
    /// (perft's count): pieces may then be counted together.
    fn counter(&mut self) -> Option<&mut Counter>;
    /// The moves of the piece on `from`, which may promote or demote, to
    /// the empty squares of `quiet` and the enemy pieces of `captures`,
    /// as [`Position::add_move`] makes them (`zone`: the mover's promotion
    /// region); returns whether it took them (else the piece's lines are
    /// walked one by one).
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool;
}

/// Counts the moves (perft's last ply), and apart the captures where
/// captures are compulsory and the drops of the types that must be dropped.
struct Counter {
    moves: u64,
    /// Whether captures are compulsory (else `captures` stays 0).
    must_capture: bool,
    captures: u64,
    compulsory_drops: u64,
}

impl Counter {
    /// [`MoveSink::drops`] where the drops keep to [`DropLimits`]. Out of
    /// line: most variants' drops keep to their squares alone.
    #[inline(never)]
    fn count_limited_drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet) {
        self.count_drops(pos, allowed, Some(&pos.drop_limits()));
    }

    /// Counts the drops of the side to move onto `allowed`, within
    /// `limits` where given.
    #[inline(always)]
    fn count_drops<R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        allowed: SqSet,
        limits: Option<&DropLimits>,
    ) {
        let rules = pos.rules();
        let us = pos.to_move();
        let Some(hand) = rules.hand.as_ref() else {
            return;
        };
        for kind in PieceType::all(rules.pieces.len()) {
            if pos.can_drop(us, kind) {
                let squares = pos.drop_squares(us, kind).intersection(&allowed);
                let promoted = rules.pieces[kind].promotes_to.filter(|_| hand.promoted);
                let drops = match limits {
                    None => squares.len() as u64 * (1 + u64::from(promoted.is_some())),
                    Some(limits) => promoted
                        .into_iter()
                        .chain([kind])
                        .map(|placed| pos.drops_within(placed, squares, limits).len() as u64)
                        .sum(),
                };
                self.moves += drops;
                if hand.must_drop.is_some_and(|types| kind.is_in(types)) {
                    self.compulsory_drops += drops;
                }
            }
        }
    }

    /// A counter at zero, counting captures apart if they are compulsory.
    fn new(must_capture: bool) -> Counter {
        Counter {
            moves: 0,
            must_capture,
            captures: 0,
            compulsory_drops: 0,
        }
    }

    /// Counts `moves` moves, of which `captures` capture.
    #[inline(always)]
    fn add_counts(&mut self, moves: u32, captures: u32) {
        self.moves += u64::from(moves);
        if self.must_capture {
            self.captures += u64::from(captures);
        }
    }

    /// [`Counter::promotions`] where a promotion limit leaves the rule
    /// table without counts: the moves of one target of each kind are
    /// listed through [`Position::add_move`]. Kept out of line: its
    /// locals would give the counted case a frame to set up at every call.
    #[inline(never)]
    fn promotions_one_by_one<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool {
        let rules = pos.rules();
        // Where piece promotions do not need a capture, a capture gives as
        // many moves as a quiet move to a square like it.
        let alike = !rules.piece_promotion_on_capture;
        for targets in [zone, !zone] {
            let (quiet, captures) = (quiet & targets, captures & targets);
            let each = |to: Sq, capture: bool| {
                let mut each: u64 = 0;
                pos.add_move(from, to, piece, capture, &mut |_| each += 1);
                each
            };
            let (quiet_each, capture_each) = match (quiet.is_empty(), captures.is_empty()) {
                (true, true) => continue,
                (false, true) => (each(quiet.lowest(), false), 0),
                (true, false) => (0, each(captures.lowest(), true)),
                (false, false) if alike => {
                    let each = each(quiet.lowest(), false);
                    (each, each)
                }
                (false, false) => (each(quiet.lowest(), false), each(captures.lowest(), true)),
            };
            let taken = u64::from(captures.count()) * capture_each;
            self.moves += u64::from(quiet.count()) * quiet_each + taken;
            if self.must_capture {
                self.captures += taken;
            }
        }
        true
    }
}

impl MoveSink for Counter {
    #[inline]
    fn batch<B: Bitboard>(&mut self, _from: Sq, targets: B, captures: B) {
        self.add_counts(targets.count(), captures.count());
    }

    #[inline]
    fn counter(&mut self) -> Option<&mut Counter> {
        Some(self)
    }

    #[inline]
    fn single(&mut self, _mv: Move, capture: bool) {
        self.moves += 1;
        self.captures += u64::from(capture);
    }

    #[inline]
    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool) {
        if limited {
            self.count_limited_drops(pos, allowed);
        } else {
            self.count_drops(pos, allowed, None);
        }
    }

    /// Counts each target's moves as those of one target like it: where
    /// no mobility region or forbidden square applies (the bitboard
    /// tables' condition), [`Position::add_move`] depends on the target
    /// only through whether it captures and whether it lies in `zone`.
    /// Never inlined: inlined, it cost the walk over the pieces its
    /// registers (chess perft +0.8 % instructions).
    #[inline(never)]
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        zone: B,
    ) -> bool {
        let rules = pos.rules();
        // Without promotion limits, the number of a target's moves is read
        // from the rule table.
        if let Some(counts) = rules.promotion_counts(rules.seat_type(piece.seat(), piece.kind())) {
            let from_in_zone = !(zone & B::square(from)).is_empty();
            let each = |to_in_zone: bool, capture: bool| {
                u64::from(
                    counts[promotion_count_index(
                        piece.promoted(),
                        from_in_zone,
                        to_in_zone,
                        capture,
                    )],
                )
            };
            let mut taken = 0;
            for (targets, to_in_zone) in [(zone, true), (!zone, false)] {
                let capture_moves =
                    u64::from((captures & targets).count()) * each(to_in_zone, true);
                self.moves +=
                    u64::from((quiet & targets).count()) * each(to_in_zone, false) + capture_moves;
                taken += capture_moves;
            }
            if self.must_capture {
                self.captures += taken;
            }
            return true;
        }
        self.promotions_one_by_one(pos, from, piece, quiet, captures, zone)
    }
}

/// Counts the moves as [`Counter`] does, and lists apart those that leave
/// a gate square and may so be gated: plain moves and castling.
struct GateCounter<'a> {
    counter: &'a mut Counter,
    /// The gate squares of the side to move ([`GateOffer::gates`]).
    gates: SqSet,
    bases: MoveList<64>,
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

/// Whether the side to move's drops keep its bishops able to stand on
/// squares of both colours (`dropOppositeColoredBishop`), for each kind of
/// drop square ([`Position::bishop_balance`]).
struct BishopBalance {
    /// The bishop type.
    bishop: PieceType,
    /// The dark squares.
    dark: SqSet,
    /// The squares a bishop may still be dropped on.
    free: SqSet,
    /// Whether a bishop may be dropped on a dark square, and on a light one.
    bishop_on_dark: bool,
    bishop_on_light: bool,
    /// Whether another piece may be dropped off `free`, on a dark square of
    /// it, and on a light one.
    elsewhere: bool,
    on_free_dark: bool,
    on_free_light: bool,
}

impl BishopBalance {
    /// Whether a drop of `placed` on `to` keeps the balance.
    fn allows(&self, placed: PieceType, to: Sq) -> bool {
        self.squares_for(placed).contains(to)
    }

    /// The squares on which a drop of `placed` keeps the balance: for a
    /// bishop, those of each colour that may take one more; for another
    /// piece, off the bishops' free squares, on their dark ones and on
    /// their light ones, each as the room left for the bishops allows.
    fn squares_for(&self, placed: PieceType) -> SqSet {
        let light = SqSet::ALL.difference(&self.dark);
        let pick = |allowed: bool, squares: SqSet| {
            if allowed { squares } else { SqSet::default() }
        };
        if placed == self.bishop {
            return pick(self.bishop_on_dark, self.dark).union(&pick(self.bishop_on_light, light));
        }
        let free_dark = self.free.intersection(&self.dark);
        let free_light = self.free.difference(&self.dark);
        pick(self.elsewhere, SqSet::ALL.difference(&self.free))
            .union(&pick(self.on_free_dark, free_dark))
            .union(&pick(self.on_free_light, free_light))
    }
}

/// What the fast generator's drops keep to beyond their squares
/// ([`Position::drops_within`]): the bishops' balance
/// (`dropOppositeColoredBishop`), and that a royal piece (placement's king)
/// lands where no enemy piece attacks it.
struct DropLimits {
    /// The bishops' balance, where the variant keeps one.
    balance: Option<BishopBalance>,
    /// Whether a royal piece in hand must land where no enemy piece
    /// attacks.
    royal_safe: bool,
}

/// What the side to move may gate ([`Position::gate_offer`]).
struct GateOffer {
    /// The gate squares its own pieces stand on.
    gates: SqSet,
    /// The types its hand holds, as a set of type bits.
    types: u64,
}

/// Lists the moves.
struct Lister<'a>(&'a mut MoveList);

impl Lister<'_> {
    /// [`MoveSink::drops`] where the drops keep to [`DropLimits`]. Out of
    /// line: most variants' drops keep to their squares alone.
    #[inline(never)]
    fn limited_drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet) {
        pos.drop_moves(allowed, Some(&pos.drop_limits()), &mut |m| self.0.push(m));
    }
}

impl MoveSink for Lister<'_> {
    #[inline]
    fn batch<B: Bitboard>(&mut self, from: Sq, targets: B, _captures: B) {
        let mut t = targets;
        while let Some(to) = t.pop_lowest() {
            self.0.push(Move::Normal { from, to });
        }
    }

    #[inline]
    fn single(&mut self, mv: Move, _capture: bool) {
        self.0.push(mv);
    }

    fn drops<R: RuleHandle>(&mut self, pos: &Position<R>, allowed: SqSet, limited: bool) {
        if limited {
            self.limited_drops(pos, allowed);
        } else {
            pos.drop_moves(allowed, None, &mut |m| self.0.push(m));
        }
    }

    /// None: a list tells every move apart.
    fn counter(&mut self) -> Option<&mut Counter> {
        None
    }

    /// Lists each target's moves as [`Position::add_move`] gives them,
    /// targets in the order of their squares (as plain moves are listed).
    fn promotions<B: Bitboard, R: RuleHandle>(
        &mut self,
        pos: &Position<R>,
        from: Sq,
        piece: Piece,
        quiet: B,
        captures: B,
        _zone: B,
    ) -> bool {
        pos.target_moves(from, piece, quiet | captures, captures, &mut |m, _| {
            self.0.push(m)
        });
        true
    }
}

/// The squares of the pieces the legal-move generator walks: the side's
/// list of live pieces, or the bits of a set (the pieces left once herds
/// are counted).
enum PieceWalk<'a> {
    /// The list, in its order.
    Listed(std::slice::Iter<'a, Sq>),
    /// The set bits of a board of at most 64 squares, lowest first.
    Bits(u64),
}

impl Iterator for PieceWalk<'_> {
    type Item = Sq;

    #[inline(always)]
    fn next(&mut self) -> Option<Sq> {
        match self {
            PieceWalk::Listed(squares) => squares.next().copied(),
            PieceWalk::Bits(bits) => (*bits != 0).then(|| {
                let sq = bits.trailing_zeros() as Sq;
                *bits &= *bits - 1;
                sq
            }),
        }
    }
}

/// The bitboards the legal-move generator's bitboard paths need.
#[derive(Clone, Copy)]
struct BoardMasks<B> {
    /// Occupied squares.
    occupied: B,
    /// Enemy pieces that may be captured.
    enemies: B,
    /// Live en-passant targets.
    en_passant: B,
    /// Squares a move may land on (all, or those answering a check).
    allowed: B,
}

impl<B: Bitboard> BoardMasks<B> {
    /// The targets these masks allow among `destinations`: the empty
    /// allowed squares of a `quiet` reach and the enemy pieces of a
    /// `capture` reach.
    #[inline(always)]
    fn targets(self, quiet: B, capture: B, destinations: B) -> B {
        ((quiet & !self.occupied & self.allowed) | (capture & self.enemies)) & destinations
    }
}

/// The fewest steps of a royal or pseudo-royal piece for which the squares
/// the enemy attacks are mapped at once ([`Position::step_dangers`]) rather
/// than each step's destination tested; one more where the enemy has more
/// than [`FEW_ENEMY_PIECES`] pieces.
const MAPPED_STEPS: u32 = 3;

/// The most enemy pieces for which [`MAPPED_STEPS`] steps are mapped.
const FEW_ENEMY_PIECES: usize = 8;

/// The most groups of piece types [`JudgedLines`] keeps check squares for;
/// further groups' squares are tested for every move.
const CHECK_GROUPS: usize = 8;

/// What a move must avoid to be legal without being played
/// ([`Position::judged_lines`]).
#[derive(Clone, Copy, Default)]
struct JudgedLines {
    /// Squares every move leaving or entering them is tested.
    lines: SqSet,
    /// Squares every move leaving them is tested; entering them can only
    /// block a line toward a royal piece.
    blocking: SqSet,
    /// Where checks are forbidden, per group of piece types (a type mask):
    /// the squares from which a piece of those types may give check, so
    /// that its moves entering them are tested.
    checks: [(u64, SqSet); CHECK_GROUPS],
    /// The groups in use.
    groups: usize,
    /// There are no flying general, mutual immunity, `dupleCheck` or
    /// pseudo-royal types that turn into walls: a royal or pseudo-royal
    /// piece's move (other than a capture, where captures explode; and of a
    /// pseudo-royal piece only, there) is as safe as its destination, the
    /// piece lifted from where it stood (hoppers and lame leapers
    /// included: the destination's attack lines are read with the piece
    /// gone from its square, and a step entering or leaving a line toward
    /// another royal piece is judged apart).
    royal_steps: bool,
    /// Where plain captures that explode are judged without being played.
    blasts: Option<UnplayedBlasts>,
    /// The royal piece is in check ([`Position::check_lines`]): `lines`
    /// holds the checking lines' squares, and a move that leaves and enters
    /// none of them leaves the check standing
    /// ([`Position::leaves_check_standing`]).
    in_check: bool,
}

/// What [`Position::blast_capture_legal`] reads: the blast-immune types, and
/// the pseudo-royal pieces of the side to move and of its enemies before the
/// move.
#[derive(Clone, Copy, Debug)]
struct UnplayedBlasts {
    immune: u64,
    ours: SqSet,
    theirs: SqSet,
    /// Where known (perft's [`JudgedLines`]: no pseudo-royal piece of the
    /// side is attacked), the squares whose emptying may expose one: a
    /// capture whose blast empties none of them exposes none.
    lines: Option<SqSet>,
}

impl JudgedLines {
    /// The squares from which a piece of `types` may give check.
    fn add_checks(&mut self, types: u64, squares: SqSet) {
        let groups = &mut self.checks[..self.groups];
        if let Some(group) = groups.iter_mut().find(|(t, _)| *t == types) {
            group.1 |= squares;
        } else if self.groups < CHECK_GROUPS {
            self.checks[self.groups] = (types, squares);
            self.groups += 1;
        } else {
            self.lines |= squares;
        }
    }

    /// Whether a piece of type `mover` on `to` gives check (a square of
    /// its group, not one of `lines` where the groups ran out).
    #[inline]
    fn checks_from(&self, mover: PieceType, to: Sq) -> bool {
        self.checks()
            .iter()
            .any(|(types, squares)| mover.is_in(*types) && squares.contains(to))
    }

    /// The groups in use.
    fn checks(&self) -> &[(u64, SqSet)] {
        &self.checks[..self.groups]
    }

    /// The squares a move may not leave without being tested.
    #[inline]
    fn left(&self) -> SqSet {
        self.lines | self.blocking
    }

    /// The squares a move of a piece of type `mover` (of any type, for a
    /// move that changes it) may not enter without being tested.
    #[inline]
    fn entered(&self, mover: Option<PieceType>) -> SqSet {
        if self.groups == 0 {
            return self.lines;
        }
        self.checks()
            .iter()
            .filter(|(types, _)| mover.is_none_or(|t| t.is_in(*types)))
            .fold(self.lines, |m, (_, squares)| m | *squares)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::catalog::Catalog;
    use crate::game::Game;
    use crate::moves::{Move, MoveList};
    use crate::position::Position;
    use crate::rng::SplitMix64;
    use crate::rules::{BitTables, Bitboard, BoardBits, RuleTable, Sq, SqSet, compile};
    use crate::source::SourceFile;

    use super::JudgedLines;

    /// Calls `visit` with the positions of `games` random games (up to
    /// `plies` plies) of every shipped variant and every `variants.ini`
    /// section of the corpus that tetrarch plays and whose rules are
    /// `wanted`; returns how many variants `visit` said it used.
    pub(super) fn visit_random_positions(
        (games, plies): (u64, usize),
        wanted: impl Fn(&RuleTable) -> bool,
        mut visit: impl FnMut(&Arc<RuleTable>, &mut Position) -> bool,
    ) -> usize {
        let mut catalog = Catalog::shipped();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf/variants.ini");
        let text = std::fs::read_to_string(path).expect("the corpus's variants.ini");
        catalog.load(SourceFile::new("variants.ini", text));
        let mut variants = 0;
        for name in catalog.names() {
            let Ok(definition) = catalog.checked(name) else {
                continue;
            };
            let Ok(rules) = compile(definition) else {
                continue;
            };
            if !wanted(&rules) {
                continue;
            }
            let rules = Arc::new(rules);
            let mut used = false;
            for seed in 0..games {
                let Ok(mut game) = Game::new(rules.clone(), definition.start_fen(), seed) else {
                    continue;
                };
                let mut rng = SplitMix64::new(seed);
                for _ in 0..plies {
                    if game.result().is_some() || game.legal_moves().is_empty() {
                        break;
                    }
                    let mut pos = game.position().clone();
                    used |= visit(&rules, &mut pos);
                    let moves = game.legal_moves();
                    game.play(moves[rng.below(moves.len())])
                        .expect("a legal move");
                }
            }
            variants += usize::from(used);
        }
        variants
    }

    /// The side to move's royal and pseudo-royal pieces, and its first one.
    fn lifted_pieces(pos: &Position) -> SqSet {
        let us = pos.to_move();
        let mut lifted = pos.pseudo_royals(us);
        for sq in pos
            .royal(us)
            .into_iter()
            .chain(pos.pieces_of(us).first().copied())
        {
            lifted.insert(sq);
        }
        lifted
    }

    /// Compares [`Position::step_dangers`] for the piece on `from` with
    /// [`Position::attacked_by_enemy`] on every square, the piece lifted;
    /// returns whether the map was given.
    fn compare_dangers_with_attacks<B: Bitboard>(
        pos: &mut Position,
        bits: &BitTables<B>,
        from: Sq,
    ) -> bool {
        let Some(dangers) = pos.step_dangers(bits, B::ALL, from) else {
            return false;
        };
        let us = pos.to_move();
        let piece = pos.lift(from);
        for sq in 0..pos.rules().square_count() as Sq {
            assert_eq!(
                !(dangers & B::square(sq)).is_empty(),
                pos.attacked_by_enemy(sq, us),
                "{}: square {sq}, the piece on {from} lifted",
                pos.fen()
            );
        }
        pos.drop_back(from, piece);
        true
    }

    /// The squares the enemy attacks, mapped at once from the bitboard
    /// tables ([`Position::step_dangers`]), are those each square's attack
    /// lines give, with a royal, pseudo-royal or other piece of the side to
    /// move lifted, in positions of random games.
    #[test]
    fn mapped_dangers_are_the_attacked_squares() {
        let mut mapped = 0;
        let variants = visit_random_positions(
            (2, 30),
            |_| true,
            |rules, pos| {
                let before = mapped;
                for from in lifted_pieces(pos).iter() {
                    mapped += usize::from(match &rules.bits {
                        BoardBits::Narrow(bits) => compare_dangers_with_attacks(pos, bits, from),
                        BoardBits::Double(bits) => compare_dangers_with_attacks(pos, bits, from),
                        BoardBits::Wide(bits) => compare_dangers_with_attacks(pos, bits, from),
                    });
                }
                mapped > before
            },
        );
        assert!(variants > 150, "{variants} variants mapped");
        assert!(mapped > 10_000, "{mapped} maps compared");
    }

    /// In check, where [`Position::check_lines`] applies, in positions of
    /// random games of every variant: no pseudo-legal move that leaves and
    /// enters no square of the checking lines is legal, made and tested;
    /// and, where no compulsory capture, hand, gate, wall or pass adds to
    /// the pseudo-legal moves or takes from them, the moves counted are
    /// those made and tested legal.
    #[test]
    fn moves_touching_no_checking_line_leave_the_check_standing() {
        let (mut standing, mut counted) = (0, 0);
        let variants = visit_random_positions(
            (8, 80),
            |_| true,
            |rules, pos| {
                let us = pos.to_move();
                let Some(lines) = pos.check_lines(us) else {
                    return false;
                };
                let mut list = MoveList::default();
                pos.pseudo_moves(&mut list);
                let mut legal = 0;
                for &m in list.as_slice() {
                    let is_legal = pos.is_legal(m);
                    legal += u64::from(is_legal);
                    if pos.leaves_check_standing(&m, &lines) {
                        assert!(!is_legal, "{}: {m:?} is legal", pos.fen());
                        standing += 1;
                    }
                }
                let plain_list = !rules.must_capture
                    && rules.hand.is_none()
                    && !rules.gating
                    && rules.walling.is_none()
                    && !rules.pass[us]
                    && !rules.sittuyin_promotion
                    && !rules.makpong
                    && rules.cambodian.is_none();
                if plain_list && pos.immediate_end().is_none() {
                    assert_eq!(pos.count_legal_moves(), legal, "{}", pos.fen());
                    counted += 1;
                }
                true
            },
        );
        assert!(variants > 100, "{variants} variants in check");
        assert!(
            standing > 50_000,
            "{standing} moves leaving the check standing"
        );
        assert!(counted > 1_500, "{counted} positions counted");
    }

    /// In positions of random games (`games` of up to `plies` plies) of
    /// the variants whose rules are `wanted`, where the exposure path
    /// applies: every pseudo-legal move that `judged_by_destination` picks
    /// (from its squares, the judged lines and the tested pieces) is
    /// judged by its destination's safety ([`Position::royal_step_safe`])
    /// as making it and testing the position judges it
    /// ([`Position::is_legal`]). Returns how many variants had such a move
    /// and how many moves were compared.
    fn compare_destination_judgements(
        (games, plies): (u64, usize),
        wanted: impl Fn(&RuleTable) -> bool,
        judged_by_destination: impl Fn(&Position, Move, &JudgedLines, &SqSet) -> Option<(Sq, Sq)>,
    ) -> (usize, usize) {
        let mut compared = 0;
        let variants = visit_random_positions((games, plies), wanted, |rules, pos| {
            if !rules.exposure_legality[pos.to_move()] || pos.bikjang() {
                return false;
            }
            let us = pos.to_move();
            let tested = pos.tested_pieces(us);
            let mut judged = JudgedLines::default();
            if !pos.judged_lines(us, &tested, &mut judged) {
                return false;
            }
            let mut moves = MoveList::default();
            pos.pseudo_moves(&mut moves);
            let before = compared;
            for &m in moves.as_slice() {
                if pos.always_tested(&m) {
                    continue;
                }
                let Some((from, to)) = judged_by_destination(pos, m, &judged, &tested) else {
                    continue;
                };
                let fen = pos.fen();
                assert_eq!(
                    pos.royal_step_safe(from, to),
                    pos.is_legal(m),
                    "{fen}: {m:?}"
                );
                compared += 1;
            }
            compared > before
        });
        (variants, compared)
    }

    /// Where the exposure path judges a royal or pseudo-royal piece's step
    /// by its destination's safety alone ([`Position::royal_step_unexposed`],
    /// hoppers and lame leapers included), that safety is what making the
    /// step and testing the position finds ([`Position::is_legal`]), in
    /// positions of random games.
    #[test]
    fn royal_steps_judged_by_their_destination_are_those_made_and_tested() {
        let (variants, judged_steps) = compare_destination_judgements(
            (2, 30),
            |_| true,
            |pos, m, judged, tested| {
                let Move::Normal { from, to } = m else {
                    return None;
                };
                pos.royal_step_unexposed(from, to, judged, tested)
                    .then_some((from, to))
            },
        );
        assert!(variants > 30, "{variants} variants with steps judged");
        assert!(judged_steps > 5_000, "{judged_steps} steps compared");
    }

    /// Where a pseudo-royal piece's promotion or demotion keeps it (and
    /// every other piece) as pseudo-royal as it was
    /// ([`Position::stays_pseudo_royal`]) and enters and leaves no judged
    /// square, its destination's safety is what making the move and
    /// testing the position finds, in positions of random games (gethenian's
    /// king and queen turn into each other at every move).
    #[test]
    fn pseudo_royal_turns_judged_by_their_destination_are_those_made_and_tested() {
        let (variants, judged_turns) = compare_destination_judgements(
            (6, 60),
            |rules| rules.pseudo_royal.is_some(),
            |pos, m, judged, tested| {
                let (Move::PiecePromotion { from, to, piece }
                | Move::PieceDemotion { from, to, piece }) = m
                else {
                    return None;
                };
                (pos.royal_step_unexposed(from, to, judged, tested)
                    && !judged.entered(Some(piece)).contains(to)
                    && pos.stays_pseudo_royal(from, piece))
                .then_some((from, to))
            },
        );
        assert!(variants >= 1, "{variants} variants with turns judged");
        assert!(judged_turns > 500, "{judged_turns} turns compared");
    }
}
