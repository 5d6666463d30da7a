//! A move's effects beyond moving and capturing: pieces turned over,
//! walls, gates, blasts, petrification and eliminated armies.

use super::RuleHandle;
use super::{NO_SQ, Position};
use crate::moves::Move;
use crate::piece::Piece;
use crate::rules::Army;
use crate::rules::{Bitboard, RuleTable, Sq, SqSet};
use crate::seat::Seat;

impl<R: RuleHandle> Position<R> {
    /// Puts `placed` from the mover's hand (where it is a `piece`) on `to`;
    /// returns the change of the hash.
    #[inline(never)]
    /// Turns over the enemy pieces a move of `us` that ended on `to`
    /// encloses (`flipEnclosedPieces`), kept for [`Position::unmake`];
    /// returns the change of the hash.
    pub(super) fn turn_over(&mut self, us: Seat, to: Sq, dropped: bool) -> u64 {
        let mut hash = 0;
        for sq in self.enclosed_by(us, to, dropped).iter() {
            // The same type, in the mover's colour.
            let turned = Piece::new(us, self.piece_at(sq).kind());
            hash ^= self.take_off(sq);
            self.add(sq, turned);
            hash ^= self.rules.zobrist_piece(turned, sq);
        }
        hash
    }

    /// Puts the wall a move of `us` places (`wallingRule`) on `sq`; with
    /// the duck rule the walls already there leave the board first (kept
    /// for [`Position::unmake`]). A wall on a passed square leaves no
    /// en-passant target there, as in Fairy-Stockfish. Returns the change
    /// of the hash.
    pub(super) fn put_wall(&mut self, us: Seat, sq: Sq) -> u64 {
        let mut hash = 0;
        if self.rules.duck_walls() {
            let gone = self.walls();
            for s in gone.iter() {
                self.remove(s);
                hash ^= self.rules.zobrist_piece(Piece::WALL, s);
            }
            self.wall_history.push(gone);
        }
        self.add(sq, Piece::WALL);
        hash ^= self.rules.zobrist_piece(Piece::WALL, sq);
        if let Some(mut ep) = self.state.en_passant[us] {
            for s in &mut ep.squares {
                if *s == sq {
                    *s = NO_SQ;
                }
            }
            self.state.en_passant[us] = ep.without_empty_squares();
        }
        hash
    }

    /// The squares holding a wall.
    pub(crate) fn walls(&self) -> SqSet {
        let mut out = SqSet::default();
        for sq in 0..self.rules.square_count() as Sq {
            if self.board[sq as usize].is_wall() {
                out.insert(sq);
            }
        }
        out
    }

    /// Takes back the wall of a walling move: the duck rule's walls come
    /// back where they stood.
    pub(super) fn take_back_wall(&mut self, sq: Sq) {
        self.remove(sq);
        if self.rules.duck_walls() {
            let gone = self.wall_history.pop().expect("the walls before the move");
            for s in gone.iter() {
                self.add(s, Piece::WALL);
            }
        }
    }

    /// Closes the gates a move passes: the squares the moving pieces leave
    /// (king and rook when castling) and the square of a capture. As in
    /// Fairy-Stockfish, gates are not part of the hash.
    pub(super) fn close_gates(&mut self, mv: Move) {
        if let Some(from) = mv.from() {
            self.gates.remove(from);
        }
        if let Move::Castle { rook, .. } = mv {
            self.gates.remove(rook);
        }
        self.gates.remove(mv.to());
    }

    /// The gate squares of a seat: where a piece of its own leaving may
    /// put a piece from its hand.
    pub fn gates(&self, seat: Seat) -> SqSet {
        let mut out = SqSet::default();
        for sq in self.gates.iter() {
            let p = self.board[sq as usize];
            if p.is_some() && !p.is_wall() && p.seat() == seat {
                out.insert(sq);
            }
        }
        out
    }

    /// Whether any gate square remains, used or not.
    pub fn has_gates(&self) -> bool {
        !self.gates.is_empty()
    }

    /// Removes what a capture on `to` explodes (`blastOnCapture`): the
    /// piece on `to` and every piece next to it but pawns, except the
    /// blast-immune types; castling rights go with them. Returns the change
    /// of the hash; `unmake` puts them back.
    pub(super) fn explode(&mut self, to: Sq, immune: u64, victim_seat: Seat) -> u64 {
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        let mut hash = 0;
        let piece = self.board[to as usize];
        let us = piece.seat();
        // Where captures go to hand, an exploded piece goes to the hand of
        // its owner's opponent, as in Fairy-Stockfish.
        let receiver = |p: Piece| if p.seat() == us { victim_seat } else { us };
        if !piece.kind().is_in(immune) {
            // The capturing piece: `unmake` puts it back where it came
            // from, so it is not kept with the removed ones.
            self.remove(to);
            hash ^= rules.zobrist_piece(piece, to);
            hash ^= self.put_in_hand(receiver(piece), piece);
            self.state.castling &= !self.castling_mask[to as usize];
        }
        for sq in self.blast_neighbours(to).iter() {
            let blasted = self.board[sq as usize];
            hash ^= self.take_off(sq);
            hash ^= self.put_in_hand(receiver(blasted), blasted);
            self.state.castling &= !self.castling_mask[sq as usize];
        }
        hash
    }

    /// Takes the piece that captured on `to` off (`petrifyOnCaptureTypes`),
    /// leaving a wall there when `wall`; where it exploded, the wall stands
    /// where it would have. Where captures go to hand, the petrified piece
    /// goes to the hand of the side it captured from, as in
    /// Fairy-Stockfish. Returns the change of the hash; `unmake` puts the
    /// piece back where it came from.
    pub(super) fn petrify(&mut self, to: Sq, placed: Piece, victim_seat: Seat, wall: bool) -> u64 {
        let mut hash = 0;
        if self.board[to as usize] == placed {
            self.remove(to);
            hash ^= self.rules.zobrist_piece(placed, to);
            hash ^= self.put_in_hand(victim_seat, placed);
        }
        if wall {
            self.add(to, Piece::WALL);
            hash ^= self.rules.zobrist_piece(Piece::WALL, to);
        }
        hash
    }

    /// The squares next to `to` whose pieces a capture on `to` explodes:
    /// every piece but pawns and the blast-immune types. Empty where captures
    /// do not explode.
    pub fn blast_neighbours(&self, to: Sq) -> SqSet {
        let rules = self.rules();
        rules.neighbours[to as usize]
            .intersection(&self.occupied)
            .filtered(|sq| {
                let piece = self.board[sq as usize];
                !piece.is_wall() && piece.kind().is_in(rules.blast_victims)
            })
    }

    /// Takes the seat to move out of the game (it has no legal move and the
    /// variant plays on): its pieces leave the board or turn dead, and the
    /// turn passes on. Undone by [`Position::unmake`].
    pub fn eliminate_to_move(&mut self, remove_pieces: bool) {
        let army = if remove_pieces {
            Army::Remove
        } else {
            Army::Dead
        };
        self.eliminate(self.state.to_move, army);
    }

    /// Takes a seat out of the game: its pieces leave the board, turn dead,
    /// or turn dead but for a king that walks on. When it is the seat to
    /// move, the turn passes on. Undone by [`Position::unmake`].
    pub fn eliminate(&mut self, seat: Seat, army: Army) {
        let undo = self.undo_record(None, Piece::NONE);
        self.clear_army(seat, army);
        self.state.eliminated |= seat.bit();
        self.state.en_passant[seat] = None;
        if seat == self.state.to_move {
            let before = self.state.fullmove;
            self.advance_turn(seat);
            self.state.fullmove = before;
        }
        self.state.hash = self.recompute_hash();
        self.push_ply(undo);
    }

    /// Removes a seat's live pieces onto the list of removed pieces, putting
    /// dead ones in their place unless the army is removed (a walking king
    /// stays as it is); returns the change of the hash.
    pub(super) fn clear_army(&mut self, seat: Seat, army: Army) -> u64 {
        let mut hash = 0;
        let mut kept = 0;
        // Dead pieces are not listed, so the list empties as pieces go.
        while self.pieces_of(seat).len() > kept {
            let list = self.pieces_of(seat);
            let sq = list[list.len() - 1 - kept];
            let piece = self.board[sq as usize];
            if army == Army::DeadKingWalks && self.rules.pieces[piece.kind()].royal {
                kept += 1;
                continue;
            }
            hash ^= self.take_off(sq);
            if army != Army::Remove {
                let dead = piece.killed();
                self.add(sq, dead);
                hash ^= self.rules.zobrist_piece(dead, sq);
            }
        }
        hash
    }
}
