//! Property tests (proptest) on positions reached by seeded random games in
//! every supported variant (the shipped ones and every section of
//! Fairy-Stockfish's `variants.ini` that compiles):
//!
//! - a position written as FEN / FEN4 and read back is the same position
//!   (same text, same hash, same legal moves);
//! - perft(n) is the sum of divide(n), and both equal a plain count that
//!   lists every leaf's moves and makes each of them;
//! - a two-player position mirrored top to bottom, colours swapped, has the
//!   mirrored legal moves and the same perft, in every variant whose rules
//!   treat the colours alike;
//! - a four-player position turned a quarter turn, its seats relabelled,
//!   has the turned legal moves and the same perft, in every variant whose
//!   start position the quarter turn maps onto itself.

mod common;

use std::collections::BTreeSet;
use std::sync::{Arc, LazyLock};

use common::data;
use proptest::prelude::*;
use tetrarch::board::Square;
use tetrarch::catalog::Catalog;
use tetrarch::definition::Definition;
use tetrarch::definition::keys::KEYS;
use tetrarch::definition::value::Value;
use tetrarch::game::Game;
use tetrarch::moves::{Move, MoveList};
use tetrarch::notation::move_name;
use tetrarch::perft::{divide, perft};
use tetrarch::position::Position;
use tetrarch::rng::SplitMix64;
use tetrarch::rules::{RuleTable, compile};
use tetrarch::source::SourceFile;

/// A variant the properties run in.
struct Variant {
    rules: Arc<RuleTable>,
    start: String,
    /// The rules treat White and Black alike, mirrored top to bottom.
    mirror_symmetric: bool,
    /// A quarter turn with the seats relabelled maps the start onto itself.
    rotation_symmetric: bool,
}

static VARIANTS: LazyLock<Vec<Variant>> = LazyLock::new(|| {
    let mut catalog = Catalog::shipped();
    let text = std::fs::read_to_string(data("fsf/variants.ini")).expect("variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    let mut out = Vec::new();
    for name in catalog.names() {
        let Ok(definition) = catalog.checked(name) else {
            continue;
        };
        let Ok(rules) = compile(definition) else {
            continue;
        };
        let rules = Arc::new(rules);
        let start = definition.start_fen().to_string();
        let four = rules.seats.len() == 4;
        out.push(Variant {
            // With `wallOrMove`, Fairy-Stockfish's move names are no mirror
            // images: the wall-only turn is named by the mover's first piece
            // and moves of pieces carry a suffix on a1.
            // `castlingWins` names castling rights by case, as a FEN does:
            // castle chess's `q` wins for Black's queen side alone.
            mirror_symmetric: rules.seats.len() == 2
                && colour_symmetric(definition)
                && !rules.wall_or_move()
                && rules.ends.castling_wins.first() == rules.ends.castling_wins.get(1),
            rotation_symmetric: four
                && rotate_fen4(&rules, &start)
                    .is_some_and(|turned| board_field(&turned) == board_field(&start)),
            rules,
            start,
        });
    }
    out
});

fn variants(filter: fn(&Variant) -> bool) -> Vec<usize> {
    (0..VARIANTS.len())
        .filter(|&i| filter(&VARIANTS[i]))
        .collect()
}

/// Whether every `…White` key has the mirror image of its `…Black` key (a
/// region mirrored top to bottom, any other value equal), and every White
/// mobility region the mirror of Black's.
fn colour_symmetric(definition: &Definition) -> bool {
    let board = definition.board();
    let same = |white: &Value, black: &Value| match (white, black) {
        (Value::Region(w), Value::Region(b)) => {
            let mirrored: BTreeSet<(u8, u8)> = w
                .squares(&board)
                .iter()
                .map(|s| (s.file, board.ranks - 1 - s.rank))
                .collect();
            let black: BTreeSet<(u8, u8)> =
                b.squares(&board).iter().map(|s| (s.file, s.rank)).collect();
            mirrored == black
        }
        _ => white == black,
    };
    let keys = KEYS.iter().filter(|spec| spec.name.contains("White"));
    let keys_alike = keys.clone().all(|white| {
        let black_name = white.name.replace("White", "Black");
        let black = KEYS
            .iter()
            .find(|spec| spec.name == black_name)
            .expect("every White key has a Black key");
        same(definition.value(white.key), definition.value(black.key))
    });
    let mobility_alike = definition.mobility.iter().all(|(piece, seat, region)| {
        definition
            .mobility
            .iter()
            .any(|(other, other_seat, other_region)| {
                other == piece
                    && *other_seat == 1 - seat
                    && same(
                        &Value::Region(region.clone()),
                        &Value::Region(other_region.clone()),
                    )
            })
    });
    keys.count() > 0 && keys_alike && mobility_alike
}

/// The position `plies` random moves into a game from the variant's start
/// (fewer where the game ends first), as the game records it.
fn reach(variant: &Variant, seed: u64, plies: usize) -> Game {
    let mut game = Game::new(variant.rules.clone(), &variant.start, seed).expect("a valid start");
    let mut rng = SplitMix64::new(seed);
    for _ in 0..plies {
        if game.result().is_some() || game.legal_moves().is_empty() {
            break;
        }
        let walking = game.position().is_eliminated(game.position().to_move());
        if walking {
            game.play_auto().expect("a walking king moves");
        } else {
            // Where kings may be captured (`kingCapture`), a capture ends
            // the game on a position no FEN describes (each seat in play
            // needs its king): the games take none.
            let pos = game.position();
            let moves: Vec<Move> = game
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| {
                    m.from().is_none() || {
                        let victim = pos.piece_at(m.to());
                        !(victim.is_some() && variant.rules.pieces[victim.kind()].royal)
                    }
                })
                .collect();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(mv).expect("a legal move");
        }
    }
    game
}

/// The legal moves' names, sorted.
fn move_names(pos: &mut Position) -> BTreeSet<String> {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    list.as_slice().iter().map(|m| move_name(pos, m)).collect()
}

/// [`move_names`], a pass written `pass`: a pass is named by a square of
/// the side's (its royal piece's, else its lowest piece's, as Fairy-Stockfish
/// names it), and in a mirrored position the lowest piece is another one.
fn move_names_with_passes_unnamed(pos: &mut Position) -> BTreeSet<String> {
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    list.as_slice()
        .iter()
        .map(|m| match m {
            Move::Pass { .. } => "pass".to_string(),
            _ => move_name(pos, m),
        })
        .collect()
}

/// Perft without bulk counting: every leaf's moves listed, each made and
/// taken back, with the hash checked after every unmake.
fn listing_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    if list.is_empty() {
        if pos.eliminate_if_stuck() {
            let nodes = listing_perft(pos, depth);
            pos.unmake();
            return nodes;
        }
        return 0;
    }
    let hash = pos.hash();
    let mut nodes = 0;
    for &mv in list.as_slice() {
        pos.make(mv);
        nodes += listing_perft(pos, depth - 1);
        pos.unmake();
        assert_eq!(
            pos.hash(),
            hash,
            "unmaking {} restores the hash",
            move_name(pos, &mv)
        );
    }
    nodes
}

/// Every square name (`e4`, `k12`) in `text` replaced by `map` of it.
fn map_squares(text: &str, map: &dyn Fn(Square) -> Square) -> String {
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let digits = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        if c.is_ascii_lowercase() && digits > 0 {
            let rank: String = chars[i + 1..i + 1 + digits].iter().collect();
            let square = Square {
                file: c as u8 - b'a',
                rank: rank.parse::<u8>().expect("a rank") - 1,
            };
            let mapped = map(square);
            out.push((b'a' + mapped.file) as char);
            out.push_str(&(mapped.rank + 1).to_string());
            i += 1 + digits;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// A two-player FEN mirrored top to bottom with the colours swapped: ranks
/// in reverse order, piece letters' case swapped, the other side to move,
/// castling rights and remaining checks exchanged, en-passant squares
/// mirrored.
fn mirror_fen(rules: &RuleTable, fen: &str) -> String {
    let ranks = rules.ranks;
    let mirror = |s: Square| Square {
        file: s.file,
        rank: ranks - 1 - s.rank,
    };
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    // The pocket stays after the board, its pieces changing sides.
    let (squares, pocket) = match fields[0].split_once('[') {
        Some((squares, pocket)) => (squares.to_string(), format!("[{pocket}")),
        None => (fields[0].clone(), String::new()),
    };
    let board: Vec<&str> = squares.split('/').collect();
    fields[0] = swap_case(&(board.into_iter().rev().collect::<Vec<_>>().join("/") + &pocket));
    fields[1] = if fields[1] == "w" { "b" } else { "w" }.to_string();
    fields[2] = swap_case(&fields[2]);
    if fields[3] != "-" {
        // Written back in board order, as a FEN lists them.
        let squares = map_squares(&fields[3], &mirror);
        let mut names: Vec<String> = Vec::new();
        let mut current = String::new();
        for c in squares.chars() {
            if c.is_ascii_lowercase() && !current.is_empty() {
                names.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
        names.push(current);
        let key = |name: &String| {
            let file = name.as_bytes()[0];
            let rank: u32 = name[1..].parse().expect("a rank");
            (rank, file)
        };
        names.sort_by_key(key);
        fields[3] = names.concat();
    }
    for field in fields.iter_mut().skip(4) {
        if let Some((white, black)) = field.split_once('+') {
            *field = format!("{black}+{white}");
        }
    }
    fields.join(" ")
}

/// The board field of a FEN4 (its last field).
fn board_field(fen4: &str) -> &str {
    fen4.rsplit('-').next().expect("a board field")
}

/// A FEN4 turned a quarter turn counter-clockwise (the West seat's side
/// becomes the South side) with every seat relabelled as the seat before
/// it in turn order (Blue becomes Red, Red becomes Green): per-seat fields
/// rotate, squares turn. `None` for a board that is not square.
fn rotate_fen4(rules: &RuleTable, fen4: &str) -> Option<String> {
    let n = rules.seats.len();
    let size = rules.files;
    if rules.ranks != size {
        return None;
    }
    let letters: Vec<char> = rules.seats.iter().map(|s| s.letter).collect();
    let relabel = |c: char| -> char {
        let lower = c.to_ascii_lowercase();
        match letters.iter().position(|&l| l == lower) {
            Some(i) => {
                let l = letters[(i + n - 1) % n];
                if c.is_ascii_uppercase() {
                    l.to_ascii_uppercase()
                } else {
                    l
                }
            }
            None => c,
        }
    };
    let turn = |s: Square| Square {
        file: size - 1 - s.rank,
        rank: s.file,
    };
    let per_seat = |field: &str| -> String {
        let items: Vec<&str> = field.split(',').collect();
        (0..n)
            .map(|i| items[(i + 1) % n])
            .collect::<Vec<_>>()
            .join(",")
    };
    let fields: Vec<&str> = fen4.split('-').collect();
    let mut out: Vec<String> = vec![
        fields[0].chars().map(relabel).collect(),
        per_seat(fields[1]),
        per_seat(fields[2]),
        per_seat(fields[3]),
        per_seat(fields[4]),
        fields[5].to_string(),
    ];
    for extra in &fields[6..fields.len() - 1] {
        // `{'enPassant':('','c8:d8','','')}`: one entry per seat.
        let open = extra.find("('")?;
        let close = extra.rfind(')')?;
        let entries: Vec<&str> = extra[open + 1..close].split(',').collect();
        let turned: Vec<String> = (0..n)
            .map(|i| map_squares(entries[(i + 1) % n], &turn))
            .collect();
        out.push(format!(
            "{}{}{}",
            &extra[..open + 1],
            turned.join(","),
            &extra[close..]
        ));
    }
    // The board: ranks from the top, squares from the a file.
    let mut grid: Vec<Vec<String>> = Vec::new();
    for rank in board_field(fen4).split('/') {
        let mut row = Vec::new();
        for token in rank.split(',') {
            match token.parse::<usize>() {
                Ok(k) => row.extend(std::iter::repeat_n(String::new(), k)),
                Err(_) => row.push(token.to_string()),
            }
        }
        grid.push(row);
    }
    let at = |s: Square| &grid[(size - 1 - s.rank) as usize][s.file as usize];
    let mut ranks = Vec::new();
    for rank in (0..size).rev() {
        let mut items = Vec::new();
        let mut empty = 0;
        for file in 0..size {
            // The square that turns onto (file, rank).
            let from = Square {
                file: rank,
                rank: size - 1 - file,
            };
            debug_assert_eq!(turn(from), Square { file, rank });
            let token = at(from);
            if token.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                items.push(empty.to_string());
                empty = 0;
            }
            // Seat letters are the lower-case letters (`rP`; dead pieces `dP`);
            // piece letters are upper case.
            let token: String = token
                .chars()
                .map(|c| {
                    if c.is_ascii_lowercase() {
                        relabel(c)
                    } else {
                        c
                    }
                })
                .collect();
            items.push(token);
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        ranks.push(items.join(","));
    }
    out.push(ranks.join("/"));
    Some(out.join("-"))
}

/// 64 cases per property, or `PROPTEST_CASES` for a longer hunt.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// FEN / FEN4 out, then in: the same text, hash and legal moves as the
    /// position the game reached move by move.
    #[test]
    fn a_position_written_and_read_back_is_the_same(
        index in 0..VARIANTS.len(),
        seed in any::<u64>(),
        plies in 0usize..80,
    ) {
        let variant = &VARIANTS[index];
        let game = reach(variant, seed, plies);
        let text = game.fen();
        let mut reread = Position::from_text(variant.rules.clone(), &text)
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", variant.rules.name));
        prop_assert_eq!(reread.text(), text.clone(), "{}", variant.rules.name);
        prop_assert_eq!(reread.hash(), game.position().hash(), "{}: {}", variant.rules.name, text);
        let mut played = game.position().clone();
        // Two passes in a row, or a pass that keeps the kings facing, end
        // the game by history a FEN does not carry (nor does
        // Fairy-Stockfish's): the position read back plays on.
        let ended_by_a_pass = game.result().is_some()
            && matches!(played.last_move(), Some(Move::Pass { .. }));
        if !ended_by_a_pass {
            prop_assert_eq!(move_names(&mut reread), move_names(&mut played), "{}: {}", variant.rules.name, text);
        }
    }

    /// perft(n) = the sum of divide(n) = a count that lists and makes every
    /// leaf move; divide(1) has one entry per legal move, none twice.
    #[test]
    fn perft_is_the_sum_of_divide(
        index in 0..VARIANTS.len(),
        seed in any::<u64>(),
        plies in 0usize..60,
    ) {
        let variant = &VARIANTS[index];
        let game = reach(variant, seed, plies);
        let mut pos = Position::from_text(variant.rules.clone(), &game.fen()).expect("its own FEN");
        // Depth 3 for two players, 2 for more, less where the tree would
        // pass about 100,000 leaves (ducks and arrows give a thousand moves
        // a ply).
        let deepest = if variant.rules.seats.len() > 2 { 2 } else { 3 };
        let width = perft(&mut pos, 1).max(1);
        let depth = (1..=deepest)
            .rev()
            .find(|&d| width.saturating_pow(d) <= 100_000)
            .unwrap_or(1);
        let total = perft(&mut pos, depth);
        let by_move: u64 = divide(&mut pos, depth).iter().map(|(_, n)| n).sum();
        prop_assert_eq!(total, by_move, "{}: {}", variant.rules.name, game.fen());
        prop_assert_eq!(total, listing_perft(&mut pos, depth), "{}: {}", variant.rules.name, game.fen());
        let roots = divide(&mut pos, 1);
        let names: BTreeSet<String> = roots.iter().map(|(m, _)| move_name(&pos, m)).collect();
        prop_assert_eq!(names.len(), roots.len(), "{}: {}", variant.rules.name, game.fen());
        prop_assert_eq!(roots.len() as u64, perft(&mut pos, 1));
    }

    /// A two-player position and its mirror image (colours swapped) have
    /// mirrored legal moves and the same perft.
    #[test]
    fn a_mirrored_position_has_the_same_perft(
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        plies in 0usize..80,
    ) {
        let symmetric = variants(|v| v.mirror_symmetric);
        let variant = &VARIANTS[symmetric[pick.index(symmetric.len())]];
        let game = reach(variant, seed, plies);
        let fen = game.fen();
        let mirrored = mirror_fen(&variant.rules, &fen);
        let mut pos = Position::from_text(variant.rules.clone(), &fen).expect("its own FEN");
        let mut image = Position::from_text(variant.rules.clone(), &mirrored)
            .unwrap_or_else(|e| panic!("{}: mirror of {fen}: {mirrored}: {e}", variant.rules.name));
        let ranks = variant.rules.ranks;
        let mirror = |s: Square| Square { file: s.file, rank: ranks - 1 - s.rank };
        let expected: BTreeSet<String> = move_names_with_passes_unnamed(&mut pos)
            .iter()
            .map(|m| if m == "pass" { m.clone() } else { map_squares(m, &mirror) })
            .collect();
        prop_assert_eq!(move_names_with_passes_unnamed(&mut image), expected, "{}: {} / {}", variant.rules.name, fen, mirrored);
        prop_assert_eq!(perft(&mut pos, 2), perft(&mut image, 2), "{}: {} / {}", variant.rules.name, fen, mirrored);
    }

    /// A four-player position turned a quarter turn with its seats
    /// relabelled has the turned legal moves and the same perft.
    #[test]
    fn a_turned_four_player_position_has_the_same_perft(
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        plies in 0usize..120,
    ) {
        let symmetric = variants(|v| v.rotation_symmetric);
        let variant = &VARIANTS[symmetric[pick.index(symmetric.len())]];
        let game = reach(variant, seed, plies);
        let fen4 = game.fen();
        let turned = rotate_fen4(&variant.rules, &fen4).expect("a square board");
        let mut pos = Position::from_text(variant.rules.clone(), &fen4).expect("its own FEN4");
        let mut image = Position::from_text(variant.rules.clone(), &turned)
            .unwrap_or_else(|e| panic!("{}: turn of {fen4}: {turned}: {e}", variant.rules.name));
        let size = variant.rules.files;
        let turn = |s: Square| Square { file: size - 1 - s.rank, rank: s.file };
        let expected: BTreeSet<String> =
            move_names(&mut pos).iter().map(|m| map_squares(m, &turn)).collect();
        prop_assert_eq!(move_names(&mut image), expected, "{}: {} / {}", variant.rules.name, fen4, turned);
        prop_assert_eq!(perft(&mut pos, 2), perft(&mut image, 2), "{}: {} / {}", variant.rules.name, fen4, turned);
    }
}

/// The symmetry filters pick the variants they should: chess and the
/// shipped four-player games, not racing kings (both colours race to the
/// eighth rank).
#[test]
fn the_symmetric_variants_are_the_expected_ones() {
    let named = |filter: fn(&Variant) -> bool| -> BTreeSet<String> {
        variants(filter)
            .into_iter()
            .map(|i| VARIANTS[i].rules.name.clone())
            .collect()
    };
    let mirror = named(|v| v.mirror_symmetric);
    for name in ["chess", "tetrarchy", "wildebeest", "dragon-chess", "orda"] {
        assert!(
            mirror.contains(name),
            "{name} is mirror-symmetric: {mirror:?}"
        );
    }
    assert!(!mirror.contains("racingkings"), "{mirror:?}");
    assert!(!mirror.contains("castle"), "{mirror:?}");
    let turned = named(|v| v.rotation_symmetric);
    for name in ["4pc-teams", "4pc-ffa", "4pc-solo"] {
        assert!(
            turned.contains(name),
            "{name} turns onto itself: {turned:?}"
        );
    }
}
