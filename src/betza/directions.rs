//! Leaps as offsets relative to the moving seat, and which of an atom's
//! eight leaps a direction modifier selects, exactly as
//! Fairy-Stockfish decides it.
//!
//! An atom `(long, short)` has eight leaps, written here as (forward, right).
//! Each is selected by a fixed set of two-letter direction groups. A single
//! letter `f` is the group `ff`; `fs` is one group; on a plain orthogonal
//! atom (W, R, D, H) a mixed group such as `fs` splits into `ff` and `ss`.

use super::ast::{Atom, BetzaMove};

/// A displacement relative to the moving seat: squares forward and to the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Offset {
    /// Squares toward the seat's forward direction (negative: backward).
    pub forward: i8,
    /// Squares toward the seat's right hand (negative: left).
    pub right: i8,
}

impl Offset {
    /// The squares a lame leap passes, in order, destination excluded:
    /// first orthogonal steps along the longer axis, then diagonal steps.
    /// A Xiangqi horse (2,1) passes (1,0); a Janggi elephant (3,2) passes
    /// (1,0) and (2,1); an alfil (2,2) passes (1,1).
    pub fn lame_path(self) -> Vec<Offset> {
        let (f, r) = (self.forward, self.right);
        let (af, ar) = (f.abs(), r.abs());
        let (sf, sr) = (f.signum(), r.signum());
        let diagonal = af.min(ar);
        let orthogonal = af.max(ar) - diagonal;
        let mut path = Vec::new();
        let mut at = Offset {
            forward: 0,
            right: 0,
        };
        for _ in 0..orthogonal {
            if af > ar {
                at.forward += sf;
            } else {
                at.right += sr;
            }
            path.push(at);
        }
        for _ in 0..diagonal {
            at.forward += sf;
            at.right += sr;
            path.push(at);
        }
        path.pop();
        path
    }
}

/// One leap of an atom: the forward and right components as multipliers of
/// (long, short), and the direction groups that select it.
type LeapPattern = ((i8, i8), (i8, i8), [&'static [u8; 2]; 7]);

/// The eight leaps of an atom.
const LEAPS: [LeapPattern; 8] = [
    (
        (1, 0),
        (0, 1),
        [b"ff", b"vv", b"rf", b"rv", b"fh", b"rh", b"hr"],
    ),
    (
        (-1, 0),
        (0, -1),
        [b"bb", b"vv", b"lb", b"lv", b"bh", b"lh", b"hr"],
    ),
    (
        (0, -1),
        (1, 0),
        [b"rr", b"ss", b"br", b"bs", b"bh", b"rh", b"hr"],
    ),
    (
        (0, 1),
        (-1, 0),
        [b"ll", b"ss", b"fl", b"fs", b"fh", b"lh", b"hr"],
    ),
    (
        (0, 1),
        (1, 0),
        [b"rr", b"ss", b"fr", b"fs", b"fh", b"rh", b"hl"],
    ),
    (
        (0, -1),
        (-1, 0),
        [b"ll", b"ss", b"bl", b"bs", b"bh", b"lh", b"hl"],
    ),
    (
        (-1, 0),
        (0, 1),
        [b"bb", b"vv", b"rb", b"rv", b"bh", b"rh", b"hl"],
    ),
    (
        (1, 0),
        (0, -1),
        [b"ff", b"vv", b"lf", b"lv", b"fh", b"lh", b"hl"],
    ),
];

/// The distinct leaps of `atom` that the move's direction groups select.
pub fn selected_leaps(m: &BetzaMove, atom: Atom) -> Vec<Offset> {
    let mut groups: Vec<[u8; 2]> = Vec::new();
    for &d in &m.directions {
        if m.atoms.len() == 1 && atom.short == 0 && d[0] != d[1] {
            groups.push([d[0], d[0]]);
            groups.push([d[1], d[1]]);
        } else {
            groups.push(d);
        }
    }
    let (long, short) = (atom.long as i8, atom.short as i8);
    let mut leaps = Vec::new();
    for (x_mul, y_mul, selecting) in LEAPS {
        let chosen = groups.is_empty() || selecting.iter().any(|g| groups.contains(*g));
        if !chosen {
            continue;
        }
        // x_mul gives the forward component, y_mul the right component, each
        // as (factor of long, factor of short).
        let forward = x_mul.0 * long + x_mul.1 * short;
        let right = y_mul.0 * long + y_mul.1 * short;
        let leap = Offset { forward, right };
        if !leaps.contains(&leap) {
            leaps.push(leap);
        }
    }
    leaps
}
