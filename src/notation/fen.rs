//! A position written as Fairy-Stockfish's FEN.

use crate::position::gates_active;
use crate::position::{CastlingRight, NO_SQ, Position, RuleHandle};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The position as a Fairy-Stockfish FEN.
    pub fn fen(&self) -> String {
        let rules = self.rules();
        let mut out = String::new();
        for r in (0..rules.ranks).rev() {
            let mut empty = 0;
            for f in 0..rules.files {
                let p = self.piece_at(rules.square(f, r));
                if p.is_none() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if p.is_wall() {
                    out.push('*');
                    continue;
                }
                if p.promoted() {
                    out.push('+');
                }
                let letter = rules.pieces[p.unpromoted_kind()].letter;
                out.push(if p.seat() == Seat::FIRST {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
                if p.from_pawn() && !p.promoted() && self.marks_promoted() {
                    out.push('~');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        // As in Fairy-Stockfish, drops that need no hand show no pocket.
        let free = rules.hand.as_ref().is_some_and(|h| h.free);
        if !free && (self.style.pocket || rules.hand.as_ref().is_some_and(|h| h.drops)) {
            out.push('[');
            out.push_str(&self.pocket());
            out.push(']');
        }
        out.push(' ');
        out.push(if self.to_move() == Seat::FIRST {
            'w'
        } else {
            'b'
        });
        out.push(' ');
        out.push_str(&self.castling_field());
        out.push(' ');
        // Fairy-Stockfish writes the squares in board order (a1 first).
        let mut listed = [NO_SQ; 3];
        let mut n = 0;
        for ep in self.en_passant() {
            let landing = ep.shows_landing.then_some(ep.victim);
            for s in ep
                .squares
                .iter()
                .copied()
                .filter(|s| *s != NO_SQ)
                .chain(landing)
            {
                if n < listed.len() {
                    listed[n] = s;
                    n += 1;
                }
            }
        }
        listed[..n].sort_unstable();
        let counting = self.counting();
        if let Some((_, limit)) = counting {
            // A running count is written in the en-passant field's place.
            out.push_str(&limit.to_string());
        } else {
            for s in &listed[..n] {
                out.push_str(&rules.square_name(*s));
            }
            if n == 0 {
                out.push('-');
            }
        }
        if rules.ends.check_counting {
            let [a, b, ..] = self.checks_remaining();
            out.push_str(&format!(" {a}+{b}"));
        }
        let halfmove = counting.map_or(self.halfmove(), |(ply, _)| ply);
        out.push_str(&format!(" {halfmove} {}", self.fullmove()));
        out
    }

    /// The pieces in hand as a FEN's pocket lists them: White's in upper
    /// case, then Black's, each in Fairy-Stockfish's order of piece types.
    pub fn pocket(&self) -> String {
        let rules = self.rules();
        let mut out = String::new();
        let Some(hand) = &rules.hand else {
            return out;
        };
        for seat in Seat::all(rules.seats.len()) {
            for &kind in &hand.fen_order {
                let letter = rules.pieces[kind].letter;
                let letter = if seat == Seat::FIRST {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                for _ in 0..self.in_hand(seat, kind) {
                    out.push(letter);
                }
            }
        }
        out
    }

    /// Whether the FEN marks pieces promoted from pawns with `~`: where
    /// they go back to a hand as pawns (this board's, or the partner's on a
    /// second board), as Fairy-Stockfish writes it.
    pub(super) fn marks_promoted(&self) -> bool {
        self.rules()
            .hand
            .as_ref()
            .is_some_and(|h| h.captures_to_hand && !h.drop_loop || h.two_boards)
    }

    pub(super) fn castling_field(&self) -> String {
        let rules = self.rules();
        let mut out = String::new();
        for seat in Seat::all(2) {
            let mut letters = String::new();
            for wing in 0..2 {
                for right in self.castling().filter(|r| r.seat == seat && r.wing == wing) {
                    // Chess960 writes every right by its rook's file
                    // (Shredder-FEN), as Fairy-Stockfish does.
                    let outermost =
                        !rules.chess960 && self.outermost_rook(seat, wing) == Some(right.rook);
                    letters.push(if outermost {
                        if wing == 0 { 'k' } else { 'q' }
                    } else {
                        (b'a' + rules.file_of(right.rook)) as char
                    });
                }
            }
            if rules.gating && gates_active(self, seat) {
                letters.push_str(&self.gate_letters(seat));
            }
            if seat == Seat::FIRST {
                letters.make_ascii_uppercase();
            }
            out.push_str(&letters);
        }
        // Fairy-Stockfish writes no `-` while gates remain that it does not
        // write (a side whose hand emptied has not moved since).
        if out.is_empty() && !(rules.gating && self.has_gates()) {
            "-".into()
        } else {
            out
        }
    }

    /// The files of a seat's gates that its castling letters do not
    /// already name (the king's file with any right but Chess960's, a
    /// right's rook file), in file order, as Fairy-Stockfish writes them.
    pub(super) fn gate_letters(&self, seat: Seat) -> String {
        let rules = self.rules();
        let rights: Vec<&CastlingRight> = self.castling().filter(|r| r.seat == seat).collect();
        let mut files: Vec<u8> = self
            .gates(seat)
            .iter()
            .map(|sq| rules.file_of(sq))
            .filter(|&f| {
                !rights.iter().any(|r| {
                    (!rules.chess960 && rules.file_of(r.king) == f) || rules.file_of(r.rook) == f
                })
            })
            .collect();
        files.sort_unstable();
        files.dedup();
        files.iter().map(|&f| (b'a' + f) as char).collect()
    }
}
