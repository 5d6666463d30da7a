//! Every piece's moves laid on the board as lines, for every seat and
//! square, and the attack lines they make: grouped per square by geometry,
//! and with more than two seats merged over the enemy seats.

use super::{AttackLine, Line, LineKind, PalaceLines, Sq, SqSet};
use super::{Context, GeometryKey};
use crate::betza::{Betza, MoveKind, MoveRule};
use crate::board::Square;
use crate::definition::keys::Key;
use crate::rules::geometry::Direction;
use crate::seat::MAX_SEATS;
use rustc_hash::{FxHashMap, FxHashSet};

/// Janggi's palace diagonals: their squares, and the types that move along
/// them (bits).
pub(super) fn palace_lines(moves: &PieceMoves) -> PalaceLines {
    let squares = (0..moves.diagonal.len() as Sq)
        .filter(|&s| moves.diagonal[s as usize])
        .collect();
    let types = moves
        .diagonal_rules
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.is_empty())
        .fold(0, |m, (t, _)| m | 1 << t);
    PalaceLines { squares, types }
}

/// Each type's moves as rules, before they are laid on the board.
pub(super) struct PieceMoves {
    /// Per type, its Betza moves and its initial steps.
    pub(super) rules: Vec<Vec<MoveRule>>,
    /// A pawn's triple step (`tripleStepRegion`).
    pub(super) triple: Vec<MoveRule>,
    /// Per square, whether it is on janggi's palace diagonals
    /// (`diagonalLines`).
    pub(super) diagonal: Vec<bool>,
    /// Per type, its moves along those diagonals.
    pub(super) diagonal_rules: Vec<Vec<MoveRule>>,
}

/// The [`PieceMoves`] of a variant; an error where its diagonal lines are
/// not lines.
pub(super) fn piece_moves(ctx: &Context) -> Result<PieceMoves, String> {
    let def = ctx.def;
    let piece_rules: Vec<Vec<MoveRule>> = def
        .pieces
        .iter()
        .map(|p| {
            let mut rules = p.betza.rules();
            if let Some(extra) = def.initial_step_betza(p) {
                rules.extend(Betza::parse(extra).expect("valid Betza").rules());
            }
            rules
        })
        .collect();
    // A pawn's triple step (`tripleStepRegion`): three squares forward, the
    // two passed ones empty (a lame leap Betza cannot write for
    // Fairy-Stockfish, which makes only N, A, Z and D leaps lame).
    let triple = vec![MoveRule {
        leap: crate::betza::Offset {
            forward: 3,
            right: 0,
        },
        kind: MoveKind::Leap,
        quiet: true,
        capture: false,
        en_passant: false,
        initial: false,
        lame: true,
        jumping: false,
    }];
    // Janggi's palace diagonals (`diagonalLines`): from a square of the
    // lines, some types also move diagonally along them.
    let diagonal = ctx.region(Key::DiagonalLines);
    check_diagonal_lines(ctx, &diagonal)?;
    let diagonal_rules: Vec<Vec<MoveRule>> = def
        .pieces
        .iter()
        .map(|p| {
            palace_diagonal(p)
                .map_or_else(Vec::new, |b| Betza::parse(b).expect("valid Betza").rules())
        })
        .collect();
    Ok(PieceMoves {
        rules: piece_rules,
        triple,
        diagonal,
        diagonal_rules,
    })
}

/// Per (seat, type), the squares it may move on, where the variant limits
/// them; as in Fairy-Stockfish, a piece attacks only squares inside its
/// mobility region.
pub(super) fn compile_mobility(ctx: &Context) -> Vec<Option<Vec<bool>>> {
    let def = ctx.def;
    let (n_seats, n_types, nsq) = (ctx.seats.len(), def.pieces.len(), ctx.square_count());
    let mut mobility = vec![None; n_seats * n_types];
    for (key, seat, region) in &def.mobility {
        if let Some(t) = def.pieces.iter().position(|p| &p.key == key)
            && *seat < n_seats
        {
            let set = region.squares(&ctx.board);
            let mut mask = vec![false; nsq];
            for s in set {
                mask[ctx.sq(s) as usize] = true;
            }
            mobility[seat * n_types + t] = Some(mask);
        }
    }
    mobility
}

/// The squares where each seat's pawns may step twice or three times, where
/// each (seat, type) may move, and the rank below which a soldier moves only
/// forward: what [`lay_lines`] reads besides the pieces' moves.
pub(super) struct Regions<'a> {
    pub(super) initial: &'a [Vec<bool>],
    pub(super) triple: &'a [Vec<bool>],
    pub(super) mobility: &'a [Option<Vec<bool>>],
    pub(super) soldier_rank: u8,
}

/// Every (seat, type, square)'s move lines, and per (seat, square) the
/// attack lines ending there grouped by geometry.
pub(super) struct LaidLines {
    pub(super) builder: LineBuilder,
    /// Per (seat, type, square), its range of `builder`'s lines.
    pub(super) line_index: Vec<(u32, u32)>,
    /// Per (seat, square), each attack geometry's attacking types (bits).
    pub(super) attack_groups: Vec<FxHashMap<GeometryKey, u64>>,
    /// Per (seat, square), the attack geometries in file order.
    pub(super) attack_order: Vec<Vec<GeometryKey>>,
    /// A capturing line is lame, jumps or hops: attacks need the full test.
    pub(super) complex: bool,
    /// Per (seat, type), whether two of its lines reach one square.
    pub(super) overlapping: Vec<bool>,
}

/// Lays every piece's moves on the board, for every seat and square, and
/// gathers the attack lines they make.
pub(super) fn lay_lines(
    ctx: &Context,
    playable: &[bool],
    moves: &PieceMoves,
    regions: &Regions,
) -> LaidLines {
    let def = ctx.def;
    let (n_seats, n_types, nsq) = (ctx.seats.len(), def.pieces.len(), ctx.square_count());
    let PieceMoves {
        rules: piece_rules,
        triple,
        diagonal,
        diagonal_rules,
    } = moves;
    let Regions {
        initial: initial_region,
        triple: triple_region,
        mobility,
        soldier_rank,
    } = *regions;
    let mut builder = LineBuilder::default();
    let mut line_index = Vec::with_capacity(n_seats * n_types * nsq);
    let mut attack_groups: Vec<FxHashMap<GeometryKey, u64>> =
        vec![FxHashMap::default(); n_seats * nsq];
    let mut attack_order: Vec<Vec<GeometryKey>> = vec![Vec::new(); n_seats * nsq];
    let mut complex = false;
    let mut overlapping = vec![false; n_seats * n_types];
    for seat in 0..n_seats {
        let dir = ctx.seats[seat].forward;
        for (t, rules) in piece_rules.iter().enumerate() {
            for sq in 0..nsq as Sq {
                let start = builder.lines.len() as u32;
                if playable[sq as usize] {
                    let (f, r) = (
                        (sq % ctx.board.files as Sq) as i32,
                        (sq / ctx.board.files as Sq) as i32,
                    );
                    let mut own: Vec<(Line, Vec<Sq>)> = Vec::new();
                    let extra = (def.pieces[t].key == "pawn" && triple_region[seat][sq as usize])
                        .then_some(triple);
                    let on_lines = diagonal[sq as usize].then_some(&diagonal_rules[t]);
                    let all_rules = rules
                        .iter()
                        .chain(extra.into_iter().flatten())
                        .map(|rule| (rule, false))
                        .chain(on_lines.into_iter().flatten().map(|rule| (rule, true)));
                    for (rule, palace) in all_rules {
                        if rule.initial && !initial_region[seat][sq as usize] {
                            continue;
                        }
                        let unpromoted_soldier = def.pieces[t].key == "soldier"
                            && dir.relative_rank(
                                f as u8,
                                r as u8,
                                ctx.board.files,
                                ctx.board.ranks,
                            ) <= soldier_rank;
                        if unpromoted_soldier && rule.leap.forward == 0 && !palace {
                            continue;
                        }
                        let forward = forward_line(ctx, dir, f, r, rule).and_then(|l| {
                            if palace {
                                clip_to(l, diagonal, 1)
                            } else {
                                Some(l)
                            }
                        });
                        if let Some((line, squares)) = forward {
                            // Only capturing lines matter for attacks: a lame or
                            // hopping attacker can be unblocked or enabled by
                            // any move, so legality then needs the full test.
                            complex |= line.capture
                                && (line.path > 0
                                    || line.jump
                                    || matches!(line.kind, LineKind::Hop | LineKind::Grasshop));
                            merge_line(&mut own, line, squares);
                        }
                        let may_attack = mobility[seat * n_types + t]
                            .as_ref()
                            .is_none_or(|region: &Vec<bool>| region[sq as usize]);
                        if may_attack
                            && rule.capture
                            && (!rule.initial || matches!(rule.kind, MoveKind::Leap))
                        {
                            let reverse = reverse_lines(ctx, dir, f, r, rule)
                                .into_iter()
                                .filter_map(|l| {
                                    if !palace {
                                        Some(l)
                                    } else if diagonal[sq as usize] {
                                        let min = 1 + usize::from(l.0.kind == LineKind::Hop);
                                        clip_to(l, diagonal, min)
                                    } else {
                                        None
                                    }
                                });
                            for (line, squares) in reverse {
                                // `line` ends where the attacker stands; record it for
                                // the attacked square `sq` when the attacker could start there.
                                let attacker = *squares.last().expect("non-empty");
                                if rule.initial && !initial_region[seat][attacker as usize] {
                                    continue;
                                }
                                let key = (line.kind, squares, line.path, line.jump);
                                let slot = seat * nsq + sq as usize;
                                let entry =
                                    attack_groups[slot].entry(key.clone()).or_insert_with(|| {
                                        attack_order[slot].push(key);
                                        0
                                    });
                                *entry |= 1 << t;
                            }
                            complex |= rule.initial && !matches!(rule.kind, MoveKind::Leap);
                        }
                    }
                    let mut reached = FxHashSet::default();
                    for (line, squares) in &own {
                        let step = line.path as usize + 1;
                        for chunk in squares.chunks_exact(step) {
                            if !reached.insert(chunk[step - 1]) {
                                overlapping[seat * n_types + t] = true;
                            }
                        }
                    }
                    for (line, squares) in own {
                        builder.push(line, &squares);
                    }
                }
                line_index.push((start, builder.lines.len() as u32));
            }
        }
    }
    LaidLines {
        builder,
        line_index,
        attack_groups,
        attack_order,
        complex,
        overlapping,
    }
}

/// Per (seat, square), the attack lines ending there: one per geometry in
/// file order, with the types attacking along it; on boards of at most 64
/// squares plain leaps as bitboards, grouped by their types, and whether
/// every line is a plain ride.
pub(super) struct GroupedAttacks {
    pub(super) attacks: Vec<AttackLine>,
    pub(super) attack_index: Vec<(u32, u32)>,
    pub(super) leap_attacks: Vec<(u32, u32)>,
    pub(super) leap_attack_list: Vec<(u64, u64)>,
    pub(super) ride_attack_summaries: Vec<Option<(u64, u64)>>,
}

/// The [`GroupedAttacks`] of the laid lines.
pub(super) fn group_attacks(ctx: &Context, laid: &mut LaidLines) -> GroupedAttacks {
    let (n_seats, nsq) = (ctx.seats.len(), ctx.square_count());
    let mut attacks = Vec::new();
    let mut attack_index = Vec::with_capacity(n_seats * nsq);
    let mut leap_attacks = Vec::new();
    let mut leap_attack_list: Vec<(u64, u64)> = Vec::new();
    let mut ride_attack_summaries = Vec::new();
    for slot in 0..n_seats * nsq {
        let start = attacks.len() as u32;
        let leap_start = leap_attack_list.len() as u32;
        for key in &laid.attack_order[slot] {
            let types = laid.attack_groups[slot][key];
            let (kind, squares, path, jump) = key;
            // On small boards plain leaps are checked as bitboards, grouped
            // by the types that attack along them.
            if nsq <= 64 && *kind == LineKind::Leap && *path == 0 && !*jump {
                let square = 1u64 << squares[0];
                match leap_attack_list[leap_start as usize..]
                    .iter_mut()
                    .find(|(_, t)| *t == types)
                {
                    Some((bits, _)) => *bits |= square,
                    None => leap_attack_list.push((square, types)),
                }
                continue;
            }
            let line = laid.builder.line_for(*kind, squares, *path, *jump);
            let ray = if nsq <= 128 && *path == 0 && *kind == LineKind::Ride {
                squares.iter().fold(0u128, |m, s| m | 1 << s)
            } else {
                0
            };
            let span = if nsq <= 64 {
                squares.iter().fold(0u64, |m, s| m | 1 << s)
            } else {
                0
            };
            let increasing = squares.len() < 2 || squares[1] > squares[0];
            attacks.push(AttackLine {
                line,
                types,
                ray,
                span,
                increasing,
            });
        }
        attack_index.push((start, attacks.len() as u32));
        if nsq <= 64 {
            leap_attacks.push((leap_start, leap_attack_list.len() as u32));
            let lines = &attacks[start as usize..];
            let plain_rides = lines
                .iter()
                .all(|a| a.line.kind == LineKind::Ride && a.line.path == 0 && a.ray != 0);
            ride_attack_summaries.push(plain_rides.then(|| {
                lines.iter().fold((0, 0), |(squares, types), a| {
                    (squares | a.ray as u64, types | a.types)
                })
            }));
        }
    }
    GroupedAttacks {
        attacks,
        attack_index,
        leap_attacks,
        leap_attack_list,
        ride_attack_summaries,
    }
}

/// Per square, every square of every seat's attack lines ending there: a
/// move that touches none of them cannot change whether it is attacked.
pub(super) fn attack_reach(ctx: &Context, attack_order: &[Vec<GeometryKey>]) -> Vec<SqSet> {
    let (n_seats, nsq) = (ctx.seats.len(), ctx.square_count());
    (0..nsq)
        .map(|sq| {
            let mut reach = SqSet::default();
            for seat in 0..n_seats {
                for (_, squares, _, _) in &attack_order[seat * nsq + sq] {
                    for &s in squares {
                        reach.insert(s);
                    }
                }
            }
            reach
        })
        .collect()
}

/// With more than two seats, every seat's attack lines toward a square
/// merged, plain rides first, with their ranges per square.
pub(super) struct MergedAttacks {
    pub(super) lines: Vec<crate::rules::EnemyAttackLine>,
    pub(super) index: Vec<crate::rules::EnemyLineRange>,
}

/// The [`MergedAttacks`] of the laid lines (none with two seats).
pub(super) fn merge_enemy_attacks(ctx: &Context, laid: &mut LaidLines) -> MergedAttacks {
    let (n_seats, nsq) = (ctx.seats.len(), ctx.square_count());
    let mut enemy_attacks = Vec::new();
    let mut enemy_attack_index = Vec::new();
    if n_seats > 2 {
        enemy_attack_index.reserve(nsq);
        for sq in 0..nsq {
            let start = enemy_attacks.len() as u32;
            let mut order: Vec<&GeometryKey> = Vec::new();
            let mut types: FxHashMap<&GeometryKey, [u64; MAX_SEATS]> = FxHashMap::default();
            for seat in 0..n_seats {
                let slot = seat * nsq + sq;
                for key in &laid.attack_order[slot] {
                    let entry = types.entry(key).or_insert_with(|| {
                        order.push(key);
                        [0; MAX_SEATS]
                    });
                    entry[seat] |= laid.attack_groups[slot][key];
                }
            }
            // Plain rides first, read as bitboards; then the other lines,
            // with every square of theirs gathered.
            let is_ray = |(kind, _, path, _): &&GeometryKey| *path == 0 && *kind == LineKind::Ride;
            let (rays, others): (Vec<_>, Vec<_>) = order.into_iter().partition(is_ray);
            let rays_end = start + rays.len() as u32;
            let mut others_reach = SqSet::default();
            for key in rays.into_iter().chain(others) {
                let (kind, squares, path, jump) = key;
                let mut ray = SqSet::default();
                if is_ray(&key) {
                    squares.iter().for_each(|&s| ray.insert(s));
                } else {
                    squares.iter().for_each(|&s| others_reach.insert(s));
                }
                enemy_attacks.push(crate::rules::EnemyAttackLine {
                    line: laid.builder.line_for(*kind, squares, *path, *jump),
                    types: types[key],
                    ray,
                    increasing: squares.len() < 2 || squares[1] > squares[0],
                });
            }
            enemy_attack_index.push(crate::rules::EnemyLineRange {
                start,
                rays_end,
                end: enemy_attacks.len() as u32,
                others_reach,
            });
        }
    }
    MergedAttacks {
        lines: enemy_attacks,
        index: enemy_attack_index,
    }
}

/// Lines being collected, with their squares in one flat list.
#[derive(Default)]
pub(super) struct LineBuilder {
    pub(super) lines: Vec<Line>,
    pub(super) squares: Vec<Sq>,
}

impl LineBuilder {
    pub(super) fn push(&mut self, mut line: Line, squares: &[Sq]) {
        line.start = self.squares.len() as u32;
        self.squares.extend_from_slice(squares);
        self.lines.push(line);
    }

    pub(super) fn line_for(
        &mut self,
        kind: LineKind,
        squares: &[Sq],
        path: u8,
        jump: bool,
    ) -> Line {
        let line = Line {
            start: self.squares.len() as u32,
            steps: (squares.len() / (path as usize + 1)) as u16,
            path,
            kind,
            quiet: false,
            capture: true,
            en_passant: false,
            jump,
        };
        self.squares.extend_from_slice(squares);
        line
    }
}

/// The diagonal move a piece gains on Janggi's palace lines
/// (`diagonalLines`), as Fairy-Stockfish gives it: the wazir and a king that
/// moves as one step like a fers, the soldier steps diagonally forward, the
/// rook rides like a bishop and Janggi's cannon hops like one.
pub(super) fn palace_diagonal(piece: &crate::definition::Piece) -> Option<&'static str> {
    match piece.key.as_str() {
        "wazir" => Some("F"),
        "soldier" => Some("fF"),
        "rook" => Some("B"),
        "janggiCannon" => Some("pB"),
        "king" if piece.betza.rules() == Betza::parse("W").expect("valid Betza").rules() => {
            Some("F")
        }
        _ => None,
    }
}

/// A palace line cut where it leaves the diagonal lines: it keeps its
/// squares up to the first one outside them, and is dropped when fewer than
/// `min` remain.
pub(super) fn clip_to(
    (mut line, mut squares): (Line, Vec<Sq>),
    lines: &[bool],
    min: usize,
) -> Option<(Line, Vec<Sq>)> {
    let kept = squares.iter().take_while(|&&s| lines[s as usize]).count();
    squares.truncate(kept);
    line.steps = kept as u16;
    (kept >= min).then_some((line, squares))
}

/// Fairy-Stockfish masks a palace move's squares with the diagonal lines;
/// tetrarch cuts the move where it leaves them. The two agree unless a
/// diagonal leaves the lines and meets them again, which is refused.
pub(super) fn check_diagonal_lines(ctx: &Context<'_>, lines: &[bool]) -> Result<(), String> {
    for sq in (0..lines.len()).filter(|&s| lines[s]) {
        let (f, r) = (
            (sq % ctx.board.files as usize) as i32,
            (sq / ctx.board.files as usize) as i32,
        );
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let mut left = false;
            let mut k = 1;
            while let Some(s) = ctx.playable(f + df * k, r + dr * k) {
                if !lines[s as usize] {
                    left = true;
                } else if left {
                    return Err(format!(
                        "`diagonalLines`: the diagonal from {} leaves the lines and meets them again at {}; palace lines must run unbroken",
                        Square::new(f as u8, r as u8),
                        Square::new(
                            (s as usize % ctx.board.files as usize) as u8,
                            (s as usize / ctx.board.files as usize) as u8
                        )
                    ));
                }
                k += 1;
            }
        }
    }
    Ok(())
}

/// Adds a line, or widens an identical line's modalities.
pub(super) fn merge_line(own: &mut Vec<(Line, Vec<Sq>)>, line: Line, squares: Vec<Sq>) {
    if let Some((existing, _)) = own.iter_mut().find(|(l, s)| {
        l.kind == line.kind && l.path == line.path && l.jump == line.jump && *s == squares
    }) {
        existing.quiet |= line.quiet;
        existing.capture |= line.capture;
        existing.en_passant |= line.en_passant;
    } else {
        own.push((line, squares));
    }
}

pub(super) fn line_kind(rule: &MoveRule) -> LineKind {
    match rule.kind {
        MoveKind::Leap => LineKind::Leap,
        MoveKind::Ride { .. } => LineKind::Ride,
        MoveKind::Hop { .. } => LineKind::Hop,
        MoveKind::Grasshop => LineKind::Grasshop,
    }
}

/// The squares passed by one leap from (f, r), or `None` if one is off the board.
pub(super) fn leg_path(
    ctx: &Context<'_>,
    dir: Direction,
    f: i32,
    r: i32,
    rule: &MoveRule,
) -> Option<Vec<Sq>> {
    if !(rule.lame || (jump_leap(rule))) {
        return Some(Vec::new());
    }
    rule.leap
        .lame_path()
        .into_iter()
        .map(|o| {
            let (df, dr) = dir.apply(o);
            ctx.playable(f + df, r + dr)
        })
        .collect()
}

/// A `j` leap: it must pass an occupied square.
pub(super) fn jump_leap(rule: &MoveRule) -> bool {
    rule.jumping && rule.kind == MoveKind::Leap
}

/// The line of a rule from square (f, r), seen from a seat facing `dir`.
pub(super) fn forward_line(
    ctx: &Context<'_>,
    dir: Direction,
    f: i32,
    r: i32,
    rule: &MoveRule,
) -> Option<(Line, Vec<Sq>)> {
    let (df, dr) = dir.apply(rule.leap);
    let kind = line_kind(rule);
    let limit = match rule.kind {
        MoveKind::Leap => 1,
        MoveKind::Ride { range } if range > 0 => range as i32 + i32::from(rule.jumping),
        MoveKind::Hop { range } if range > 0 => range as i32,
        _ => i32::MAX,
    };
    let first = if rule.jumping && rule.kind != MoveKind::Leap {
        2
    } else {
        1
    };
    let lame = rule.lame && !matches!(rule.kind, MoveKind::Hop { .. } | MoveKind::Grasshop);
    let path_len = if lame || jump_leap(rule) {
        rule.leap.lame_path().len()
    } else {
        0
    };
    let mut squares = Vec::new();
    let mut steps = 0;
    let mut k = 1;
    while k <= limit {
        let (cf, cr) = (f + df * (k - 1), r + dr * (k - 1));
        let Some(landing) = ctx.playable(f + df * k, r + dr * k) else {
            break;
        };
        let path = if path_len > 0 {
            match leg_path(ctx, dir, cf, cr, rule) {
                Some(p) => p,
                None => break,
            }
        } else {
            Vec::new()
        };
        if k >= first {
            squares.extend(path);
            squares.push(landing);
            steps += 1;
        }
        k += 1;
    }
    (steps > 0).then(|| {
        (
            Line {
                start: 0,
                steps,
                path: path_len as u8,
                kind,
                quiet: rule.quiet,
                capture: rule.capture,
                en_passant: rule.en_passant,
                jump: jump_leap(rule),
            },
            squares,
        )
    })
}

/// The attack lines of a capturing rule that end on square (f, r): each is
/// walked from (f, r) outward and ends where an attacker would stand.
pub(super) fn reverse_lines(
    ctx: &Context<'_>,
    dir: Direction,
    f: i32,
    r: i32,
    rule: &MoveRule,
) -> Vec<(Line, Vec<Sq>)> {
    let (df, dr) = dir.apply(rule.leap);
    let kind = line_kind(rule);
    let lame = rule.lame && !matches!(rule.kind, MoveKind::Hop { .. } | MoveKind::Grasshop);
    let path_len = if lame || jump_leap(rule) {
        rule.leap.lame_path().len()
    } else {
        0
    };
    let line = |steps: u16| Line {
        start: 0,
        steps,
        path: path_len as u8,
        kind,
        quiet: false,
        capture: true,
        en_passant: false,
        jump: jump_leap(rule),
    };
    match rule.kind {
        MoveKind::Leap => {
            let (af, ar) = (f - df, r - dr);
            let Some(attacker) = ctx.playable(af, ar) else {
                return Vec::new();
            };
            let Some(mut squares) = leg_path(ctx, dir, af, ar, rule) else {
                return Vec::new();
            };
            if path_len == 0 {
                squares.clear();
            }
            squares.push(attacker);
            vec![(line(1), squares)]
        }
        MoveKind::Ride { range } => {
            // A jumping ride skips its first square: the attacker stands at
            // least two steps away, and the square next to it is ignored.
            let limit = if range > 0 {
                range as i32 + i32::from(rule.jumping)
            } else {
                i32::MAX
            };
            let mut squares = Vec::new();
            let mut steps = 0;
            let mut k = 1;
            while k <= limit {
                let (af, ar) = (f - df * k, r - dr * k);
                let Some(attacker) = ctx.playable(af, ar) else {
                    break;
                };
                if path_len > 0 {
                    match leg_path(ctx, dir, af, ar, rule) {
                        Some(p) => squares.extend(p),
                        None => break,
                    }
                }
                squares.push(attacker);
                steps += 1;
                k += 1;
            }
            if steps == 0 {
                return Vec::new();
            }
            if rule.jumping {
                // Rare: expressed as separate leaps over the skipped square.
                let mut out = Vec::new();
                for k in 2..=steps as usize {
                    let mut sq = squares[..k - 2].to_vec();
                    sq.push(squares[k - 1]);
                    let mut l = line(1);
                    l.kind = LineKind::Leap;
                    l.path = (k - 2) as u8;
                    l.jump = false;
                    out.push((l, sq));
                }
                return out;
            }
            vec![(line(steps), squares)]
        }
        MoveKind::Hop { .. } | MoveKind::Grasshop => {
            // A limited hop reaches its target from at most `range` squares.
            let limit = match rule.kind {
                MoveKind::Hop { range } if range > 0 => range as i32,
                _ => i32::MAX,
            };
            let mut squares = Vec::new();
            let mut k = 1;
            while k <= limit
                && let Some(s) = ctx.playable(f - df * k, r - dr * k)
            {
                squares.push(s);
                k += 1;
            }
            if squares.len() < 2 {
                return Vec::new();
            }
            let mut l = line(squares.len() as u16);
            l.path = 0;
            vec![(l, squares)]
        }
    }
}
