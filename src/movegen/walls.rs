//! Walls (`wallingRule`): the squares a move may wall, and walled moves
//! listed and counted.

use super::{BoardMasks, Counter};
use crate::moves::{Move, MoveList, WallBase};
use crate::piece::Piece;
use crate::position::{Position, RuleHandle};
use crate::rules::{BitTables, Bitboard, BoardBits, RuleTable, Sq, SqSet, Walling, WallingRule};
use smallvec::SmallVec;

impl<R: RuleHandle> Position<R> {
    /// For an attack test before a walling move: puts its wall on the
    /// board and, with the duck rule, lifts the walls already there;
    /// returns those for [`Position::unstand_wall`].
    pub(super) fn stand_wall(&mut self, wall: Option<Sq>) -> (Piece, SqSet) {
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
    pub(super) fn unstand_wall(&mut self, wall: Option<Sq>, (replaced, lifted): (Piece, SqSet)) {
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
    pub(super) fn add_walls(&mut self, list: &mut MoveList) {
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
    pub(super) fn wall_squares(&mut self, walling: &Walling, base: Move, from: Sq) -> SqSet {
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
                if let Some(geometry) = rules.castling.geometry[us][wing as usize] {
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
    pub(super) fn quiet_reach_after(&mut self, from: Sq, to: Sq) -> SqSet {
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
    pub(super) fn quiet_targets_by_bits<B: Bitboard>(
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
    pub(super) fn on_edge_or_by_wall(&self, sq: Sq) -> bool {
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

    /// The legal moves counted where [`FastPaths::walls_counted`] holds:
    /// as the slow path judges a walled move by its base move, each legal
    /// base move counts its wall squares without the walled moves being
    /// listed. `None` where that does not apply. Asked only while no
    /// immediate rule has ended the game.
    #[inline(never)]
    pub(super) fn count_walled(&mut self) -> Option<u64> {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let walling = rules.walling.as_ref()?;
        if rules.fast.walls_or_moves_counted[self.to_move()] {
            return self.count_walls_or_moves(walling);
        }
        if !rules.fast.walls_counted[self.to_move()] {
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

    /// The legal moves counted where [`FastPaths::walls_or_moves_counted`]
    /// holds: the pieces' moves as the fast generator counts them and, when
    /// the side is not in check, one wall-only move per wall square (the
    /// slow path judges them all by the pass they stand for, and a wall
    /// shields nothing). `None` while the side's royal piece is missing.
    pub(super) fn count_walls_or_moves(&mut self, walling: &Walling) -> Option<u64> {
        let us = self.to_move();
        if self.royal(us).is_none() && self.rules().royalty.kind.is_some() {
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
    pub(super) fn list_past_walled(&mut self, list: &mut MoveList) -> bool {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let us = self.to_move();
        let Some(walling) = rules.walling.as_ref() else {
            return false;
        };
        if walling.rule != WallingRule::Past
            || !rules.fast.walls_counted[us]
            || rules.fast.walls_or_moves_counted[us]
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
    pub(super) fn walled_by_bits<B: Bitboard>(
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
    pub(super) fn count_past_walled<B: Bitboard>(
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
    pub(super) fn past_walled_by_bits<B: Bitboard>(
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
}
