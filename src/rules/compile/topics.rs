//! The rules compiled one topic at a time: seat regions, promotion, en
//! passant, castling, royalty, hands, game ends, counting, walls, enclosing
//! and xiangqi's chasing roles.

use super::{
    CastlingGeometry, CastlingRules, ChasingRoles, Counting, CountingRule, EnPassantRules,
    Enclosing, GameEnds, HandRules, Line, PieceRules, PromotionRules, PseudoRoyalty, Royalty, Sq,
    SqSet, Walling, WallingRule,
};
use super::{Context, chasing_rule, fsf_type_rank, seat_key, square_set, type_bits, types_named};
use crate::board::Square;
use crate::definition::Definition;
use crate::definition::keys::Key;
use crate::definition::value::{GameValue, Value};
use crate::piece_type::PieceType;
use crate::seat::MAX_SEATS;

/// [`PromotionRules`] of a variant, with its promotion `region` per seat;
/// `counts` and `near` are derived once the table is built.
pub(super) fn compile_promotion(ctx: &Context, region: Vec<Vec<bool>>) -> PromotionRules {
    let def = ctx.def;
    let (n_seats, n_types) = (ctx.seats.len(), def.pieces.len());
    let promotion_choices: Vec<Vec<PieceType>> = (0..n_seats)
        .map(|s| {
            let set = ctx.def.piece_set(seat_key(
                [
                    Key::PromotionPieceTypesWhite,
                    Key::PromotionPieceTypesBlack,
                    Key::PromotionPieceTypes,
                ],
                s,
            ));
            PieceType::all(n_types)
                .filter(|&t| set[t.index()])
                .collect()
        })
        .collect();
    let mut promotion_limit = vec![0u32; n_types];
    if let Value::PieceCounts(pairs) = def.value(Key::PromotionLimit) {
        for (letter, n) in pairs {
            if let Some(t) = def.pieces.iter().position(|p| p.letter == *letter) {
                promotion_limit[t] = *n as u32;
            }
        }
    }
    PromotionRules {
        region: region.iter().map(|r| square_set(r)).collect(),
        choices: promotion_choices,
        limit: promotion_limit,
        mandatory_pawn: def.bool(Key::MandatoryPawnPromotion),
        mandatory_piece: def.bool(Key::MandatoryPiecePromotion),
        piece_demotion: def.bool(Key::PieceDemotion),
        on_capture: def.bool(Key::PiecePromotionOnCapture),
        sittuyin: def.bool(Key::SittuyinPromotion),
        near: Vec::new(),
        counts: Vec::new(),
    }
}

/// [`EnPassantRules`] of a variant; who may capture and the guards are
/// derived once the table is built.
pub(super) fn compile_en_passant(ctx: &Context, lines: &[Line]) -> EnPassantRules {
    let def = ctx.def;
    let n_seats = ctx.seats.len();
    let en_passant_region: Vec<Vec<bool>> = (0..n_seats)
        .map(|s| {
            ctx.colour_region(
                [Key::EnPassantRegionWhite, Key::EnPassantRegionBlack],
                s,
                true,
            )
        })
        .collect();
    EnPassantRules {
        region: en_passant_region.iter().map(|r| square_set(r)).collect(),
        only_lines: lines.iter().any(|l| l.en_passant && !l.capture),
        capturers: Vec::new(),
        guards: Vec::new(),
        pass_guards: Vec::new(),
        next_player_only: matches!(def.value(Key::EnPassantWindow), Value::Choice(c) if c == "nextPlayer"),
    }
}

/// [`CastlingRules`] of a variant; an error where a wing's squares do not
/// fit the board.
pub(super) fn compile_castling_rules(ctx: &Context) -> Result<CastlingRules, String> {
    let def = ctx.def;
    let n_seats = ctx.seats.len();
    let geometry = compile_castling(ctx)?;
    let castling_rank: Vec<u8> = (0..n_seats)
        .map(|s| {
            let rank = match def.value(Key::CastlingRank) {
                Value::Rank(r) => *r,
                _ => 0,
            };
            if s == 1 {
                ctx.board.ranks.saturating_sub(1).saturating_sub(rank)
            } else {
                rank
            }
        })
        .collect();
    let file_of = |key: Key| match def.value(key) {
        Value::File(f) => *f,
        _ => 0,
    };
    Ok(CastlingRules {
        geometry,
        rank: castling_rank,
        king_types: type_bits(ctx.def.piece_set(Key::CastlingKingPieceWhite)),
        rook_types: type_bits(ctx.def.piece_set(Key::CastlingRookPiecesWhite)),
        rook_files: [
            file_of(Key::CastlingRookKingsideFile),
            file_of(Key::CastlingRookQueensideFile),
        ],
        king_file: file_of(Key::CastlingKingFile),
        opposite: def.bool(Key::OppositeCastling),
        dropped_piece: def.bool(Key::CastlingDroppedPiece),
    })
}

/// [`Royalty`] of a variant; guarded and promoting royal pieces are derived
/// once the table is built.
pub(super) fn compile_royalty(ctx: &Context) -> Royalty {
    let def = ctx.def;
    let n_seats = ctx.seats.len();
    let seat_loses = matches!(def.value(Key::LoserScope), Value::Choice(c) if c == "seat");
    let pseudo_royal = (def.bool(Key::ExtinctionPseudoRoyal)
        && !matches!(def.value(Key::ExtinctionPieceTypes), Value::Pieces(l) if l.is_empty()))
    .then(|| {
        let types = match def.value(Key::ExtinctionPieceTypes) {
            Value::Pieces(l) if l.contains(&'*') => u64::MAX,
            _ => type_bits(ctx.def.piece_set(Key::ExtinctionPieceTypes)),
        };
        PseudoRoyalty {
            types,
            limit: def.int(Key::ExtinctionPieceCount) as u32 + 1,
            duple: def.bool(Key::DupleCheck),
        }
    });
    Royalty {
        checking: def.bool(Key::Checking),
        kind: def
            .pieces
            .iter()
            .position(|p| p.key == "king")
            .map(PieceType::new),
        king_capture: def.bool(Key::KingCapture),
        eliminate_when_mated: n_seats > 2
            && seat_loses
            && matches!(
                def.value(Key::CheckmateValue),
                Value::Outcome(GameValue::Loss)
            ),
        eliminate_when_stalemated: n_seats > 2
            && seat_loses
            && matches!(
                def.value(Key::StalemateValue),
                Value::Outcome(GameValue::Loss)
            ),
        king_capture_eliminates: n_seats > 2 && def.bool(Key::KingCapture) && seat_loses,
        eliminated_pieces_removed: matches!(def.value(Key::EliminatedArmy), Value::Choice(c) if c == "remove"),
        pseudo: pseudo_royal,
        guarded: [None; MAX_SEATS],
        promotes: false,
        promotions_touch_pseudo: false,
    }
}

/// Xiangqi's chasing rule (`chasingRule = axf`): the roles of the types, and
/// per seat the squares where its soldiers have crossed the river.
pub(super) fn compile_chasing(ctx: &Context, soldier_rank: u8) -> Option<ChasingRoles> {
    let def = ctx.def;
    let nsq = ctx.square_count();
    chasing_rule(def).then(|| ChasingRoles {
        king: types_named(def, &["king"]),
        rook: types_named(def, &["rook"]),
        horse: types_named(def, &["horse"]),
        cannon: types_named(def, &["cannon"]),
        elephant: types_named(def, &["elephant"]),
        advisor: types_named(def, &["fers"]),
        soldier: types_named(def, &["soldier"]),
        soldier_zone: (0..ctx.seats.len())
            .map(|seat| {
                let dir = ctx.seats[seat].forward;
                let (files, ranks) = (ctx.board.files, ctx.board.ranks);
                let mut zone = SqSet::default();
                for sq in 0..nsq as Sq {
                    let (f, r) = ((sq % files as Sq) as u8, (sq / files as Sq) as u8);
                    if dir.relative_rank(f, r, files, ranks) > soldier_rank {
                        zone.insert(sq);
                    }
                }
                zone
            })
            .collect(),
    })
}

/// The enemy pieces a move turns over (`flipEnclosedPieces`); an error for
/// the enclosing rules that only limit drops.
pub(super) fn compile_flip(def: &Definition) -> Result<Option<Enclosing>, String> {
    match enclosing_rule(def, Key::FlipEnclosedPieces)? {
        Some(Enclosing::Snort | Enclosing::Anyside | Enclosing::Top) => Err(
            "`flipEnclosedPieces` takes `reversi`, `ataxx` or `quadwrangle`: the others are drop rules".into(),
        ),
        other => Ok(other),
    }
}

/// Per seat, the squares where pawns may step twice, step three times and
/// promote.
pub(super) struct SeatRegions {
    pub(super) initial: Vec<Vec<bool>>,
    pub(super) triple: Vec<Vec<bool>>,
    pub(super) promotion: Vec<Vec<bool>>,
}

/// The [`SeatRegions`] of a variant.
pub(super) fn seat_regions(ctx: &Context) -> SeatRegions {
    let def = ctx.def;
    let n_seats = ctx.seats.len();
    let relative_double = def.int(Key::DoubleStepRelativeRank);
    let initial_region: Vec<Vec<bool>> = (0..n_seats)
        .map(|s| {
            if relative_double > 0 || s >= 2 {
                let r = if relative_double > 0 {
                    relative_double as u8
                } else {
                    2
                };
                ctx.relative_region(s, |rel| rel == r)
            } else {
                ctx.region(seat_key(
                    [
                        Key::DoubleStepRegionWhite,
                        Key::DoubleStepRegionBlack,
                        Key::DoubleStepRegionWhite,
                    ],
                    s,
                ))
            }
        })
        .collect();
    let triple_region: Vec<Vec<bool>> = (0..n_seats)
        .map(|s| {
            ctx.colour_region(
                [Key::TripleStepRegionWhite, Key::TripleStepRegionBlack],
                s,
                false,
            )
        })
        .collect();
    let relative_promotion = def.int(Key::PromotionRelativeRank);
    let promotion_region: Vec<Vec<bool>> = (0..n_seats)
        .map(|s| {
            if relative_promotion > 0 || s >= 2 {
                let r = relative_promotion.max(1) as u8;
                ctx.relative_region(s, |rel| rel >= r)
            } else {
                ctx.region(seat_key(
                    [
                        Key::PromotionRegionWhite,
                        Key::PromotionRegionBlack,
                        Key::PromotionRegionWhite,
                    ],
                    s,
                ))
            }
        })
        .collect();
    SeatRegions {
        initial: initial_region,
        triple: triple_region,
        promotion: promotion_region,
    }
}

/// The counting rule (`countingRule`), if the variant counts.
pub(super) fn compile_counting(def: &Definition) -> Option<Counting> {
    let rule = match def.value(Key::CountingRule) {
        Value::Choice(c) if c == "makruk" => CountingRule::Makruk,
        Value::Choice(c) if c == "cambodian" => CountingRule::Cambodian,
        Value::Choice(c) if c == "asean" => CountingRule::Asean,
        _ => return None,
    };
    let types = |key: &str| types_named(def, &[key]);
    Some(Counting {
        rule,
        pawns: types("pawn"),
        rooks: types("rook"),
        khons: types("silver"),
        knights: types("knight"),
    })
}

pub(super) fn compile_hand(
    ctx: &Context<'_>,
    pieces: &[PieceRules],
    promotion_region: &[SqSet],
    mobility: &[Option<Vec<bool>>],
    playable: &[bool],
    immobile: Option<&[bool]>,
) -> Result<Option<HandRules>, String> {
    let def = ctx.def;
    let drops = def.bool(Key::PieceDrops);
    let captures_to_hand = def.bool(Key::CapturesToHand);
    let gating = def.bool(Key::Gating) && def.bool(Key::SeirawanGating);
    if !drops && !captures_to_hand && !gating {
        return Ok(None);
    }
    let n_seats = ctx.seats.len();
    let n_types = pieces.len();
    let first = |key: Key| {
        def.piece_set(key)
            .iter()
            .position(|&b| b)
            .map(PieceType::new)
    };
    let all_types = |key: Key| {
        def.piece_set(key)
            .iter()
            .enumerate()
            .filter(|(_, b)| **b)
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    let mut region = Vec::with_capacity(n_seats * n_types);
    for seat in 0..n_seats {
        // Unset, a drop region is the whole board, as in Fairy-Stockfish.
        let key = seat_key(
            [
                Key::DropRegionWhite,
                Key::DropRegionBlack,
                Key::DropRegionWhite,
            ],
            seat,
        );
        let drop_region = if def.setting(key).location.is_some() {
            ctx.region(key)
        } else {
            vec![true; ctx.square_count()]
        };
        let first_rank = ctx.relative_region(seat, |rel| rel == 1);
        for (t, piece) in pieces.iter().enumerate() {
            let mut set = SqSet::default();
            for sq in 0..ctx.square_count() {
                let pawn = piece.key == "pawn";
                // Where a piece could never move again it may not be dropped
                // (`immobilityIllegal`).
                let stuck =
                    immobile.is_some_and(|i| i[(seat * n_types + t) * ctx.square_count() + sq]);
                let open = playable[sq]
                    && !stuck
                    && drop_region[sq]
                    && mobility[seat * n_types + t].as_ref().is_none_or(|m| m[sq])
                    && !(pawn
                        && !def.bool(Key::PromotionZonePawnDrops)
                        && promotion_region[seat].contains(sq as Sq))
                    && !(pawn && !def.bool(Key::FirstRankPawnDrops) && first_rank[sq])
                    && !(piece.key == "rook" && def.bool(Key::SittuyinRookDrop) && !first_rank[sq]);
                if open {
                    set.insert(sq as Sq);
                }
            }
            region.push(set);
        }
    }
    let bishop = pieces
        .iter()
        .position(|p| p.key == "bishop")
        .map(PieceType::new);
    let mut fen_order: Vec<PieceType> = PieceType::all(n_types).collect();
    fen_order.sort_by_key(|t| std::cmp::Reverse(fsf_type_rank(&pieces[t.index()].key)));
    let enclosing = match enclosing_rule(def, Key::EnclosingDrop)? {
        None if def.bool(Key::DropOnTop) => Some(Enclosing::Top),
        Some(Enclosing::Quadwrangle) => {
            return Err(
                "`enclosingDrop = quadwrangle` is a flipping rule, not a drop rule: write `ataxx`"
                    .into(),
            );
        }
        other => other,
    };
    let mut enclosing_start = SqSet::default();
    for s in ctx
        .region(Key::EnclosingDropStart)
        .iter()
        .enumerate()
        .filter(|(_, b)| **b)
    {
        enclosing_start.insert(s.0 as Sq);
    }
    Ok(Some(HandRules {
        drops,
        free: def.bool(Key::FreeDrops),
        two_boards: def.bool(Key::TwoBoards),
        enclosing,
        enclosing_start,
        captures_to_hand,
        drop_loop: def.bool(Key::DropLoop),
        gating,
        region,
        no_doubled: first(Key::DropNoDoubled)
            .map(|t| (t, def.int(Key::DropNoDoubledCount).clamp(0, 255) as u16)),
        checks: def.bool(Key::DropChecks),
        promoted: def.bool(Key::DropPromoted),
        must_drop: def
            .bool(Key::MustDrop)
            .then(|| all_types(Key::MustDropType)),
        opposite_coloured_bishops: bishop.filter(|_| def.bool(Key::DropOppositeColoredBishop)),
        dark_squares: (0..ctx.square_count() as Sq)
            .filter(|&s| (s % ctx.board.files as Sq + s / ctx.board.files as Sq).is_multiple_of(2))
            .fold(SqSet::default(), |mut set, s| {
                set.insert(s);
                set
            }),
        pawn_drop_mate_loses: pieces
            .iter()
            .position(|p| p.key == "shogiPawn")
            .map(PieceType::new)
            .filter(|_| def.bool(Key::ShogiPawnDropMateIllegal)),
        pawn_type: (0..n_seats)
            .map(|s| {
                let pawns = || {
                    pieces
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.promotes_as_pawn[s])
                };
                pawns()
                    .find(|(_, p)| p.builtin_pawn)
                    .or_else(|| pawns().next())
                    .map(|(t, _)| PieceType::new(t))
            })
            .collect(),
        fen_order,
        pocket_size: if !drops {
            0
        } else if def.int(Key::PocketSize) > 0 {
            def.int(Key::PocketSize).min(64) as u32
        } else {
            n_types as u32
        },
    }))
}

pub(super) fn compile_castling(
    ctx: &Context<'_>,
) -> Result<Vec<[Option<CastlingGeometry>; 2]>, String> {
    let def = ctx.def;
    let n = ctx.seats.len();
    let mut out = vec![[None, None]; n];
    if !def.bool(Key::Castling) {
        return Ok(out);
    }
    let entries = def.names(Key::CastlingSquares);
    if !entries.is_empty() {
        for entry in entries {
            // Validation checked the form; a wrong entry is still an error, not a panic.
            let parts: Vec<&str> = entry.split(':').collect();
            let [seat, wing, king_from, king_to, rook_from, rook_to] = parts[..] else {
                return Err(format!("`{entry}` is not a castling entry"));
            };
            let seat = ctx
                .seats
                .iter()
                .position(|s| s.name == seat)
                .ok_or("bad castling seat")?;
            let wing = usize::from(wing == "queen");
            let sq = |name: &str| {
                Square::parse(name)
                    .map(|s| ctx.sq(s))
                    .ok_or("bad castling square")
            };
            out[seat][wing] = Some(CastlingGeometry {
                king_to: sq(king_to)?,
                rook_to: sq(rook_to)?,
                from: Some((sq(king_from)?, sq(rook_from)?)),
            });
        }
        return Ok(out);
    }
    if n != 2 {
        return Ok(out);
    }
    let file = |key: Key| match def.value(key) {
        Value::File(f) => *f,
        _ => 0,
    };
    let rank = match def.value(Key::CastlingRank) {
        Value::Rank(r) => *r,
        _ => 0,
    };
    for (seat, slot) in out.iter_mut().enumerate() {
        let r = if seat == 0 {
            rank
        } else {
            ctx.board.ranks - 1 - rank
        };
        let king_side = file(Key::CastlingKingsideFile);
        let queen_side = file(Key::CastlingQueensideFile);
        if king_side == 0 || king_side >= ctx.board.files || queen_side + 1 >= ctx.board.files {
            continue;
        }
        slot[0] = Some(CastlingGeometry {
            king_to: ctx.sq(Square::new(king_side, r)),
            rook_to: ctx.sq(Square::new(king_side - 1, r)),
            from: None,
        });
        slot[1] = Some(CastlingGeometry {
            king_to: ctx.sq(Square::new(queen_side, r)),
            rook_to: ctx.sq(Square::new(queen_side + 1, r)),
            from: None,
        });
    }
    Ok(out)
}

pub(super) fn compile_ends(ctx: &Context<'_>, bits: &dyn Fn(Vec<bool>) -> u64) -> GameEnds {
    let def = ctx.def;
    let mut ends = GameEnds::default();
    let extinction_value = def.value(Key::ExtinctionValue);
    if !matches!(
        extinction_value,
        Value::Outcome(crate::definition::value::GameValue::None)
    ) && (!def.bool(Key::ExtinctionPseudoRoyal) || def.bool(Key::BlastOnCapture))
        && let Value::Pieces(letters) = def.value(Key::ExtinctionPieceTypes)
        && !letters.is_empty()
    {
        ends.extinction = Some(if letters.contains(&'*') {
            u64::MAX
        } else {
            bits(ctx.def.piece_set(Key::ExtinctionPieceTypes))
        });
    }
    ends.extinction_count = def.int(Key::ExtinctionPieceCount) as u32;
    ends.extinction_opponent_count = def.int(Key::ExtinctionOpponentPieceCount) as u32;
    let regions: Vec<Vec<bool>> = (0..ctx.seats.len().min(2))
        .map(|s| {
            ctx.region(seat_key(
                [Key::FlagRegionWhite, Key::FlagRegionBlack, Key::FlagRegion],
                s,
            ))
        })
        .collect();
    if regions.iter().any(|r| r.iter().any(|b| *b)) {
        let types = match def.value(Key::FlagPieceWhite) {
            Value::Pieces(l) if l.contains(&'*') || l.is_empty() => u64::MAX,
            _ => bits(ctx.def.piece_set(Key::FlagPieceWhite)),
        };
        ends.flag_sets = regions.iter().map(|region| square_set(region)).collect();
        ends.flag = Some((types, regions));
    }
    ends.flag_count = def.int(Key::FlagPieceCount).max(1) as u32;
    ends.flag_move = def.bool(Key::FlagMove);
    ends.check_counting = def.bool(Key::CheckCounting);
    ends.connect = def.int(Key::ConnectN) as u32;
    ends.connect_directions = [
        def.bool(Key::ConnectHorizontal),
        def.bool(Key::ConnectVertical),
        def.bool(Key::ConnectDiagonal),
        def.bool(Key::ConnectDiagonal),
    ];
    ends.connect_types = match def.value(Key::ConnectPieceTypes) {
        Value::Pieces(l) if l.contains(&'*') => u64::MAX,
        _ => bits(ctx.def.piece_set(Key::ConnectPieceTypes)),
    };
    ends.connect_square = def.int(Key::ConnectNxN).clamp(0, 16) as u32;
    ends.collinear = def.int(Key::CollinearN).clamp(0, 16) as u32;
    ends.connect_regions = [
        [Key::ConnectRegion1White, Key::ConnectRegion2White],
        [Key::ConnectRegion1Black, Key::ConnectRegion2Black],
    ]
    .iter()
    .map(|keys| keys.map(|key| square_set(&ctx.region(key))))
    .collect();
    // Unset, they stay empty: the adjudicator then skips them at once.
    if ends
        .connect_regions
        .iter()
        .all(|[a, b]| a.is_empty() || b.is_empty())
    {
        ends.connect_regions.clear();
    }
    ends.full_board = def.bool(Key::AdjudicateFullBoard);
    // Fairy-Stockfish's letters: `K`/`Q` White's king and queen side,
    // `k`/`q` Black's.
    if let Value::Text(text) = def.value(Key::CastlingWins) {
        let mut wins = vec![[false; 2]; 2];
        for c in text.chars() {
            match c {
                'K' => wins[0][0] = true,
                'Q' => wins[0][1] = true,
                'k' => wins[1][0] = true,
                'q' => wins[1][1] = true,
                _ => {}
            }
        }
        if wins.iter().flatten().any(|&w| w) {
            ends.castling_wins = wins;
        }
    }
    ends.rarer = !ends.castling_wins.is_empty()
        || ends.check_counting
        || ends.connect > 0
        || ends.connect_square > 0
        || ends.collinear > 0
        || !ends.connect_regions.is_empty();
    ends.any = ends.extinction.is_some() || ends.flag.is_some() || ends.rarer;
    ends
}

/// An enclosing rule key (`enclosingDrop`, `flipEnclosedPieces`).
pub(super) fn enclosing_rule(def: &Definition, key: Key) -> Result<Option<Enclosing>, String> {
    Ok(match def.value(key) {
        Value::Choice(c) => match c.as_str() {
            "reversi" => Some(Enclosing::Reversi),
            "ataxx" => Some(Enclosing::Ataxx),
            "quadwrangle" => Some(Enclosing::Quadwrangle),
            "snort" => Some(Enclosing::Snort),
            "anyside" => Some(Enclosing::Anyside),
            "top" => Some(Enclosing::Top),
            "none" => None,
            other => return Err(format!("`{}` is no enclosing rule: `{other}`", key.name())),
        },
        _ => None,
    })
}

/// The walls of a variant (`wallingRule`); its region per seat
/// (`wallingRegionWhite`/`Black`, overridden by `wallingRegion`), on the
/// board's squares only.
pub(super) fn compile_walling(ctx: &Context, playable: &[bool]) -> Option<Walling> {
    let def = ctx.def;
    let rule = match def.value(Key::WallingRule) {
        Value::Choice(c) if c == "arrow" => WallingRule::Arrow,
        Value::Choice(c) if c == "duck" => WallingRule::Duck,
        Value::Choice(c) if c == "edge" => WallingRule::Edge,
        Value::Choice(c) if c == "past" => WallingRule::Past,
        Value::Choice(c) if c == "static" => WallingRule::Static,
        _ => return None,
    };
    let region = (0..ctx.seats.len())
        .map(|seat| {
            let squares = if def.setting(Key::WallingRegion).location.is_some() {
                ctx.region(Key::WallingRegion)
            } else {
                ctx.colour_region(
                    [Key::WallingRegionWhite, Key::WallingRegionBlack],
                    seat,
                    true,
                )
            };
            let mut set = SqSet::default();
            for (sq, (&inside, &on_board)) in squares.iter().zip(playable).enumerate() {
                if inside && on_board {
                    set.insert(sq as Sq);
                }
            }
            set
        })
        .collect();
    Some(Walling {
        rule,
        region,
        or_move: def.bool(Key::WallOrMove),
    })
}
