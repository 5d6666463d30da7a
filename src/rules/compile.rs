//! Compiling a [`Definition`] into a [`RuleTable`].

use rustc_hash::{FxHashMap, FxHashSet};

use super::geometry::Direction;
use super::{
    AttackLine, Cambodian, CastlingGeometry, CastlingRules, ChasingRoles, Counting, CountingRule,
    DOUBLE_STEP_WAYS, EnPassantRules, Enclosing, FastPaths, GameEnds, HandRules, Line, LineKind,
    PieceRules, PromotionRules, PseudoRoyalty, Royalty, RuleTable, SeatRules, ShatarMate, Sq,
    SqSet, Walling, WallingRule,
};
use crate::betza::{Betza, MoveKind, MoveRule};
use crate::board::{Board, Square};
use crate::definition::keys::Key;
use crate::definition::value::{GameValue, Value};
use crate::definition::{CheckedDefinition, Definition};
use crate::piece_type::{MAX_PIECE_TYPES, PieceType};
use crate::seat::{MAX_SEATS, Seat};

/// Why a definition cannot be compiled into a playable rule table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The definition uses features tetrarch does not implement yet.
    #[error("`{variant}` uses features tetrarch does not implement yet: {features}")]
    Unsupported {
        /// The variant.
        variant: String,
        /// The features, comma-separated.
        features: String,
    },
    /// The definition is inconsistent in a way `check` reports.
    #[error("`{variant}` cannot be played: {reason}")]
    Invalid {
        /// The variant.
        variant: String,
        /// Why.
        reason: String,
    },
}

struct Context<'a> {
    def: &'a Definition,
    board: Board,
    seats: Vec<SeatRules>,
}

impl Context<'_> {
    fn sq(&self, s: Square) -> Sq {
        s.rank as Sq * self.board.files as Sq + s.file as Sq
    }

    fn square_count(&self) -> usize {
        self.board.files as usize * self.board.ranks as usize
    }

    fn playable(&self, file: i32, rank: i32) -> Option<Sq> {
        if file < 0
            || rank < 0
            || file >= self.board.files as i32
            || rank >= self.board.ranks as i32
        {
            return None;
        }
        let s = Square::new(file as u8, rank as u8);
        self.board.contains(s).then(|| self.sq(s))
    }

    fn region(&self, key: Key) -> Vec<bool> {
        let set = self.def.region(key).squares(&self.board);
        let mut out = vec![false; self.square_count()];
        for s in set.squares() {
            out[self.sq(s) as usize] = true;
        }
        out
    }

    /// A Fairy-Stockfish White/Black region for the first two seats; the
    /// other seats get every square (`all`) or none.
    fn colour_region(&self, [white, black]: [Key; 2], seat: usize, all: bool) -> Vec<bool> {
        if seat < 2 {
            self.region(seat_key([white, black, white], seat))
        } else {
            vec![all; self.square_count()]
        }
    }

    /// Squares whose rank, counted from the seat's back edge, satisfies `keep`.
    fn relative_region(&self, seat: usize, keep: impl Fn(u8) -> bool) -> Vec<bool> {
        let mut out = vec![false; self.square_count()];
        for r in 0..self.board.ranks {
            for f in 0..self.board.files {
                let rel = self.seats[seat].forward.relative_rank(
                    f,
                    r,
                    self.board.files,
                    self.board.ranks,
                );
                if keep(rel) && self.board.contains(Square::new(f, r)) {
                    out[self.sq(Square::new(f, r)) as usize] = true;
                }
            }
        }
        out
    }
}

/// A per-seat key: the White form, the Black form, and the form for the
/// other seats, `[white, black, others]`.
fn seat_key([white, black, others]: [Key; 3], seat: usize) -> Key {
    match seat {
        0 => white,
        1 => black,
        _ => others,
    }
}

/// A line's geometry: kind, squares, passed squares per step, jumping.
type GeometryKey = (LineKind, Vec<Sq>, u8, bool);

/// The definitions [`compile`] refuses before compiling anything: unsupported
/// or incomplete ones, too many piece types, and rules not played with more
/// than two seats yet.
fn refuse_unsupported(def: &Definition) -> Result<(), CompileError> {
    let invalid = |reason: String| CompileError::Invalid {
        variant: def.name.clone(),
        reason,
    };
    if !def.unsupported.is_empty() || def.incomplete {
        let mut features = def.unsupported.clone();
        features.dedup();
        return Err(CompileError::Unsupported {
            variant: def.name.clone(),
            features: features.join(", "),
        });
    }
    if def.pieces.len() > MAX_PIECE_TYPES {
        return Err(invalid(format!(
            "{} piece types; at most {MAX_PIECE_TYPES} are supported",
            def.pieces.len()
        )));
    }
    let counts_material =
        !matches!(def.value(Key::MaterialCounting), Value::Choice(c) if c == "none");
    if def.players() > 2
        && (counts_material
            || def.bool(Key::StalematePieceCount)
            || def.bool(Key::PerpetualCheckIllegal)
            || chasing_rule(def))
    {
        return Err(CompileError::Unsupported {
            variant: def.name.clone(),
            features: "`materialCounting`, `stalematePieceCount`, `perpetualCheckIllegal` and `chasingRule` with more than two players"
                .into(),
        });
    }
    if def.players() > 2 && (def.bool(Key::PieceDrops) || def.bool(Key::CapturesToHand)) {
        return Err(CompileError::Unsupported {
            variant: def.name.clone(),
            features: "pieces in hand (`pieceDrops`, `capturesToHand`) with more than two players: FEN4 has no field for hands yet".into(),
        });
    }
    if def.players() > 2 && !matches!(def.value(Key::WallingRule), Value::Choice(c) if c == "none")
    {
        return Err(CompileError::Unsupported {
            variant: def.name.clone(),
            features: "walls (`wallingRule`) with more than two players: four-player notation has no way to write them yet".into(),
        });
    }
    Ok(())
}

/// Compiles a checked definition into the rule table the move generator
/// reads.
pub fn compile(def: &CheckedDefinition) -> Result<RuleTable, CompileError> {
    let def: &Definition = def;
    let invalid = |reason: String| CompileError::Invalid {
        variant: def.name.clone(),
        reason,
    };
    refuse_unsupported(def)?;
    let board = def.board();
    let seats = compile_seats(def).map_err(invalid)?;
    let ctx = Context { def, board, seats };
    let n_seats = ctx.seats.len();
    let n_types = def.pieces.len();
    let nsq = ctx.square_count();

    let playable = playable_squares(&ctx);

    let SeatRegions {
        initial: initial_region,
        triple: triple_region,
        promotion: promotion_region,
    } = seat_regions(&ctx);

    let moves = piece_moves(&ctx).map_err(invalid)?;

    let mobility = compile_mobility(&ctx);
    // Below its promotion rank (0-based, counted from the seat's back
    // edge) a soldier moves only forward, like a shogi pawn.
    let soldier_rank = match def.value(Key::SoldierPromotionRank) {
        Value::Rank(r) => *r,
        _ => 0,
    };
    let mut laid = lay_lines(
        &ctx,
        &playable,
        &moves,
        &Regions {
            initial: &initial_region,
            triple: &triple_region,
            mobility: &mobility,
            soldier_rank,
        },
    );
    let grouped = group_attacks(&ctx, &mut laid);
    let attack_reach = attack_reach(&ctx, &laid.attack_order);
    let merged = merge_enemy_attacks(&ctx, &mut laid);
    let pieces = compile_pieces(&ctx);
    let promotion = compile_promotion(&ctx, promotion_region);
    let castling = compile_castling_rules(&ctx).map_err(invalid)?;

    // With `immobilityIllegal`, the (seat, type, square)s without a move.
    let immobile = def
        .bool(Key::ImmobilityIllegal)
        .then(|| laid.line_index.iter().map(|(a, b)| a == b).collect());
    let ends = compile_ends(&ctx, &type_bits);
    let hand = compile_hand(
        &ctx,
        &pieces,
        &promotion.region,
        &mobility,
        &playable,
        immobile.as_deref(),
    )
    .map_err(invalid)?;
    let flip = compile_flip(def).map_err(invalid)?;
    let walling = compile_walling(&ctx, &playable);
    let en_passant = compile_en_passant(&ctx, &laid.builder.lines);
    let mut table = RuleTable {
        name: def.name.clone(),
        files: ctx.board.files,
        ranks: ctx.board.ranks,
        coordinates: coordinates(&ctx),
        playable,
        seats: ctx.seats.clone(),
        opponents: opponents(&ctx.seats),
        pieces,
        squares: laid.builder.squares,
        lines: laid.builder.lines,
        line_index: laid.line_index,
        attacks: grouped.attacks,
        attack_index: grouped.attack_index,
        enemy_attacks: merged.lines,
        enemy_attack_index: merged.index,
        attack_reach,
        promotion,
        en_passant,
        castling,
        royalty: compile_royalty(&ctx),
        adjudication: super::adjudication::compile_adjudication(def, &ends, &type_bits),
        match_rules: super::match_rules::compile_match_rules(def),
        must_capture: def.bool(Key::MustCapture),
        immobile,
        mobility,
        ends,
        overlapping: laid.overlapping,
        extinction_claim: def.bool(Key::ExtinctionClaim),
        flag_piece_safe: def.bool(Key::FlagPieceSafe),
        flag_blocked_win: def.bool(Key::FlagPieceBlockedWin),
        fast: FastPaths {
            complex_attacks: laid.complex,
            ..FastPaths::default()
        },
        blast: def
            .bool(Key::BlastOnCapture)
            .then(|| type_bits(ctx.def.piece_set(Key::BlastImmuneTypes))),
        blast_victims: 0,
        mutually_immune: type_bits(ctx.def.piece_set(Key::MutuallyImmuneTypes)),
        petrify: type_bits(ctx.def.piece_set(Key::PetrifyOnCaptureTypes)),
        flying_general: def.bool(Key::FlyingGeneral),
        chess960: def.bool(Key::Chess960),
        gating: def.bool(Key::Gating),
        walling,
        cambodian: def.bool(Key::CambodianMoves).then(|| Cambodian {
            king: types_named(def, &["king"]),
            fers: types_named(def, &["fers"]),
            rook: types_named(def, &["rook"]),
        }),
        chasing: compile_chasing(&ctx, soldier_rank),
        counting: compile_counting(def),
        makpong: def.bool(Key::MakpongRule),
        pass_on_stalemate: per_seat_flag(
            &ctx,
            Key::PassOnStalemate,
            [Key::PassOnStalemateWhite, Key::PassOnStalemateBlack],
        ),
        pass: per_seat_flag(&ctx, Key::Pass, [Key::PassWhite, Key::PassBlack]),
        bikjang: def.bool(Key::BikjangRule),
        palace_lines: palace_lines(&moves),
        shatar_mate: def.bool(Key::ShatarMateRule).then(|| ShatarMate {
            knights: types_named(def, &["knight"]),
            shak: types_named(def, &["knight", "rook", "bers"]),
        }),
        janggi_cannons: types_named(def, &["janggiCannon"]),
        hand,
        flip,
        bits: super::BoardBits::default(),
        leap_attacks: grouped.leap_attacks,
        leap_attack_list: grouped.leap_attack_list,
        ride_attack_summaries: grouped.ride_attack_summaries,
        zobrist: super::Zobrist::new(nsq, n_seats, n_types),
        step_sources: [SqSet::default(); 8],
        neighbours: Vec::new(),
    };
    derive_geometry(&mut table);
    derive_piece_facts(&mut table);
    derive_fast_paths(&mut table);
    Ok(table)
}

/// The board's neighbourhoods, found once: the squares with a square one
/// step away in each direction, each square's neighbours, and the types a
/// blast takes.
fn derive_geometry(table: &mut RuleTable) {
    let nsq = table.square_count();
    table.step_sources = std::array::from_fn(|d| {
        let (df, dr) = super::KING_STEPS[d];
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
            for s in super::KING_STEPS
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
fn derive_piece_facts(table: &mut RuleTable) {
    let n_seats = table.seats.len();
    (table.fast.leap_slide_squares, table.promotion.near) = plain_moves(table);
    table.promotion.counts = super::promotion::promotion_counts(table);
    table.fast.usual_moves = plain_make(table);
    table.fast.usual_quiet_moves = plain_quiet_make(table);
    table.fast.usual_drops = plain_drop(table);
    table.fast.usual_walled_moves = plain_walled(table);
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
    table.fast.count_alone = plain_count(table);
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
    table.bits = super::BoardBits::build(table);
}

/// [`FastPaths`]: which short ways legality, counting and walls may take,
/// from the rules above.
fn derive_fast_paths(table: &mut RuleTable) {
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

/// Piece types as bits, from a flag per type.
fn type_bits(set: Vec<bool>) -> u64 {
    set.iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// A seat's flag: the key for all seats, or the seat's own (`…White`,
/// `…Black`; the seats after the second read White's).
fn per_seat_flag(ctx: &Context, all: Key, [white, black]: [Key; 2]) -> Vec<bool> {
    (0..ctx.seats.len())
        .map(|seat| ctx.def.bool(all) || ctx.def.bool(seat_key([white, black, white], seat)))
        .collect()
}

/// [`PromotionRules`] of a variant, with its promotion `region` per seat;
/// `counts` and `near` are derived once the table is built.
fn compile_promotion(ctx: &Context, region: Vec<Vec<bool>>) -> PromotionRules {
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
        region,
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
fn compile_en_passant(ctx: &Context, lines: &[Line]) -> EnPassantRules {
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
        region: en_passant_region,
        only_lines: lines.iter().any(|l| l.en_passant && !l.capture),
        capturers: Vec::new(),
        guards: Vec::new(),
        pass_guards: Vec::new(),
        next_player_only: matches!(def.value(Key::EnPassantWindow), Value::Choice(c) if c == "nextPlayer"),
    }
}

/// [`CastlingRules`] of a variant; an error where a wing's squares do not
/// fit the board.
fn compile_castling_rules(ctx: &Context) -> Result<CastlingRules, String> {
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
    let castling_pieces = (
        type_bits(ctx.def.piece_set(Key::CastlingKingPieceWhite)),
        type_bits(ctx.def.piece_set(Key::CastlingRookPiecesWhite)),
    );
    let file_of = |key: Key| match def.value(key) {
        Value::File(f) => *f,
        _ => 0,
    };
    let castling_rook_files = (
        file_of(Key::CastlingRookKingsideFile),
        file_of(Key::CastlingRookQueensideFile),
    );
    Ok(CastlingRules {
        geometry,
        rank: castling_rank,
        pieces: castling_pieces,
        rook_files: castling_rook_files,
        king_file: file_of(Key::CastlingKingFile),
        opposite: def.bool(Key::OppositeCastling),
        dropped_piece: def.bool(Key::CastlingDroppedPiece),
    })
}

/// [`Royalty`] of a variant; guarded and promoting royal pieces are derived
/// once the table is built.
fn compile_royalty(ctx: &Context) -> Royalty {
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
fn compile_chasing(ctx: &Context, soldier_rank: u8) -> Option<ChasingRoles> {
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

/// Per square, its file and rank.
fn coordinates(ctx: &Context) -> Vec<[u8; 2]> {
    (0..usize::from(ctx.board.ranks))
        .flat_map(|rank| (0..ctx.board.files).map(move |file| [file, rank as u8]))
        .collect()
}

/// Janggi's palace diagonals: their squares, and the types that move along
/// them (bits).
fn palace_lines(moves: &PieceMoves) -> (Vec<Sq>, u64) {
    let squares = (0..moves.diagonal.len() as Sq)
        .filter(|&s| moves.diagonal[s as usize])
        .collect();
    let types = moves
        .diagonal_rules
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.is_empty())
        .fold(0, |m, (t, _)| m | 1 << t);
    (squares, types)
}

/// The enemy pieces a move turns over (`flipEnclosedPieces`); an error for
/// the enclosing rules that only limit drops.
fn compile_flip(def: &Definition) -> Result<Option<Enclosing>, String> {
    match enclosing_rule(def, Key::FlipEnclosedPieces)? {
        Some(Enclosing::Snort | Enclosing::Anyside | Enclosing::Top) => Err(
            "`flipEnclosedPieces` takes `reversi`, `ataxx` or `quadwrangle`: the others are drop rules".into(),
        ),
        other => Ok(other),
    }
}

/// Per square, whether it is part of the board (not a hole).
fn playable_squares(ctx: &Context) -> Vec<bool> {
    let nsq = ctx.square_count();
    let mut playable = vec![false; nsq];
    for r in 0..ctx.board.ranks {
        for f in 0..ctx.board.files {
            let s = Square::new(f, r);
            playable[ctx.sq(s) as usize] = ctx.board.contains(s);
        }
    }
    playable
}

/// Per seat, the squares where pawns may step twice, step three times and
/// promote.
struct SeatRegions {
    initial: Vec<Vec<bool>>,
    triple: Vec<Vec<bool>>,
    promotion: Vec<Vec<bool>>,
}

/// The [`SeatRegions`] of a variant.
fn seat_regions(ctx: &Context) -> SeatRegions {
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

/// Each type's moves as rules, before they are laid on the board.
struct PieceMoves {
    /// Per type, its Betza moves and its initial steps.
    rules: Vec<Vec<MoveRule>>,
    /// A pawn's triple step (`tripleStepRegion`).
    triple: Vec<MoveRule>,
    /// Per square, whether it is on janggi's palace diagonals
    /// (`diagonalLines`).
    diagonal: Vec<bool>,
    /// Per type, its moves along those diagonals.
    diagonal_rules: Vec<Vec<MoveRule>>,
}

/// The [`PieceMoves`] of a variant; an error where its diagonal lines are
/// not lines.
fn piece_moves(ctx: &Context) -> Result<PieceMoves, String> {
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
fn compile_mobility(ctx: &Context) -> Vec<Option<Vec<bool>>> {
    let def = ctx.def;
    let (n_seats, n_types, nsq) = (ctx.seats.len(), def.pieces.len(), ctx.square_count());
    let mut mobility = vec![None; n_seats * n_types];
    for (key, seat, region) in &def.mobility {
        if let Some(t) = def.pieces.iter().position(|p| &p.key == key)
            && *seat < n_seats
        {
            let set = region.squares(&ctx.board);
            let mut mask = vec![false; nsq];
            for s in set.squares() {
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
struct Regions<'a> {
    initial: &'a [Vec<bool>],
    triple: &'a [Vec<bool>],
    mobility: &'a [Option<Vec<bool>>],
    soldier_rank: u8,
}

/// Every (seat, type, square)'s move lines, and per (seat, square) the
/// attack lines ending there grouped by geometry.
struct LaidLines {
    builder: LineBuilder,
    /// Per (seat, type, square), its range of `builder`'s lines.
    line_index: Vec<(u32, u32)>,
    /// Per (seat, square), each attack geometry's attacking types (bits).
    attack_groups: Vec<FxHashMap<GeometryKey, u64>>,
    /// Per (seat, square), the attack geometries in file order.
    attack_order: Vec<Vec<GeometryKey>>,
    /// A capturing line is lame, jumps or hops: attacks need the full test.
    complex: bool,
    /// Per (seat, type), whether two of its lines reach one square.
    overlapping: Vec<bool>,
}

/// Lays every piece's moves on the board, for every seat and square, and
/// gathers the attack lines they make.
fn lay_lines(ctx: &Context, playable: &[bool], moves: &PieceMoves, regions: &Regions) -> LaidLines {
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
struct GroupedAttacks {
    attacks: Vec<AttackLine>,
    attack_index: Vec<(u32, u32)>,
    leap_attacks: Vec<(u32, u32)>,
    leap_attack_list: Vec<(u64, u64)>,
    ride_attack_summaries: Vec<Option<(u64, u64)>>,
}

/// The [`GroupedAttacks`] of the laid lines.
fn group_attacks(ctx: &Context, laid: &mut LaidLines) -> GroupedAttacks {
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
fn attack_reach(ctx: &Context, attack_order: &[Vec<GeometryKey>]) -> Vec<SqSet> {
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
struct MergedAttacks {
    lines: Vec<super::EnemyAttackLine>,
    index: Vec<super::EnemyLineRange>,
}

/// The [`MergedAttacks`] of the laid lines (none with two seats).
fn merge_enemy_attacks(ctx: &Context, laid: &mut LaidLines) -> MergedAttacks {
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
                enemy_attacks.push(super::EnemyAttackLine {
                    line: laid.builder.line_for(*kind, squares, *path, *jump),
                    types: types[key],
                    ray,
                    increasing: squares.len() < 2 || squares[1] > squares[0],
                });
            }
            enemy_attack_index.push(super::EnemyLineRange {
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

/// The squares a region (a flag per square) holds, as a set.
fn square_set(region: &[bool]) -> SqSet {
    let mut set = SqSet::default();
    for (sq, _) in region.iter().enumerate().filter(|(_, inside)| **inside) {
        set.insert(sq as Sq);
    }
    set
}

/// [`RuleTable::opponents`]: with two seats of different teams, each the
/// other's.
fn opponents(seats: &[SeatRules]) -> [Option<Seat>; MAX_SEATS] {
    let mut opponents = [None; MAX_SEATS];
    if let [first, second] = seats
        && first.team != second.team
    {
        opponents[0] = Some(Seat::new(1));
        opponents[1] = Some(Seat::new(0));
    }
    opponents
}

fn compile_seats(def: &Definition) -> Result<Vec<SeatRules>, String> {
    let players = def.players();
    let names = def.names(Key::SeatNames);
    let letters = def.seat_letters();
    let forward = def.names(Key::SeatForward);
    if names.len() != players || letters.len() != players || forward.len() != players {
        return Err("the seat keys do not match `players`".into());
    }
    let teams = match def.value(Key::Teams) {
        Value::Teams(t) => t.clone(),
        _ => Vec::new(),
    };
    let mut seats = Vec::new();
    for i in 0..players {
        let team = teams
            .iter()
            .position(|t| t.contains(&names[i]))
            .map_or(100 + i, |t| t);
        seats.push(SeatRules {
            name: names[i].clone(),
            letter: letters[i],
            forward: Direction::parse(&forward[i])
                .ok_or_else(|| format!("`{}` is not a direction", forward[i]))?,
            team,
        });
    }
    Ok(seats)
}

fn compile_pieces(ctx: &Context<'_>) -> Vec<PieceRules> {
    let def = ctx.def;
    let n_seats = ctx.seats.len();
    let per_seat = |keys: [Key; 3]| -> Vec<Vec<bool>> {
        (0..n_seats)
            .map(|s| ctx.def.piece_set(seat_key(keys, s)))
            .collect()
    };
    let pawn = per_seat([
        Key::PromotionPawnTypesWhite,
        Key::PromotionPawnTypesBlack,
        Key::PromotionPawnTypes,
    ]);
    let n_move = per_seat([
        Key::NMoveRuleTypesWhite,
        Key::NMoveRuleTypesBlack,
        Key::NMoveRuleTypes,
    ]);
    let ep = per_seat([
        Key::EnPassantTypesWhite,
        Key::EnPassantTypesBlack,
        Key::EnPassantTypes,
    ]);
    let mut promoted = vec![None; def.pieces.len()];
    if let Value::PieceMap(pairs) = def.value(Key::PromotedPieceType) {
        for (from, to) in pairs {
            if let (Some(f), Some(t)) = (
                def.pieces.iter().position(|p| p.letter == *from),
                to.and_then(|to| def.pieces.iter().position(|p| p.letter == to)),
            ) {
                promoted[f] = Some(PieceType::new(t));
            }
        }
    }
    let declared = |letter: char| match def.value(Key::PieceValueMg) {
        Value::PieceCounts(pairs) => pairs
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|&(_, v)| v.clamp(0, 100_000) as i32),
        _ => None,
    };
    def.pieces
        .iter()
        .enumerate()
        .map(|(t, p)| PieceRules {
            letter: p.letter,
            key: p.key.clone(),
            san_letter: match def.value(Key::SanLetters) {
                Value::PieceMap(pairs) => pairs
                    .iter()
                    .find(|(from, _)| *from == p.letter)
                    .and_then(|(_, to)| *to),
                _ => None,
            },
            royal: p.key == "king",
            promotes_as_pawn: (0..n_seats).map(|s| pawn[s][t]).collect(),
            builtin_pawn: p.key == "pawn",
            promotes_to: promoted[t],
            resets_n_move: std::array::from_fn(|s| s < n_seats && n_move[s][t]),
            may_step_back: [true; crate::seat::MAX_SEATS],
            en_passant_capturer: std::array::from_fn(|s| s < n_seats && ep[s][t]),
            // As in Fairy-Stockfish, a custom piece's initial-only move
            // leaves en-passant targets whatever `enPassantTypes` says
            // (wolf chess's sergeant); that set names who may take them.
            leaves_en_passant: std::array::from_fn(|s| {
                s < n_seats
                    && (ep[s][t] || (p.key != "pawn" && p.betza.rules().iter().any(|r| r.initial)))
            }),
            en_passant_shows_landing: p.key != "pawn",
            declared_value: declared(p.letter),
        })
        .collect()
}

/// Pieces in hand: `None` unless pieces are dropped or captured to hand.
/// The mask of the variant's piece types whose key (`king`, `rook`, …) is
/// one of `keys`.
fn types_named(def: &Definition, keys: &[&str]) -> u64 {
    def.pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| keys.contains(&p.key.as_str()))
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// Whether the variant judges chases (`chasingRule = axf`).
fn chasing_rule(def: &Definition) -> bool {
    matches!(def.value(Key::ChasingRule), Value::Choice(c) if c == "axf")
}

/// The counting rule (`countingRule`), if the variant counts.
fn compile_counting(def: &Definition) -> Option<Counting> {
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

fn compile_hand(
    ctx: &Context<'_>,
    pieces: &[PieceRules],
    promotion_region: &[Vec<bool>],
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
                        && promotion_region[seat][sq])
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

/// Where Fairy-Stockfish ranks a piece key among its piece types (its
/// `PieceType` order: the named pieces, the custom slots, the king last),
/// which orders the pieces of a hand in a FEN.
fn fsf_type_rank(key: &str) -> u32 {
    use crate::definition::pieces::{PieceKind, piece_kind};
    match piece_kind(key) {
        _ if key == "king" => u32::MAX,
        Some(PieceKind::Named(i)) => i as u32,
        Some(PieceKind::Custom(n)) => 1000 + n,
        None => u32::MAX - 1,
    }
}

fn compile_castling(ctx: &Context<'_>) -> Result<Vec<[Option<CastlingGeometry>; 2]>, String> {
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

fn compile_ends(ctx: &Context<'_>, bits: &dyn Fn(Vec<bool>) -> u64) -> GameEnds {
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

/// Lines being collected, with their squares in one flat list.
#[derive(Default)]
struct LineBuilder {
    lines: Vec<Line>,
    squares: Vec<Sq>,
}

impl LineBuilder {
    fn push(&mut self, mut line: Line, squares: &[Sq]) {
        line.start = self.squares.len() as u32;
        self.squares.extend_from_slice(squares);
        self.lines.push(line);
    }

    fn line_for(&mut self, kind: LineKind, squares: &[Sq], path: u8, jump: bool) -> Line {
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
fn palace_diagonal(piece: &crate::definition::Piece) -> Option<&'static str> {
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
fn clip_to(
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
fn check_diagonal_lines(ctx: &Context<'_>, lines: &[bool]) -> Result<(), String> {
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
fn merge_line(own: &mut Vec<(Line, Vec<Sq>)>, line: Line, squares: Vec<Sq>) {
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

fn line_kind(rule: &MoveRule) -> LineKind {
    match rule.kind {
        MoveKind::Leap => LineKind::Leap,
        MoveKind::Ride { .. } => LineKind::Ride,
        MoveKind::Hop { .. } => LineKind::Hop,
        MoveKind::Grasshop => LineKind::Grasshop,
    }
}

/// The squares passed by one leap from (f, r), or `None` if one is off the board.
fn leg_path(ctx: &Context<'_>, dir: Direction, f: i32, r: i32, rule: &MoveRule) -> Option<Vec<Sq>> {
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
fn jump_leap(rule: &MoveRule) -> bool {
    rule.jumping && rule.kind == MoveKind::Leap
}

/// The line of a rule from square (f, r), seen from a seat facing `dir`.
fn forward_line(
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
fn reverse_lines(
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

/// An enclosing rule key (`enclosingDrop`, `flipEnclosedPieces`).
fn enclosing_rule(def: &Definition, key: Key) -> Result<Option<Enclosing>, String> {
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
fn compile_walling(ctx: &Context, playable: &[bool]) -> Option<Walling> {
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

/// Whether a promotion or demotion may change which pieces are
/// pseudo-royal ([`Royalty::promotions_touch_pseudo`]).
fn promotions_touch_pseudo_royals(table: &RuleTable) -> bool {
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
fn may_step_back(table: &RuleTable, seat: Seat, kind: PieceType) -> bool {
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
fn plain_count(table: &RuleTable) -> bool {
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
fn plain_make(table: &RuleTable) -> bool {
    plain_quiet_make(table) && plain_captures(table)
}

/// Whether a normal move that takes nothing has only the usual effects
/// ([`FastPaths::usual_quiet_moves`]): only captures set off the effects
/// [`plain_captures`] excludes.
fn plain_quiet_make(table: &RuleTable) -> bool {
    plain_ply(table) && table.walling.is_none()
}

/// Whether a drop has only the usual effects ([`FastPaths::usual_drops`]).
fn plain_drop(table: &RuleTable) -> bool {
    plain_ply(table) && table.walling.is_none() && !table.castling.dropped_piece
}

/// Whether a walled normal move has only the usual effects of its move
/// and its wall ([`FastPaths::usual_walled_moves`]).
fn plain_walled(table: &RuleTable) -> bool {
    plain_ply(table) && table.walling.is_some() && plain_captures(table)
}

/// Whether a capture only takes its piece off the board (into a hand
/// where captures go there): no blast, petrification or elimination.
fn plain_captures(table: &RuleTable) -> bool {
    table.blast.is_none() && table.petrify == 0 && !table.royalty.king_capture_eliminates
}

/// Whether a ply, whatever its kind, places no gate, turns over no piece,
/// takes no gate away, runs no count and counts no check (walls apart).
fn plain_ply(table: &RuleTable) -> bool {
    !table.gating
        && table.flip.is_none()
        && table.cambodian.is_none()
        && table.counting.is_none()
        && !table.ends.check_counting
}

/// Per (seat, type, square) slot, whether every move of an unpromoted piece
/// from there is plain (see [`FastPaths::leap_slide_squares`]), and whether the
/// square or one the piece reaches lies in the promotion region.
fn plain_moves(table: &RuleTable) -> (Vec<bool>, Vec<bool>) {
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
                let in_zone = zone[sq as usize]
                    || table
                        .lines(seat, kind, sq)
                        .iter()
                        .any(|l| table.line_squares(l).iter().any(|s| zone[*s as usize]));
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
fn en_passant_pass_guards(table: &RuleTable) -> Vec<Option<(u32, u64)>> {
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
fn en_passant_guards(table: &RuleTable) -> Vec<Option<(u32, u64)>> {
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
