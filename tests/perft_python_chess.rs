//! python-chess's atomic perft suite (`tests/data/perft/python-chess-atomic.perft`,
//! python-chess's own format, copied unchanged): every count equal. Its
//! atomic960 positions are read as tetrarch's atomic reads them, the
//! castling letters naming the outermost rooks, as Fairy-Stockfish does.

mod common;

use common::{data, tetrarch};

/// A record: its id, its EPD (placement, side, castling, en passant) and
/// its perft counts by depth.
type Record = (String, String, Vec<(u32, u64)>);

fn records() -> Vec<Record> {
    let text = std::fs::read_to_string(data("perft/python-chess-atomic.perft"))
        .expect("python-chess-atomic.perft");
    let mut records: Vec<Record> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            records.push((id.to_string(), String::new(), Vec::new()));
        } else if let Some(epd) = line.strip_prefix("epd ") {
            records.last_mut().expect("an id first").1 = epd.to_string();
        } else if let Some(counts) = line.strip_prefix("perft ") {
            let (depth, nodes) = counts.split_once(' ').expect("depth and nodes");
            records.last_mut().expect("an id first").2.push((
                depth.parse().expect("a depth"),
                nodes.parse().expect("a count"),
            ));
        }
    }
    records
}

#[test]
fn python_chess_atomic_perft_records_match() {
    let records = records();
    assert_eq!(records.len(), 7, "the file's records");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (id, epd, counts) in &records {
        let fen = format!("{epd} 0 1");
        for (depth, nodes) in counts {
            let (code, stdout, stderr) =
                tetrarch(&["perft", "atomic", &depth.to_string(), "--fen", &fen]);
            assert_eq!(code, 0, "{id}: {stderr}");
            let got = stdout
                .lines()
                .last()
                .and_then(|l| l.strip_prefix("Nodes searched: "))
                .and_then(|n| n.parse::<u64>().ok());
            checked += 1;
            if got != Some(*nodes) {
                failures.push(format!(
                    "{id} depth {depth}: python-chess {nodes}, tetrarch {got:?}"
                ));
            }
        }
    }
    assert_eq!(checked, 31, "every count of the file");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
