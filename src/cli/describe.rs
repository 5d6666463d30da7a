//! `tetrarch describe`: a variant in words and diagrams, for authors.

use std::fmt::Write;
use std::path::PathBuf;

use super::Exit;
use super::load::load_catalog;
use super::output::print;
use crate::board::Square;
use crate::definition::Definition;
use crate::definition::keys::Key;
use crate::definition::value::Value;
use crate::lone_piece::LonePiece;

/// Runs `describe`.
pub fn run(variant: &str, variants: &[PathBuf]) -> Result<(), Exit> {
    let catalog = load_catalog(variants)?;
    let def = super::load::checked(&catalog, variant)?;
    print(describe(def))
}

/// The text `describe` prints for a definition.
pub fn describe(def: &Definition) -> String {
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
    for piece in &def.pieces {
        let _ = writeln!(
            out,
            "\n{} {} `{}`",
            piece.letter, piece.key, piece.betza.text
        );
        out.push_str(&diagram(&piece.betza.text));
    }
    out
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
