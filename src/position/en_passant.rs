//! En-passant targets: the squares a double or triple step passes and
//! whether a capturer can reach them.

use super::RuleHandle;
use super::{NO_SQ, Position};
use crate::rules::Sq;
use crate::seat::MAX_SEATS;
use crate::seat::Seat;

/// A live en-passant target: the squares a double step passed, the piece
/// that made it, and the seat that pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    /// The passed squares: the first, and the second or `NO_SQ`.
    pub squares: [Sq; 2],
    /// The double-stepped piece.
    pub victim: Sq,
    /// The seat that pushed.
    pub pusher: Seat,
    /// Fairy-Stockfish also writes the pushed piece's square in the FEN (it
    /// does for custom pieces with `e`, not for its built-in pawn).
    pub shows_landing: bool,
}

impl EnPassant {
    /// The target with its unused square (`NO_SQ`) last, as the move
    /// generator reads it (the first square is a square), or none when
    /// it has no square left.
    pub(super) fn without_empty_squares(mut self) -> Option<EnPassant> {
        self.squares.sort_by_key(|&s| s == NO_SQ);
        (self.squares[0] != NO_SQ).then_some(self)
    }
}

/// The live en-passant targets, one slot per pushing seat.
pub type Targets = [Option<EnPassant>; MAX_SEATS];

impl<R: RuleHandle> Position<R> {
    /// The en-passant targets a quiet move leaves: the squares passed by a
    /// move of two or three steps along a file, rank or diagonal (a pawn's
    /// double step forward, a Berolina pawn's diagonal one), inside the
    /// region. Asked only of moves that [`RuleTable::double_step_way`] names;
    /// kept out of line, so that `make` does not pay for its frame.
    #[inline(never)]
    pub(super) fn double_step_targets(&self, us: Seat, from: Sq, to: Sq) -> Option<EnPassant> {
        let rules = self.rules();
        let dx = i32::from(rules.file_of(to)) - i32::from(rules.file_of(from));
        let dy = i32::from(rules.rank_of(to)) - i32::from(rules.rank_of(from));
        let steps = dx.abs().max(dy.abs());
        if dx != 0 && dy != 0 && dx.abs() != dy.abs() || !(2..=3).contains(&steps) {
            return None;
        }
        // Along a file, rank or diagonal every step changes the square's
        // index by the same amount: a file and a rank's worth of files.
        let step = dx.signum() + dy.signum() * i32::from(rules.files);
        let capturer = self.next_seat(us);
        let region = &rules.en_passant.region[capturer];
        let info = &rules.pieces[self.board[to as usize].kind()];
        let shows_landing = info.en_passant_shows_landing;
        let unreachable_dropped = Self::drops_unreached_targets(rules, info);
        let mut squares = [NO_SQ; 2];
        let mut n = 0;
        let mut passed = i32::from(from);
        for _ in 1..steps {
            passed += step;
            let s = passed as Sq;
            if region.contains(s)
                && (!unreachable_dropped || self.en_passant_reachable(capturer, s))
            {
                squares[n] = s;
                n += 1;
            }
        }
        (n != 0).then_some(EnPassant {
            squares,
            victim: to,
            pusher: us,
            shows_landing,
        })
    }

    /// Whether a piece of `capturer` that may take en passant reaches `sq`:
    /// one of its guard's origins holds one ([`RuleTable::en_passant_guard`]),
    /// else one of its capturers attacks the square.
    #[inline(always)]
    pub(super) fn en_passant_reachable(&self, capturer: Seat, sq: Sq) -> bool {
        match self.rules().en_passant_guard(capturer, sq) {
            Some((seat_type, origins)) => self.piece_bits[seat_type] & origins != 0,
            None => self.en_passant_attacked(capturer, sq),
        }
    }

    /// [`Position::en_passant_reachable`] without a guard, out of line: the
    /// walk over the attack lines keeps its frame to itself.
    #[inline(never)]
    pub(super) fn en_passant_attacked(&self, capturer: Seat, sq: Sq) -> bool {
        let types = self.rules().en_passant.capturers[capturer];
        self.find_attacker_of_types(sq, capturer, types, |_| true)
    }
}
