//! The compiled end-of-game and scoring rules the adjudicator
//! ([`crate::game`]) executes: what checkmate, stalemate and the other ends
//! are worth, what happens to a losing seat's army, draws by rule or claim,
//! and the points table of a points game.

use super::GameEnds;
use crate::definition::Definition;
use crate::definition::keys::Key;
use crate::definition::value::{GameValue, Value};

/// What becomes of an eliminated seat's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Army {
    /// They leave the board.
    Remove,
    /// They stay as dead obstacles: they never move or attack, and may be
    /// captured for nothing.
    Dead,
    /// They go dead, but the king stays alive and walks on (moving at
    /// random) until it is mated or stalemated.
    DeadKingWalks,
}

/// How a game ranks its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Who is left (a seat, or a team) wins.
    Survival,
    /// Points decide: the top scorers win.
    Points,
    /// Points decide and only first place counts as a win (chess.com Solo).
    PointsWinnerOnly,
}

/// The points table of a points game. Every number is 0 where the variant
/// does not say otherwise.
#[derive(Clone, Debug, Default)]
pub struct Scoring {
    /// Points for capturing an active piece, per piece type.
    pub capture: Vec<i32>,
    /// Points for capturing a promoted piece, whatever its type (`None`:
    /// the type's own points).
    pub promoted_capture: Option<i32>,
    /// Points for checkmating a player.
    pub checkmate: i32,
    /// Points for a player stalemated (and so eliminated) at their turn.
    pub stalemate: i32,
    /// Points for checking two kings with one move, without and with a
    /// queen among the checkers; then three kings, likewise.
    pub multi_check: [i32; 4],
    /// The piece types that count as a queen for `multi_check` (bits).
    pub queen_types: u64,
    /// Points to every player still in when the game is drawn.
    pub draw: i32,
    /// Points to the last player for each other king still alive.
    pub survivor_king_bonus: i32,
    /// Points a stalemated walking king gives, shared among the players
    /// still in ([`share`]).
    pub walking_king_stalemate: i32,
}

/// Each of `players` players' share of `points`, rounded to the nearest
/// whole number (halves up): 20 among three is 7 each, among two 10.
pub fn share(points: i32, players: usize) -> i32 {
    match players as i32 {
        0 => 0,
        n => (2 * points + n) / (2 * n),
    }
}

/// How material turns a draw into a result (Fairy-Stockfish's
/// `materialCounting`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MaterialCounting {
    /// Draws stay draws.
    #[default]
    None,
    /// Janggi's weighted count; Black wins a tie (the count gives White 1.5
    /// points less).
    Janggi,
    /// The side with more pieces wins; equal counts draw.
    Unweighted,
    /// White wins every draw.
    WhiteDrawOdds,
    /// Black wins every draw (armageddon).
    BlackDrawOdds,
}

/// The end and scoring rules of a variant.
#[derive(Clone, Debug)]
pub struct Adjudication {
    /// The result of checkmate for the mated side.
    pub checkmate_value: GameValue,
    /// The result of stalemate for the stalemated side.
    pub stalemate_value: GameValue,
    /// A stalemate is judged by piece count (`stalematePieceCount`): the
    /// side to move with fewer pieces gets the stalemate value, with more its
    /// opposite, with as many a draw.
    pub stalemate_piece_count: bool,
    /// How material turns a draw by stalemate, repetition or the n-move
    /// rule into a result (`materialCounting`, two players).
    pub material_counting: MaterialCounting,
    /// Per piece type, its weight in Janggi's material count.
    pub material_weights: Vec<i32>,
    /// The result of extinction for the extinct side.
    pub extinction_value: GameValue,
    /// The result of a connection for the side that made it.
    pub connect_value: GameValue,
    /// A losing seat takes its team down with it.
    pub team_loses: bool,
    /// What becomes of a mated or stalemated-out seat's army.
    pub eliminated_army: Army,
    /// What becomes of a resigning or flagging seat's army.
    pub resigned_army: Army,
    /// How players are ranked.
    pub ranking: Ranking,
    /// Moves without capture or pawn move that end the game (0: never).
    pub n_move: u32,
    /// From this many such moves the player to move may claim (0: never).
    pub n_move_claim: u32,
    /// The n-move rule counts plies, not moves by each player.
    pub n_move_in_plies: bool,
    /// The occurrence of a position that ends the game (0: never).
    pub n_fold: u32,
    /// The occurrence from which the player to move may claim (0: never).
    pub n_fold_claim: u32,
    /// The value of an n-fold repetition for the side to move.
    pub n_fold_value: GameValue,
    /// `n_fold_value` is White's (the first seat's), not the side to move's.
    pub n_fold_absolute: bool,
    /// A repetition reached by one side checking in every position of it
    /// loses for that side; by both, it is drawn (`perpetualCheckIllegal`).
    pub perpetual_check_loses: bool,
    /// Janggi's rule against moving a piece back and forth
    /// (`moveRepetitionIllegal`): the mover who does it loses.
    pub back_and_forth_loses: bool,
    /// Captures and pawn moves do not start the repetition count afresh:
    /// where captured pieces go to hand, positions repeat across them.
    pub repetition_spans_captures: bool,
    /// Insufficient material draws the game.
    pub insufficient_material_draw: bool,
    /// The pieces that beside a king leave insufficient material (bits).
    pub insufficient_pieces: u64,
    /// Each seat still in may keep one such piece (else one on the board).
    pub insufficient_material_each: bool,
    /// A timeout against insufficient material is drawn.
    pub timeout_insufficient_draw: bool,
    /// The pieces that, beside the last player's king, make a leaving that
    /// would leave that player alone an end by insufficient material (bits;
    /// 0: off).
    pub last_leave_draw_pieces: u64,
    /// Players may offer draws.
    pub draw_offers: bool,
    /// With two players left, this lead lets the leader claim the win (0: never).
    pub claim_win_lead: i32,
    /// With two players left, this lead ends the game (0: never).
    pub auto_win_lead: i32,
    /// A resignation or timeout before every player has made this many
    /// moves (nobody scored, the resigner not in check) aborts (0: never).
    pub abort_moves: u32,
    /// A resignation or timeout by a player who has made fewer than this
    /// many moves aborts (0: never).
    pub abort_own_moves: u32,
    /// Checkmate is judged after every move for every seat still in, not
    /// at the mated seat's turn (`mateAtTurnArrival = false`, more than
    /// two seats).
    pub mate_at_move: bool,
    /// The points table.
    pub scoring: Scoring,
}

fn army(value: &Value) -> Army {
    match value {
        Value::Choice(c) if c == "dead" => Army::Dead,
        Value::Choice(c) if c == "deadKingWalks" => Army::DeadKingWalks,
        _ => Army::Remove,
    }
}

fn game_value(value: &Value) -> GameValue {
    match value {
        Value::Outcome(v) => *v,
        _ => GameValue::None,
    }
}

/// Compiles a definition's end and scoring rules, given its immediate
/// ends; `bits` turns a piece set into a bit per type.
pub(super) fn compile_adjudication(
    def: &Definition,
    ends: &GameEnds,
    bits: &dyn Fn(Vec<bool>) -> u64,
) -> Adjudication {
    // Where kings alone can still win (a flag, extinction, checks, a line),
    // bare material is no draw.
    let other_wins = ends.extinction.is_some()
        || ends.flag.is_some()
        || ends.check_counting
        || ends.connect > 0
        || ends.connect_square > 0
        || ends.collinear > 0;
    let int = |key: Key| def.int(key).clamp(0, i64::from(i32::MAX)) as i32;
    let choice = |key: Key| match def.value(key) {
        Value::Choice(c) => c.clone(),
        _ => String::new(),
    };
    let mut capture = vec![0; def.pieces.len()];
    if let Value::PieceCounts(pairs) = def.value(Key::CaptureScores) {
        for &(letter, points) in pairs {
            if let Some(t) = def.pieces.iter().position(|p| p.letter == letter) {
                capture[t] = points.clamp(0, i64::from(i32::MAX)) as i32;
            }
        }
    }
    let mut multi_check = [0; 4];
    if let Value::Ints(list) = def.value(Key::CheckScores) {
        for (slot, &v) in multi_check.iter_mut().zip(list) {
            *slot = v.clamp(0, i64::from(i32::MAX)) as i32;
        }
    }
    let promoted = int(Key::PromotedCaptureScore);
    let ranking = match choice(Key::Result).as_str() {
        "points" => Ranking::Points,
        "pointsWinnerOnly" => Ranking::PointsWinnerOnly,
        _ => Ranking::Survival,
    };
    Adjudication {
        checkmate_value: game_value(def.value(Key::CheckmateValue)),
        stalemate_value: game_value(def.value(Key::StalemateValue)),
        stalemate_piece_count: def.bool(Key::StalematePieceCount),
        material_counting: match choice(Key::MaterialCounting).as_str() {
            "janggi" => MaterialCounting::Janggi,
            "unweighted" => MaterialCounting::Unweighted,
            "whitedrawodds" => MaterialCounting::WhiteDrawOdds,
            "blackdrawodds" => MaterialCounting::BlackDrawOdds,
            _ => MaterialCounting::None,
        },
        // Fairy-Stockfish's weights for Janggi's count.
        material_weights: def
            .pieces
            .iter()
            .map(|p| match p.key.as_str() {
                "rook" => 13,
                "janggiCannon" => 7,
                "horse" => 5,
                "janggiElephant" | "wazir" => 3,
                "soldier" => 2,
                _ => 0,
            })
            .collect(),
        extinction_value: game_value(def.value(Key::ExtinctionValue)),
        connect_value: game_value(def.value(Key::ConnectValue)),
        team_loses: choice(Key::LoserScope) == "team",
        eliminated_army: army(def.value(Key::EliminatedArmy)),
        resigned_army: army(def.value(Key::ResignedArmy)),
        ranking,
        n_move: int(Key::NMoveRule) as u32,
        n_move_claim: int(Key::NMoveRuleClaim) as u32,
        n_move_in_plies: choice(Key::NMoveRuleUnit) == "plies",
        n_fold: int(Key::NFoldRule) as u32,
        n_fold_claim: int(Key::NFoldClaim) as u32,
        n_fold_value: game_value(def.value(Key::NFoldValue)),
        n_fold_absolute: def.bool(Key::NFoldValueAbsolute),
        perpetual_check_loses: def.bool(Key::PerpetualCheckIllegal),
        back_and_forth_loses: def.bool(Key::MoveRepetitionIllegal),
        repetition_spans_captures: def.bool(Key::CapturesToHand),
        insufficient_material_draw: def.bool(Key::InsufficientMaterialDraw) && !other_wins,
        insufficient_pieces: bits(def.piece_set(Key::InsufficientMaterialPieces)),
        insufficient_material_each: def.bool(Key::InsufficientMaterialEach),
        timeout_insufficient_draw: def.bool(Key::TimeoutInsufficientDraw),
        last_leave_draw_pieces: bits(def.piece_set(Key::LastLeaveDrawPieces)),
        draw_offers: def.bool(Key::DrawOffers),
        claim_win_lead: int(Key::ClaimWinLead),
        auto_win_lead: int(Key::AutoWinLead),
        abort_moves: int(Key::AbortMoves) as u32,
        abort_own_moves: int(Key::AbortOwnMoves) as u32,
        mate_at_move: def.players() > 2 && !def.bool(Key::MateAtTurnArrival),
        scoring: Scoring {
            capture,
            promoted_capture: (promoted > 0).then_some(promoted),
            checkmate: int(Key::CheckmateScore),
            stalemate: int(Key::StalemateScore),
            multi_check,
            queen_types: bits(def.piece_set(Key::CheckScoreQueenTypes)),
            draw: int(Key::DrawScore),
            survivor_king_bonus: int(Key::SurvivorKingBonus),
            walking_king_stalemate: int(Key::WalkingKingStalemateScore),
        },
    }
}
