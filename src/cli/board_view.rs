//! The board drawn as text for the terminal: turned toward a seat, one
//! colour per seat (or letters only), holes blank, the last move marked,
//! coordinates along the edges.

use crossterm::style::{Color, Stylize};

use crate::position::Position;
use crate::rules::{Direction, Sq};
use crate::seat::Seat;

/// Colours for seats in turn order (then repeating).
const SEAT_COLOURS: [Color; 8] = [
    Color::Red,
    Color::Blue,
    Color::Yellow,
    Color::Green,
    Color::Magenta,
    Color::Cyan,
    Color::White,
    Color::DarkYellow,
];

/// The board of `pos` as seen from `toward`'s side (its forward direction
/// up), with `last` (the last move's squares) marked `(..)`; `colour` paints
/// each seat's pieces in its colour, else pieces carry their seat's letter
/// (four players) or case (two: White upper case).
pub fn draw(pos: &Position, toward: Seat, last: Option<(Sq, Sq)>, colour: bool) -> String {
    let rules = pos.rules();
    let (files, ranks) = (i32::from(rules.files), i32::from(rules.ranks));
    let two = rules.seats.len() <= 2;
    // Screen rows and columns to board squares, turned so that the seat's
    // forward direction points up.
    let forward = rules.seats[toward].forward;
    let (rows, cols) = match forward {
        Direction::North | Direction::South => (ranks, files),
        _ => (files, ranks),
    };
    let square_at = |row: i32, col: i32| -> (i32, i32) {
        match forward {
            Direction::North => (col, ranks - 1 - row),
            Direction::South => (files - 1 - col, row),
            Direction::East => (files - 1 - row, ranks - 1 - col),
            Direction::West => (row, col),
        }
    };
    let mut out = String::new();
    for row in 0..rows {
        let (_, rank_label) = square_at(row, 0);
        let (file_label, _) = square_at(row, 0);
        let label = match forward {
            Direction::North | Direction::South => (rank_label + 1).to_string(),
            _ => ((b'a' + file_label as u8) as char).to_string(),
        };
        out += &format!("{label:>3} ");
        for col in 0..cols {
            let (f, r) = square_at(row, col);
            let sq = rules.square(f as u8, r as u8);
            let marked = last.is_some_and(|(a, b)| a == sq || b == sq);
            let (open, close) = if marked { ('(', ')') } else { (' ', ' ') };
            if !rules.playable[sq as usize] {
                out += "    ";
                continue;
            }
            let piece = pos.piece_at(sq);
            // Two characters a square: `.`, `*` (a wall), `K`/`k` or `+Q`
            // with two seats, `rK` (`dP` dead) with more.
            let text = if piece.is_none() {
                ".".to_string()
            } else if piece.is_wall() {
                "*".to_string()
            } else if piece.dead() {
                format!(
                    "d{}",
                    rules.pieces[piece.unpromoted_kind()]
                        .letter
                        .to_ascii_uppercase()
                )
            } else {
                let letter = rules.pieces[piece.unpromoted_kind()].letter;
                let promoted = if piece.promoted() { "+" } else { "" };
                if two {
                    let letter = if piece.seat() == Seat::FIRST {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    };
                    format!("{promoted}{letter}")
                } else {
                    format!(
                        "{}{}",
                        rules.seats[piece.seat()].letter,
                        letter.to_ascii_uppercase()
                    )
                }
            };
            let padded = format!("{text:>2}");
            let cell = if colour && piece.is_some() && !piece.is_wall() {
                if piece.dead() {
                    padded.with(Color::DarkGrey).to_string()
                } else {
                    padded
                        .with(SEAT_COLOURS[piece.seat().index() % SEAT_COLOURS.len()])
                        .bold()
                        .to_string()
                }
            } else {
                padded
            };
            out += &format!("{open}{cell}{close}");
        }
        out += "\n";
    }
    out += "    ";
    for col in 0..cols {
        let (f, r) = square_at(rows - 1, col);
        let label = match forward {
            Direction::North | Direction::South => ((b'a' + f as u8) as char).to_string(),
            _ => (r + 1).to_string(),
        };
        out += &format!("{label:^4}");
    }
    out += "\n";
    out += &hands(pos);
    out
}

/// A line per seat holding pieces in hand, where the variant has hands:
/// `in hand: White Q N P P, Black -`.
fn hands(pos: &Position) -> String {
    let rules = pos.rules();
    let Some(hand) = &rules.hand else {
        return String::new();
    };
    let each: Vec<String> = Seat::all(rules.seats.len())
        .map(|seat| {
            let pieces: Vec<String> = hand
                .fen_order
                .iter()
                .flat_map(|&kind| {
                    let letter = rules.pieces[kind].letter.to_ascii_uppercase();
                    std::iter::repeat_n(letter.to_string(), usize::from(pos.in_hand(seat, kind)))
                })
                .collect();
            let held = if pieces.is_empty() {
                "-".to_string()
            } else {
                pieces.join(" ")
            };
            format!("{} {held}", rules.seats[seat].name)
        })
        .collect();
    format!("    in hand: {}\n", each.join(", "))
}
