//! Real game records no one here wrote replay through the rules as
//! published: every move legal, every result equal (per player for
//! points). The files and where they come from: `tests/data/pgn4/README.md`.

mod common;

use common::tetrarch;

/// Every `.pgn4` file under `tests/data/pgn4/`, sorted.
fn records() -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn4"
    ))];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("tests/data/pgn4") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn4") {
                found.push(path.display().to_string());
            }
        }
    }
    found.sort();
    found
}

/// As the shell expands `tetrarch replay tests/data/pgn4/*`: the README is
/// skipped, the folders are read through.
#[test]
fn the_corpus_folder_replays_as_named_by_a_shell() {
    let n = records().len();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn4");
    let mut named: Vec<String> = std::fs::read_dir(root)
        .expect("tests/data/pgn4")
        .map(|e| e.expect("an entry").path().display().to_string())
        .collect();
    named.sort();
    let mut args = vec!["replay"];
    args.extend(named.iter().map(String::as_str));
    let (code, stdout, stderr) = tetrarch(&args);
    assert_eq!(code, 0, "{stderr}\n{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some(format!("{n} games: {n} as recorded, 0 decided off the board, 0 failed").as_str()),
        "{stdout}"
    );
    assert!(
        stderr.contains("note: skipped `")
            && stderr.contains("README.md`: not a .pgn or .pgn4 file"),
        "{stderr}"
    );
}

#[test]
fn replay_refuses_a_list_without_a_record() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn4/README.md");
    let (code, _, stderr) = tetrarch(&["replay", readme]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("error: no .pgn or .pgn4 file among the files named"),
        "{stderr}"
    );
}

#[test]
fn chess_com_four_player_records_replay_as_published() {
    let files = records();
    assert!(files.len() >= 4, "the corpus is missing: {files:?}");
    let mut args = vec!["replay"];
    args.extend(files.iter().map(String::as_str));
    let (code, stdout, stderr) = tetrarch(&args);
    let failed: Vec<&str> = stdout.lines().filter(|l| !l.starts_with("ok ")).collect();
    assert_eq!(code, 0, "{stderr}\n{}", failed.join("\n"));
    let n = files.len();
    assert_eq!(
        stdout.lines().last(),
        Some(format!("{n} games: {n} as recorded, 0 decided off the board, 0 failed").as_str()),
        "{stdout}"
    );
}

/// A player who leaves outside its turn after the last move is not written
/// by chess.com: the replay finds the one leaving that gives the recorded
/// points, and with points no leaving gives, the game stays undecided.
#[test]
fn an_unwritten_last_leaving_must_give_the_recorded_points() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn4/FreyjaNellora-Hornet/baselines/human_4pc_game_101543960.pgn4"
    );
    let (code, stdout, stderr) = tetrarch(&["replay", path]);
    assert_eq!(code, 0, "{stderr}\n{stdout}");
    assert!(
        stdout.contains(
            "by resignation, as recorded: Green (OutlawedGangster) leaves after the last move written"
        ),
        "{stdout}"
    );
    let text = std::fs::read_to_string(path).expect("the record");
    // Blue's 106 is its 86 and 20 for Green's walking king; 107 is no leaving's.
    let altered = text.replace("Spaksi: 106", "Spaksi: 107");
    assert_ne!(altered, text);
    let dir = std::env::temp_dir().join(format!("tetrarch-unwritten-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("altered.pgn4");
    std::fs::write(&file, altered).expect("the altered record");
    let (code, stdout, stderr) = tetrarch(&["replay", file.to_str().expect("a path")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{stderr}\n{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some("1 games: 0 as recorded, 1 decided off the board, 0 failed"),
        "{stdout}"
    );
}
