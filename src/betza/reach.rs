//! Where a single piece can go on a board: the plain meaning of its rules,
//! used by `describe` and by the tests that compare with Fairy-Stockfish.

use super::rules::{MoveKind, MoveRule, Offset};

/// What stands on a square, seen from the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nothing: the square may be entered.
    Empty,
    /// A piece of the mover's side: blocks, cannot be captured.
    Friend,
    /// A piece of another side: blocks, may be captured.
    Enemy,
    /// Not part of the board: blocks riders, cannot be landed on.
    Hole,
}

/// The destinations of a piece with `rules`, standing on `from`.
///
/// `to_square` turns an offset relative to the mover into board coordinates
/// (and `None` off the board); `occupant` tells what stands on a square;
/// `on_initial_region` enables the `i` moves. En-passant-only moves have no
/// destinations here, as there is no en-passant target.
pub fn destinations<S: Copy + PartialEq>(
    rules: &[MoveRule],
    to_square: impl Fn(Offset) -> Option<S>,
    occupant: impl Fn(S) -> Occupant,
    on_initial_region: bool,
) -> Vec<S> {
    let mut found = Vec::new();
    let mut add = |s: S| {
        if !found.contains(&s) {
            found.push(s);
        }
    };
    for rule in rules {
        if rule.initial && !on_initial_region {
            continue;
        }
        let arrive = |s: S| match occupant(s) {
            Occupant::Empty => rule.quiet,
            Occupant::Enemy => rule.capture,
            Occupant::Friend | Occupant::Hole => false,
        };
        let step = |n: i8| Offset {
            forward: rule.leap.forward * n,
            right: rule.leap.right * n,
        };
        // Whether the leap from step n-1 to step n passes the way it must.
        let leg_open = |n: i8| {
            let base = step(n - 1);
            let passed = rule.leap.lame_path().into_iter().map(|o| Offset {
                forward: base.forward + o.forward,
                right: base.right + o.right,
            });
            let mut any_occupied = false;
            let mut all_empty = true;
            for o in passed {
                match to_square(o).map(&occupant) {
                    Some(Occupant::Empty) => {}
                    _ => {
                        any_occupied = true;
                        all_empty = false;
                    }
                }
            }
            (!rule.lame || all_empty)
                && (!rule.jumping || rule.kind != MoveKind::Leap || any_occupied)
        };
        match rule.kind {
            MoveKind::Leap => {
                if let Some(s) = to_square(step(1))
                    && leg_open(1)
                    && arrive(s)
                {
                    add(s);
                }
            }
            MoveKind::Ride { range } => {
                let first = if rule.jumping { 2 } else { 1 };
                let mut n = first;
                while let Some(s) = to_square(step(n)) {
                    if (range != 0 && n as u32 > range) || !leg_open(n) {
                        break;
                    }
                    if arrive(s) {
                        add(s);
                    }
                    if occupant(s) != Occupant::Empty {
                        break;
                    }
                    n += 1;
                }
            }
            MoveKind::Hop { .. } | MoveKind::Grasshop => {
                let range = match rule.kind {
                    MoveKind::Hop { range } => range,
                    _ => 1,
                };
                let mut n = 1;
                // Find the hurdle.
                let hurdle = loop {
                    let Some(s) = to_square(step(n)) else {
                        break None;
                    };
                    match occupant(s) {
                        Occupant::Empty => n += 1,
                        Occupant::Hole => break None,
                        _ => break Some(n),
                    }
                };
                let Some(h) = hurdle else { continue };
                let mut after = 1;
                while let Some(s) = to_square(step(h + after)) {
                    if range != 0 && after as u32 > range {
                        break;
                    }
                    if arrive(s) {
                        add(s);
                    }
                    if occupant(s) != Occupant::Empty {
                        break;
                    }
                    after += 1;
                }
            }
        }
    }
    found
}
