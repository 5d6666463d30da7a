//! The static evaluation, from one seat's point of view.

use smallvec::SmallVec;

use crate::betza::Offset;
use crate::game::Game;
use crate::piece_type::PieceType;
use crate::rules::{Ranking, RuleTable, Sq};
use crate::seat::Seat;

use super::values::{PAWN, piece_values};

/// Points of a points game, each worth a pawn.
const POINT: i32 = PAWN;
/// Per square a pawn-like piece has advanced.
const PAWN_STEP: i32 = 8;
/// Per legal move of the seat to move.
const MOVE: i32 = 2;
/// Per own pawn-like piece next to a seat's royal piece (at most
/// [`SHIELD_PIECES`]).
const SHIELD: i32 = 12;
/// The most shield pieces counted.
const SHIELD_PIECES: i32 = 3;
/// A royal piece in check.
const IN_CHECK: i32 = 40;
/// Per square a flag piece is nearer its flag region than the farthest
/// square of the board.
const FLAG_STEP: i32 = 24;
/// The last piece of a type whose extinction loses.
const LAST_OF_ITS_KIND: i32 = 2 * PAWN;

/// What the evaluation needs beyond the rule table, built once per bot:
/// piece values, the squares around each square (for king safety) and each
/// seat's distance to its flag region.
pub(super) struct Evaluation {
    /// The value of each piece type.
    pub(super) values: Vec<i32>,
    /// Per square, the playable squares one step away (empty without
    /// royal pieces).
    neighbours: Vec<SmallVec<[Sq; 8]>>,
    /// The flag piece types, and per seat (of two) and square the number
    /// of king steps to the seat's flag region.
    flag: Option<(u64, Vec<Vec<u8>>)>,
}

impl Evaluation {
    /// The tables for the variant of `rules`.
    pub(super) fn new(rules: &std::sync::Arc<RuleTable>) -> Evaluation {
        let (files, ranks) = (i32::from(rules.files), i32::from(rules.ranks));
        let on_board = |f: i32, r: i32| {
            (0..files).contains(&f)
                && (0..ranks).contains(&r)
                && rules.playable[(r * files + f) as usize]
        };
        let squares = (files * ranks) as usize;
        let neighbours = if rules.royalty.kind.is_some() {
            (0..squares)
                .map(|i| {
                    let (f, r) = (i as i32 % files, i as i32 / files);
                    let mut around = SmallVec::new();
                    for (df, dr) in [
                        (-1, -1),
                        (0, -1),
                        (1, -1),
                        (-1, 0),
                        (1, 0),
                        (-1, 1),
                        (0, 1),
                        (1, 1),
                    ] {
                        if on_board(f + df, r + dr) {
                            around.push(rules.square((f + df) as u8, (r + dr) as u8));
                        }
                    }
                    around
                })
                .collect()
        } else {
            Vec::new()
        };
        let flag = rules.ends.flag.as_ref().map(|(types, regions)| {
            let distances = regions
                .iter()
                .map(|region| {
                    let targets: Vec<(i32, i32)> = (0..squares)
                        .filter(|&i| region[i])
                        .map(|i| (i as i32 % files, i as i32 / files))
                        .collect();
                    (0..squares)
                        .map(|i| {
                            let (f, r) = (i as i32 % files, i as i32 / files);
                            targets
                                .iter()
                                .map(|&(tf, tr)| (tf - f).abs().max((tr - r).abs()))
                                .min()
                                .unwrap_or(0) as u8
                        })
                        .collect()
                })
                .collect();
            (*types, distances)
        });
        Evaluation {
            values: piece_values(rules),
            neighbours,
            flag,
        }
    }

    /// The position for `us`: each side's material (pieces in hand too),
    /// pawn progress, king
    /// safety (own pawns next to the royal piece, a check against it),
    /// progress toward its flag region, the danger of losing the last
    /// piece of a type whose extinction decides, and score (per seat,
    /// averaged; our team's against the other seats'), plus the mobility
    /// of the seat to move (ours counts for us, theirs against).
    pub(super) fn evaluate(&self, game: &Game, us: Seat) -> i32 {
        let pos = game.position();
        let rules = pos.rules();
        let team = rules.seats[us].team;
        let points = matches!(
            rules.adjudication.ranking,
            Ranking::Points | Ranking::PointsWinnerOnly
        );
        let (mut ours, mut theirs) = (0i64, 0i64);
        for seat in pos.active_seats() {
            let mut worth = 0i64;
            let (df, dr) = rules.seats[seat].forward.apply(Offset {
                forward: 1,
                right: 0,
            });
            let mut counts = [0u32; 64];
            let mut nearest_flag = u8::MAX;
            for &sq in pos.pieces_of(seat) {
                let kind = pos.piece_at(sq).kind();
                worth += i64::from(self.values[kind.index()]);
                counts[kind.index()] += 1;
                if let Some((types, distances)) = &self.flag
                    && types & (1 << kind.index()) != 0
                    && let Some(distance) = distances.get(seat.index())
                {
                    nearest_flag = nearest_flag.min(distance[sq as usize]);
                }
                if rules.pieces[kind.index()]
                    .promotes_as_pawn
                    .get(seat.index())
                    == Some(&true)
                {
                    let (file, rank) = (i32::from(rules.file_of(sq)), i32::from(rules.rank_of(sq)));
                    // Squares advanced from the seat's own edge of the board.
                    let progress = match (df, dr) {
                        (0, 1) => rank,
                        (0, -1) => i32::from(rules.ranks) - 1 - rank,
                        (1, 0) => file,
                        _ => i32::from(rules.files) - 1 - file,
                    };
                    worth += i64::from(PAWN_STEP * progress);
                }
            }
            // Pieces in hand are worth what they are on the board: a drop
            // puts them anywhere.
            if rules.hand.is_some() {
                for kind in PieceType::all(rules.pieces.len()) {
                    let held = pos.in_hand(seat, kind);
                    worth += i64::from(held) * i64::from(self.values[kind.index()]);
                    counts[kind.index()] += u32::from(held);
                }
            }
            if nearest_flag != u8::MAX {
                let farthest = i32::from(rules.files.max(rules.ranks)) - 1;
                worth += i64::from(FLAG_STEP * (farthest - i32::from(nearest_flag)));
            }
            if let Some(types) = rules.ends.extinction {
                let extinct = rules.ends.extinction_count;
                for (kind, &count) in counts.iter().enumerate() {
                    if types & (1 << kind) != 0 && count == extinct + 1 {
                        worth -= i64::from(LAST_OF_ITS_KIND);
                    }
                }
            }
            if let Some(king) = pos.royal(seat)
                && !self.neighbours.is_empty()
            {
                let shield = self.neighbours[king as usize]
                    .iter()
                    .filter(|&&sq| {
                        let piece = pos.piece_at(sq);
                        piece.is_some()
                            && !piece.dead()
                            && piece.seat() == seat
                            && rules.pieces[piece.kind().index()]
                                .promotes_as_pawn
                                .get(seat.index())
                                == Some(&true)
                    })
                    .count() as i32;
                worth += i64::from(SHIELD * shield.min(SHIELD_PIECES));
                // Our own king in check (a check against an opponent is
                // no gain in itself: rewarding it makes spite checks).
                if rules.seats[seat].team == team && pos.checked(seat) {
                    worth -= i64::from(IN_CHECK);
                }
            }
            if points {
                worth += i64::from(POINT) * i64::from(pos.score(seat));
            }
            if rules.seats[seat].team == team {
                ours += worth;
            } else {
                theirs += worth;
            }
        }
        // Averaged over the seats each side started with, so that an
        // eliminated opponent counts as nothing (not as leaving the
        // others' average).
        let our_seats = rules.seats.iter().filter(|s| s.team == team).count() as i64;
        let their_seats = rules.seats.len() as i64 - our_seats;
        let mut value = ours / our_seats.max(1) - theirs / their_seats.max(1);
        if let Some(to_move) = game.to_move() {
            let mobility = (MOVE as i64) * game.legal_moves().len() as i64;
            value += if rules.seats[to_move].team == team {
                mobility
            } else {
                -mobility
            };
        }
        value.clamp(-1_000_000, 1_000_000) as i32
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::catalog::Catalog;
    use crate::rules::compile;
    use crate::source::SourceFile;

    /// White's evaluation of `fen` in `variant` (shipped, or defined by
    /// `extra` on top of the shipped files).
    fn white(variant: &str, extra: &str, fen: &str) -> i32 {
        let mut catalog = Catalog::shipped();
        catalog.load(SourceFile::new("<test>", extra));
        let rules =
            Arc::new(compile(catalog.checked(variant).expect("defined")).expect("compiles"));
        let game = Game::new(rules.clone(), fen, 0).expect("a valid FEN");
        Evaluation::new(&rules).evaluate(&game, Seat::FIRST)
    }

    #[test]
    fn a_flag_piece_is_worth_a_step_more_per_square_nearer_its_region() {
        let race = "[race:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\n";
        // Same mobility for the side to move (Black's king in the corner
        // has three moves either way); White's king one rank nearer rank 8.
        let far = white("race", race, "7k/8/8/8/8/8/4K3/8 b - - 0 1");
        let near = white("race", race, "7k/8/8/8/8/4K3/8/8 b - - 0 1");
        assert_eq!(near - far, FLAG_STEP);
        // Without a flag goal the two are worth the same.
        let far = white("chess", "", "7k/8/8/8/8/8/4K3/8 b - - 0 1");
        let near = white("chess", "", "7k/8/8/8/8/4K3/8/8 b - - 0 1");
        assert_eq!(near, far);
    }

    #[test]
    fn the_last_piece_of_a_kind_whose_extinction_loses_costs_two_pawns() {
        let ext =
            "[ext:chess]\nextinctionValue = loss\nextinctionPieceTypes = n\ncastling = false\n";
        // One knight each, against Black with a second knight far from
        // everything (blocked pawns keep both positions playable; White's
        // moves are the same). One knight left costs each side two pawns.
        let one = white("ext", ext, "k5n1/8/8/3p4/3P4/8/8/N6K w - - 0 1");
        let two = white("ext", ext, "k5nn/8/8/3p4/3P4/8/8/N6K w - - 0 1");
        let rules = Arc::new(
            compile(Catalog::shipped().checked("chess").expect("shipped")).expect("chess"),
        );
        let knight = Evaluation::new(&rules).values[1];
        assert_eq!(rules.pieces[1].key, "knight");
        // White's side is the same; Black's is knight − 2 pawns against
        // two knights.
        assert_eq!(one - two, knight + LAST_OF_ITS_KIND);
        // Without the extinction goal only the knight counts.
        let one = white("chess", "", "k5n1/8/8/3p4/3P4/8/8/N6K w - - 0 1");
        let two = white("chess", "", "k5nn/8/8/3p4/3P4/8/8/N6K w - - 0 1");
        assert_eq!(one - two, knight);
    }

    #[test]
    fn pieces_next_to_the_king_shield_it_and_a_check_costs() {
        // Black to move with the same 16 moves in each position (its rook
        // keeps the game from being a dead draw); White's pawns each add a
        // pawn and a step of progress, and up to three shield the king.
        let base = "k6r/8/8/8/8/8/{}/4K3 b - - 0 1";
        let eval = |rank2: &str| white("chess", "", &base.replace("{}", rank2));
        let pawn = PAWN + PAWN_STEP;
        assert_eq!(eval("4P3") - eval("8"), pawn + SHIELD);
        assert_eq!(eval("3PPP2") - eval("8"), 3 * pawn + 3 * SHIELD);
        assert_eq!(
            eval("2PPPPP1") - eval("8"),
            5 * pawn + SHIELD_PIECES * SHIELD
        );
        assert_eq!(eval("P7") - eval("8"), pawn, "a pawn away from the king");
        // White (to move) in check by a rook on a1 (moves d2, e2, f2)
        // against the rook on a2 (moves d1, f1): the check costs White
        // IN_CHECK and the extra move gains MOVE.
        let check = white("chess", "", "k7/8/8/8/8/8/8/r3K3 w - - 0 1");
        let quiet = white("chess", "", "k7/8/8/8/8/8/r7/4K3 w - - 0 1");
        assert_eq!(check - quiet, MOVE - IN_CHECK);
        // A check against an opponent is worth nothing by itself: Black
        // in check by a rook on a1 (moves b7, b8) against the rook on c1
        // (moves a7, b7, b8) differs by Black's lost move only.
        let check = white("chess", "", "k7/8/8/8/8/8/8/R3K3 b - - 0 1");
        let quiet = white("chess", "", "k7/8/8/8/8/8/8/2R1K3 b - - 0 1");
        assert_eq!(check - quiet, MOVE);
    }
}
