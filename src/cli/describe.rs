//! `tetrarch describe`: a variant in words and diagrams, for authors.

use std::fmt::Write;
use std::path::PathBuf;

use super::Exit;
use super::load::load_catalog;
use super::output::print;
use crate::betza::{Occupant, Offset, destinations};
use crate::definition::Definition;
use crate::definition::value::Value;

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
        .names("seatNames")
        .iter()
        .zip(def.names("seatLetters"))
        .zip(def.names("seatForward"))
        .map(|((name, letter), forward)| format!("{name} ({letter}, moves {forward})"))
        .collect();
    let _ = writeln!(out, "seats: {}", seats.join(", "));
    if let Value::Teams(teams) = def.value("teams")
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
        out.push_str(&diagram(&piece.betza.rules()));
    }
    out
}

/// A 9 × 9 diagram of a piece's moves from the centre of an empty board.
fn diagram(rules: &[crate::betza::MoveRule]) -> String {
    const SIZE: i32 = 9;
    let centre = SIZE / 2;
    let to_square = |o: Offset| {
        let (f, r) = (centre + o.right as i32, centre + o.forward as i32);
        ((0..SIZE).contains(&f) && (0..SIZE).contains(&r)).then_some((f, r))
    };
    let quiet = destinations(rules, to_square, |_| Occupant::Empty, false);
    // A square is a capture target if an enemy standing there alone can be taken.
    let capture: Vec<(i32, i32)> = (0..SIZE)
        .flat_map(|r| (0..SIZE).map(move |f| (f, r)))
        .filter(|&target| {
            let occupant = |s| {
                if s == target {
                    Occupant::Enemy
                } else {
                    Occupant::Empty
                }
            };
            destinations(rules, to_square, occupant, false).contains(&target)
        })
        .collect();
    let mut out = String::new();
    for r in (0..SIZE).rev() {
        out.push_str("   ");
        for f in 0..SIZE {
            out.push(' ');
            let (m, c) = (quiet.contains(&(f, r)), capture.contains(&(f, r)));
            let mark = match (f == centre && r == centre, m, c) {
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
