//! What the compiled rules imply, found once the table is built: the
//! board's neighbourhoods, facts about pieces and seats, and the
//! [`FastPaths`](crate::rules::FastPaths).

use super::{DOUBLE_STEP_WAYS, RuleTable, Sq, SqSet};
use crate::piece_type::PieceType;
use crate::seat::Seat;

/// The board's neighbourhoods, found once: the squares with a square one
/// step away in each direction, each square's neighbours, and the types a
/// blast takes.
pub(super) fn derive_geometry(table: &mut RuleTable) {
    let nsq = table.square_count();
    table.step_sources = std::array::from_fn(|d| {
        let (df, dr) = crate::rules::KING_STEPS[d];
        let mut sources = SqSet::default();
        for sq in (0..nsq as Sq).filter(|&sq| table.step(sq, df, dr).is_some()) {
            sources.insert(sq);
        }
        sources
    });
    if let Some(immune) = table.blast {
        table.blast_victims = (0..table.pieces.len())
            .filter(|&t| immune & 1 << t == 0 && !table.pieces[t].builtin_pawn)
            .fold(0, |m, t| m | 1 << t);
    }
    table.neighbours = (0..nsq as Sq)
        .map(|sq| {
            let mut near = SqSet::default();
            for s in crate::rules::KING_STEPS
                .iter()
                .filter_map(|&(df, dr)| table.step(sq, df, dr))
            {
                near.insert(s);
            }
            near
        })
        .collect();
}

/// What the rules imply for pieces and seats, found once: plain moves and
/// promotion forms, which types may step back, who may take en passant and
/// its guards, royal pieces guarded or promoting, the bitboard tables.
pub(super) fn derive_piece_facts(table: &mut RuleTable) {
    let n_seats = table.seats.len();
    (table.fast.leap_slide_squares, table.promotion.near) = leap_slide_squares(table);
    table.promotion.counts = crate::rules::promotion::promotion_counts(table);
    table.fast.usual_moves = usual_moves(table);
    table.fast.usual_quiet_moves = usual_quiet_moves(table);
    table.fast.usual_drops = usual_drops(table);
    table.fast.usual_walled_moves = usual_walled_moves(table);
    // Only the types that reset the n-move counter ask.
    for kind in PieceType::all(table.pieces.len()) {
        for seat in Seat::all(n_seats) {
            let may = table.pieces[kind].resets_n_move[seat] && may_step_back(table, seat, kind);
            table.pieces[kind].may_step_back[seat] = may;
        }
    }
    table.en_passant.capturers = Seat::all(n_seats)
        .map(|seat| {
            PieceType::all(table.pieces.len())
                .filter(|&t| table.pieces[t].en_passant_capturer[seat])
                .fold(0, |m, t| m | 1 << t.index())
        })
        .collect();
    table.en_passant.guards = en_passant_guards(table);
    table.en_passant.pass_guards = en_passant_pass_guards(table);
    table.royalty.promotions_touch_pseudo = promotions_touch_pseudo_royals(table);
    table.ends.after_pass = table
        .pass
        .iter()
        .chain(&table.pass_on_stalemate)
        .any(|&p| p);
    table.fast.count_alone = count_alone(table);
    for seat in Seat::all(n_seats) {
        table.royalty.guarded[seat] = table
            .royalty
            .kind
            .filter(|_| !table.royalty.king_capture)
            .map(|king| table.seat_type(seat, king));
    }
    table.royalty.promotes = table
        .pieces
        .iter()
        .any(|p| p.royal && p.promotes_to.is_some());
    table.bits = crate::rules::BoardBits::build(table);
}

/// [`FastPaths`]: which short ways legality, counting and walls may take,
/// from the rules above.
pub(super) fn derive_fast_paths(table: &mut RuleTable) {
    // Legality left to pins and checks, walls apart.
    let simple_apart_from_walls: Vec<bool> = (0..table.seats.len())
        .map(|seat| {
            table.royalty.checking
                && !table.fast.complex_attacks
                && table.royalty.pseudo.is_none()
                // Blasts matter to legality only where they can destroy a
                // royal piece.
                && (table.blast.is_none() || table.royalty.kind.is_none())
                && table.mutually_immune == 0
                && !table.flying_general
                && !table.promotion.sittuyin
                && !table.pass[seat]
                && !table.bikjang
                // A captured king's army goes dead and its checks with it:
                // a capture may answer a check no pin or line tells of.
                && !table.royalty.king_capture_eliminates
                && table.hand.as_ref().is_none_or(|h| h.checks)
        })
        .collect();
    table.fast.pin_legality = simple_apart_from_walls
        .iter()
        .map(|&simple| simple && table.walling.is_none())
        .collect();
    table.fast.walls_or_moves_counted = simple_apart_from_walls
        .iter()
        .map(|&simple| {
            simple
                && table.walling.as_ref().is_some_and(|w| w.or_move)
                && table.hand.is_none()
                && !table.must_capture
                && !table.makpong
        })
        .collect();
    table.fast.exposure_legality = (0..table.seats.len())
        .map(|seat| {
            !table.fast.pin_legality[seat]
                && !table.royalty.king_capture_eliminates
                && !table.makpong
                && !table.promotion.sittuyin
                && !table.pass_on_stalemate[seat]
                && table.walling.is_none()
                && table.cambodian.is_none()
                && table
                    .hand
                    .as_ref()
                    .is_none_or(|h| !h.gating && h.must_drop.is_none())
        })
        .collect();
    table.fast.blast_pins = (0..table.seats.len())
        .map(|seat| {
            table.fast.exposure_legality[seat]
                && table.opponents[seat].is_some()
                && table.blast.is_some()
                && table.royalty.kind.is_none()
                && table.royalty.pseudo.is_some_and(|pseudo| !pseudo.duple)
                && table.petrify == 0
                && table.royalty.checking
                && !table.fast.complex_attacks
                && table.mutually_immune == 0
                && !table.flying_general
                && !table.bikjang
                && !table.pass[seat]
                && table.hand.is_none()
                && !table.royalty.promotions_touch_pseudo
        })
        .collect();
    table.fast.walls_counted = (0..table.seats.len())
        .map(|seat| {
            table.walling.as_ref().is_some_and(|w| !w.or_move)
                && table.royalty.pseudo.is_none()
                && table.hand.is_none()
                && !table.must_capture
                && !table.makpong
                && !table.promotion.sittuyin
                && !table.pass[seat]
                && !table.pass_on_stalemate[seat]
        })
        .collect();
}

/// Whether a promotion or demotion may change which pieces are
/// pseudo-royal ([`Royalty::promotions_touch_pseudo`]).
pub(super) fn promotions_touch_pseudo_royals(table: &RuleTable) -> bool {
    let pseudo = |kind: PieceType| table.pseudo_royal_type(kind);
    let choices = table.promotion.choices.iter().flatten().any(|&k| pseudo(k));
    PieceType::all(table.pieces.len()).any(|kind| {
        let info = &table.pieces[kind];
        let promotes = info.promotes_as_pawn.iter().any(|&p| p) || info.promotes_to.is_some();
        promotes && (pseudo(kind) || info.promotes_to.is_some_and(pseudo) || choices)
    })
}

/// Whether some quiet move of a type, from some square, can be stepped
/// straight back ([`RuleTable::steps_straight_back`]).
pub(super) fn may_step_back(table: &RuleTable, seat: Seat, kind: PieceType) -> bool {
    (0..table.square_count() as Sq).any(|from| {
        table
            .lines(seat, kind, from)
            .iter()
            .filter(|line| line.quiet)
            .flat_map(|line| table.line_landings(line))
            .any(|to| table.steps_straight_back(seat, kind, to, from))
    })
}

/// Whether legal moves are counted with nothing else asked
/// ([`FastPaths::count_alone`]).
pub(super) fn count_alone(table: &RuleTable) -> bool {
    let ends = &table.ends;
    let hand = table.hand.as_ref();
    table.seats.len() <= 2
        && !ends.any
        && !ends.full_board
        && !ends.after_pass
        && !table.must_capture
        && !hand.is_some_and(|h| h.gating || h.must_drop.is_some())
}

/// Whether a normal move has only the usual effects ([`FastPaths::usual_moves`]).
pub(super) fn usual_moves(table: &RuleTable) -> bool {
    usual_quiet_moves(table) && usual_captures(table)
}

/// Whether a normal move that takes nothing has only the usual effects
/// ([`FastPaths::usual_quiet_moves`]): only captures set off the effects
/// [`usual_captures`] excludes.
pub(super) fn usual_quiet_moves(table: &RuleTable) -> bool {
    usual_ply(table) && table.walling.is_none()
}

/// Whether a drop has only the usual effects ([`FastPaths::usual_drops`]).
pub(super) fn usual_drops(table: &RuleTable) -> bool {
    usual_ply(table) && table.walling.is_none() && !table.castling.dropped_piece
}

/// Whether a walled normal move has only the usual effects of its move
/// and its wall ([`FastPaths::usual_walled_moves`]).
pub(super) fn usual_walled_moves(table: &RuleTable) -> bool {
    usual_ply(table) && table.walling.is_some() && usual_captures(table)
}

/// Whether a capture only takes its piece off the board (into a hand
/// where captures go there): no blast, petrification or elimination.
pub(super) fn usual_captures(table: &RuleTable) -> bool {
    table.blast.is_none() && table.petrify == 0 && !table.royalty.king_capture_eliminates
}

/// Whether a ply, whatever its kind, places no gate, turns over no piece,
/// takes no gate away, runs no count and counts no check (walls apart).
pub(super) fn usual_ply(table: &RuleTable) -> bool {
    !table.gating
        && table.flip.is_none()
        && table.cambodian.is_none()
        && table.counting.is_none()
        && !table.ends.check_counting
}

/// Per (seat, type, square) slot, whether every move of an unpromoted piece
/// from there is plain (see [`FastPaths::leap_slide_squares`]), and whether the
/// square or one the piece reaches lies in the promotion region.
pub(super) fn leap_slide_squares(table: &RuleTable) -> (Vec<bool>, Vec<bool>) {
    let nsq = table.square_count();
    let mut plain = Vec::with_capacity(table.seats.len() * table.pieces.len() * nsq);
    let mut near = Vec::with_capacity(plain.capacity());
    for seat in Seat::all(table.seats.len()) {
        let zone = &table.promotion.region[seat];
        for kind in PieceType::all(table.pieces.len()) {
            let info = &table.pieces[kind];
            let promotes = info.promotes_as_pawn[seat] || info.promotes_to.is_some();
            let restricted = table.moves_restricted(seat, kind);
            for sq in 0..nsq as Sq {
                let in_zone = zone.contains(sq)
                    || table
                        .lines(seat, kind, sq)
                        .iter()
                        .any(|l| table.line_squares(l).iter().any(|&s| zone.contains(s)));
                plain.push(!(restricted || promotes && in_zone));
                near.push(in_zone);
            }
        }
    }
    (plain, near)
}

/// Per (capturer seat, origin square, way of stepping twice or thrice), on
/// boards of at most 64 squares: the en-passant guards of the squares the
/// step passes together, where each has one and the step's index distance
/// is no other way's ([`RuleTable::en_passant_pass_guard`]).
pub(super) fn en_passant_pass_guards(table: &RuleTable) -> Vec<Option<(u32, u64)>> {
    if table.en_passant.guards.is_empty() {
        return Vec::new();
    }
    let nsq = table.square_count();
    let steps = table.line_steps();
    // A way's step and times ([`RuleTable::double_step_way`]'s numbering).
    let step_of = |way: usize| (steps[way % 8 / 2], way % 2 + 2);
    let span = |way: usize| {
        let (step, times) = step_of(way);
        step * times
    };
    let mut guards = Vec::with_capacity(table.seats.len() * nsq * DOUBLE_STEP_WAYS);
    for seat in Seat::all(table.seats.len()) {
        for from in 0..nsq {
            for way in 0..DOUBLE_STEP_WAYS {
                let (step, times) = step_of(way);
                let forward = way < DOUBLE_STEP_WAYS / 2;
                let lands = if forward {
                    from + step * times < nsq
                } else {
                    from >= step * times
                };
                let shared =
                    (0..DOUBLE_STEP_WAYS / 2).any(|w| w != way % 8 && span(w) == span(way));
                let mut passed = (1..times).map(|j| {
                    if forward {
                        from + step * j
                    } else {
                        from - step * j
                    }
                });
                let guard = (lands && step != 0 && !shared)
                    .then(|| {
                        passed.try_fold(None, |union, s| {
                            let (kind, origins) = table.en_passant_guard(seat, s as Sq)?;
                            match union {
                                None => Some(Some((kind as u32, origins))),
                                Some((known, all)) if known == kind as u32 => {
                                    Some(Some((known, all | origins)))
                                }
                                Some(_) => None,
                            }
                        })
                    })
                    .flatten()
                    .flatten();
                guards.push(guard);
            }
        }
    }
    guards
}

/// Per (capturer seat, square), on boards of at most 64 squares: where the
/// seat has one type that takes en passant and every attack of that type
/// on the square is a plain leap, the (seat, type) and the squares it
/// attacks from ([`RuleTable::en_passant_guard`]).
pub(super) fn en_passant_guards(table: &RuleTable) -> Vec<Option<(u32, u64)>> {
    let nsq = table.square_count();
    if nsq > 64 {
        return Vec::new();
    }
    let mut guards = Vec::with_capacity(table.seats.len() * nsq);
    for seat in Seat::all(table.seats.len()) {
        let capturers = table.en_passant.capturers[seat];
        for sq in 0..nsq as Sq {
            let leaps_only = capturers.count_ones() == 1
                && table
                    .attack_lines(seat, sq)
                    .iter()
                    .all(|attack| attack.types & capturers == 0);
            guards.push(leaps_only.then(|| {
                let origins = table
                    .leap_attacks(seat, sq)
                    .iter()
                    .filter(|(_, types)| types & capturers != 0)
                    .fold(0, |m, (squares, _)| m | squares);
                let kind = PieceType::new(capturers.trailing_zeros() as usize);
                (table.seat_type(seat, kind) as u32, origins)
            }));
        }
    }
    guards
}
