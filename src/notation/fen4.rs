//! A position written as FEN4 (`docs/variant-format.md`, Positions).

use crate::position::{NO_SQ, Position, RuleHandle};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// The position in the variant's own form (FEN4 or FEN).
    pub fn text(&self) -> String {
        if self.rules().seats.len() > 2 {
            self.fen4()
        } else {
            self.fen()
        }
    }

    /// The position as a FEN4.
    pub fn fen4(&self) -> String {
        let rules = self.rules();
        let n = rules.seats.len();
        let list = |f: &dyn Fn(Seat) -> String| Seat::all(n).map(f).collect::<Vec<_>>().join(",");
        let right = |seat: Seat, wing: usize| {
            u8::from(self.castling().any(|r| r.seat == seat && r.wing == wing)).to_string()
        };
        let mut out = format!(
            "{}-{}-{}-{}-{}-{}-",
            rules.seats[self.to_move()].letter.to_ascii_uppercase(),
            list(&|s| u8::from(self.is_eliminated(s)).to_string()),
            list(&|s| right(s, 0)),
            list(&|s| right(s, 1)),
            list(&|s| self.score(s).to_string()),
            self.halfmove()
        );
        let targets: Vec<String> = Seat::all(n)
            .map(|seat| {
                self.en_passant()
                    .find(|e| e.pusher == seat)
                    .map_or(String::new(), |e| {
                        let last = e
                            .squares
                            .iter()
                            .rev()
                            .find(|s| **s != NO_SQ)
                            .copied()
                            .unwrap_or(NO_SQ);
                        format!(
                            "{}:{}",
                            rules.square_name(last),
                            rules.square_name(e.victim)
                        )
                    })
            })
            .collect();
        if targets.iter().any(|t| !t.is_empty()) {
            let quoted: Vec<String> = targets.iter().map(|t| format!("'{t}'")).collect();
            out.push_str(&format!("{{'enPassant':({})}}-", quoted.join(",")));
        }
        for r in (0..rules.ranks).rev() {
            let mut items = Vec::new();
            let mut empty = 0;
            for f in 0..rules.files {
                let sq = rules.square(f, r);
                let p = self.piece_at(sq);
                if rules.playable[sq as usize] && p.is_none() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    items.push(empty.to_string());
                    empty = 0;
                }
                if !rules.playable[sq as usize] {
                    items.push("x".to_string());
                } else {
                    let letter = rules.pieces[p.kind()].letter.to_ascii_uppercase();
                    let seat = rules.seats[p.seat()].letter;
                    // Dead pieces belong to no one: chess.com's `dP`.
                    items.push(if p.dead() {
                        format!("d{letter}")
                    } else {
                        format!("{seat}{letter}")
                    });
                }
            }
            if empty > 0 {
                items.push(empty.to_string());
            }
            out.push_str(&items.join(","));
            if r > 0 {
                out.push('/');
            }
        }
        out
    }
}
