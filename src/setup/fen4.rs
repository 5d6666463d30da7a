//! chess.com's FEN4 for four (or more) seats, read into a [`Setup`].
//!
//! ```text
//! R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,...
//! │ │       │       │       │       │ └ board, rank 14 first, squares by `,`
//! │ │       │       │       │       └ halfmove clock
//! │ │       │       │       └ points per seat
//! │ │       │       └ queen-side castling per seat
//! │ │       └ king-side castling per seat
//! │ └ eliminated seats
//! └ seat to move
//! ```
//! An extras block `{'enPassant':(...)}` may stand before the board.

use crate::board::{MAX_FILES, MAX_RANKS, Square};
use crate::seat::Seat;
use crate::setup::{FenError, FenPiece, Field, Setup, error};

/// The names of the FEN4 fields, in order, for messages.
const FIELDS: [&str; 6] = [
    "seat to move",
    "eliminated seats",
    "king-side castling rights",
    "queen-side castling rights",
    "points",
    "halfmove clock",
];

/// Reads a FEN4 for seats with the given letters (in turn order).
pub fn parse_fen4(text: &str, seat_letters: &[char]) -> Result<Setup, FenError> {
    let mut fields = Vec::new();
    let mut offset = 0;
    for field in text.split('-') {
        fields.push((field, offset));
        offset += field.len() + 1;
    }
    if fields.len() < 7 {
        return Err(error(
            format!(
                "a FEN4 has 7 fields separated by `-` (seat to move, eliminated, castling king-side and queen-side, points, halfmove clock, board), found {}",
                fields.len()
            ),
            0,
            text.len(),
        ));
    }
    let n = seat_letters.len();
    let (turn, turn_at) = fields[0];
    let to_move = seat_letters
        .iter()
        .position(|l| turn.len() == 1 && turn.starts_with(l.to_ascii_uppercase()))
        .ok_or_else(|| {
            let letters: String = seat_letters.iter().map(|c| c.to_ascii_uppercase()).collect();
            error(
                format!("the seat to move must be one upper-case seat letter of `{letters}`, not `{turn}`"),
                turn_at,
                turn_at + turn.len(),
            )
        })?;
    for (i, name) in FIELDS.iter().enumerate().skip(1).take(4) {
        let (field, at) = fields[i];
        let items: Vec<&str> = field.split(',').collect();
        if items.len() != n || items.iter().any(|x| x.parse::<i32>().is_err()) {
            return Err(error(
                format!("the {name} field must hold {n} numbers separated by `,`"),
                at,
                at + field.len(),
            ));
        }
    }
    let (clock, clock_at) = fields[5];
    if clock.parse::<u32>().is_err() {
        return Err(error(
            format!(
                "the {} field must be a whole number, not `{clock}`",
                FIELDS[5]
            ),
            clock_at,
            clock_at + clock.len(),
        ));
    }
    let (board, board_at) = *fields.last().expect("at least seven fields");
    for (extra, at) in &fields[6..fields.len() - 1] {
        if !(extra.starts_with('{') && extra.ends_with('}')) {
            return Err(error(
                "expected an extras block `{...}` or the board here",
                *at,
                at + extra.len(),
            ));
        }
    }
    let mut setup = parse_board(board, board_at, seat_letters)?;
    setup.four = true;
    setup.board_start = board_at;
    setup.board_end = text.len();
    setup.to_move = Seat::new(to_move);
    let flags = |i: usize| -> Vec<bool> { fields[i].0.split(',').map(|x| x != "0").collect() };
    setup.eliminated = flags(1);
    setup.castling_flags = [flags(2), flags(3)];
    setup.scores = fields[4]
        .0
        .split(',')
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    setup.halfmove = clock.parse().ok();
    setup.extras = fields[6..fields.len() - 1]
        .iter()
        .map(|&(text, at)| Field {
            text: text.to_string(),
            at,
        })
        .collect();
    Ok(setup)
}

fn parse_board(board: &str, at: usize, seat_letters: &[char]) -> Result<Setup, FenError> {
    let mut setup = Setup::default();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() > MAX_RANKS as usize {
        return Err(error(
            format!(
                "the board has {} ranks; at most {MAX_RANKS} are allowed",
                rows.len()
            ),
            at,
            at + board.len(),
        ));
    }
    let ranks = rows.len() as u8;
    let mut width = None;
    let mut row_at = at;
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut item_at = row_at;
        for item in row.split(',') {
            let span = (item_at, item_at + item.len());
            item_at += item.len() + 1;
            if item.starts_with(|c: char| c.is_ascii_digit()) {
                let count = item
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_FILES as u32).contains(n))
                    .ok_or_else(|| {
                        error(
                            format!("`{item}` is not a count of empty squares (1 to {MAX_FILES})"),
                            span.0,
                            span.1,
                        )
                    })?;
                file += count;
                continue;
            }
            if item == "x" {
                if file < MAX_FILES as u32 {
                    setup.blocked.push(Square::new(file as u8, rank));
                }
                file += 1;
                continue;
            }
            let piece = parse_piece(item, span.0, seat_letters).ok_or_else(|| {
                error(
                    format!("`{item}` is not a square of a FEN4 board (a seat letter and a piece letter such as `rP`, `dP` for a dead piece, `x` for a hole, or a count of empty squares)"),
                    span.0,
                    span.1,
                )
            })?;
            if file < MAX_FILES as u32 {
                setup.pieces.push((Square::new(file as u8, rank), piece));
            }
            file += 1;
        }
        if file > MAX_FILES as u32 {
            return Err(error(
                format!("this rank has {file} squares; at most {MAX_FILES} are allowed"),
                row_at,
                row_at + row.len(),
            ));
        }
        match width {
            None => width = Some(file),
            Some(w) if w != file => {
                return Err(error(
                    format!(
                        "rank {} of the FEN4 has {file} squares, but the first has {w}",
                        rank + 1
                    ),
                    row_at,
                    row_at + row.len(),
                ));
            }
            _ => {}
        }
        row_at += row.len() + 1;
    }
    setup.files = width.unwrap_or(0) as u8;
    setup.ranks = ranks;
    Ok(setup)
}

fn parse_piece(item: &str, offset: usize, seat_letters: &[char]) -> Option<FenPiece> {
    let chars: Vec<char> = item.chars().collect();
    let (dead, rest) = match chars.as_slice() {
        ['d', rest @ ..]
            if rest.len() == 1 || (rest.len() == 2 && seat_letters.contains(&rest[0])) =>
        {
            (true, rest)
        }
        rest => (false, rest),
    };
    let (seat, letter) = match rest {
        [letter] if dead => (None, *letter),
        [seat, letter] => (
            Some(Seat::new(seat_letters.iter().position(|l| l == seat)?)),
            *letter,
        ),
        _ => return None,
    };
    letter.is_ascii_uppercase().then_some(FenPiece {
        letter: letter.to_ascii_lowercase(),
        seat,
        dead,
        promoted: false,
        offset,
    })
}
