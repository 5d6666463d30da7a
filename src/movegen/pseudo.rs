//! Pseudo-legal moves: each piece's compiled lines walked from its
//! square, castling and Cambodian chess's first moves, and the forms a move
//! takes under the promotion rules.

use crate::betza::Offset;
use crate::moves::{Move, MoveList};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::{Bitboard, Cambodian, LineKind, MoveForm, Sq, SqSet};

/// The squares of the pieces the legal-move generator walks: the side's
/// list of live pieces, or the bits of a set (the pieces left once herds
/// are counted).
pub(super) enum PieceWalk<'a> {
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

impl<R: RuleHandle> Position<R> {
    /// [`Position::pseudo_moves`] without the moves of the pieces `taken`
    /// accepts (by square and piece): the caller has dealt with them.
    pub(super) fn pseudo_moves_except(
        &self,
        list: &mut MoveList,
        mut taken: impl FnMut(Sq, Piece) -> bool,
    ) {
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
    pub(super) fn cambodian_moves<const ROOM: usize>(&self, list: &mut MoveList<ROOM>) {
        if let Some(cambodian) = self.rules().cambodian {
            self.cambodian_moves_of(cambodian, list);
        }
    }

    /// [`Position::cambodian_moves`] where the variant has them; kept out
    /// of line, so that the others do not pay for its frame.
    #[inline(never)]
    pub(super) fn cambodian_moves_of<const ROOM: usize>(
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
    pub(super) fn piece_moves<const ROOM: usize>(
        &self,
        from: Sq,
        piece: Piece,
        list: &mut MoveList<ROOM>,
    ) {
        let start = list.len();
        self.piece_moves_with(from, piece, &mut |m| list.push(m));
        let rules = self.rules();
        if rules.overlapping[rules.seat_type(piece.seat(), piece.kind())] {
            list.dedup_from(start);
        }
    }

    /// Hands every pseudo-legal move of the piece on `from` to `emit`.
    #[inline]
    pub(super) fn piece_moves_with<F: FnMut(Move)>(&self, from: Sq, piece: Piece, emit: &mut F) {
        self.piece_moves_walk(from, piece, true, emit);
    }

    /// Whether the piece on `from` can move to the empty square `to`
    /// without capturing: as in Fairy-Stockfish, en passant is taken only
    /// on a square the piece attacks but cannot step to.
    pub(super) fn quietly_reaches(&self, from: Sq, piece: Piece, to: Sq) -> bool {
        let mut found = false;
        self.piece_moves_walk(from, piece, false, &mut |m| {
            found |= m.to() == to && self.piece_at(to).is_none();
        });
        found
    }

    /// Walks the lines of the piece on `from`, handing each pseudo-legal
    /// move to `emit`; en-passant captures only when `with_en_passant`.
    #[inline]
    pub(super) fn piece_moves_walk<F: FnMut(Move)>(
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
        let plain = rules.fast.leap_slide_squares[slot]
            && !(piece.promoted() && rules.promotion.near[slot]);

        // Dead pieces belong to no one: anyone may capture them, their
        // former owner's walking king too. Kings of players still in are
        // captured only where the variant allows it; walking kings always
        // may be.
        let enemy = |p: Piece| {
            p.is_some()
                && !p.is_wall()
                && (p.dead()
                    || rules.seats[p.seat()].team != team
                        && (rules.royalty.king_capture
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
                    && rules.en_passant.region[us].contains(to)
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
    pub(super) fn add_move<F: FnMut(Move)>(
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
        let zone = &rules.promotion.region[us];
        let below_limit =
            |kind: PieceType| u32::from(self.count(us, kind)) < rules.promotion.limit[kind];
        rules.move_forms(
            piece,
            (zone.contains(from), zone.contains(to)),
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

    pub(super) fn castling_moves<const ROOM: usize>(&self, list: &mut MoveList<ROOM>) {
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
    pub(super) fn castling_of(&self, i: usize) -> Option<Move> {
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
        (holds(right.king, rules.castling.king_types)
            && holds(right.rook, rules.castling.rook_types))
        .then_some(castle)
    }
}
