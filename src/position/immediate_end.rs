//! Fairy-Stockfish's immediate game ends, judged from a position
//! ([`Position::immediate_end`]), each naming the rule that fired and the
//! seat it fired for. What they are worth (the variant's `…Value` keys,
//! points) is the adjudicator's, in [`crate::game`].

use crate::moves::{Move, MoveList};
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::{Bitboard, BoardBits, KING_STEPS, Sq, SqSet};
use crate::seat::Seat;

/// An immediate rule that has ended the game, and the seat (or team) it
/// concerns. Which result that means is the variant's to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmediateEnd {
    /// A king was captured (`kingCapture` with several seats): the seat
    /// that lost it.
    KingCaptured {
        /// The seat whose king is gone.
        seat: Seat,
    },
    /// Every seat still in plays for one team.
    LastTeam {
        /// The team left.
        team: usize,
    },
    /// A seat's counted pieces are extinct (`extinctionPieceTypes`).
    Extinction {
        /// The seat whose pieces are extinct.
        seat: Seat,
    },
    /// A seat's flag pieces reached its flag region.
    Flag {
        /// The seat that reached it.
        seat: Seat,
    },
    /// With `flagMove`, Black answered White's flag by reaching its own
    /// flag region: the game is drawn.
    BothFlags,
    /// A seat gave the last of the checks it needed (check counting).
    CheckCount {
        /// The seat that gave them.
        seat: Seat,
    },
    /// The board is full (`adjudicateFullBoard`).
    FullBoard,
    /// A seat castled to a winning wing (`castlingWins`).
    CastledToWin {
        /// The seat that castled.
        seat: Seat,
    },
    /// A seat lost for good every castling right that would win
    /// (`castlingWins`).
    WinningCastlingLost {
        /// The seat that lost them.
        seat: Seat,
    },
    /// Both sides passed in a row (`pass`; stuck, with `passOnStalemate`).
    BothPassed,
    /// The kings face each other after a pass (`bikjangRule`).
    Bikjang,
    /// A seat aligned `connectN` pieces (or formed a square, or joined its
    /// connect regions).
    Connect {
        /// The seat that aligned them.
        seat: Seat,
    },
}

impl<R: RuleHandle> Position<R> {
    /// Whether the seat to move, checkmated, was mated by dropping a pawn
    /// where that is forbidden (`shogiPawnDropMateIllegal`): the last move
    /// dropped a piece of the forbidden type, and it alone gives check. The
    /// mated side then wins, as in Fairy-Stockfish.
    pub fn mated_by_pawn_drop(&self) -> bool {
        let Some(pawn) = self
            .rules()
            .hand
            .as_ref()
            .and_then(|h| h.pawn_drop_mate_loses)
        else {
            return false;
        };
        let Some(Move::Drop { placed, to, .. }) = self.last_move() else {
            return false;
        };
        let us = self.to_move();
        let them = us.previous(self.rules().seats.len());
        let Some(king) = self.royal(us) else {
            return false;
        };
        placed == pawn && self.in_check(us) && !self.find_attacker(king, them, |s| s != to)
    }

    /// The immediate rule that has ended the game, if one has (extinction,
    /// flag, check counting, connection, a captured king, one team left):
    /// Fairy-Stockfish's immediate game ends.
    #[inline]
    pub fn immediate_end(&self) -> Option<ImmediateEnd> {
        let rules = self.rules();
        let ends = &rules.ends;
        // With two seats, none of these rules, and no pass just played
        // (which bikjang and two passes need), nothing ends the game at
        // once: told without a call, at every node of perft.
        let passed = ends.after_pass && matches!(self.last_move(), Some(Move::Pass { .. }));
        if rules.seats.len() <= 2 && !ends.any && !ends.full_board && !passed {
            return None;
        }
        self.immediate_end_by_rules()
    }

    /// [`Position::immediate_end`] where a rule may apply. Out of line:
    /// the common case stays a few instructions where it is asked.
    #[inline(never)]
    fn immediate_end_by_rules(&self) -> Option<ImmediateEnd> {
        let rules = self.rules();
        let ends = &rules.ends;
        let us = self.to_move();
        let n = rules.seats.len();
        if n > 2 {
            // A captured king ends the game; so does a single team left.
            if rules.royalty.king_capture
                && let Some(seat) = self.active_seats().find(|&s| self.royal(s).is_none())
            {
                return Some(ImmediateEnd::KingCaptured { seat });
            }
            // Walking kings do not keep the game going: the seats still
            // in decide, whoever is to move.
            let mut active = self.active_seats();
            let team = active
                .next()
                .map_or(rules.seats[us].team, |s| rules.seats[s].team);
            if active.all(|s| rules.seats[s].team == team) {
                return Some(ImmediateEnd::LastTeam { team });
            }
        }
        if ends.any
            && let Some(end) = self.ended_by_rule(us, us.previous(n))
        {
            return Some(end);
        }
        if ends.after_pass {
            // The kings faced each other before a pass and still do.
            if matches!(self.last_move(), Some(Move::Pass { .. })) && self.bikjang() {
                return Some(ImmediateEnd::Bikjang);
            }
            if self.passed_twice() {
                return Some(ImmediateEnd::BothPassed);
            }
        }
        if ends.full_board
            && (0..rules.square_count())
                .all(|s| !rules.playable[s] || self.piece_at(s as Sq).is_some())
        {
            return Some(ImmediateEnd::FullBoard);
        }
        None
    }

    /// The immediate end by one of the rules that
    /// [`crate::rules::GameEnds::any`] says the variant has: extinction,
    /// flag, castling wins, check counting, connection. Inlined into
    /// [`Position::immediate_end_by_rules`] (out of line itself): one
    /// frame for both where a variant has such rules.
    #[inline(always)]
    fn ended_by_rule(&self, us: Seat, them: Seat) -> Option<ImmediateEnd> {
        let rules = self.rules();
        let ends = &rules.ends;
        if let Some(mask) = ends.extinction
            && let Some(seat) = self.extinct_seat(mask, us, them)
        {
            return Some(ImmediateEnd::Extinction { seat });
        }
        if ends.flag.is_some() {
            let safe = rules.flag_piece_safe;
            // As in Fairy-Stockfish: with `flagMove` or `flagPieceSafe`, the
            // side to move wins when it already stood on its flag region
            // (the opponent's extra move did not dislodge it). Both sides
            // there is a draw with `flagPieceSafe` alone, or when White's
            // king reached first and Black's king answered (racing kings).
            if (ends.flag_move || safe) && self.flag_reached(us) {
                let draw = ((ends.flag_move && us == Seat::FIRST && self.king_is_flag_piece())
                    || (safe && !ends.flag_move))
                    && self.flag_reached(them);
                return Some(if draw {
                    ImmediateEnd::BothFlags
                } else {
                    ImmediateEnd::Flag { seat: us }
                });
            }
            // The opponent's flag wins at once where no extra move is due,
            // or where it is a king's that the side to move cannot answer.
            if (!ends.flag_move || safe || self.king_is_flag_piece())
                && self.flag_reached(them)
                && !self.king_can_answer_flag(us)
            {
                return Some(ImmediateEnd::Flag { seat: them });
            }
        }
        if !ends.rarer {
            return None;
        }
        self.ended_by_rarer_rule(us, them)
    }

    /// [`Position::ended_by_rule`]'s rules that few variants have:
    /// castling wins, check counting, connection. Never inlined: their
    /// locals (the connection searches') would give the common rules'
    /// frame pages to probe at every node.
    #[inline(never)]
    fn ended_by_rarer_rule(&self, us: Seat, them: Seat) -> Option<ImmediateEnd> {
        let ends = &self.rules().ends;
        if !ends.castling_wins.is_empty()
            && let Some(end) = self.castling_win_end(us, them)
        {
            return Some(end);
        }
        if ends.check_counting && self.checks_remaining()[them] == 0 {
            return Some(ImmediateEnd::CheckCount { seat: them });
        }
        if ends.connect > 0 && self.connected(them)
            || ends.connect_square > 0 && self.connected_square(them)
            || ends.collinear > 0 && self.collinear(them)
            || !ends.connect_regions.is_empty() && self.regions_joined(them)
        {
            return Some(ImmediateEnd::Connect { seat: them });
        }
        None
    }

    /// The seat whose pieces of the extinction types (`mask`, a bit per
    /// type) are extinct while the other's are not, `them` looked at
    /// first: `*` (every bit) counts all pieces together, otherwise each
    /// type counts on its own. Pieces in hand count too, as in
    /// Fairy-Stockfish. Runs at every node.
    fn extinct_seat(&self, mask: u64, us: Seat, them: Seat) -> Option<Seat> {
        let rules = self.rules();
        let ends = &rules.ends;
        let held = |seat: Seat, kind: PieceType| -> u32 {
            u32::from(self.count(seat, kind)) + u32::from(self.in_hand(seat, kind))
        };
        // With `extinctionClaim`, the side to move's own extinction needs
        // one more piece of the opponent's.
        let claim = u32::from(rules.extinction_claim);
        let extinct = |theirs: u32, ours: u32| {
            if theirs <= ends.extinction_count && ours >= ends.extinction_opponent_count {
                Some(them)
            } else if ours <= ends.extinction_count
                && theirs >= ends.extinction_opponent_count + claim
            {
                Some(us)
            } else {
                None
            }
        };
        if mask == u64::MAX {
            let kinds = PieceType::all(rules.pieces.len());
            let total = |seat: Seat| kinds.clone().map(|kind| held(seat, kind)).sum();
            return extinct(total(them), total(us));
        }
        let mut rest = mask & rules.all_types();
        while rest != 0 {
            let kind = PieceType::new(rest.trailing_zeros() as usize);
            rest &= rest - 1;
            if let Some(seat) = extinct(held(them, kind), held(us, kind)) {
                return Some(seat);
            }
        }
        None
    }

    /// Castle chess (`castlingWins`), as Fairy-Stockfish judges it: the
    /// side that just castled to a winning wing wins; else a side left
    /// without any of its winning castling rights loses, the side that
    /// just moved looked at first.
    fn castling_win_end(&self, us: Seat, them: Seat) -> Option<ImmediateEnd> {
        let wins = &self.rules().ends.castling_wins;
        let wins_of = |seat: Seat| wins.get(seat.index()).copied().unwrap_or([false; 2]);
        if let Some(Move::Castle { wing, .. }) = self.last_move().map(Move::unwalled)
            && wins_of(them)[wing as usize]
        {
            return Some(ImmediateEnd::CastledToWin { seat: them });
        }
        [them, us].into_iter().find_map(|seat| {
            let winning = wins_of(seat);
            let kept = self.castling().any(|r| r.seat == seat && winning[r.wing]);
            (winning.contains(&true) && !kept).then_some(ImmediateEnd::WinningCastlingLost { seat })
        })
    }

    /// Whether a seat's connect pieces join its two connect regions
    /// (`connectRegion1White` …). As Fairy-Stockfish searches it, the
    /// chain grows from the first region only east and north (and
    /// north-east and south-east where diagonals count).
    fn regions_joined(&self, seat: Seat) -> bool {
        match &self.rules().bits {
            BoardBits::Narrow(_) => self.regions_joined_with::<u64>(seat),
            BoardBits::Double(_) => self.regions_joined_with::<u128>(seat),
            BoardBits::Wide(_) => self.regions_joined_with::<SqSet>(seat),
        }
    }

    /// [`Position::regions_joined`] with bitboards of the type that holds
    /// the board: the chain grows a step at a time from the connect pieces
    /// of the first region; a piece of the second region it reaches (not
    /// one it started from) joins them.
    fn regions_joined_with<B: Bitboard>(&self, seat: Seat) -> bool {
        let rules = self.rules();
        let Some([first, second]) = rules.ends.connect_regions.get(seat.index()) else {
            return false;
        };
        let pieces = self.connect_pieces::<B>(seat);
        let dirs = rules.ends.connect_directions;
        // KING_STEPS' indices of (1, 0), (0, 1), (1, 1) and (1, -1).
        let steps = [(dirs[0], 2), (dirs[1], 0), (dirs[2], 4), (dirs[2], 5)];
        let second = B::from_set(second);
        let mut reached = pieces & B::from_set(first);
        let mut grown = reached;
        while !grown.is_empty() {
            grown = steps
                .iter()
                .filter(|(on, _)| *on)
                .fold(B::default(), |m, &(_, d)| m | rules.step_all(grown, d))
                & pieces
                & !reached;
            if !(grown & second).is_empty() {
                return true;
            }
            reached |= grown;
        }
        false
    }

    /// Whether a seat has reached its flag region (Fairy-Stockfish's rules:
    /// enough flag pieces there, or one and the region full). With
    /// `flagPieceSafe` (and, with `flagMove` too, only for the side that
    /// just moved), a seat with exactly the required number of flag pieces
    /// there has not reached it while any of them is attacked.
    /// Inlined: this runs at every node, and the region mostly holds none
    /// of the seat's pieces, which is read first.
    #[inline(always)]
    fn flag_reached(&self, seat: Seat) -> bool {
        let Some(region_set) = self.rules().ends.flag_sets.get(seat.index()) else {
            return false;
        };
        self.seat_occupied(seat).intersects(region_set) && self.flag_reached_by(seat, region_set)
    }

    /// [`Position::flag_reached`] where some of the seat's pieces stand in
    /// its flag region (`region_set`): its live pieces of the flag types
    /// there (a dead army wins nothing) decide.
    #[inline(never)]
    fn flag_reached_by(&self, seat: Seat, region_set: &SqSet) -> bool {
        let candidates = self.seat_occupied(seat).intersection(region_set);
        let rules = self.rules();
        let ends = &rules.ends;
        let Some((types, regions)) = &ends.flag else {
            return false;
        };
        let Some(region) = regions.get(seat.index()) else {
            return false;
        };
        let inside = || {
            candidates.iter().filter(|&s| {
                let p = self.piece_at(s);
                !p.dead() && p.kind().is_in(*types)
            })
        };
        let count = inside().count();
        let full = || (0..region.len()).all(|s| !region[s] || self.piece_at(s as Sq).is_some());
        let needed = ends.flag_count as usize;
        let simple = count > 0 && (count >= needed || (rules.flag_blocked_win && full()));
        let judged_safe = !ends.flag_move || seat != self.to_move();
        if simple && rules.flag_piece_safe && judged_safe && count == needed {
            return !inside().any(|s| self.attacked_by_enemy(s, seat));
        }
        simple
    }

    /// Whether the flag pieces include a royal piece (racing kings).
    fn king_is_flag_piece(&self) -> bool {
        let rules = self.rules();
        rules.ends.flag.as_ref().is_some_and(|(types, _)| {
            (0..rules.pieces.len()).any(|t| types & (1 << t) != 0 && rules.pieces[t].royal)
        })
    }

    /// Racing-kings exception: after White reached the flag, Black (to
    /// move, not in check) may still answer by moving its king into its own
    /// flag region. Never inlined: its move list would give
    /// [`Position::ended_by_rule`], run at every node, pages of frame to
    /// probe.
    #[inline(never)]
    fn king_can_answer_flag(&self, us: Seat) -> bool {
        let rules = self.rules();
        if !rules.ends.flag_move
            || !self.king_is_flag_piece()
            || us != Seat::new(1)
            || self.in_check(us)
        {
            return false;
        }
        let Some(king) = self.royal(us) else {
            return false;
        };
        let Some((_, regions)) = &rules.ends.flag else {
            return false;
        };
        let mut copy = self.clone();
        let mut list = MoveList::default();
        copy.pseudo_moves(&mut list);
        list.as_slice()
            .iter()
            .filter(|m| {
                !matches!(m, Move::Castle { .. })
                    && m.from() == Some(king)
                    && regions[us][m.to() as usize]
            })
            .any(|m| copy.is_legal(*m))
    }

    /// Whether a seat's connect pieces fill an N × N square
    /// (`connectNxN`).
    fn connected_square(&self, seat: Seat) -> bool {
        let rules = self.rules();
        let n = rules.ends.connect_square as u8;
        if n > rules.files || n > rules.ranks {
            return false;
        }
        (0..=rules.ranks - n).any(|r| {
            (0..=rules.files - n).any(|f| {
                (0..n).all(|dr| {
                    (0..n).all(|df| self.connect_piece(seat, rules.square(f + df, r + dr)))
                })
            })
        })
    }

    /// Whether `collinearN` of a seat's connect pieces stand on one line of
    /// the connect directions, gaps allowed.
    fn collinear(&self, seat: Seat) -> bool {
        let rules = self.rules();
        let ends = &rules.ends;
        let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        let (files, ranks) = (rules.files as i32, rules.ranks as i32);
        let on_board = |f: i32, r: i32| (0..files).contains(&f) && (0..ranks).contains(&r);
        for (d, &(df, dr)) in dirs.iter().enumerate() {
            if !ends.connect_directions[d] {
                continue;
            }
            // Every line of this direction, from its first square.
            for r in 0..ranks {
                for f in 0..files {
                    if on_board(f - df, r - dr) {
                        continue;
                    }
                    let (mut x, mut y, mut count) = (f, r, 0);
                    while on_board(x, y) {
                        count +=
                            u32::from(self.connect_piece(seat, rules.square(x as u8, y as u8)));
                        x += df;
                        y += dr;
                    }
                    if count >= ends.collinear {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether a seat's connect piece stands on `sq`.
    fn connect_piece(&self, seat: Seat, sq: Sq) -> bool {
        let p = self.piece_at(sq);
        p.is_some()
            && !p.is_wall()
            && p.seat() == seat
            && p.kind().is_in(self.rules().ends.connect_types)
    }

    /// The squares of a seat's connect pieces.
    fn connect_pieces<B: Bitboard>(&self, seat: Seat) -> B {
        let rules = self.rules();
        let every_type = rules.all_types();
        if rules.ends.connect_types & every_type == every_type {
            return B::from_set(self.seat_occupied(seat));
        }
        let mut set = SqSet::default();
        for sq in self.seat_occupied(seat).iter() {
            if self.connect_piece(seat, sq) {
                set.insert(sq);
            }
        }
        B::from_set(&set)
    }

    /// Whether `connectN` of a seat's connect pieces stand in a row along
    /// one of the connect directions (`connectHorizontal`, …).
    fn connected(&self, seat: Seat) -> bool {
        match &self.rules().bits {
            BoardBits::Narrow(_) => self.connected_with::<u64>(seat),
            BoardBits::Double(_) => self.connected_with::<u128>(seat),
            BoardBits::Wide(_) => self.connected_with::<SqSet>(seat),
        }
    }

    /// [`Position::connected`] with bitboards of the type that holds the
    /// board: per direction, the pieces that start a run of k are those
    /// whose neighbour one step back starts a run of k − 1.
    fn connected_with<B: Bitboard>(&self, seat: Seat) -> bool {
        let rules = self.rules();
        let ends = &rules.ends;
        let pieces = self.connect_pieces::<B>(seat);
        // Fewer pieces than a run needs make none.
        if pieces.count() < ends.connect {
            return false;
        }
        // KING_STEPS' indices of (1, 0), (0, 1), (1, 1) and (1, -1), the
        // connect directions' order.
        const STEPS: [usize; 4] = [2, 0, 4, 5];
        debug_assert!(
            STEPS
                .iter()
                .zip([(1, 0), (0, 1), (1, 1), (1, -1)])
                .all(|(&d, step)| KING_STEPS[d] == step)
        );
        STEPS.iter().zip(ends.connect_directions).any(|(&d, on)| {
            if !on {
                return false;
            }
            // The pieces that start a run of 1, 2, … pieces: none left, no
            // longer run either.
            let mut run = pieces;
            for _ in 1..ends.connect {
                run = pieces & rules.step_all(run, d);
                if run.is_empty() {
                    return false;
                }
            }
            true
        })
    }
}
