//! FEN4 into a [`Position`] and back, and the four-player move notation
//! (`h2-h4`, `e10-e11=Q`, `O-O`), as `docs/variant-format.md` (Positions) describes.

use crate::fen::FenError;
use crate::fen4::parse_fen4;
use crate::moves::{Move, MoveError, MoveList};
use crate::position::{EnPassant, NO_SQ, Position, RuleHandle};
use crate::rules::{RuleTable, Sq};
use crate::seat::Seat;

fn error(message: impl Into<String>, start: usize, end: usize) -> FenError {
    FenError::new(message, start, end)
}

impl<R: RuleHandle> Position<R> {
    /// Reads a position in the variant's own form: a FEN4 for more than two
    /// seats, a Fairy-Stockfish FEN otherwise.
    pub fn from_text(rules: R, text: &str) -> Result<Position<R>, FenError> {
        if rules.seats.len() > 2 {
            Position::from_fen4(rules, text)
        } else {
            Position::from_fen(rules, text)
        }
    }

    /// The position in the variant's own form (FEN4 or FEN).
    pub fn text(&self) -> String {
        if self.rules().seats.len() > 2 {
            self.fen4()
        } else {
            self.fen()
        }
    }

    /// Reads a FEN4 for a variant of more than two seats.
    pub fn from_fen4(rules: R, text: &str) -> Result<Position<R>, FenError> {
        let letters: Vec<char> = rules.seats.iter().map(|s| s.letter).collect();
        let setup = parse_fen4(text.trim(), &letters)?;
        Position::from_setup(rules, &setup)
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

/// Reads an extras block: `{'enPassant':('','c8:d8','','')}`.
pub(crate) fn read_extras(
    pos: &mut Position<impl RuleHandle>,
    extra: &str,
    at: usize,
) -> Result<(), FenError> {
    let handle = pos.shared_rules().clone();
    let rules: &RuleTable = &handle;
    let Some(list) = extra
        .strip_prefix("{'enPassant':(")
        .and_then(|r| r.strip_suffix(")}"))
    else {
        // Other extras (chess.com writes several) carry nothing the rules need.
        return Ok(());
    };
    for (seat, item) in list.split(',').enumerate() {
        let item = item.trim().trim_matches('\'');
        if item.is_empty() {
            continue;
        }
        let bad = || {
            error(
                format!("`{item}` in the en-passant extras is not `skipped:pawn`"),
                at,
                at + extra.len(),
            )
        };
        let (skipped, pawn) = item.split_once(':').ok_or_else(bad)?;
        let square = |name: &str| {
            crate::board::Square::parse(name)
                .filter(|s| s.file < rules.files && s.rank < rules.ranks)
                .map(|s| rules.square(s.file, s.rank))
        };
        let (Some(skipped), Some(pawn)) = (square(skipped), square(pawn)) else {
            return Err(bad());
        };
        if seat >= rules.seats.len() {
            return Err(bad());
        }
        pos.set_en_passant(EnPassant {
            squares: [skipped, NO_SQ],
            victim: pawn,
            pusher: Seat::new(seat),
            shows_landing: false,
        });
    }
    Ok(())
}

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
    let letter_of =
        |piece: crate::piece::Piece| crate::pgn::piece_letter(rules, piece.kind()).unwrap_or('P');
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
struct WrittenMove {
    from: Sq,
    to: Sq,
    mover: Option<char>,
    captured: Option<char>,
    promotion: Option<char>,
}

/// Reads `[Piece]from(-|x)[Piece]to[=Piece]`, or says what is wrong.
fn read_move4(text: &str, rules: &RuleTable) -> Result<WrittenMove, String> {
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
