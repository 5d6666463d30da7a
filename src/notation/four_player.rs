//! The four-player move notation (`h2-h4`, `e10-e11=Q`, `O-O`, input
//! also `Bi14xBa6`): written, and read against the legal moves.

use crate::moves::{Move, MoveError, MoveList};
use crate::position::{Position, RuleHandle};
use crate::rules::{RuleTable, Sq};

/// The four-player notation of a move: `h2-h4`, `e10-e11=Q`; castling as
/// the king's move.
pub fn notation4(rules: &RuleTable, mv: &Move) -> String {
    let mut s = match *mv {
        Move::Drop { placed, to, .. } => format!(
            "{}@{}",
            rules.pieces[placed].letter.to_ascii_uppercase(),
            rules.square_name(to)
        ),
        _ => format!(
            "{}-{}",
            rules.square_name(mv.from().unwrap_or(mv.to())),
            rules.square_name(mv.to())
        ),
    };
    if let Some(piece) = mv.promotion() {
        s.push('=');
        s.push(rules.pieces[piece].letter.to_ascii_uppercase());
    }
    s
}

/// Finds the legal move a four-player move text names: `h2-h4`,
/// `e10-e11=Q`, `O-O`, `O-O-O`, or with piece letters and `x` (`Bi14xBa6`);
/// `+` or `#` may follow. Text of another form is a [`MoveError::Notation`].
pub fn parse_move4(pos: &mut Position<impl RuleHandle>, text: &str) -> Result<Move, MoveError> {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    let moves = list.as_slice();
    let rules = pos.rules();
    let body = text.trim_end_matches(['+', '#']);
    let castle = match body {
        "O-O" | "0-0" => Some(0),
        "O-O-O" | "0-0-0" => Some(1),
        _ => None,
    };
    if let Some(wing) = castle {
        return moves
            .iter()
            .copied()
            .find(|m| matches!(m, Move::Castle { wing: w, .. } if *w == wing))
            .ok_or(MoveError::Illegal);
    }
    let written = read_move4(body, rules).map_err(MoveError::Notation)?;
    let mv = moves
        .iter()
        .copied()
        .find(|m| {
            m.from() == Some(written.from)
                && m.to() == written.to
                && match (written.promotion, m.promotion()) {
                    (Some(letter), Some(piece)) => rules.pieces[piece].letter == letter,
                    (None, None) => true,
                    _ => false,
                }
        })
        .ok_or(MoveError::Illegal)?;
    // Piece letters are optional; a letter written must name the piece.
    let letter_of = |piece: crate::piece::Piece| {
        crate::notation::san::piece_letter(rules, piece.kind()).unwrap_or('P')
    };
    let mover = pos.piece_at(written.from);
    if let Some(letter) = written.mover
        && letter != letter_of(mover)
    {
        return Err(MoveError::Notation(format!(
            "`{text}` names a {letter} on {}, but the piece there is a {}",
            rules.square_name(written.from),
            letter_of(mover)
        )));
    }
    let victim = match mv {
        Move::EnPassant { captured, .. } => pos.piece_at(captured),
        _ => pos.piece_at(written.to),
    };
    if let Some(letter) = written.captured
        && (victim.is_none() || letter != letter_of(victim))
    {
        return Err(MoveError::Notation(if victim.is_none() {
            format!("`{text}` takes a {letter}, but nothing stands there")
        } else {
            format!(
                "`{text}` takes a {letter}, but the piece there is a {}",
                letter_of(victim)
            )
        }));
    }
    Ok(mv)
}

/// A four-player move as written: its squares, the letters of the piece
/// that moves and the piece it takes where written (upper case), and the
/// promotion letter (lower case).
pub(super) struct WrittenMove {
    from: Sq,
    to: Sq,
    mover: Option<char>,
    captured: Option<char>,
    promotion: Option<char>,
}

/// Reads `[Piece]from(-|x)[Piece]to[=Piece]`, or says what is wrong.
pub(super) fn read_move4(text: &str, rules: &RuleTable) -> Result<WrittenMove, String> {
    let expected = "write a four-player move as `h2-h4`, `e10-e11=Q`, `Bi14xBa6` or `O-O`";
    let (body, promotion) = match text.split_once('=') {
        Some((body, letter)) => {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => (body, Some(c.to_ascii_lowercase())),
                _ => return Err(format!("`={letter}` is not a promotion piece; {expected}")),
            }
        }
        None => (text, None),
    };
    let Some((from, to)) = body.split_once(['-', 'x']) else {
        return Err(expected.to_string());
    };
    let square = |part: &str| -> Result<(Sq, Option<char>), String> {
        let letter = part.chars().next().filter(char::is_ascii_uppercase);
        let name = &part[letter.map_or(0, char::len_utf8)..];
        let square = crate::board::Square::parse(name)
            .filter(|_| name.starts_with(|c: char| c.is_ascii_lowercase()))
            .ok_or_else(|| format!("`{part}` is not a square; {expected}"))?;
        if square.file >= rules.files || square.rank >= rules.ranks {
            return Err(format!("`{name}` is not on the board"));
        }
        Ok((rules.square(square.file, square.rank), letter))
    };
    let ((from, mover), (to, captured)) = (square(from)?, square(to)?);
    Ok(WrittenMove {
        from,
        to,
        mover,
        captured,
        promotion,
    })
}
