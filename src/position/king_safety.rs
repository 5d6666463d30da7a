//! A royal piece's checks and pins, from one look outward from its
//! square.

use super::Position;
use super::RuleHandle;
use crate::rules::{Bitboard, BoardBits, Sq, SqSet};
use crate::seat::Seat;

/// The checks on a royal piece and the pins to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct KingSafety {
    /// How many pieces give check.
    pub checkers: u32,
    /// With one checker: its square and the squares between it and the
    /// royal piece; a move must land on one of them.
    answers: SqSet,
    /// Pieces that may not leave their line to the royal piece.
    pinned: SqSet,
    /// Whether any piece is pinned (most positions have none).
    any_pinned: bool,
    /// The square of the first checker found.
    first_checker: Sq,
}

impl KingSafety {
    fn add_checker(&mut self, checker: Sq, between: &[Sq]) {
        if self.add_checker_square(checker) {
            for &s in between {
                self.answers.insert(s);
            }
        }
    }

    /// [`KingSafety::add_checker`] with the squares between as the low
    /// bits of a set (boards of at most 64 squares).
    fn add_checker_bits(&mut self, checker: Sq, between: u64) {
        self.add_checker_set(checker, &SqSet::from_words([between, 0, 0, 0]));
    }

    /// [`KingSafety::add_checker`] with the squares between as a set.
    fn add_checker_set(&mut self, checker: Sq, between: &SqSet) {
        if self.add_checker_square(checker) {
            self.answers = self.answers.union(between);
        }
    }

    /// Counts a checker; returns whether it is the only one so far (the
    /// squares between it and the royal piece answer it then).
    fn add_checker_square(&mut self, checker: Sq) -> bool {
        // A piece attacking along two geometries (a bishop that also steps
        // like a king) is one checker, not a double check.
        if self.checkers == 1 && self.first_checker == checker {
            return false;
        }
        if self.checkers == 0 {
            self.first_checker = checker;
        }
        self.checkers += 1;
        if self.checkers == 1 {
            self.answers.insert(checker);
        }
        self.checkers == 1
    }

    fn add_pinned(&mut self, sq: Sq) {
        self.pinned.insert(sq);
        self.any_pinned = true;
    }

    /// The pieces that may not leave their line to the royal piece.
    #[inline]
    pub fn pinned(&self) -> &SqSet {
        &self.pinned
    }

    /// Whether a piece is pinned.
    #[inline]
    pub fn is_pinned(&self, sq: Sq) -> bool {
        self.any_pinned && self.pinned.contains(sq)
    }

    /// Whether a move of a non-royal, unpinned piece to `to` answers the
    /// checks (always true when not in check).
    #[inline]
    pub fn answers(&self, to: Sq) -> bool {
        match self.checkers {
            0 => true,
            1 => self.answers.contains(to),
            _ => false,
        }
    }

    /// The squares a move may land on: all when not in check, the checker's
    /// square and the squares between with one checker, none in double check.
    pub fn answer_set(&self) -> SqSet {
        match self.checkers {
            0 => SqSet::ALL,
            1 => self.answers,
            _ => SqSet::default(),
        }
    }
}

impl<R: RuleHandle> Position<R> {
    /// Who checks a seat's royal piece and which of its pieces are pinned,
    /// looking outward from the royal square along the enemies' attack
    /// lines. Meaningful when no hoppers or lame captures exist.
    /// Inlined: a seat without a royal piece (Tetrarchy's) is told
    /// without a call.
    #[inline]
    pub fn king_safety(&self, seat: Seat) -> KingSafety {
        match self.royal(seat) {
            Some(king) => self.royal_safety(king, seat),
            None => KingSafety::default(),
        }
    }

    /// [`Position::king_safety`] of the royal piece on `king`; also the
    /// checks and pins of a lone pseudo-royal piece there, where captures
    /// explode (`Position::moves_by_blast_pins`).
    #[inline(never)]
    pub(crate) fn royal_safety(&self, king: Sq, seat: Seat) -> KingSafety {
        let mut safety = KingSafety::default();
        let rules = self.rules();
        match rules.seats.len() {
            0 | 1 => {}
            2 => {
                if let Some(enemy) = self.other_seat_if_enemy(seat) {
                    self.enemy_king_safety(king, seat, enemy, &mut safety);
                }
            }
            _ => self.merged_king_safety(king, seat, &mut safety),
        }
        safety
    }

    /// [`Position::king_safety`] walking each enemy's attack lines in turn
    /// (any number of seats; with two, [`Position::royal_safety`] names
    /// the enemy at once). Compared with the merged walk in the tests.
    #[cfg(test)]
    pub(super) fn seat_by_seat_king_safety(&self, king: Sq, seat: Seat, safety: &mut KingSafety) {
        let rules = self.rules();
        let team = rules.seats[seat].team;
        let active = |s: Seat| rules.seats[s].team != team && !self.is_eliminated(s);
        for enemy in Seat::all(rules.seats.len()).filter(|&s| active(s)) {
            self.enemy_king_safety(king, seat, enemy, safety);
        }
    }

    /// The checks that `enemy`'s pieces give `seat`'s royal piece on
    /// `king`, and the pins they make, added to `safety`.
    #[inline(always)]
    pub(super) fn enemy_king_safety(
        &self,
        king: Sq,
        seat: Seat,
        enemy: Seat,
        safety: &mut KingSafety,
    ) {
        let rules = self.rules();
        let board = &self.board;
        let own = self.seat_occupied[enemy].low_bits();
        for &(squares, types) in rules.leap_attacks(enemy, king) {
            let mut found = self.pieces_on(enemy, own, squares, types);
            while found != 0 {
                safety.add_checker(found.trailing_zeros() as Sq, &[]);
                found &= found - 1;
            }
        }
        if self.no_rider_toward(enemy, king) || self.rides_show_nothing(king, seat, enemy) {
            return;
        }
        // The lines mostly take turns between two sets of attacker types
        // (rook and queen, bishop and queen): the squares of the last two
        // sets are kept.
        let mut last = [(0, 0); 2];
        let small = rules.square_count() <= 64;
        for attack in rules.attack_lines(enemy, king) {
            // On small boards: no attacker on the ray, no check and no pin.
            if small
                && attack.line.kind == crate::rules::LineKind::Ride
                && attack.line.path == 0
                && attack.ray != 0
            {
                let attackers = match last {
                    [(types, bits), _] | [_, (types, bits)] if types == attack.types => bits,
                    _ => {
                        let bits = self.pieces_of_types(enemy, attack.types);
                        last = [(attack.types, bits), last[0]];
                        bits
                    }
                };
                if attack.ray as u64 & attackers != 0 {
                    self.scan_king_ray(attack, seat, attackers, safety);
                }
                continue;
            }
            let attacker = |s: Sq| {
                let p = board[s as usize];
                p.is_some() && p.seat() == enemy && !p.dead() && p.kind().is_in(attack.types)
            };
            self.scan_king_line(&attack.line, seat, attacker, safety);
        }
    }

    /// Where `enemy`'s attack lines toward `king` are all read as slides
    /// ([`crate::rules::BitTables::attack_slides`]): whether they show
    /// `seat` neither a check nor a pin, with two lookups per group of
    /// rides (the first pieces, then those behind `seat`'s own first
    /// pieces). Then the walk over the lines has nothing to add; otherwise
    /// it finds which.
    #[inline(always)]
    pub(super) fn rides_show_nothing(&self, king: Sq, seat: Seat, enemy: Seat) -> bool {
        let rules = self.rules();
        let BoardBits::Narrow(bits) = &rules.bits else {
            return false;
        };
        let slides = bits.attack_slides(rules, enemy, king);
        if slides.len() == 0 {
            return false;
        }
        let occupied = self.occupied.low_bits();
        let own = self.seat_occupied[seat].low_bits();
        for attack in slides {
            let riders = self.pieces_of_types(enemy, attack.types);
            if attack.squares & riders == 0 {
                continue;
            }
            let first = attack.reach(occupied);
            let shields = first & own;
            if first & riders != 0
                || shields != 0 && attack.reach(occupied & !shields) & riders != 0
            {
                return false;
            }
        }
        true
    }

    /// [`Position::scan_king_line`] for a plain ride on a board of at most
    /// 64 squares, with bitboards: the first piece on the ray checks if it
    /// is one of `attackers`; an own piece is pinned if the next one is.
    #[inline(always)]
    pub(super) fn scan_king_ray(
        &self,
        attack: &crate::rules::AttackLine,
        seat: Seat,
        attackers: u64,
        safety: &mut KingSafety,
    ) {
        let ray = attack.ray as u64;
        let blockers = ray & self.occupied.low_bits();
        let first = attack.nearest(blockers);
        let bit = 1u64 << first;
        if attackers & bit != 0 {
            let nearer = if attack.increasing {
                bit - 1
            } else {
                !(bit | (bit - 1))
            };
            safety.add_checker_bits(first as Sq, ray & nearer);
            return;
        }
        let rest = blockers & !bit;
        let own = self.seat_occupied[seat].low_bits() & bit != 0;
        if own
            && rest != 0
            && !self.board[first as usize].dead()
            && attackers >> attack.nearest(rest) & 1 != 0
        {
            safety.add_pinned(first as Sq);
        }
    }

    /// [`Position::king_safety`] with more than two seats: one walk of the
    /// merged attack lines covers every enemy, and a line with no enemy
    /// piece on it is passed by. Never inlined: the two-seat walk keeps its
    /// registers.
    #[inline(never)]
    pub(super) fn merged_king_safety(&self, king: Sq, seat: Seat, safety: &mut KingSafety) {
        let team = self.rules().seats[seat].team;
        let threats = self.active_enemy_squares(team);
        let lines = self.rules().enemy_attacks_on(king);
        for attack in lines.rays {
            if attack.ray.intersects(&threats) {
                self.scan_enemy_ray(attack, seat, team, safety);
            }
        }
        if lines.others_reach.intersects(&threats) {
            for attack in lines.others {
                let attacker = |s: Sq| self.enemy_attacks_from(s, team, &attack.types);
                self.scan_king_line(&attack.line, seat, attacker, safety);
            }
        }
    }

    /// [`Position::scan_king_line`] for a plain ride of the merged attack
    /// lines ([`crate::rules::EnemyAttackLine::ray`]), with sets: the first
    /// piece on the ray checks if it attacks along it; an own piece is
    /// pinned if the next one does.
    #[inline(always)]
    pub(super) fn scan_enemy_ray(
        &self,
        attack: &crate::rules::EnemyAttackLine,
        seat: Seat,
        team: usize,
        safety: &mut KingSafety,
    ) {
        let blockers = attack.ray & self.occupied;
        let Some(first) = Self::nearest_on_ray(attack, blockers) else {
            return;
        };
        let (nearer, beyond) = if attack.increasing {
            (SqSet::below(first), SqSet::above(first))
        } else {
            (SqSet::above(first), SqSet::below(first))
        };
        if self.enemy_attacks_from(first, team, &attack.types) {
            safety.add_checker_set(first, &(attack.ray & nearer));
            return;
        }
        let p = self.board[first as usize];
        if p.is_wall() || p.dead() || p.seat() != seat {
            return;
        }
        if Self::nearest_on_ray(attack, blockers & beyond)
            .is_some_and(|pinner| self.enemy_attacks_from(pinner, team, &attack.types))
        {
            safety.add_pinned(first);
        }
    }

    /// The square of `blockers` nearest the start of a merged attack
    /// line's ray, if any.
    #[inline(always)]
    pub(super) fn nearest_on_ray(
        attack: &crate::rules::EnemyAttackLine,
        blockers: SqSet,
    ) -> Option<Sq> {
        if blockers.is_empty() {
            None
        } else if attack.increasing {
            Some(blockers.lowest())
        } else {
            Some(blockers.highest())
        }
    }

    /// Adds the check and the pin an attack line toward `seat`'s royal piece
    /// holds: a ride's first piece if it attacks (a check), or an own piece
    /// followed by an attacker (a pin); another line's landing square.
    #[inline]
    pub(super) fn scan_king_line(
        &self,
        line: &crate::rules::Line,
        seat: Seat,
        attacker: impl Fn(Sq) -> bool,
        safety: &mut KingSafety,
    ) {
        let squares = self.rules().line_squares(line);
        if line.kind != crate::rules::LineKind::Ride || line.path != 0 {
            let landing = squares[squares.len() - 1];
            if attacker(landing) {
                safety.add_checker(landing, &[]);
            }
            return;
        }
        let mut blocker = None;
        for (i, &s) in squares.iter().enumerate() {
            let p = self.board[s as usize];
            if p.is_none() {
                continue;
            }
            match blocker {
                None if attacker(s) => {
                    safety.add_checker(s, &squares[..i]);
                }
                None if p.seat() == seat && !p.dead() && !p.is_wall() => {
                    blocker = Some(s);
                    continue;
                }
                Some(b) if attacker(s) => safety.add_pinned(b),
                _ => {}
            }
            break;
        }
    }
}
