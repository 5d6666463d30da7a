//! Move generation from the compiled rule table: pseudo-legal moves, legality
//! by making the move and looking outward from the king, and Fairy-Stockfish's
//! immediate game ends.

use crate::moves::{Move, MoveList, MoveType};
use crate::piece::Piece;
use crate::position::Position;
use crate::rules::{LineKind, Sq};

impl Position<'_> {
    /// Adds every pseudo-legal move of the side to move.
    pub fn pseudo_moves(&self, list: &mut MoveList) {
        let rules = self.rules();
        let us = self.to_move();
        for from in 0..rules.square_count() as Sq {
            let p = self.piece_at(from);
            if p.is_some() && p.seat() == us && !p.dead() {
                self.piece_moves(from, p, list);
            }
        }
        self.castling_moves(list);
    }

    fn piece_moves(&self, from: Sq, piece: Piece, list: &mut MoveList) {
        let rules = self.rules();
        let us = piece.seat();
        let kind = piece.kind();
        let team = rules.seats[us].team;
        let ep = self.en_passant().filter(|e| rules.seats[e.pusher].team != team);
        let ep_capturer = rules.pieces[kind].en_passant_capturer[us];
        let enemy = |p: Piece| p.is_some() && rules.seats[p.seat()].team != team;
        for line in rules.lines(us, kind, from) {
            let squares = rules.line_squares(line);
            let can_ep = line.en_passant || (line.capture && ep_capturer);
            let land = |to: Sq, list: &mut MoveList| {
                let target = self.piece_at(to);
                if target.is_none() {
                    if line.quiet {
                        self.add_move(from, to, piece, false, list);
                    }
                    if can_ep
                        && let Some(e) = ep
                        && e.squares.contains(&to)
                        && rules.en_passant_region[us][to as usize]
                    {
                        list.push(Move {
                            from,
                            to,
                            kind: MoveType::EnPassant,
                            promotion: 0,
                            aux: e.victim,
                        });
                    }
                    true
                } else {
                    if line.capture && enemy(target) {
                        self.add_move(from, to, piece, true, list);
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
                        land(landing[0], list);
                    }
                }
                LineKind::Ride => {
                    let step = line.path as usize + 1;
                    for chunk in squares.chunks_exact(step) {
                        let (path, landing) = chunk.split_at(step - 1);
                        if path.iter().any(|s| self.piece_at(*s).is_some()) || !land(landing[0], list) {
                            break;
                        }
                    }
                }
                LineKind::Hop { after } => {
                    let Some(h) = squares.iter().position(|s| self.piece_at(*s).is_some()) else {
                        continue;
                    };
                    for (i, &to) in squares[h + 1..].iter().enumerate() {
                        if after != 0 && i >= after as usize {
                            break;
                        }
                        if !land(to, list) {
                            break;
                        }
                    }
                }
                LineKind::Grasshop => {
                    if let Some(h) = squares.iter().position(|s| self.piece_at(*s).is_some())
                        && let Some(&to) = squares.get(h + 1)
                    {
                        land(to, list);
                    }
                }
            }
        }
    }

    /// Adds a move with its promotion choices.
    fn add_move(&self, from: Sq, to: Sq, piece: Piece, capture: bool, list: &mut MoveList) {
        let rules = self.rules();
        let us = piece.seat();
        let kind = piece.kind();
        let n_types = rules.pieces.len();
        if let Some(mask) = &rules.mobility[us * n_types + kind]
            && !mask[to as usize]
        {
            return;
        }
        let info = &rules.pieces[kind];
        let zone = &rules.promotion_region[us];
        if info.promotes_as_pawn[us] && zone[to as usize] {
            let mut any = false;
            for &choice in &rules.promotion_choices[us] {
                let limit = rules.promotion_limit[choice as usize];
                if limit != 0 && u32::from(self.count(us, choice as usize)) >= limit {
                    continue;
                }
                any = true;
                list.push(Move {
                    from,
                    to,
                    kind: MoveType::Promotion,
                    promotion: choice,
                    aux: 0,
                });
            }
            if rules.mandatory_pawn_promotion && any {
                return;
            }
        }
        let in_zone = zone[from as usize] || zone[to as usize];
        let mut mandatory = false;
        if piece.promoted() {
            if rules.piece_demotion && in_zone && (!rules.piece_promotion_on_capture || capture) {
                list.push(Move {
                    from,
                    to,
                    kind: MoveType::PieceDemotion,
                    promotion: piece.unpromoted_kind() as u8,
                    aux: 0,
                });
                mandatory = rules.mandatory_piece_promotion;
            }
        } else if let Some(promoted) = info.promotes_to
            && in_zone
            && (!rules.piece_promotion_on_capture || capture)
        {
            list.push(Move {
                from,
                to,
                kind: MoveType::PiecePromotion,
                promotion: promoted,
                aux: 0,
            });
            mandatory = rules.mandatory_piece_promotion;
        }
        if mandatory {
            return;
        }
        if let Some(immobile) = &rules.immobile
            && immobile[(us * n_types + kind) * rules.square_count() + to as usize]
        {
            return;
        }
        list.push(Move::normal(from, to));
    }

    fn castling_moves(&self, list: &mut MoveList) {
        let rules = self.rules();
        let us = self.to_move();
        for right in self.castling() {
            if right.seat != us {
                continue;
            }
            let Some(geometry) = rules.castling[us][right.wing] else { continue };
            let (king, rook) = (right.king, right.rook);
            let clear = |a: Sq, b: Sq| {
                segment(rules, a, b).all(|s| s == king || s == rook || self.piece_at(s).is_none())
            };
            if clear(king, geometry.king_to) && clear(rook, geometry.rook_to) {
                list.push(Move {
                    from: king,
                    to: geometry.king_to,
                    kind: MoveType::Castle,
                    promotion: right.wing as u8,
                    aux: rook,
                });
            }
        }
    }

    /// Whether a pseudo-legal move leaves the mover's royal piece safe.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        let rules = self.rules();
        let us = self.to_move();
        if !rules.checking || self.royal(us).is_none() {
            return true;
        }
        if mv.kind == MoveType::Castle && rules.pieces[self.piece_at(mv.from).kind()].royal {
            if self.in_check(us) {
                return false;
            }
            let team = rules.seats[us].team;
            let enemies = (0..rules.seats.len()).filter(|&s| rules.seats[s].team != team);
            for s in segment(rules, mv.from, mv.to).filter(|&s| s != mv.from) {
                if enemies.clone().any(|e| self.attacked_by(s, e)) {
                    return false;
                }
            }
        }
        self.make(mv);
        let legal = !self.in_check(us);
        self.unmake();
        legal
    }

    /// Adds every legal move of the side to move; none once the game has
    /// ended by an immediate rule.
    pub fn legal_moves(&mut self, list: &mut MoveList) {
        list.clear();
        if self.immediate_end() {
            return;
        }
        self.pseudo_moves(list);
        list.retain(|m| self.is_legal(*m));
        if self.rules().must_capture && list.as_slice().iter().any(|m| self.is_capture(m)) {
            list.retain(|m| self.is_capture(m));
        }
    }

    /// Whether a move captures.
    pub fn is_capture(&self, mv: &Move) -> bool {
        match mv.kind {
            MoveType::EnPassant => true,
            MoveType::Castle => false,
            _ => self.piece_at(mv.to).is_some(),
        }
    }

    /// Whether the game has ended by an immediate rule (extinction, flag,
    /// check counting, connection): Fairy-Stockfish's immediate game ends.
    pub fn immediate_end(&self) -> bool {
        let rules = self.rules();
        let ends = &rules.ends;
        let us = self.to_move();
        let n = rules.seats.len();
        let them = (us + n - 1) % n;
        let n_types = rules.pieces.len();
        if let Some(mask) = ends.extinction {
            let count = |seat: usize, t: Option<usize>| -> u32 {
                match t {
                    Some(t) => u32::from(self.count(seat, t)),
                    None => (0..n_types).map(|t| u32::from(self.count(seat, t))).sum(),
                }
            };
            let types: Vec<Option<usize>> = if mask == u64::MAX {
                vec![None]
            } else {
                (0..n_types).filter(|t| mask & (1 << t) != 0).map(Some).collect()
            };
            for c in [them, us] {
                let other = if c == us { them } else { us };
                for &t in &types {
                    if count(c, t) <= ends.extinction_count && count(other, t) >= ends.extinction_opponent_count {
                        return true;
                    }
                }
            }
        }
        if let Some((types, regions)) = &ends.flag {
            let reached = |seat: usize| {
                let Some(region) = regions.get(seat) else { return false };
                let mut count = 0;
                for (s, inside) in region.iter().enumerate() {
                    let p = self.piece_at(s as Sq);
                    if *inside && p.is_some() && p.seat() == seat && types & (1 << p.kind()) != 0 {
                        count += 1;
                    }
                }
                count >= ends.flag_count
            };
            if ends.flag_move {
                if reached(us) {
                    return true;
                }
            } else if reached(them) {
                return true;
            }
        }
        if ends.check_counting && self.checks_remaining()[them.min(1)] == 0 {
            return true;
        }
        if ends.connect > 0 && self.connected(them) {
            return true;
        }
        false
    }

    fn connected(&self, seat: usize) -> bool {
        let rules = self.rules();
        let ends = &rules.ends;
        let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        let (files, ranks) = (rules.files as i32, rules.ranks as i32);
        let mine = |f: i32, r: i32| {
            (0..files).contains(&f) && (0..ranks).contains(&r) && {
                let p = self.piece_at(rules.square(f as u8, r as u8));
                p.is_some() && p.seat() == seat && ends.connect_types & (1 << p.kind()) != 0
            }
        };
        for (d, &(df, dr)) in dirs.iter().enumerate() {
            if !ends.connect_directions[d] {
                continue;
            }
            for r in 0..ranks {
                for f in 0..files {
                    if (0..ends.connect as i32).all(|k| mine(f + df * k, r + dr * k)) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// The squares from `a` to `b` inclusive, along a rank or a file.
fn segment(rules: &crate::rules::RuleTable, a: Sq, b: Sq) -> impl Iterator<Item = Sq> + Clone + '_ {
    let (af, ar) = (rules.file_of(a) as i32, rules.rank_of(a) as i32);
    let (bf, br) = (rules.file_of(b) as i32, rules.rank_of(b) as i32);
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let n = (bf - af).abs().max((br - ar).abs());
    (0..=n).map(move |k| rules.square((af + df * k) as u8, (ar + dr * k) as u8))
}
