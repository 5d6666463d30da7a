//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod serve;

use std::path::PathBuf;

use tetrarch::board::Square;
use tetrarch::moves::MoveList;
use tetrarch::piece_reach::PieceReach;
use tetrarch::position::{Position, RuleHandle};

/// A file of the reference data copied into the repository (`tests/data/`,
/// provenance in its README).
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// The destinations of a White piece with `betza` on `from`, on a board of
/// `files` × `ranks` where `enemy(square)` tells which squares hold a Black
/// piece; `i` moves are allowed on rank 2. Played by the compiled rules
/// ([`PieceReach`]); sorted square names (by file, then rank), joined by `,`.
pub fn reach(
    betza: &str,
    files: u8,
    ranks: u8,
    from: &str,
    enemy: &dyn Fn(Square) -> bool,
) -> String {
    let piece = PieceReach::new(betza, files, ranks).unwrap_or_else(|e| panic!("{betza}: {e}"));
    let from = Square::parse(from).expect("a square name");
    let mut squares = piece.destinations(from, enemy);
    squares.sort_by_key(|s| (s.file, s.rank));
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

pub use tetrarch::perft::PerftRecord;

/// Reads a two-player `.perft` file of the reference data.
pub fn read_perft(path: &str) -> Vec<PerftRecord> {
    let text = std::fs::read_to_string(data(path)).expect("a reference perft file");
    tetrarch::perft::read_perft_records(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Plays every legal move two plies deep, checking after each make and
/// unmake that the position, its FEN and its hash are restored, and that
/// the incremental hash equals a recomputed one.
pub fn walk(pos: &mut Position<impl RuleHandle>, depth: u32, checked: &mut usize) {
    if depth == 0 {
        return;
    }
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    for &mv in list.as_slice() {
        let fen = pos.text();
        let hash = pos.hash();
        pos.make(mv);
        assert_eq!(
            pos.hash(),
            pos.recompute_hash(),
            "incremental hash after {mv:?} from {fen}"
        );
        walk(pos, depth - 1, checked);
        pos.unmake();
        assert_eq!(pos.text(), fen, "unmake of {mv:?}");
        assert_eq!(pos.hash(), hash, "hash after unmake of {mv:?} from {fen}");
        *checked += 1;
    }
}

/// Runs the binary; returns (exit code, stdout, stderr). A panic fails the test.
pub fn tetrarch(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tetrarch"))
        .args(args)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?} panicked:\n{stderr}");
    (
        output.status.code().expect("an exit code, not a signal"),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr,
    )
}

/// Where the tests write their files: a folder of the target directory
/// (Cargo's `CARGO_TARGET_TMPDIR`), so that no test leaves files in the
/// system's temporary folder.
pub fn scratch_dir() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
}

/// A variant file in a folder of [`scratch_dir`]; returns its path. Tests
/// running in parallel may write the same file: each writes its own copy
/// and renames it into place, so that no reader sees a half-written file.
pub fn variant_file(name: &str, text: &str) -> String {
    let dir = scratch_dir().join(format!("tetrarch-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    let draft = dir.join(format!("{name}.{:?}", std::thread::current().id()));
    std::fs::write(&draft, text).expect("the file is written");
    std::fs::rename(&draft, &path).expect("the file is moved into place");
    path.display().to_string()
}

/// The count `perft` prints for a variant of a file, from a FEN.
pub fn perft_nodes(variant: &str, depth: &str, fen: &str, file: &str) -> u64 {
    let (code, stdout, stderr) =
        tetrarch(&["perft", variant, depth, "--fen", fen, "--variants", file]);
    assert_eq!(code, 0, "{stderr}");
    stdout
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {stdout}"))
}

/// `tetrarch` running as an engine (`uci`, `xboard`), driven as a GUI
/// drives it: a command, then the lines up to the answer it waits for.
pub struct EngineProcess {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl EngineProcess {
    /// Starts `tetrarch ARGS...`.
    pub fn start(args: &[&str]) -> EngineProcess {
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_tetrarch"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("tetrarch runs");
        let input = child.stdin.take().expect("stdin");
        let output = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        EngineProcess {
            child,
            input,
            output,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.input, "{line}").expect("the engine reads");
    }

    /// The lines up to and including the first that starts with `until`.
    pub fn read_until(&mut self, until: &str) -> Vec<String> {
        use std::io::BufRead;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("the engine writes");
            assert!(n > 0, "the engine ended before `{until}`: {lines:?}");
            let line = line.trim_end().to_string();
            let done = line.starts_with(until);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `quit` and checks that the engine exits successfully.
    pub fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().expect("the engine ends").success());
    }
}
