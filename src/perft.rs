//! Perft: the number of move sequences of a given length, counted as
//! Fairy-Stockfish counts them (bulk counting at the last ply).

use crate::moves::{Move, MoveList};
use crate::position::{Position, RuleHandle};

/// The deepest perft the command line runs: each ply is a stack frame, and
/// no variant's perft finishes anywhere near this depth.
pub const MAX_DEPTH: u32 = 64;

/// The number of legal move sequences of exactly `depth` plies (at most
/// [`MAX_DEPTH`], or the recursion may exhaust the stack).
///
/// Where a player to move has no legal move and the variant eliminates that
/// player and plays on, the elimination is applied and counting goes on with
/// the next seat without using a ply.
pub fn perft(pos: &mut Position<impl RuleHandle>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => perft_last_ply(pos),
        _ => perft_listed(pos, depth),
    }
}

/// Perft 1: the legal moves counted, without a list.
fn perft_last_ply(pos: &mut Position<impl RuleHandle>) -> u64 {
    let count = pos.count_legal_moves();
    if count == 0 && pos.eliminate_if_stuck() {
        let nodes = perft_last_ply(pos);
        pos.unmake();
        return nodes;
    }
    count
}

/// Perft 2 and deeper: each legal move made in turn. Kept out of the
/// last ply's calls, which would otherwise each probe the pages of the
/// move list's room on the stack.
#[inline(never)]
fn perft_listed(pos: &mut Position<impl RuleHandle>, depth: u32) -> u64 {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    if list.is_empty() {
        if pos.eliminate_if_stuck() {
            let nodes = perft_listed(pos, depth);
            pos.unmake();
            return nodes;
        }
        return 0;
    }
    let mut nodes = 0;
    for &mv in list.as_slice() {
        // The last ply only counts: no hash is read there.
        if depth == 2 {
            pos.make_for_count(mv);
        } else {
            pos.make(mv);
        }
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &mut Position<impl RuleHandle>, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    while list.is_empty() && pos.eliminate_if_stuck() {
        pos.legal_moves(&mut list);
    }
    let mut out = Vec::with_capacity(list.len());
    for &mv in list.as_slice() {
        pos.make(mv);
        let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
        pos.unmake();
        out.push((mv, n));
    }
    out
}

/// One record of a `.perft` file (the format of the reference data in
/// `tests/data/perft/`): an id, a variant, a position and counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRecord {
    /// The record's id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The position (a FEN, or a FEN4).
    pub fen: String,
    /// (depth, nodes) pairs, in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads the records of a `.perft` file: blocks separated by an empty line,
/// of `id`, `variant`, `fen` and `perft DEPTH NODES` lines. A `perft` line
/// without two numbers is an error naming its line.
pub fn read_perft_records(text: &str) -> Result<Vec<PerftRecord>, String> {
    let mut records = Vec::new();
    let mut record: Option<PerftRecord> = None;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() {
            records.extend(record.take().filter(|r| !r.id.is_empty()));
            continue;
        }
        let r = record.get_or_insert_with(|| PerftRecord {
            id: String::new(),
            variant: String::new(),
            fen: String::new(),
            counts: Vec::new(),
        });
        if let Some(v) = line.strip_prefix("id ") {
            r.id = v.to_string();
        } else if let Some(v) = line.strip_prefix("variant ") {
            r.variant = v.to_string();
        } else if let Some(v) = line.strip_prefix("fen ") {
            r.fen = v.to_string();
        } else if let Some(v) = line.strip_prefix("perft ") {
            let mut parts = v.split_whitespace().map(str::parse::<u64>);
            match (parts.next(), parts.next()) {
                (Some(Ok(depth)), Some(Ok(nodes))) if depth <= 64 => {
                    r.counts.push((depth as u32, nodes))
                }
                _ => {
                    return Err(format!(
                        "line {}: write `perft DEPTH NODES`, not `{line}`",
                        number + 1
                    ));
                }
            }
        }
    }
    records.extend(record.filter(|r| !r.id.is_empty()));
    Ok(records)
}
