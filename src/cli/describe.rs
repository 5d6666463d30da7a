//! `tetrarch describe`: a variant in words and diagrams, for authors.

use std::fmt::Write;
use std::path::PathBuf;

use super::Exit;
use super::load::load_catalog;
use super::output::print;
use crate::board::Square;
use crate::definition::CheckedDefinition;
use crate::definition::keys::Key;
use crate::definition::value::Value;
use crate::lone_piece::LonePiece;
use crate::position::Position;
use crate::rules::words::{extra_moves_in_words, moves_in_words};
use crate::rules::{RuleTable, compile};
use crate::seat::Seat;

/// Runs `describe`.
pub fn run(variant: &str, variants: &[PathBuf]) -> Result<(), Exit> {
    let catalog = load_catalog(variants)?;
    let def = super::load::checked(&catalog, variant)?;
    print(describe(def))
}

/// The text `describe` prints for a definition.
pub fn describe(def: &CheckedDefinition) -> String {
    let mut out = String::new();
    let board = def.board();
    let parent = def.parent.as_deref().unwrap_or("none");
    let _ = writeln!(
        out,
        "{} (parent: {parent}): {} × {} board, {} playable squares, {} seats",
        def.name,
        board.files,
        board.ranks,
        board.playable_squares(),
        def.players()
    );
    let seats: Vec<String> = def
        .names(Key::SeatNames)
        .iter()
        .zip(def.names(Key::SeatLetters))
        .zip(def.names(Key::SeatForward))
        .map(|((name, letter), forward)| format!("{name} ({letter}, moves {forward})"))
        .collect();
    let _ = writeln!(out, "seats: {}", seats.join(", "));
    if let Value::Teams(teams) = def.value(Key::Teams)
        && !teams.is_empty()
    {
        let teams: Vec<String> = teams.iter().map(|t| t.join(" + ")).collect();
        let _ = writeln!(out, "teams: {}", teams.join(" against "));
    }
    let _ = writeln!(out, "start: {}", def.start_fen());
    let not_enforced = def.not_enforced();
    if !not_enforced.is_empty() {
        let _ = writeln!(
            out,
            "read but not enforced yet: {}",
            not_enforced.join(", ")
        );
    }
    if !def.unsupported.is_empty() {
        let _ = writeln!(out, "not implemented yet: {}", def.unsupported.join(", "));
    }
    let _ = writeln!(
        out,
        "\npieces (moves for the first seat, from the middle of an empty board;"
    );
    let _ = writeln!(
        out,
        "* move or capture, m move only, c capture only; hoppers need a hurdle and"
    );
    let _ = writeln!(out, "do not show, initial-only moves neither):");
    let rules = compile(def).ok();
    for (index, piece) in def.pieces.iter().enumerate() {
        let _ = writeln!(
            out,
            "\n{} {} `{}`",
            piece.letter, piece.key, piece.betza.text
        );
        if let Some(rules) = &rules {
            out.push_str(&piece_in_words(rules, def.start_fen(), index));
        }
        out.push_str(&diagram(&piece.betza.text));
    }
    out
}

/// A piece's moves in sentences for the first seat, from the playable
/// square nearest the board's middle, and the moves it has only from its
/// starting squares in the variant's start position.
fn piece_in_words(rules: &RuleTable, start: &str, index: usize) -> String {
    let kind = crate::piece_type::PieceType::new(index);
    let seat = Seat::FIRST;
    let (cf, cr) = (i32::from(rules.files) / 2, i32::from(rules.ranks) / 2);
    let Some(middle) = (0..rules.square_count() as crate::rules::Sq)
        .filter(|&sq| rules.playable[sq as usize])
        .min_by_key(|&sq| {
            let (f, r) = (i32::from(rules.file_of(sq)), i32::from(rules.rank_of(sq)));
            ((f - cf).abs().max((r - cr).abs()), sq)
        })
    else {
        return String::new();
    };
    let mut out = String::new();
    let words = moves_in_words(rules, seat, kind, middle);
    let _ = writeln!(
        out,
        "    {}.",
        if words.is_empty() {
            "has no moves of its own".to_string()
        } else {
            capitalised(&words)
        }
    );
    let home = Position::from_text(rules, start).ok().and_then(|pos| {
        pos.pieces_of(seat)
            .iter()
            .copied()
            .find(|&sq| pos.piece_at(sq).kind() == kind)
    });
    if let Some(home) = home {
        let extra = extra_moves_in_words(rules, seat, kind, home, middle);
        if !extra.is_empty() {
            let _ = writeln!(out, "    From its starting square it also {extra}.");
        }
    }
    out
}

/// The text with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A 9 × 9 diagram of a piece's moves from the centre of an empty board,
/// read from the compiled rules (the lines the move generator walks).
fn diagram(betza: &str) -> String {
    const SIZE: u8 = 9;
    let centre = Square::new(SIZE / 2, SIZE / 2);
    let piece = match LonePiece::new(betza, SIZE, SIZE) {
        Ok(piece) => piece,
        Err(why) => return format!("    (no diagram: {why})\n"),
    };
    let quiet = piece.destinations(centre, &|_| false);
    // A square is a capture target if an enemy standing there alone can be taken.
    let capture: Vec<Square> = (0..SIZE)
        .flat_map(|r| (0..SIZE).map(move |f| Square::new(f, r)))
        .filter(|&target| {
            piece
                .destinations(centre, &|s| s == target)
                .contains(&target)
        })
        .collect();
    let mut out = String::new();
    for r in (0..SIZE).rev() {
        out.push_str("   ");
        for f in 0..SIZE {
            out.push(' ');
            let square = Square::new(f, r);
            let (m, c) = (quiet.contains(&square), capture.contains(&square));
            let mark = match (square == centre, m, c) {
                (true, _, _) => 'O',
                (_, true, true) => '*',
                (_, true, false) => 'm',
                (_, false, true) => 'c',
                _ => '.',
            };
            out.push(mark);
        }
        out.push('\n');
    }
    out
}
