//! A piece's moves in plain sentences, read from its compiled lines (the
//! lines the move generator walks), never from a text written per piece:
//! "moves one square forward without capturing; captures one square
//! diagonally forward, also en passant".

use std::collections::BTreeMap;

use super::{Line, LineKind, RuleTable, Sq};
use crate::betza::Offset;
use crate::piece_type::PieceType;
use crate::seat::Seat;

/// How a group of lines moves, apart from its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Manner {
    /// The step, as (smaller, larger) of its file and rank distances.
    atom: (u8, u8),
    /// 0 leap, 1 ride, 2 hop, 3 grasshop.
    kind: u8,
    /// The range of a limited ride or hop, counted from the piece (0: to
    /// the edge).
    range: u16,
    /// Squares passed that must be empty (lame leaps).
    lame: bool,
    /// A leap that must pass an occupied square.
    jump: bool,
    quiet: bool,
    capture: bool,
    en_passant: bool,
}

/// The moves of `piece` of `seat` standing on `from`, in sentences joined
/// by `; `, grouped by manner (leap, ride, hop; moving, capturing) and
/// naming the directions relative to the seat's forward direction. Empty
/// when the piece has no move there.
pub fn moves_in_words(rules: &RuleTable, seat: Seat, piece: PieceType, from: Sq) -> String {
    let groups = groups(rules, seat, piece, from);
    let mut said = Vec::new();
    let mut done: Vec<Manner> = Vec::new();
    for (&manner, dirs) in &groups {
        if done.contains(&manner) {
            continue;
        }
        // The same move both orthogonally and diagonally, every way: "in
        // any direction".
        let (a, b) = manner.atom;
        let diagonal = Manner {
            atom: (b, b),
            ..manner
        };
        if a == 0 && dirs.len() == 4 && groups.get(&diagonal).is_some_and(|d| d.len() == 4) {
            done.push(diagonal);
            let text = sentence(manner, dirs);
            said.push(text.replace("orthogonally", "in any direction"));
            continue;
        }
        said.push(sentence(manner, dirs));
    }
    said.join("; ")
}

/// The moves `piece` has on `first` but not on `elsewhere` (the moves
/// only allowed from the starting squares), in sentences.
pub fn extra_moves_in_words(
    rules: &RuleTable,
    seat: Seat,
    piece: PieceType,
    first: Sq,
    elsewhere: Sq,
) -> String {
    // Ranges are compared loosely: near an edge a limited ride can look
    // like one that runs to the edge.
    let loose = |m: Manner| Manner { range: 0, ..m };
    let usual = groups(rules, seat, piece, elsewhere);
    groups(rules, seat, piece, first)
        .into_iter()
        .filter_map(|(manner, dirs)| {
            let extra: Vec<(i8, i8)> = dirs
                .into_iter()
                .filter(|d| {
                    !usual
                        .iter()
                        .any(|(m, u)| loose(*m) == loose(manner) && u.contains(d))
                })
                .collect();
            (!extra.is_empty()).then(|| sentence(manner, &extra))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The lines from `from`, grouped by manner, each with its first steps as
/// (right, forward) offsets.
fn groups(
    rules: &RuleTable,
    seat: Seat,
    piece: PieceType,
    from: Sq,
) -> BTreeMap<Manner, Vec<(i8, i8)>> {
    let forward = rules.seats[seat].forward;
    let mut groups: BTreeMap<Manner, Vec<(i8, i8)>> = BTreeMap::new();
    for line in rules.lines(seat, piece, from) {
        let landing = rules.squares[line.start as usize + line.path as usize];
        let df = i32::from(rules.file_of(landing)) - i32::from(rules.file_of(from));
        let dr = i32::from(rules.rank_of(landing)) - i32::from(rules.rank_of(from));
        // Relative to the seat: the dot products with its forward and
        // right unit steps.
        let (fx, fy) = forward.apply(Offset {
            forward: 1,
            right: 0,
        });
        let (rx, ry) = forward.apply(Offset {
            forward: 0,
            right: 1,
        });
        let ahead = df * fx + dr * fy;
        let right = df * rx + dr * ry;
        let atom = {
            let (a, b) = (right.unsigned_abs() as u8, ahead.unsigned_abs() as u8);
            (a.min(b), a.max(b))
        };
        let (kind, range) = match line.kind {
            LineKind::Leap => (0, 0),
            LineKind::Ride => (1, ride_range(rules, line, from, df, dr)),
            LineKind::Hop => (2, ride_range(rules, line, from, df, dr)),
            LineKind::Grasshop => (3, 0),
        };
        let manner = Manner {
            atom,
            kind,
            range,
            lame: line.path > 0 && !line.jump,
            jump: line.jump,
            quiet: line.quiet,
            capture: line.capture,
            // The variant may take en passant away (`enPassantTypes`).
            en_passant: line.en_passant
                && rules.pieces[piece.index()]
                    .en_passant_capturer
                    .get(seat.index())
                    == Some(&true),
        };
        let entry = groups.entry(manner).or_default();
        let d = (right as i8, ahead as i8);
        if !entry.contains(&d) {
            entry.push(d);
        }
    }
    groups
}

/// A ride's range when the board's edge (or a hole) does not stop it
/// first; 0 when it runs to the edge.
fn ride_range(rules: &RuleTable, line: &Line, from: Sq, df: i32, dr: i32) -> u16 {
    let (f, r) = (
        i32::from(rules.file_of(from)),
        i32::from(rules.rank_of(from)),
    );
    let mut room = 0u16;
    let (mut x, mut y) = (f + df, r + dr);
    while (0..i32::from(rules.files)).contains(&x)
        && (0..i32::from(rules.ranks)).contains(&y)
        && rules.playable[rules.square(x as u8, y as u8) as usize]
    {
        room += 1;
        x += df;
        y += dr;
    }
    if line.steps < room { line.steps } else { 0 }
}

/// One sentence: what the group does, how far, and in which directions.
fn sentence(m: Manner, dirs: &[(i8, i8)]) -> String {
    let verb = match (m.quiet, m.capture) {
        (true, true) => "moves or captures",
        (true, false) => "moves without capturing",
        _ => "captures",
    };
    let (a, b) = m.atom;
    let towards = directions(m.atom, dirs);
    let distance = |n: u8| match n {
        1 => "one square".to_string(),
        2..=9 => format!("{} squares", number(n.into())),
        _ => format!("{n} squares"),
    };
    let mut text = match m.kind {
        0 if a == 0 || a == b => {
            let mut s = format!("{verb} {} {towards}", distance(b));
            if b > 1 && !m.lame && !m.jump {
                s += ", leaping";
            }
            s
        }
        0 => format!("{verb} by a {a}-{b} leap{} {towards}", leap_name(m.atom)),
        1 => {
            let how_far = if m.range > 0 {
                format!("up to {} squares", number(m.range))
            } else {
                "any number of squares".to_string()
            };
            if b == 1 {
                format!("{verb} {how_far} {towards}")
            } else {
                format!(
                    "{verb} by repeated {a}-{b} leaps{} {towards} ({how_far} along the line)",
                    leap_name(m.atom)
                )
            }
        }
        2 => {
            let beyond = if m.range > 0 {
                format!(
                    "any distance beyond it, up to {} squares from where it starts",
                    number(m.range)
                )
            } else {
                "any distance beyond it".to_string()
            };
            format!("{verb} {towards} over exactly one piece (a hurdle), landing {beyond}")
        }
        _ => format!("{verb} {towards} to the square just beyond the first piece on the line"),
    };
    if m.lame {
        text += ", unless a square it passes is occupied";
    }
    if m.jump {
        text += ", only over an occupied square";
    }
    if m.en_passant {
        text += ", also en passant";
    }
    text
}

/// The Betza name of a leap, in parentheses, where it has a common one.
fn leap_name(atom: (u8, u8)) -> &'static str {
    match atom {
        (1, 2) => " (a knight's move)",
        (1, 3) => " (a camel's move)",
        (2, 3) => " (a zebra's move)",
        (1, 4) => " (a giraffe's move)",
        _ => "",
    }
}

/// The directions of a group in words, relative to forward.
fn directions(atom: (u8, u8), dirs: &[(i8, i8)]) -> String {
    let has = |d: (i8, i8)| dirs.iter().any(|&x| (x.0.signum(), x.1.signum()) == d);
    let (a, b) = atom;
    if a == 0 {
        let (f, bk, l, r) = (has((0, 1)), has((0, -1)), has((-1, 0)), has((1, 0)));
        match (f, bk, l, r) {
            (true, true, true, true) => "orthogonally".into(),
            (true, false, false, false) => "forward".into(),
            (false, true, false, false) => "backward".into(),
            (false, false, true, true) => "sideways".into(),
            (true, true, false, false) => "forward or backward".into(),
            (true, false, true, true) => "forward or sideways".into(),
            (false, true, true, true) => "backward or sideways".into(),
            _ => list(&[(f, "forward"), (bk, "backward"), (l, "left"), (r, "right")]),
        }
    } else if a == b {
        let (fl, fr, bl, br) = (has((-1, 1)), has((1, 1)), has((-1, -1)), has((1, -1)));
        match (fl, fr, bl, br) {
            (true, true, true, true) => "diagonally".into(),
            (true, true, false, false) => "diagonally forward".into(),
            (false, false, true, true) => "diagonally backward".into(),
            _ => list(&[
                (fl, "diagonally forward-left"),
                (fr, "diagonally forward-right"),
                (bl, "diagonally backward-left"),
                (br, "diagonally backward-right"),
            ]),
        }
    } else {
        // Oblique leaps: forward ones go more forward than sideways
        // ("narrow") or more sideways ("wide").
        let narrow = |fwd: bool| {
            dirs.iter()
                .filter(|&&(x, y)| x.unsigned_abs() < y.unsigned_abs() && (y > 0) == fwd)
                .count()
        };
        let wide = |fwd: bool| {
            dirs.iter()
                .filter(|&&(x, y)| x.unsigned_abs() > y.unsigned_abs() && (y > 0) == fwd)
                .count()
        };
        if dirs.len() == 8 {
            "in all eight directions".into()
        } else {
            let mut parts = Vec::new();
            for (count, what) in [
                (narrow(true), "narrowly forward"),
                (wide(true), "widely forward"),
                (narrow(false), "narrowly backward"),
                (wide(false), "widely backward"),
            ] {
                if count == 2 {
                    parts.push(what.to_string());
                } else if count == 1 {
                    parts.push(format!("{what} (one side)"));
                }
            }
            parts.join(" or ")
        }
    }
}

/// The items whose flag is set, as "a, b or c".
fn list(items: &[(bool, &str)]) -> String {
    let chosen: Vec<&str> = items.iter().filter(|i| i.0).map(|i| i.1).collect();
    either(&chosen)
}

/// "a, b or c".
pub(crate) fn either(items: &[impl AsRef<str>]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].to_string(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// A small number in words ("two"), a larger one in figures.
fn number(n: u16) -> String {
    const WORDS: [&str; 10] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::rules::compile;
    use crate::source::SourceFile;

    /// The sentences for a piece of Betza `betza` from d4 of an empty 8 × 8
    /// board, White.
    fn words(betza: &str) -> String {
        let mut catalog = Catalog::shipped();
        catalog.load(SourceFile::new(
            "<test>",
            format!("[words:chess]\ncustomPiece1 = a:{betza}\n"),
        ));
        let rules = compile(catalog.checked("words").expect("valid")).expect("compiles");
        let a = rules.piece_by_letter('a').expect("the piece");
        moves_in_words(&rules, Seat::FIRST, a, rules.square(3, 3))
    }

    #[test]
    fn sentences_say_what_the_compiled_lines_do() {
        for (betza, expected) in [
            ("K", "moves or captures one square in any direction"),
            (
                "fmWfcF",
                "moves without capturing one square forward; captures one square diagonally forward",
            ),
            ("R2", "moves or captures up to two squares orthogonally"),
            (
                "nN",
                "moves or captures by a 1-2 leap (a knight's move) in all eight directions, unless a square it passes is occupied",
            ),
            (
                "ffN",
                "moves or captures by a 1-2 leap (a knight's move) narrowly forward",
            ),
            (
                "NN",
                "moves or captures by repeated 1-2 leaps (a knight's move) in all eight directions (any number of squares along the line)",
            ),
            (
                "mRcpR",
                "moves without capturing any number of squares orthogonally; captures orthogonally over exactly one piece (a hurdle), landing any distance beyond it",
            ),
            (
                "gB",
                "moves or captures diagonally to the square just beyond the first piece on the line",
            ),
            ("D", "moves or captures two squares orthogonally, leaping"),
            ("bW", "moves or captures one square backward"),
            ("lrW", "moves or captures one square sideways"),
        ] {
            assert_eq!(words(betza), expected, "{betza}");
        }
    }
}
