//! Fairy-Stockfish's enclosing rules: where a drop may go
//! (`enclosingDrop`, `enclosingDropStart`) and which enemy pieces a move
//! turns over to the mover (`flipEnclosedPieces`), for reversi, ataxx,
//! connect four and their relatives.

use crate::position::{Position, RuleHandle};
use crate::rules::{Bitboard, BoardBits, Enclosing, KING_STEPS, Sq, SqSet};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The squares of `open` (empty squares of the drop region) where
    /// `seat` may drop under the variant's enclosing rule, as
    /// Fairy-Stockfish filters them.
    pub(crate) fn enclosing_drops(&self, seat: Seat, open: SqSet) -> SqSet {
        let rules = self.rules();
        let Some(hand) = &rules.hand else {
            return open;
        };
        let Some(rule) = hand.enclosing else {
            return open;
        };
        // The opening: while a start square is empty, drops go there.
        if hand
            .enclosing_start
            .iter()
            .any(|s| self.piece_at(s).is_none())
        {
            return open.intersection(&hand.enclosing_start);
        }
        match &rules.bits {
            BoardBits::Narrow(_) => self.enclosing_drops_with::<u64>(rule, seat, open),
            BoardBits::Double(_) => self.enclosing_drops_with::<u128>(rule, seat, open),
            BoardBits::Wide(_) => self.enclosing_drops_with::<SqSet>(rule, seat, open),
        }
    }

    /// [`Position::enclosing_drops`] with bitboards of the type that holds
    /// the board (walls are no one's pieces):
    /// - reversi: [`Position::reversi_drops`];
    /// - connect four from any side: [`Position::anyside_drops`];
    /// - snort: not next to an enemy piece (file or rank);
    /// - ataxx, quadwrangle: next to an own piece (any of the eight steps);
    /// - connect four (`top`): on the first rank or above an occupied
    ///   square.
    fn enclosing_drops_with<B: Bitboard>(&self, rule: Enclosing, seat: Seat, open: SqSet) -> SqSet {
        let rules = self.rules();
        let own = B::from_set(self.seat_occupied(seat));
        let enemies = || {
            Seat::all(rules.seats.len())
                .filter(|&s| s != seat)
                .fold(B::default(), |m, s| m | B::from_set(self.seat_occupied(s)))
        };
        // The squares one step (of the first `steps` directions, a set
        // closed under reversal) from a square of `set`.
        let next_to =
            |set: B, steps: usize| (0..steps).fold(B::default(), |m, d| m | rules.step_all(set, d));
        let allowed = match rule {
            Enclosing::Reversi => return self.reversi_drops::<B>(open, own, enemies()),
            Enclosing::Snort => !next_to(enemies(), 4),
            Enclosing::Ataxx | Enclosing::Quadwrangle => next_to(own, KING_STEPS.len()),
            Enclosing::Top => {
                // The first rank: the squares below the second's first
                // one (squares count along the ranks). KING_STEPS[0] is one
                // rank up.
                let first_rank = B::below(Sq::from(rules.files));
                first_rank | rules.step_all(B::from_set(self.occupied()), 0)
            }
            Enclosing::Anyside => return self.anyside_drops::<B>(),
        };
        (B::from_set(&open) & allowed).to_set()
    }

    /// Connect four from any side (`enclosingDrop = anyside`), as
    /// Fairy-Stockfish computes it: from each edge whose square is empty, a
    /// piece comes in along the rank or file; per line it lands on the
    /// lowest (leftmost) empty square that touches an occupied square on the
    /// side it comes from, or on the far edge. The drop region is not
    /// asked. Found for all lines at once; a hole ends a line (Fairy-
    /// Stockfish's boards have none).
    fn anyside_drops<B: Bitboard>(&self) -> SqSet {
        let rules = self.rules();
        let occupied = B::from_set(self.occupied());
        let (files, ranks) = (rules.files, rules.ranks);
        let edge = |file: Option<u8>, rank: Option<u8>| {
            let mut set = SqSet::default();
            for f in file.map_or(0..files, |f| f..f + 1) {
                for r in rank.map_or(0..ranks, |r| r..r + 1) {
                    let s = rules.square(f, r);
                    if rules.playable[s as usize] {
                        set.insert(s);
                    }
                }
            }
            B::from_set(&set)
        };
        let (west, east) = (edge(Some(0), None), edge(Some(files - 1), None));
        let (south, north) = (edge(None, Some(0)), edge(None, Some(ranks - 1)));
        // The squares `set` and those any number of steps `d` from it.
        let fill = |mut set: B, d: usize| loop {
            let more = set | rules.step_all(set, d);
            if more == set {
                return set;
            }
            set = more;
        };
        // Per side, in Fairy-Stockfish's order: the edge a piece comes in
        // from, its step (KING_STEPS' index: 0 up, 1 down, 2 east, 3 west;
        // `^ 1` reverses it), the far edge, and the step toward a line's
        // later squares.
        let sides = [
            (west, 2, east, 2),
            (south, 0, north, 0),
            (north, 1, south, 0),
            (east, 3, west, 2),
        ];
        let mut out = B::default();
        for (near, step, far, later) in sides {
            let landings = !occupied & (rules.step_all(occupied, step ^ 1) | far);
            let first = landings & !fill(rules.step_all(landings, later), later);
            let open_lines = fill(near & !occupied, step);
            out |= first & open_lines;
        }
        out.to_set()
    }

    /// The squares of `open` where `seat` may drop in reversi, as
    /// Fairy-Stockfish tests it: the square touches an enemy piece, and
    /// along some line from it the first square that is neither an enemy
    /// piece nor a wall (walls do not stop this look, though they stop the
    /// turning over) holds an own piece not next to it. Found for all
    /// squares at once: from `seat`'s pieces, runs of enemy pieces and
    /// walls are followed one step at a time in each direction; the square
    /// just past a run is a candidate.
    fn reversi_drops<B: Bitboard>(&self, open: SqSet, own: B, enemies: B) -> SqSet {
        let rules = self.rules();
        let passed = B::from_set(self.occupied()) & !own;
        let mut past_runs = B::default();
        let mut touching = B::default();
        for d in 0..KING_STEPS.len() {
            let mut run = rules.step_all(own, d) & passed;
            let mut reach = run;
            while !run.is_empty() {
                run = rules.step_all(run, d) & passed;
                reach |= run;
            }
            past_runs |= rules.step_all(reach, d);
            touching |= rules.step_all(enemies, d);
        }
        (past_runs & touching).to_set().intersection(&open)
    }

    /// From `from` toward `(df, dr)`: the enemy pieces passed before the
    /// first own piece, when there is at least one and the run ends on an
    /// own piece (reversi's outflanking); `None` otherwise.
    fn outflanked(&self, from: Sq, df: i32, dr: i32, seat: Seat) -> Option<SqSet> {
        let rules = self.rules();
        let mut run = SqSet::default();
        let mut at = from;
        while let Some(s) = rules.step(at, df, dr) {
            let p = self.piece_at(s);
            if p.is_none() || p.is_wall() {
                return None;
            }
            if p.seat() == seat {
                return (!run.is_empty()).then_some(run);
            }
            run.insert(s);
            at = s;
        }
        None
    }

    /// The enemy pieces a move of `seat` that ended on `to` turns over
    /// (`flipEnclosedPieces`), judged with the moved piece standing: in
    /// reversi every run it outflanks; in ataxx every enemy neighbour; in
    /// quadwrangle every enemy neighbour after a move of a piece, or after
    /// a drop next to one of its own pieces.
    pub(crate) fn enclosed_by(&self, seat: Seat, to: Sq, dropped: bool) -> SqSet {
        let rules = self.rules();
        let mut out = SqSet::default();
        let Some(rule) = rules.flip else {
            return out;
        };
        let neighbours = || {
            KING_STEPS
                .iter()
                .filter_map(|&(df, dr)| rules.step(to, df, dr))
        };
        let has = |s: Sq, own: bool| {
            let p = self.piece_at(s);
            p.is_some() && !p.is_wall() && (p.seat() == seat) == own
        };
        match rule {
            Enclosing::Reversi => {
                for &(df, dr) in &KING_STEPS {
                    if let Some(run) = self.outflanked(to, df, dr, seat) {
                        for s in run.iter() {
                            out.insert(s);
                        }
                    }
                }
            }
            Enclosing::Quadwrangle if dropped && !neighbours().any(|s| has(s, true)) => {}
            _ => {
                for s in neighbours().filter(|&s| has(s, false)) {
                    out.insert(s);
                }
            }
        }
        out
    }
}
