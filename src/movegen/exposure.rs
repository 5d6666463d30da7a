//! Legality by the exposure mask: where pins cannot be known (hoppers,
//! lame leapers, pseudo-royal pieces), only moves touching a manned enemy
//! attack line toward a royal piece are tested after being played.

use super::{JudgedLines, MoveSink, Promotions};
use crate::moves::{Move, MoveList};
use crate::piece::Piece;
use crate::piece_type::MAX_PIECE_TYPES;
use crate::position::{Position, RuleHandle};
use crate::rules::{BitTables, Bitboard, BoardBits, LineKind, RuleTable, Sq, SqSet, segment};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
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
    pub(super) fn exposure(&self, us: Seat, tested: &SqSet) -> Option<(SqSet, SqSet)> {
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
    pub(super) fn check_reach(&self, us: Seat, judged: &mut JudgedLines) -> bool {
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

    /// The legal moves where [`FastPaths::exposure_legality`] holds, into
    /// `sink`, as [`Position::count_by_exposure`] judges them, before the
    /// rules of [`Position::finish_legal_list`] (compulsory captures, the
    /// pass); returns whether the side's royal piece is in check there
    /// ([`Position::check_lines`]). `None`, with nothing told, when a royal
    /// piece is attacked otherwise, or the kings face each other (every
    /// move is tested then).
    pub(super) fn moves_by_exposure(&mut self, sink: &mut impl MoveSink) -> Option<bool> {
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
    pub(super) fn moves_by_exposure_with<B: Bitboard>(
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
        let promotions_judged = !rules.royalty.promotions_touch_pseudo && !rules.promotion.sittuyin;
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
    pub(super) fn promotions_by_exposure<B: Bitboard>(
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
    pub(super) fn target_moves<B: Bitboard>(
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
}
