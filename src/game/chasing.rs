//! Xiangqi's chasing rule (`chasingRule = axf`), as Fairy-Stockfish judges
//! it. After each move, [`chased`] finds the opponent's pieces the move
//! chases: pieces it newly attacks that are unprotected or worth more than
//! the attacker (a horse or cannon after a rook; an elephant or advisor
//! after a rook, cannon or horse), pieces whose only protector it pins, and
//! pieces a newly pinned or discovering piece leaves attacked. The
//! adjudicator keeps these sets, and a repetition in which one side chased
//! the same piece at every one of its moves loses for that side.
//!
//! The piece roles (king, rook, horse, cannon, elephant, advisor, soldier)
//! are the variant's types of those Fairy-Stockfish names
//! ([`ChasingRoles`]); attacks are the types' own compiled lines.

use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;
use crate::rules::{ChasingRoles, LineKind, RuleTable, Sq, SqSet};
use crate::seat::Seat;

/// The squares holding anything (pieces of every seat, walls).
fn occupancy(pos: &Position) -> SqSet {
    let mut set = SqSet::default();
    for sq in 0..pos.rules().square_count() as Sq {
        if pos.piece_at(sq).is_some() {
            set.insert(sq);
        }
    }
    set
}

/// The squares `piece`, standing on `from`, attacks when `occupied` holds
/// the pieces, whoever stands there: along its capturing lines, a ride's
/// squares up to the first piece, a hop's squares beyond its hurdle up to
/// the next piece, a leap's landing when its path allows. With
/// `in_region`, only squares inside the piece's mobility region
/// (Fairy-Stockfish's `attacks_from`; without: its `attacks_bb`).
fn attacks(pos: &Position, from: Sq, piece: Piece, occupied: &SqSet, in_region: bool) -> SqSet {
    let rules = pos.rules();
    let mut set = SqSet::default();
    for line in rules.lines(piece.seat(), piece.kind(), from) {
        if !line.capture {
            continue;
        }
        let squares = rules.line_squares(line);
        match line.kind {
            LineKind::Leap => {
                let (path, landing) = squares.split_at(line.path as usize);
                let open = if line.jump {
                    path.iter().any(|&s| occupied.contains(s))
                } else {
                    path.iter().all(|&s| !occupied.contains(s))
                };
                if open {
                    set.insert(landing[0]);
                }
            }
            LineKind::Ride => {
                let step = line.path as usize + 1;
                for chunk in squares.chunks_exact(step) {
                    let (path, landing) = chunk.split_at(step - 1);
                    if path.iter().any(|&s| occupied.contains(s)) {
                        break;
                    }
                    set.insert(landing[0]);
                    if occupied.contains(landing[0]) {
                        break;
                    }
                }
            }
            LineKind::Hop => {
                if let Some(h) = squares.iter().position(|&s| occupied.contains(s)) {
                    for &s in &squares[h + 1..] {
                        set.insert(s);
                        if occupied.contains(s) {
                            break;
                        }
                    }
                }
            }
            LineKind::Grasshop => {
                if let Some(h) = squares.iter().position(|&s| occupied.contains(s))
                    && let Some(&s) = squares.get(h + 1)
                {
                    set.insert(s);
                }
            }
        }
    }
    if in_region && let Some(region) = &rules.mobility[rules.seat_type(piece.seat(), piece.kind())]
    {
        let all = set;
        for s in all.iter() {
            if !region[s as usize] {
                set.remove(s);
            }
        }
    }
    set
}

/// The pieces of `seat` that attack `target` when `occupied` holds the
/// pieces, each inside its mobility region (Fairy-Stockfish's
/// `attackers_to`).
fn attackers(pos: &Position, target: Sq, seat: Seat, occupied: &SqSet) -> SqSet {
    let mut set = SqSet::default();
    for &sq in pos.pieces_of(seat) {
        let piece = pos.piece_at(sq);
        if !piece.dead() && attacks(pos, sq, piece, occupied, true).contains(target) {
            set.insert(sq);
        }
    }
    set
}

/// The squares of the live pieces of `seat` whose type is in `types`.
fn pieces_of_types(pos: &Position, seat: Seat, types: u64) -> SqSet {
    let mut set = SqSet::default();
    for &sq in pos.pieces_of(seat) {
        let piece = pos.piece_at(sq);
        if !piece.dead() && piece.kind().is_in(types) {
            set.insert(sq);
        }
    }
    set
}

/// The pieces (of either side) that alone stand between `seat`'s king and
/// an enemy piece that would attack it without them: one piece on a ride's
/// or a lame leap's path, one or two before a hopper (Fairy-Stockfish's
/// `blockersForKing`). The pieces on other such attackers' paths do not
/// count as blocking (a ride's, as Fairy-Stockfish removes them).
pub(super) fn king_blockers(pos: &Position, seat: Seat) -> SqSet {
    let mut blockers = SqSet::default();
    let Some(king) = pos.royal(seat) else {
        return blockers;
    };
    let rules = pos.rules();
    let them = seat.next(rules.seats.len());
    let occupied = occupancy(pos);
    // Each attacker the king is shielded from: the squares between, and
    // whether it hops.
    let mut snipers: Vec<(SqSet, bool)> = Vec::new();
    let mut sliding = SqSet::default();
    for &q in pos.pieces_of(them) {
        let piece = pos.piece_at(q);
        if piece.dead() {
            continue;
        }
        for line in rules.lines(them, piece.kind(), q) {
            let squares = rules.line_squares(line);
            let Some(k) = squares.iter().position(|&s| s == king) else {
                continue;
            };
            if !line.capture || line.jump {
                continue;
            }
            let mut between = SqSet::default();
            for &s in &squares[..k] {
                between.insert(s);
            }
            let pieces = between.intersection(&occupied).len();
            let hop = match line.kind {
                LineKind::Ride => false,
                LineKind::Leap if line.path > 0 && k == squares.len() - 1 => false,
                LineKind::Hop => true,
                _ => continue,
            };
            let attacking = if hop { pieces == 1 } else { pieces == 0 };
            if !attacking {
                snipers.push((between, hop));
                if !hop {
                    sliding.insert(q);
                }
            }
        }
    }
    let thinned = occupied.difference(&sliding);
    for (between, hop) in snipers {
        let shield = between.intersection(if hop { &occupied } else { &thinned });
        if shield.len() == 1 || (hop && shield.len() == 2) {
            blockers = blockers.union(&shield);
        }
    }
    blockers
}

/// Finds the pieces chased by one move (Fairy-Stockfish's `chased`).
struct Chaser<'a> {
    pos: &'a Position,
    roles: &'a ChasingRoles,
    us: Seat,
    them: Seat,
    occupied: SqSet,
    /// The king's blockers, and under the flying general the side's one
    /// piece on the enemy king's file beside its own king.
    pins: SqSet,
    chased: SqSet,
}

impl Chaser<'_> {
    fn ours(&self, types: u64) -> SqSet {
        pieces_of_types(self.pos, self.us, types)
    }

    /// The side to move's kings and soldiers that have not crossed the
    /// river: attacking them is no chase.
    fn unchaseable(&self) -> SqSet {
        let mut set = self.ours(self.roles.king);
        let zone = &self.roles.soldier_zone[self.us.index()];
        for s in self.ours(self.roles.soldier).iter() {
            if !zone.contains(s) {
                set.insert(s);
            }
        }
        set
    }

    /// Adds the pieces among `attacks` that the piece on `from` chases:
    /// stronger pieces, and pieces left without a real protector; a piece
    /// of the attacker's own type counts only if it cannot attack back.
    fn add(&mut self, from: Sq, attacks: SqSet) {
        if attacks.difference(&self.chased).is_empty() {
            return;
        }
        let roles = self.roles;
        let pos = self.pos;
        let kind = pos.piece_at(from).kind();
        let mut attacks = attacks.difference(&self.unchaseable());
        if kind.is_in(roles.horse | roles.cannon) {
            let stronger = attacks.intersection(&self.ours(roles.rook));
            self.chased = self.chased.union(&stronger);
        }
        if kind.is_in(roles.elephant | roles.advisor) {
            let stronger =
                attacks.intersection(&self.ours(roles.rook | roles.cannon | roles.horse));
            self.chased = self.chased.union(&stronger);
        }
        let rules = pos.rules();
        let fers_neighbours = neighbours(rules, from, &DIAGONAL);
        if kind.is_in(roles.horse) && fers_neighbours.intersects(&self.occupied) {
            // A horse may be attacked by a horse it cannot attack back.
            for s in attacks.intersection(&self.ours(kind.bit())).iter() {
                if attacks_of(pos, s, &self.occupied, false).contains(from) {
                    attacks.remove(s);
                }
            }
        } else {
            let same = self.ours(kind.bit()).difference(&self.pins);
            attacks = attacks.difference(&same);
        }
        let without = {
            let mut occupied = self.occupied;
            occupied.remove(from);
            occupied
        };
        let our_king = self.ours(roles.king);
        for s in attacks.iter() {
            let roots = attackers(pos, s, self.us, &without).difference(&self.pins);
            let only_king_behind_general = rules.flying_general
                && roots == our_king
                && pos
                    .royal(self.them)
                    .is_some_and(|k| rook_attacks(rules, k, &without).contains(s));
            if roots.is_empty() || only_king_behind_general {
                self.chased.insert(s);
            }
        }
    }
}

/// The squares the piece on `from` attacks (see [`attacks`]).
fn attacks_of(pos: &Position, from: Sq, occupied: &SqSet, in_region: bool) -> SqSet {
    attacks(pos, from, pos.piece_at(from), occupied, in_region)
}

/// The four file and rank directions (a wazir's steps, a rook's lines).
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The four diagonal directions (a fers's steps).
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The board squares at the given (file, rank) offsets from `sq`.
fn neighbours(rules: &RuleTable, sq: Sq, offsets: &[(i32, i32)]) -> SqSet {
    let mut set = SqSet::default();
    for &(df, dr) in offsets {
        if let Some(s) = rules.step(sq, df, dr) {
            set.insert(s);
        }
    }
    set
}

/// The squares from `sq` (left out) in direction `(df, dr)` up to the
/// board's edge, or up to the first square of `stop` (included).
fn ray(rules: &RuleTable, sq: Sq, (df, dr): (i32, i32), stop: &SqSet) -> SqSet {
    let mut set = SqSet::default();
    let mut at = sq;
    while let Some(s) = rules.step(at, df, dr) {
        set.insert(s);
        if stop.contains(s) {
            break;
        }
        at = s;
    }
    set
}

/// The squares of the whole line (edge to edge) through two squares on a
/// file, rank or diagonal; empty when they share none.
fn line_through(rules: &RuleTable, a: Sq, b: Sq) -> SqSet {
    let df = i32::from(rules.file_of(b)) - i32::from(rules.file_of(a));
    let dr = i32::from(rules.rank_of(b)) - i32::from(rules.rank_of(a));
    if a == b || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return SqSet::default();
    }
    let (df, dr) = (df.signum(), dr.signum());
    let mut set = ray(rules, a, (df, dr), &SqSet::default()).union(&ray(
        rules,
        a,
        (-df, -dr),
        &SqSet::default(),
    ));
    set.insert(a);
    set
}

/// A rook's attacks from `from`: along each file and rank direction, the
/// squares up to the first piece.
fn rook_attacks(rules: &RuleTable, from: Sq, occupied: &SqSet) -> SqSet {
    ORTHOGONAL.iter().fold(SqSet::default(), |set, &d| {
        set.union(&ray(rules, from, d, occupied))
    })
}

/// The squares on the file and the rank of `sq`, itself left out.
fn straight_lines(rules: &RuleTable, sq: Sq) -> SqSet {
    rook_attacks(rules, sq, &SqSet::default())
}

/// The pieces of the side to move that the move just made (`mv`, which
/// `captured` or not) chases, given the side to move's king blockers
/// before it (`blockers_before`).
pub(super) fn chased(
    pos: &Position,
    roles: &ChasingRoles,
    mv: Move,
    captured: bool,
    blockers_before: &SqSet,
) -> SqSet {
    let rules = pos.rules();
    let us = pos.to_move();
    let them = us.next(rules.seats.len());
    let occupied = occupancy(pos);
    let mut pins = king_blockers(pos, us);
    let blockers_now = pins;
    if rules.flying_general
        && let Some(their_king) = pos.royal(them)
    {
        let file = rules.file_of(their_king);
        let mut on_file = SqSet::default();
        for &s in pos.pieces_of(us) {
            if rules.file_of(s) == file {
                on_file.insert(s);
            }
        }
        let kings = pieces_of_types(pos, us, roles.king);
        let others = on_file.difference(&kings);
        if on_file.intersects(&kings) && others.len() <= 1 {
            pins = pins.union(&others);
        }
    }
    let mut chaser = Chaser {
        pos,
        roles,
        us,
        them,
        occupied,
        pins,
        chased: SqSet::default(),
    };
    let our_pieces = pieces_of_types(pos, us, u64::MAX);
    let their_pieces = pieces_of_types(pos, them, u64::MAX);
    let to = mv.to();
    let from = mv.from();

    // Direct attacks: only the new ones of a rook or cannon (not along the
    // line it moved on).
    let moved = pos.piece_at(to);
    if moved.is_some() && moved.seat() == them && !moved.kind().is_in(roles.king | roles.soldier) {
        let mut direct = attacks_of(pos, to, &occupied, true).intersection(&our_pieces);
        if moved.kind().is_in(roles.rook | roles.cannon)
            && let Some(from) = from
        {
            direct = direct.difference(&line_through(rules, from, to));
        }
        chaser.add(to, direct);
    }

    // Discovered attacks: of the pieces whose lines the move opened.
    if let Some(from) = from {
        let of = |types: u64, near: SqSet| near.intersection(&pieces_of_types(pos, them, types));
        let candidates = of(roles.horse, neighbours(rules, from, &ORTHOGONAL))
            .union(&of(roles.elephant, neighbours(rules, from, &DIAGONAL)))
            .union(&of(roles.cannon | roles.rook, straight_lines(rules, from)))
            .union(&of(roles.cannon, straight_lines(rules, to)));
        let mut before = occupied;
        if !captured {
            before.remove(to);
        }
        before.insert(from);
        for s in candidates.iter() {
            let discovered = attacks_of(pos, s, &occupied, false)
                .intersection(&our_pieces)
                .difference(&attacks_of(pos, s, &before, false));
            chaser.add(s, discovered);
        }
    }

    // New pins: a pinned piece protects nothing, and a discovering piece
    // attacks what the king cannot take back.
    let new_blockers = blockers_now.difference(blockers_before);
    let their_blockers = king_blockers(pos, them);
    for s in new_blockers.intersection(&our_pieces).iter() {
        let mut reach = attacks_of(pos, s, &occupied, false);
        // Fairy-Stockfish's soldier attacks sideways here even before it
        // crosses the river (its unrestricted attacks).
        if pos.piece_at(s).kind().is_in(roles.soldier)
            && !roles.soldier_zone[us.index()].contains(s)
        {
            reach = reach.union(&neighbours(rules, s, &[(1, 0), (-1, 0)]));
        }
        let fake_rooted = reach
            .intersection(&our_pieces)
            .difference(&chaser.unchaseable());
        for s2 in fake_rooted.iter() {
            if !attackers(pos, s2, them, &occupied)
                .difference(&their_blockers)
                .is_empty()
            {
                chaser.chased.insert(s2);
            }
        }
    }
    if let Some(king) = pos.royal(us) {
        let king_reach = attacks_of(pos, king, &occupied, true);
        for s in new_blockers.intersection(&their_pieces).iter() {
            let discovery = attacks_of(pos, s, &occupied, true).intersection(&our_pieces);
            chaser.chased = chaser.chased.union(&discovery.difference(&king_reach));
            let mut without = occupied;
            without.remove(s);
            without.remove(king);
            for s2 in discovery.intersection(&king_reach).iter() {
                let mut others = attackers(pos, s2, them, &without);
                others.remove(s);
                if !others.is_empty() {
                    chaser.chased.insert(s2);
                }
            }
        }
    }
    chaser.chased
}

/// Where a piece stood before a move: the move's origin for the piece on
/// its destination (Fairy-Stockfish's `undo_move_board`).
pub(super) fn before_move(set: SqSet, mv: Option<Move>) -> SqSet {
    match mv.and_then(|m| m.from().map(|from| (from, m.to()))) {
        Some((from, to)) if set.contains(to) => {
            let mut set = set;
            set.remove(to);
            set.insert(from);
            set
        }
        _ => set,
    }
}
