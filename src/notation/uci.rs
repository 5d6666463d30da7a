//! Moves in Fairy-Stockfish's UCI notation: written, and read against
//! the legal moves.

use crate::moves::{CastleGate, Move, MoveError, MoveList};
use crate::position::{Position, RuleHandle};
use crate::rules::RuleTable;

/// Fairy-Stockfish's UCI notation for a move of `pos`: `e2e4`, `e7e8q`,
/// `e1g1` (castling as the king's move, or as the king taking its rook when
/// the king could also step to its castling square as an ordinary move),
/// `a1b2+` / `a1b2-` (piece promotion and demotion), `b1c3h` (gating; a
/// castling gating on the rook's square as the rook's move, `h1e1h`).
pub fn uci(pos: &Position<impl RuleHandle>, mv: &Move) -> String {
    uci_text(pos.rules(), mv, castling_names_rook(pos, mv))
}

/// Whether Fairy-Stockfish names a move of `pos` by the rook's square:
/// every castling in a Chess960 variant, else a castling whose king could
/// also step to its destination as an ordinary move.
pub fn castling_names_rook(pos: &Position<impl RuleHandle>, mv: &Move) -> bool {
    matches!(mv.unwalled(), Move::Castle { king, to, .. } if pos.rules().chess960 || pos.steps_to(king, to))
}

/// The UCI text of a move, given whether a castling is named by its rook's
/// square ([`castling_names_rook`]).
pub fn uci_text(rules: &RuleTable, mv: &Move, names_rook: bool) -> String {
    // A wall follows its move as Fairy-Stockfish writes it: a comma, the
    // square the move named last and the wall's square (`d1a1,a1b1`).
    if let Some(wall) = mv.wall() {
        let base = mv.unwalled();
        let landed = match base {
            Move::Castle { rook, .. } if names_rook => rook,
            _ => base.to(),
        };
        return format!(
            "{},{}{}",
            uci_text(rules, &base, names_rook),
            rules.square_name(landed),
            rules.square_name(wall)
        );
    }
    let (from, to) = match *mv {
        // A castling that gates on the rook's square is written as the rook
        // moving to the king's square, as Fairy-Stockfish writes it.
        Move::Castle {
            king,
            rook,
            gate: Some(CastleGate { on_rook: true, .. }),
            ..
        } => (Some(rook), king),
        Move::Castle { king, rook, .. } if names_rook => (Some(king), rook),
        _ => (mv.from(), mv.to()),
    };
    let Some(from) = from else {
        return drop_text(rules, mv);
    };
    let mut s = format!("{}{}", rules.square_name(from), rules.square_name(to));
    // With `wallOrMove`, Fairy-Stockfish writes a move of a piece with the
    // wall suffix of its empty wall field, the first square (`a2a3,a3a1`).
    let idle_wall = rules.wall_or_move() && !matches!(mv, Move::Pass { .. } | Move::Walled { .. });
    let idle_wall =
        idle_wall.then(|| format!(",{}{}", rules.square_name(to), rules.square_name(0)));
    match *mv {
        Move::Promotion { piece, .. } => s.push(rules.pieces[piece].letter),
        Move::PiecePromotion { .. } => s.push('+'),
        Move::PieceDemotion { .. } => s.push('-'),
        _ => {}
    }
    // A gating move adds the gated piece's letter (`b1c3h`, `e1g1e`).
    if let Some((piece, _)) = mv.gate() {
        s.push(rules.pieces[piece].letter.to_ascii_lowercase());
    }
    s.extend(idle_wall);
    s
}

/// A drop in Fairy-Stockfish's UCI notation: the piece's letter in upper
/// case, `@` and the square (`P@e4`); a promoted drop as `+` and the
/// unpromoted letter (`+P@e4`).
pub(super) fn drop_text(rules: &RuleTable, mv: &Move) -> String {
    let Move::Drop { piece, placed, to } = *mv else {
        return String::new();
    };
    let letter = rules.pieces[piece].letter.to_ascii_uppercase();
    let square = rules.square_name(to);
    if placed == piece {
        format!("{letter}@{square}")
    } else {
        format!("+{letter}@{square}")
    }
}

/// Finds the legal move with the given UCI notation; text that is not of
/// UCI's form (`e2e4`, `e7e8q`, `a1b2+`) is a [`MoveError::Notation`].
pub fn parse_uci(pos: &mut Position<impl RuleHandle>, text: &str) -> Result<Move, MoveError> {
    check_uci_form(text, pos.rules()).map_err(MoveError::Notation)?;
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    // With `wallOrMove`, a move of a piece is also read without the
    // meaningless wall suffix Fairy-Stockfish writes (`a2a3` for
    // `a2a3,a3a1`).
    let idle_wall = pos.rules().wall_or_move();
    list.as_slice()
        .iter()
        .copied()
        .find(|m| {
            let name = uci(pos, m);
            name == text || idle_wall && m.wall().is_none() && name.split(',').next() == Some(text)
        })
        .ok_or(MoveError::Illegal)
}

/// Checks that `text` starts with two squares of the board (of the move
/// `whole`); returns what follows them.
pub(super) fn check_two_squares<'a>(
    text: &'a str,
    whole: &str,
    rules: &RuleTable,
) -> Result<&'a str, String> {
    let mut rest = text;
    for _ in 0..2 {
        let digits = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let name = &rest[..digits];
        let square = crate::board::Square::parse(name)
            .filter(|_| name.starts_with(|c: char| c.is_ascii_lowercase()))
            .ok_or_else(|| format!("`{whole}` does not start with two squares"))?;
        if square.file >= rules.files || square.rank >= rules.ranks {
            return Err(format!("`{name}` is not on the board"));
        }
        rest = &rest[digits..];
    }
    Ok(rest)
}

/// Checks that `text` is two board squares and at most one promotion
/// letter, `+` or `-`.
pub(super) fn check_uci_form(text: &str, rules: &RuleTable) -> Result<(), String> {
    let expected =
        "write a move as two squares and an optional promotion: `e2e4`, `e7e8q`, `a1b2+`";
    let text = match (text.split_once(','), rules.walling.is_some()) {
        (Some((play, wall)), true) => {
            let wall_form =
                "write a wall after a comma as the move's last square and the wall's: `d1a1,a1b1`";
            let after =
                check_two_squares(wall, wall, rules).map_err(|e| format!("{e}; {wall_form}"))?;
            if !after.is_empty() {
                return Err(format!("`{after}` after the wall's squares; {wall_form}"));
            }
            play
        }
        (Some(_), false) => {
            return Err(format!("`{text}` names a wall; this variant has none"));
        }
        (None, true) if !text.contains('@') && !rules.wall_or_move() => {
            return Err(format!(
                "`{text}` names no wall; in this variant a move also puts one: `d1a1,a1b1`"
            ));
        }
        (None, _) => text,
    };
    if let Some((piece, square)) = text.split_once('@') {
        if !rules.hand.as_ref().is_some_and(|h| h.drops) {
            return Err(format!(
                "`{text}` is a drop; this variant has no pieces in hand"
            ));
        }
        let letter = piece.strip_prefix('+').unwrap_or(piece);
        let mut letters = letter.chars();
        let (Some(l), None) = (letters.next(), letters.next()) else {
            return Err(format!(
                "`{text}` is not a drop; write a drop as a piece letter, `@` and a square: `P@e4`"
            ));
        };
        if rules.piece_by_letter(l.to_ascii_lowercase()).is_none() {
            return Err(format!("`{l}` is not a piece of `{}`", rules.name));
        }
        let on_board = crate::board::Square::parse(square)
            .is_some_and(|s| s.file < rules.files && s.rank < rules.ranks);
        if !on_board {
            return Err(format!("`{square}` is not a square of the board"));
        }
        return Ok(());
    }
    let rest = check_two_squares(text, text, rules).map_err(|e| format!("{e}; {expected}"))?;
    match rest {
        "" | "+" | "-" => Ok(()),
        s if s.len() == 1 && s.chars().all(|c| c.is_ascii_lowercase()) => Ok(()),
        _ => Err(format!(
            "`{rest}` after the squares is not a promotion; {expected}"
        )),
    }
}
