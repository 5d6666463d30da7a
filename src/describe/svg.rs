//! SVG pictures of a variant: a movement diagram per piece and the start
//! position, one colour per seat, holes left out, coordinates around.

use std::fmt::Write;

use super::{Cell, Diagram, Mark, Overview, PieceOverview};

/// Pixels per square.
const CELL: usize = 40;
/// The margin for coordinates.
const MARGIN: usize = 24;
/// Seat colours in turn order (red, blue, yellow, green, then more).
const SEAT_COLOURS: [&str; 8] = [
    "#d32f2f", "#1976d2", "#f9a825", "#388e3c", "#7b1fa2", "#00838f", "#e64a19", "#5d4037",
];

fn fill(mark: Mark) -> &'static str {
    match mark {
        Mark::Empty => "none",
        Mark::Origin => "#212121",
        Mark::Move => "#43a047",
        Mark::Capture => "#e53935",
        Mark::Both => "#fb8c00",
        Mark::Initial => "#8e24aa",
        Mark::Hop => "#1e88e5",
        Mark::MoveHop => "#00acc1",
        Mark::Blocker => "#757575",
    }
}

fn light(file: usize, rank: usize) -> &'static str {
    if (file + rank).is_multiple_of(2) {
        "#b58863"
    } else {
        "#f0d9b5"
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A piece's movement diagram: the 9 × 9 board, the piece in the middle, a
/// coloured disc per mark, and a legend of the marks used.
pub fn piece_svg(piece: &PieceOverview) -> Option<String> {
    let diagram: &Diagram = piece.diagram.as_ref()?;
    let size = diagram.rows.len();
    let marks = diagram.marks();
    let legend_height = 22 * marks.len() + 30;
    let width = size * CELL + 2 * MARGIN;
    let height = size * CELL + 2 * MARGIN + legend_height;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r#"<title>{} ({}): {}</title>"#,
        escape(&piece.key),
        piece.letter,
        escape(&piece.betza)
    );
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    for (r, row) in diagram.rows.iter().enumerate() {
        for (f, &mark) in row.iter().enumerate() {
            let (x, y) = (MARGIN + f * CELL, MARGIN + r * CELL);
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}"/>"#,
                light(f, size - 1 - r)
            );
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            match mark {
                Mark::Empty => {}
                Mark::Origin => {
                    let _ = writeln!(
                        out,
                        r#"<text x="{cx}" y="{}" font-size="26" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
                        cy + 9,
                        fill(mark),
                        piece.letter.to_ascii_uppercase()
                    );
                }
                Mark::Blocker => {
                    let _ = writeln!(
                        out,
                        r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{}" stroke-width="4"/>"#,
                        cx - 10,
                        cy - 10,
                        cx + 10,
                        cy + 10,
                        cx + 10,
                        cy - 10,
                        cx - 10,
                        cy + 10,
                        fill(mark)
                    );
                }
                _ => {
                    let _ = writeln!(
                        out,
                        r#"<circle cx="{cx}" cy="{cy}" r="13" fill="{}" stroke="black" stroke-width="1"/>"#,
                        fill(mark)
                    );
                }
            }
        }
    }
    let _ = writeln!(
        out,
        r#"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" fill="none" stroke="black"/>"#,
        size * CELL,
        size * CELL
    );
    let mut y = MARGIN + size * CELL + 30;
    let _ = writeln!(
        out,
        r#"<text x="{MARGIN}" y="{}" font-size="14">{} `{}` (forward is up)</text>"#,
        y - 6,
        escape(&piece.key),
        escape(&piece.betza)
    );
    for mark in marks {
        y += 22;
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="8" fill="{}" stroke="black" stroke-width="1"/><text x="{}" y="{}" font-size="13">{}</text>"#,
            MARGIN + 8,
            y - 5,
            fill(mark),
            MARGIN + 24,
            y,
            mark.meaning()
        );
    }
    out.push_str("</svg>\n");
    Some(out)
}

/// The start position: the board with its holes left out, walls dark,
/// coordinates, and each piece as its letter on a disc of its seat's colour (grey for
/// dead pieces).
pub fn board_svg(o: &Overview) -> Option<String> {
    if o.start_board.is_empty() {
        return None;
    }
    let (files, ranks) = (usize::from(o.files), usize::from(o.ranks));
    let width = files * CELL + 2 * MARGIN;
    let height = ranks * CELL + 2 * MARGIN;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{}: start position</title>", escape(&o.name));
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    for (i, row) in o.start_board.iter().enumerate() {
        let rank = ranks - 1 - i;
        for (file, cell) in row.iter().enumerate() {
            if *cell == Cell::Hole {
                continue;
            }
            let (x, y) = (MARGIN + file * CELL, MARGIN + i * CELL);
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}"/>"#,
                light(file, rank)
            );
            if *cell == Cell::Wall {
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#424242"/>"##
                );
            }
            if let Cell::Piece { seat, letter, dead } = cell {
                let colour = if *dead {
                    "#9e9e9e"
                } else {
                    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
                };
                let (cx, cy) = (x + CELL / 2, y + CELL / 2);
                let _ = writeln!(
                    out,
                    r#"<circle cx="{cx}" cy="{cy}" r="16" fill="{colour}" stroke="black" stroke-width="1"/><text x="{cx}" y="{}" font-size="18" font-weight="bold" text-anchor="middle" fill="white">{letter}</text>"#,
                    cy + 6
                );
            }
        }
    }
    for file in 0..files {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="13" text-anchor="middle">{}</text>"#,
            MARGIN + file * CELL + CELL / 2,
            height - 8,
            (b'a' + file as u8) as char
        );
    }
    for i in 0..ranks {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="13" text-anchor="middle">{}</text>"#,
            MARGIN / 2,
            MARGIN + i * CELL + CELL / 2 + 5,
            ranks - i
        );
    }
    out.push_str("</svg>\n");
    Some(out)
}
