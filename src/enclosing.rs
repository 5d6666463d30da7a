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
        let theirs = |s: Sq| {
            let p = self.piece_at(s);
            p.is_some() && !p.is_wall() && p.seat() != seat
        };
        let ours = |s: Sq| {
            let p = self.piece_at(s);
            p.is_some() && !p.is_wall() && p.seat() == seat
        };
        let mut out = SqSet::default();
        match rule {
            Enclosing::Reversi => {
                return match &rules.bits {
                    BoardBits::Narrow(_) => self.reversi_drops::<u64>(seat, open),
                    BoardBits::Double(_) => self.reversi_drops::<u128>(seat, open),
                    BoardBits::Wide(_) => self.reversi_drops::<SqSet>(seat, open),
                };
            }
            Enclosing::Snort => {
                for s in open.iter() {
                    if !KING_STEPS[..4]
                        .iter()
                        .any(|&(df, dr)| rules.step(s, df, dr).is_some_and(theirs))
                    {
                        out.insert(s);
                    }
                }
            }
            Enclosing::Ataxx | Enclosing::Quadwrangle => {
                for s in open.iter() {
                    if KING_STEPS
                        .iter()
                        .any(|&(df, dr)| rules.step(s, df, dr).is_some_and(ours))
                    {
                        out.insert(s);
                    }
                }
            }
            Enclosing::Top => {
                for s in open.iter() {
                    if rules.rank_of(s) == 0
                        || rules
                            .step(s, 0, -1)
                            .is_some_and(|b| self.piece_at(b).is_some())
                    {
                        out.insert(s);
                    }
                }
            }
            Enclosing::Anyside => return self.anyside_drops(),
        }
        out
    }

    /// Connect four from any side (`enclosingDrop = anyside`), as
    /// Fairy-Stockfish computes it: from each edge whose square is empty, a
    /// piece slides in along the rank or file; per line it lands on the
    /// lowest (leftmost) empty square that touches an occupied square on the
    /// side it comes from, or the far edge. The drop region is not asked.
    fn anyside_drops(&self) -> SqSet {
        let rules = self.rules();
        let empty = |s: Sq| self.piece_at(s).is_none();
        let occupied = |s: Option<Sq>| s.is_some_and(|s| !empty(s));
        let (files, ranks) = (rules.files, rules.ranks);
        let mut out = SqSet::default();
        // Along each rank from the west edge, then along each file from the
        // south and from the north, then along each rank from the east.
        let lines: [(bool, bool, (i32, i32)); 4] = [
            (true, false, (1, 0)),
            (false, false, (0, 1)),
            (false, true, (0, -1)),
            (true, true, (-1, 0)),
        ];
        for (along_rank, from_far_end, (df, dr)) in lines {
            let count = if along_rank { ranks } else { files };
            let length = if along_rank { files } else { ranks };
            for line in 0..count {
                let at = |i: u8| {
                    if along_rank {
                        rules.square(i, line)
                    } else {
                        rules.square(line, i)
                    }
                };
                let edge = if from_far_end { at(length - 1) } else { at(0) };
                if !empty(edge) {
                    continue;
                }
                // The lowest square of the line that is empty and has an
                // occupied neighbour ahead (or is the last square).
                let landing = (0..length).map(at).find(|&s| {
                    let ahead = rules.step(s, df, dr);
                    let last = if from_far_end {
                        (along_rank && rules.file_of(s) == 0)
                            || (!along_rank && rules.rank_of(s) == 0)
                    } else {
                        (along_rank && rules.file_of(s) == files - 1)
                            || (!along_rank && rules.rank_of(s) == ranks - 1)
                    };
                    empty(s) && (occupied(ahead) || last)
                });
                if let Some(s) = landing {
                    out.insert(s);
                }
            }
        }
        out
    }

    /// The squares of `open` where `seat` may drop in reversi, as
    /// Fairy-Stockfish tests it: the square touches an enemy piece, and
    /// along some line from it the first square that is neither an enemy
    /// piece nor a wall (walls do not stop this look, though they stop the
    /// turning over) holds an own piece not next to it. Found for all
    /// squares at once: from `seat`'s pieces, runs of enemy pieces and
    /// walls are followed one step at a time in each direction; the square
    /// just past a run is a candidate.
    fn reversi_drops<B: Bitboard>(&self, seat: Seat, open: SqSet) -> SqSet {
        let rules = self.rules();
        let own = B::from_set(self.seat_occupied(seat));
        let passed = B::from_set(self.occupied()) & !own;
        let enemies = Seat::all(rules.seats.len())
            .filter(|&s| s != seat)
            .fold(B::default(), |m, s| m | B::from_set(self.seat_occupied(s)));
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
