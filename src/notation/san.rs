//! Standard algebraic notation (SAN) as Fairy-Stockfish writes it, for
//! any two-player variant.

use crate::moves::{Move, MoveList};
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::RuleTable;

/// A piece type's letter in move text (upper case), none for the built-in
/// pawn; PGN and PGN4 both write pieces this way.
pub(crate) fn piece_letter(rules: &RuleTable, kind: PieceType) -> Option<char> {
    let piece = &rules.pieces[kind.index()];
    (!piece.builtin_pawn).then(|| piece.san())
}

/// A legal move of `pos` in SAN, as Fairy-Stockfish writes it.
pub fn san(pos: &mut Position<impl RuleHandle>, mv: Move) -> String {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    san_among(pos, mv, list.as_slice())
}

/// [`san`] given the legal moves of `pos` (`legal`), for callers that name
/// many of its moves: each then costs no move generation of its own.
pub fn san_among(pos: &mut Position<impl RuleHandle>, mv: Move, legal: &[Move]) -> String {
    let handle = pos.shared_rules().clone();
    let rules = &*handle;
    let mut out = String::new();
    let played = mv;
    let mv = mv.unwalled();
    if let Move::Castle { king, rook, .. } = mv {
        // Toward the rook on the higher square: king side.
        out += if rook > king { "O-O" } else { "O-O-O" };
    } else if let Move::Drop { placed, to, .. } = mv {
        // A drop names its piece, pawns too: `P@e4`, `N@f3`.
        out.push(rules.pieces[placed].san());
        out.push('@');
        out += &rules.square_name(to);
    } else if let Some(from) = mv.from() {
        let kind = pos.piece_at(from).kind();
        let letter = piece_letter(rules, kind);
        let capture = pos.is_capture(&mv);
        out.extend(letter);
        let sittuyin_step = rules.promotion.sittuyin
            && matches!(mv, Move::Promotion { from, to, .. } if from != to);
        if letter.is_none() && sittuyin_step {
            // A sittuyin promotion by a step names the pawn's square.
            out += &rules.square_name(from);
        } else if letter.is_none() && capture {
            out += &rules.square_name(from)[..1];
        } else {
            // Other pieces of the type that can make the same kind of move
            // to the same square.
            // With walls, rivals put the same wall (as Fairy-Stockfish
            // tests them).
            let rivals: Vec<_> = legal
                .iter()
                .filter(|m| m.wall() == played.wall())
                .map(|m| m.unwalled())
                .filter(|m| {
                    m.to() == mv.to()
                        && m.from() != Some(from)
                        && std::mem::discriminant(m) == std::mem::discriminant(&mv)
                        && m.promotion() == mv.promotion()
                        && m.gate() == mv.gate()
                        && pos.moving_piece(m).kind() == kind
                })
                .filter_map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                let name = rules.square_name(from);
                let (file, rank) = name.split_at(1);
                if !rivals
                    .iter()
                    .any(|&s| rules.file_of(s) == rules.file_of(from))
                {
                    out += file;
                } else if !rivals
                    .iter()
                    .any(|&s| rules.rank_of(s) == rules.rank_of(from))
                {
                    out += rank;
                } else {
                    out += &name;
                }
            }
        }
        if capture {
            out.push('x');
        }
        out += &rules.square_name(mv.to());
        if let Move::Promotion { piece, .. }
        | Move::PiecePromotion { piece, .. }
        | Move::PieceDemotion { piece, .. } = mv
        {
            out.push('=');
            out.push(rules.pieces[piece.index()].san());
        }
    }
    // A gated piece follows a slash (`Nc3/H`), with its square after a
    // castling (`O-O/Eh1`).
    if let Some((piece, sq)) = mv.gate() {
        out.push('/');
        out.push(rules.pieces[piece].san());
        if matches!(mv, Move::Castle { .. }) {
            out += &rules.square_name(sq);
        }
    }
    // A wall follows after a comma (`Qda1,b1`); with `wallOrMove`,
    // Fairy-Stockfish writes a move of a piece with its empty wall field,
    // the first square (`a3,a1`).
    if let Some(wall) = played.wall() {
        out.push(',');
        out += &rules.square_name(wall);
    } else if rules.wall_or_move() && !mv.is_drop() {
        out.push(',');
        out += &rules.square_name(0);
    }
    // Fairy-Stockfish marks a check on the royal king only (not on
    // pseudo-royal pieces: maharajah's `Qc7` is no check in SAN).
    pos.make(played);
    let them = pos.to_move();
    if pos.in_check(them) {
        let mut list = MoveList::default();
        pos.legal_moves(&mut list);
        out.push(if list.is_empty() { '#' } else { '+' });
    }
    pos.unmake();
    out
}
