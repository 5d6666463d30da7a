//! The search: iterative deepening, alpha-beta over the game's own legal
//! moves and results (so the bot and the adjudicator never disagree about
//! a rule), a transposition table, captures first, and a capture-only
//! quiescence search at the horizon.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use crate::game::{Action, Game, GameResult, Outcome};
use crate::moves::Move;
use crate::rng::SplitMix64;
use crate::rules::RuleTable;
use crate::seat::Seat;

use super::eval::Evaluation;

/// A won game, less the plies it takes.
const WIN: i32 = 10_000_000;
/// Above every evaluation.
const INFINITY: i32 = 20_000_000;
/// Captures searched beyond the horizon, at most.
const QUIESCENCE_PLIES: u32 = 4;

/// How long a search may go on: to a depth (plies), and at most so many
/// nodes or so much time, whichever comes first. The deepest search that
/// finished chooses; the first ply always finishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: u32,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to `depth` plies, without a node or time limit.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: None,
            time: None,
        }
    }
}

/// The move a search chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its value for the seat that moves (about 126 a pawn; beyond ±9,000,000 a
    /// forced result).
    pub score: i32,
    /// The deepest iteration that finished.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl Choice {
    /// When the score is a forced result: the plies to it, positive when
    /// the seat that moves wins, negative when it loses.
    pub fn result_in_plies(&self) -> Option<i32> {
        if self.score > WIN / 2 {
            Some(WIN - self.score)
        } else if self.score < -WIN / 2 {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: i32,
    bound: Bound,
    best: Option<Move>,
}

/// A bot for one variant. See the module documentation.
pub struct Bot {
    eval: Evaluation,
    rng: SplitMix64,
    table: FxHashMap<u64, Entry>,
    nodes: u64,
    stop_at_nodes: Option<u64>,
    deadline: Option<Instant>,
    /// The node count at which the clock is read next.
    next_time_check: u64,
    stopped: bool,
    /// Set from outside (another thread) to end the current search; read
    /// with the clock. Whoever sets it clears it before the next search.
    stop: Arc<AtomicBool>,
}

impl Bot {
    /// A bot for the variant of `rules`; `seed` breaks ties between equal
    /// moves.
    pub fn new(rules: &Arc<RuleTable>, seed: u64) -> Bot {
        Bot {
            eval: Evaluation::new(rules),
            rng: SplitMix64::new(seed),
            table: FxHashMap::default(),
            nodes: 0,
            stop_at_nodes: None,
            deadline: None,
            next_time_check: 0,
            stopped: false,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The flag that stops a running search when set (the deepest finished
    /// iteration then chooses), for a protocol's `stop` command.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The move the bot plays for the seat to move, or `None` when the game
    /// is over.
    pub fn choose(&mut self, game: &Game, limits: Limits) -> Option<Choice> {
        self.choose_reporting(game, limits, |_, _| {})
    }

    /// [`Bot::choose`], telling `report` the choice of every iteration that
    /// finishes and the line it expects (the choice first, then the best
    /// replies the transposition table knows), for a protocol's `info`
    /// lines.
    pub fn choose_reporting(
        &mut self,
        game: &Game,
        limits: Limits,
        mut report: impl FnMut(&Choice, &[Move]),
    ) -> Option<Choice> {
        let us = game.to_move()?;
        let mut moves = game.legal_moves().to_vec();
        if moves.is_empty() {
            return None;
        }
        // Ties go to a seeded shuffle of the moves in square order, so the
        // choice does not depend on generation order.
        moves.sort_by_key(|m| (m.from(), m.to(), m.promotion().map(|p| p.index())));
        for i in (1..moves.len()).rev() {
            moves.swap(i, self.rng.below(i + 1));
        }
        self.start(limits);
        let mut best = Choice {
            mv: moves[0],
            score: 0,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=limits.depth.max(1) {
            let mut alpha = -INFINITY;
            let mut chosen = None;
            // The previous iteration's best first.
            if let Some(i) = moves.iter().position(|&m| m == best.mv) {
                moves[..=i].rotate_right(1);
            }
            for &mv in &moves {
                let mut child = game.clone();
                if child.play(mv).is_err() {
                    continue;
                }
                let value = self.search(&child, depth - 1, alpha, INFINITY, us, 1);
                // Out of time: a deeper iteration is dropped; the first
                // keeps the best of the moves it could look at.
                if self.stopped && (depth > 1 || chosen.is_some()) {
                    break;
                }
                if chosen.is_none() || value > alpha {
                    alpha = value;
                    chosen = Some(mv);
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            if let Some(mv) = chosen {
                best = Choice {
                    mv,
                    score: alpha,
                    depth,
                    nodes: self.nodes,
                };
                report(&best, &self.principal_variation(game, mv, depth));
            }
            if alpha.abs() > WIN / 2 || self.stopped {
                break;
            }
        }
        best.nodes = self.nodes;
        Some(best)
    }

    /// Whether the bot, playing `seat`, accepts the open draw offer: when
    /// the game ended by agreement now (every seat still to answer
    /// accepting) is worth at least what a search within `limits` expects
    /// from playing on. In a points game the drawn game is a ranking, so a
    /// leader accepts.
    pub fn accepts_draw(&mut self, game: &Game, seat: Seat, limits: Limits) -> bool {
        let mut drawn = game.clone();
        for s in game.awaiting_draw_answer() {
            if drawn.act(Action::AcceptDraw, Some(s)).is_err() {
                return false;
            }
        }
        let Some(result) = drawn.result() else {
            return false;
        };
        let agreed = result_value(&drawn, result, seat, 0);
        self.start(limits);
        let mut play_on = self.eval.evaluate(game, seat);
        for depth in 1..=limits.depth.max(1) {
            let value = self.search(game, depth, -INFINITY, INFINITY, seat, 0);
            if self.stopped && depth > 1 {
                break;
            }
            play_on = value;
        }
        agreed >= play_on
    }

    /// The line that starts with `first` and follows the transposition
    /// table's best moves, at most `plies` long, each move legal.
    fn principal_variation(&self, game: &Game, first: Move, plies: u32) -> Vec<Move> {
        let mut line = vec![first];
        let mut game = game.clone();
        if game.play(first).is_err() {
            return line;
        }
        while (line.len() as u32) < plies {
            let Some(mv) = self.table.get(&game.position().hash()).and_then(|e| e.best) else {
                break;
            };
            if !game.legal_moves().contains(&mv) || game.play(mv).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }

    /// Resets the transposition table and the budget for a new search.
    fn start(&mut self, limits: Limits) {
        self.table.clear();
        self.nodes = 0;
        self.stopped = false;
        self.stop_at_nodes = limits.nodes;
        self.deadline = limits.time.map(|t| Instant::now() + t);
        self.next_time_check = 0;
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let nodes = self.stop_at_nodes.is_some_and(|n| self.nodes >= n);
        // The clock is read every 64 nodes (a node costs microseconds).
        let time = self.nodes >= self.next_time_check && {
            self.next_time_check = self.nodes + 64;
            self.deadline.is_some_and(|d| Instant::now() >= d) || self.stop.load(Ordering::Relaxed)
        };
        self.stopped = nodes || time;
        self.stopped
    }

    /// Alpha-beta over the seats: our team maximises `us`'s value, every
    /// other seat minimises it.
    fn search(
        &mut self,
        game: &Game,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        us: Seat,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(result) = game.result() {
            return result_value(game, result, us, ply);
        }
        if game.position().is_eliminated(us) {
            return -WIN / 2 + ply;
        }
        if depth == 0 || self.out_of_budget() {
            return self.quiescence(game, QUIESCENCE_PLIES, alpha, beta, us, ply);
        }
        let key = game.position().hash();
        let entry = self.table.get(&key).copied();
        if let Some(e) = entry
            && e.depth >= depth
        {
            match e.bound {
                Bound::Exact => return e.value,
                Bound::Lower => alpha = alpha.max(e.value),
                Bound::Upper => beta = beta.min(e.value),
            }
            if alpha >= beta {
                return e.value;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = self.ours(game, us);
        let moves = self.ordered(game, entry.and_then(|e| e.best));
        let mut value = if maximising { -INFINITY } else { INFINITY };
        let mut best = None;
        for mv in moves {
            let mut child = game.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let v = self.search(&child, depth - 1, alpha, beta, us, ply + 1);
            if maximising && v > value || !maximising && v < value {
                value = v;
                best = Some(mv);
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        if best.is_none() {
            // A walking king's seat: its move is the game's own.
            let mut child = game.clone();
            if child.play_auto().is_ok() {
                return self.search(&child, depth - 1, alpha, beta, us, ply + 1);
            }
            return self.eval.evaluate(game, us);
        }
        if !self.stopped {
            let bound = if value <= alpha0 {
                Bound::Upper
            } else if value >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(
                key,
                Entry {
                    depth,
                    value,
                    bound,
                    best,
                },
            );
        }
        value
    }

    /// Captures only, until the position is quiet: the seat to move may
    /// also stand on the static evaluation.
    fn quiescence(
        &mut self,
        game: &Game,
        plies: u32,
        mut alpha: i32,
        mut beta: i32,
        us: Seat,
        ply: i32,
    ) -> i32 {
        let stand = self.eval.evaluate(game, us);
        if plies == 0
            || self.out_of_budget()
            || game.position().is_eliminated(game.to_move().unwrap_or(us))
        {
            return stand;
        }
        let maximising = self.ours(game, us);
        if maximising {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut value = stand;
        for mv in self.ordered(game, None) {
            if !game.position().is_capture(&mv) {
                break;
            }
            let mut child = game.clone();
            if child.play(mv).is_err() {
                continue;
            }
            self.nodes += 1;
            let v = match child.result() {
                Some(result) => result_value(&child, result, us, ply + 1),
                None => self.quiescence(&child, plies - 1, alpha, beta, us, ply + 1),
            };
            if maximising {
                value = value.max(v);
                alpha = alpha.max(value);
            } else {
                value = value.min(v);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        value
    }

    /// Whether the seat to move plays for `us`.
    fn ours(&self, game: &Game, us: Seat) -> bool {
        let seats = &game.rules().seats;
        game.to_move()
            .is_some_and(|s| seats[s].team == seats[us].team)
    }

    /// The legal moves, the remembered best first, then captures of the
    /// most valuable pieces by the least valuable, then the rest.
    fn ordered(&self, game: &Game, first: Option<Move>) -> Vec<Move> {
        let pos = game.position();
        let mut moves = game.legal_moves().to_vec();
        let rank = |m: &Move| -> i64 {
            if Some(*m) == first {
                return i64::MIN;
            }
            if pos.is_capture(m) {
                let victim = pos.piece_at(m.to());
                let taken = if victim.is_some() {
                    self.eval.values[victim.kind().index()]
                } else {
                    126
                };
                let attacker = self.eval.values[pos.moving_piece(m).kind().index()];
                return -(i64::from(taken) * 16 - i64::from(attacker)) - 1_000_000_000;
            }
            if m.promotion().is_some() {
                return -1;
            }
            0
        };
        moves.sort_by_key(rank);
        moves
    }
}

/// A finished game's value for `us`: a win (ours or our team's) or a loss,
/// sooner better; a draw or an abort nothing.
fn result_value(game: &Game, result: &GameResult, us: Seat, ply: i32) -> i32 {
    let seats = &game.rules().seats;
    match &result.outcome {
        Outcome::Win { winners } if winners.iter().any(|&w| seats[w].team == seats[us].team) => {
            WIN - ply
        }
        Outcome::Win { .. } => -WIN + ply,
        Outcome::Draw | Outcome::Aborted => 0,
    }
}
