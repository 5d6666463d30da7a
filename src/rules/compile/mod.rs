//! Compiling a [`Definition`] into a [`RuleTable`].

use super::geometry::Direction;
use super::{
    AttackLine, Cambodian, CastlingGeometry, CastlingRules, ChasingRoles, Counting, CountingRule,
    DOUBLE_STEP_WAYS, EnPassantRules, Enclosing, FastPaths, GameEnds, HandRules, Line, LineKind,
    PalaceLines, PieceRules, PromotionRules, PseudoRoyalty, Royalty, RuleTable, SeatRules,
    ShatarMate, Sq, SqSet, Walling, WallingRule,
};
use crate::board::{Board, Square};
use crate::definition::keys::Key;
use crate::definition::value::Value;
use crate::definition::{CheckedDefinition, Definition};
use crate::piece_type::{MAX_PIECE_TYPES, PieceType};
use crate::seat::{MAX_SEATS, Seat};

mod derive;
mod lines;
mod topics;

use derive::{derive_fast_paths, derive_geometry, derive_piece_facts};
use lines::{
    Regions, attack_reach, compile_mobility, group_attacks, lay_lines, merge_enemy_attacks,
    palace_lines, piece_moves,
};
use topics::{
    SeatRegions, compile_castling_rules, compile_chasing, compile_counting, compile_en_passant,
    compile_ends, compile_flip, compile_hand, compile_promotion, compile_royalty, compile_walling,
    seat_regions,
};

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
        for s in set {
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

/// Per square, its file and rank.
fn coordinates(ctx: &Context) -> Vec<[u8; 2]> {
    (0..usize::from(ctx.board.ranks))
        .flat_map(|rank| (0..ctx.board.files).map(move |file| [file, rank as u8]))
        .collect()
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
