//! The static evaluation, from one seat's point of view.

use crate::betza::Offset;
use crate::game::Game;
use crate::rules::Ranking;
use crate::seat::Seat;

use super::values::PAWN;

/// Points of a points game, each worth a pawn.
const POINT: i32 = PAWN;
/// Per square a pawn-like piece has advanced.
const PAWN_STEP: i32 = 8;
/// Per legal move of the seat to move.
const MOVE: i32 = 4;

/// The position for `us`: our team's material, pawn progress and score
/// (per seat, averaged) against the other seats' (averaged), plus the
/// mobility of the seat to move (ours counts for us, theirs against).
pub(super) fn evaluate(game: &Game, us: Seat, values: &[i32]) -> i32 {
    let pos = game.position();
    let rules = pos.rules();
    let team = rules.seats[us].team;
    let points = matches!(
        rules.adjudication.ranking,
        Ranking::Points | Ranking::PointsWinnerOnly
    );
    let (mut ours, mut our_seats, mut theirs, mut their_seats) = (0i64, 0i64, 0i64, 0i64);
    for seat in pos.active_seats() {
        let mut worth = 0i64;
        let (df, dr) = rules.seats[seat].forward.apply(Offset {
            forward: 1,
            right: 0,
        });
        for &sq in pos.pieces_of(seat) {
            let kind = pos.piece_at(sq).kind();
            worth += i64::from(values[kind.index()]);
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
        if points {
            worth += i64::from(POINT) * i64::from(pos.score(seat));
        }
        if rules.seats[seat].team == team {
            ours += worth;
            our_seats += 1;
        } else {
            theirs += worth;
            their_seats += 1;
        }
    }
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
