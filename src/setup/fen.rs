//! Fairy-Stockfish's FEN read into a [`Setup`], checked for form only.

use crate::board::{MAX_FILES, MAX_RANKS, Square};
use crate::seat::Seat;

use super::{FenError, FenPiece, Field, Setup, error};

/// Reads a two-player Fairy-Stockfish FEN.
pub fn parse_fen(text: &str, counting: bool) -> Result<Setup, FenError> {
    let board_end = text.find(' ').unwrap_or(text.len());
    let mut board_text = &text[..board_end];
    let mut setup = Setup::default();
    if let Some(open) = board_text.find('[') {
        if !board_text.ends_with(']') {
            return Err(error(
                "the pocket `[` is not closed with `]`",
                open,
                board_end,
            ));
        }
        setup.has_pocket = true;
        setup.hand = parse_pocket(&board_text[open + 1..board_text.len() - 1], open + 1)?;
        board_text = &board_text[..open];
    }
    read_board(board_text, board_end, &mut setup)?;
    setup.board_end = board_end;
    read_fields(&text[board_end..], board_end, counting, &mut setup)?;
    Ok(setup)
}

/// [`parse_fen`]'s board (`board_text`, ending at `board_end` of the FEN):
/// its ranks, their pieces and blocked squares, and a pocket written as an
/// extra rank.
fn read_board(board_text: &str, board_end: usize, setup: &mut Setup) -> Result<(), FenError> {
    let rows: Vec<&str> = board_text.split('/').collect();
    let mut rows_with_offsets = Vec::new();
    let mut offset = 0;
    for row in &rows {
        rows_with_offsets.push((*row, offset));
        offset += row.len() + 1;
    }
    let mut parsed_rows = Vec::new();
    for (row, start) in &rows_with_offsets {
        parsed_rows.push(parse_row(row, *start)?);
    }
    // A pocket may also be written as an extra row after the last rank.
    let widths: Vec<u8> = parsed_rows.iter().map(|r| r.0).collect();
    let width = widths.first().copied().unwrap_or(0);
    if parsed_rows.len() > 1
        && widths[..widths.len() - 1].iter().all(|w| *w == width)
        && widths[widths.len() - 1] != width
        && rows_with_offsets.last().is_some_and(|(row, _)| {
            row.chars()
                .all(|c| c.is_ascii_alphabetic() || c == '~' || c == '+')
        })
    {
        setup.has_pocket = true;
        parsed_rows.pop();
        if let Some((row, start)) = rows_with_offsets.pop() {
            setup.hand = parse_pocket(row, start)?;
        }
    }
    if parsed_rows.len() > MAX_RANKS as usize {
        return Err(error(
            format!(
                "the board has {} ranks; at most {MAX_RANKS} are allowed",
                parsed_rows.len()
            ),
            0,
            board_end,
        ));
    }
    for (i, ((w, _, _), (row, start))) in parsed_rows.iter().zip(&rows_with_offsets).enumerate() {
        if *w != width {
            return Err(error(
                format!(
                    "rank {} of the FEN has {w} squares, but the first has {width}",
                    parsed_rows.len() - i
                ),
                *start,
                start + row.len(),
            ));
        }
    }
    if width == 0 || width > MAX_FILES {
        return Err(error(
            format!("the board has {width} files; 1 to {MAX_FILES} are allowed"),
            0,
            board_end,
        ));
    }
    setup.files = width;
    setup.ranks = parsed_rows.len() as u8;
    for (i, (_, pieces, blocked)) in parsed_rows.into_iter().enumerate() {
        let rank = setup.ranks - 1 - i as u8;
        for (file, piece) in pieces {
            setup.pieces.push((Square::new(file, rank), piece));
        }
        for file in blocked {
            setup.blocked.push(Square::new(file, rank));
        }
    }
    Ok(())
}

/// [`parse_fen`]'s fields after the board (`text`, from `start` of the FEN):
/// side, castling, en passant, checks, counters; where the variant counts
/// (`counting`), the counting limit.
fn read_fields(
    text: &str,
    start: usize,
    counting: bool,
    setup: &mut Setup,
) -> Result<(), FenError> {
    // Fields after the board: side, castling, en passant, checks, counters.
    let mut fields = Vec::new();
    let mut offset = start;
    for token in text.split(' ') {
        if !token.is_empty() {
            fields.push((token, offset));
        }
        offset += token.len() + 1;
    }
    let mut fields = fields.into_iter();
    if let Some((side, start)) = fields.next() {
        setup.to_move = match side {
            "w" => Seat::FIRST,
            "b" => Seat::new(1),
            _ => {
                return Err(error(
                    format!("the side to move must be `w` or `b`, not `{side}`"),
                    start,
                    start + side.len(),
                ));
            }
        };
    }
    let mut numbers = Vec::new();
    let mut words = Vec::new();
    let mut eaten = false;
    for (token, at) in fields {
        if token.bytes().all(|b| b.is_ascii_digit()) {
            // With the castling field given but not the en-passant one,
            // Fairy-Stockfish takes the first character of the next field
            // for an en-passant square, finds none and drops it: `w - 0 1`
            // has the halfmove clock 1. tetrarch reads it the same way.
            let token = if words.len() == 1 && numbers.is_empty() && !eaten {
                eaten = true;
                // Where the variant counts (`countingRule`), a number there
                // is the counting limit, as Fairy-Stockfish reads it.
                if counting {
                    setup.counting_limit = Some(token.parse().map_err(|_| {
                        error(
                            format!("`{token}` is not a counting limit"),
                            at,
                            at + token.len(),
                        )
                    })?);
                    continue;
                }
                &token[1..]
            } else {
                token
            };
            if !token.is_empty() {
                numbers.push(token);
            }
        } else if let Some(given) = token.strip_prefix('+') {
            // lichess's suffix for three-check: the checks each side has
            // given (`+2+0`), read as Fairy-Stockfish reads it: three less
            // those given are left, whatever the variant's count.
            let parsed = given
                .split_once('+')
                .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
            let Some((a, b)) = parsed else {
                return Err(error(
                    format!("`{token}` is not a count of checks given such as `+2+0`"),
                    at,
                    at + token.len(),
                ));
            };
            setup.checks = Some([3u8.saturating_sub(a), 3u8.saturating_sub(b)]);
        } else if let Some((a, b)) = token.split_once('+') {
            let (Ok(a), Ok(b)) = (a.parse::<u8>(), b.parse::<u8>()) else {
                return Err(error(
                    format!("`{token}` is not a check count such as `3+3`"),
                    at,
                    at + token.len(),
                ));
            };
            setup.checks = Some([a, b]);
        } else {
            words.push(Field {
                text: token.to_string(),
                at,
            });
        }
    }
    let mut words = words.into_iter();
    setup.castling = words.next();
    setup.en_passant = words.next();
    if let Some(extra) = words.next() {
        return Err(error(
            format!("unexpected field `{}`", extra.text),
            extra.at,
            extra.at + extra.text.len(),
        ));
    }
    if let Some(halfmove) = numbers.first() {
        setup.halfmove = Some(halfmove.parse().unwrap_or(0));
        setup.fullmove = Some(numbers.get(1).and_then(|n| n.parse().ok()).unwrap_or(1));
    }
    Ok(())
}

/// Reads the pieces of a pocket (`[QNp]` without the brackets, or the extra
/// rank after the board): letters, upper case for White; `-` stands for
/// none.
pub(super) fn parse_pocket(text: &str, start: usize) -> Result<Vec<FenPiece>, FenError> {
    let mut hand = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            // Fairy-Stockfish skips promotion marks in a pocket.
            '-' | '~' | '+' => {}
            c if c.is_ascii_alphabetic() => hand.push(FenPiece {
                letter: c.to_ascii_lowercase(),
                seat: Some(Seat::new(usize::from(c.is_ascii_lowercase()))),
                dead: false,
                promoted: false,
                offset: start + i,
            }),
            _ => {
                return Err(error(
                    format!("`{c}` in the pocket is not a piece letter"),
                    start + i,
                    start + i + c.len_utf8(),
                ));
            }
        }
    }
    Ok(hand)
}

pub(super) type Row = (u8, Vec<(u8, FenPiece)>, Vec<u8>);

pub(super) fn parse_row(row: &str, start: usize) -> Result<Row, FenError> {
    let mut file: u32 = 0;
    let mut pieces = Vec::new();
    let mut blocked = Vec::new();
    let mut promoted = false;
    let bytes = row.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_digit() {
            let mut j = i;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            let n: u32 = row[i..j].parse().unwrap_or(u32::MAX);
            if n == 0 || n > MAX_FILES as u32 {
                return Err(error(
                    format!(
                        "`{}` is not a count of empty squares (1 to {MAX_FILES})",
                        &row[i..j]
                    ),
                    start + i,
                    start + j,
                ));
            }
            file += n;
            i = j;
            continue;
        }
        match c {
            '+' => promoted = true,
            '~' => {
                if let Some((_, p)) = pieces.last_mut() {
                    let p: &mut FenPiece = p;
                    p.promoted = true;
                }
            }
            '*' => {
                blocked.push(file.min(255) as u8);
                file += 1;
            }
            c if c.is_ascii_alphabetic() => {
                pieces.push((
                    file.min(255) as u8,
                    FenPiece {
                        letter: c.to_ascii_lowercase(),
                        seat: Some(Seat::new(usize::from(c.is_ascii_lowercase()))),
                        dead: false,
                        promoted,
                        offset: start + i,
                    },
                ));
                promoted = false;
                file += 1;
            }
            _ => {
                // A byte outside ASCII starts a character of several bytes.
                let c = row[i..].chars().next().unwrap_or(c);
                return Err(error(
                    format!("`{c}` is not a piece letter, a digit, `+`, `~` or `*`"),
                    start + i,
                    start + i + c.len_utf8(),
                ));
            }
        }
        i += 1;
    }
    if file > MAX_FILES as u32 {
        return Err(error(
            format!("this rank has {file} squares; at most {MAX_FILES} are allowed"),
            start,
            start + row.len(),
        ));
    }
    Ok((file as u8, pieces, blocked))
}
