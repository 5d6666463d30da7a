//! Checks that look at a whole definition: letters used but not defined,
//! positions that do not fit the board, regions off the board, seats.

use std::collections::HashSet;

use super::Definition;
use super::keys::{KEYS, Key, ValueType};
use super::value::{GameValue, Value};
use crate::board::{Board, Square};
use crate::diagnostic::Diagnostic;
use crate::ini::RawSection;
use crate::seat::Seat;
use crate::setup::parse_fen4;
use crate::setup::{Setup, parse_fen};
use crate::source::Location;

/// Runs every whole-definition check, reporting into `diagnostics`.
pub fn validate(def: &Definition, section: &RawSection, diagnostics: &mut Vec<Diagnostic>) {
    let in_section = |location: &Option<Location>| {
        location.as_ref().is_some_and(|l| {
            std::sync::Arc::ptr_eq(&l.file, &section.name_location.file)
                && l.start >= section.name_location.start
                && section
                    .entries
                    .last()
                    .is_none_or(|e| l.start <= e.value_location.end)
        })
    };
    check_duplicate_letters(def, &in_section, diagnostics);
    if def.incomplete {
        return;
    }
    let board = def.board();
    check_piece_references(def, &in_section, diagnostics);
    check_on_board(def, &board, &in_section, diagnostics);
    check_board_defaults(def, &board, section, diagnostics);
    check_two_player_rules(def, &in_section, diagnostics);
    let seats_ok = check_seats(def, &section.name_location, &in_section, diagnostics);
    if seats_ok {
        check_start_position(def, &board, section, diagnostics);
    }
}

fn check_duplicate_letters(
    def: &Definition,
    in_section: &dyn Fn(&Option<Location>) -> bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for (i, piece) in def.pieces.iter().enumerate() {
        if let Some(other) = def.pieces[..i].iter().find(|p| p.letter == piece.letter)
            && (in_section(&piece.location) || in_section(&other.location))
        {
            let location = if in_section(&piece.location) {
                &piece.location
            } else {
                &other.location
            };
            let mut d = Diagnostic::error(format!(
                "`{}` and `{}` both use the letter `{}`",
                other.key, piece.key, piece.letter
            ));
            if let Some(l) = location {
                d = d.at(&l.sub(0, 1));
            }
            diagnostics.push(d.with_label("every piece type needs a letter of its own"));
        }
    }
}

fn check_piece_references(
    def: &Definition,
    in_section: &dyn Fn(&Option<Location>) -> bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let defined: HashSet<char> = def.pieces.iter().map(|p| p.letter).collect();
    // A key that sets both colours shares its location with them: report once.
    let mut reported: HashSet<(usize, char)> = HashSet::new();
    for spec in KEYS {
        let setting = def.setting(spec.key);
        if !in_section(&setting.location) {
            continue;
        }
        let Some(location) = &setting.location else {
            continue;
        };
        let letters: Vec<char> = match (&setting.value, spec.ty) {
            (Value::Pieces(l), _) => l.clone(),
            // The second letters are new names, not pieces.
            (Value::PieceMap(pairs), _) if spec.key == Key::SanLetters => {
                pairs.iter().map(|(a, _)| *a).collect()
            }
            (Value::PieceMap(pairs), _) => pairs
                .iter()
                .flat_map(|(a, b)| [Some(*a), *b])
                .flatten()
                .collect(),
            (Value::PieceCounts(pairs), ValueType::PieceCounts)
                if !spec.name.starts_with("pieceValue") =>
            {
                pairs.iter().map(|(l, _)| *l).collect()
            }
            _ => continue,
        };
        for letter in letters {
            if letter == '*'
                || defined.contains(&letter)
                || !reported.insert((location.start, letter))
            {
                continue;
            }
            let text = location.text();
            let at = text
                .char_indices()
                .find(|(_, c)| c.to_ascii_lowercase() == letter)
                .map_or(0, |(i, _)| i);
            diagnostics.push(
                Diagnostic::error(format!(
                    "`{}` names the piece `{letter}`, which this variant does not define",
                    spec.name
                ))
                .at(&location.sub(at, at + 1))
                .with_label(
                    "define it with a piece key, e.g. `queen = q` or `customPiece1 = a:mWcF`",
                ),
            );
        }
    }
}

/// Ranks and files named by keys set in the section must lie on the board;
/// a region's parts off the board are ignored with a warning.
fn check_on_board(
    def: &Definition,
    board: &Board,
    in_section: &dyn Fn(&Option<Location>) -> bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for spec in KEYS {
        let setting = def.setting(spec.key);
        let Some(location) = setting
            .location
            .as_ref()
            .filter(|_| in_section(&setting.location))
        else {
            continue;
        };
        let whole = (0, location.text().len());
        let name = |start: usize, end: usize| {
            format!(
                "`{}` names `{}`, outside the {} × {} board",
                spec.name,
                &location.text()[start..end],
                board.files,
                board.ranks
            )
        };
        // Fairy-Stockfish reads the squares of a region that are off the
        // board and ignores them (its own variants.ini has such regions), so
        // a file that does so loads, with a warning.
        if let Value::Region(region) = &setting.value {
            for &(_, start, end) in region.outside(board) {
                diagnostics.push(
                    Diagnostic::warning(name(start, end))
                        .at(&location.sub(start, end))
                        .with_label(
                            "ignored, as Fairy-Stockfish ignores it: regions should lie on the board (see `maxFile` and `maxRank`)",
                        ),
                );
            }
            continue;
        }
        let off_board = match (spec.ty, &setting.value) {
            (ValueType::Rank, Value::Rank(r)) => *r >= board.ranks,
            (ValueType::RelativeRank, Value::Int(r)) => *r > i64::from(board.ranks),
            (ValueType::File, Value::File(f)) => *f >= board.files,
            _ => false,
        };
        if off_board {
            diagnostics.push(
                Diagnostic::error(name(whole.0, whole.1))
                    .at(&location.sub(whole.0, whole.1))
                    .with_label(
                        "squares, files and ranks must lie on the board (see `maxFile` and `maxRank`)",
                    ),
            );
        }
    }
}

/// Fairy-Stockfish's defaults are made for 8 × 8; on another board some of
/// them silently misfire. Each trap is a warning with its fix.
fn check_board_defaults(
    def: &Definition,
    board: &Board,
    section: &RawSection,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let default = |key: Key| def.setting(key).location.is_none();
    let mut warn = |message: String, help: String| {
        diagnostics.push(
            Diagnostic::warning(message)
                .at(&section.name_location)
                .with_label(help),
        );
    };
    if def.players() != 2 {
        return;
    }
    if def.bool(Key::Castling)
        && def.names(Key::CastlingSquares).is_empty()
        && board.files > 12
        && default(Key::CastlingRookKingsideFile)
    {
        let last = (b'a' + board.files - 1) as char;
        warn(
            format!(
                "the king-side castling rook is looked for up to file `l` (Fairy-Stockfish's default), but this board has {} files",
                board.files
            ),
            format!("set `castlingRookKingsideFile = {last}` if the rook starts in the corner"),
        );
    }
    let promotes = !def.names(Key::PromotionPieceTypes).is_empty()
        || matches!(def.value(Key::PromotionPieceTypes), Value::Pieces(p) if !p.is_empty());
    let pawn_keys_unset = [
        Key::PawnTypes,
        Key::PromotionPawnTypes,
        Key::PromotionPawnTypesWhite,
        Key::PromotionPawnTypesBlack,
        Key::NMoveRuleTypes,
    ]
    .into_iter()
    .all(default);
    if promotes
        && pawn_keys_unset
        && def
            .pieces
            .iter()
            .any(|p| p.letter == 'p' && p.key != "pawn")
    {
        warn(
            "a custom piece lettered `p` is not a pawn: it neither promotes nor resets the n-move counter".into(),
            "set `pawnTypes = p` (and `enPassantTypes = p`) to make it one".into(),
        );
    }
}

/// Rules that only a two-player position can carry.
fn check_two_player_rules(
    def: &Definition,
    in_section: &dyn Fn(&Option<Location>) -> bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let setting = def.setting(Key::CheckCounting);
    if def.players() > 2 && def.bool(Key::CheckCounting) && in_section(&setting.location) {
        let mut d = Diagnostic::error(format!(
            "`checkCounting` needs two players, but this variant has {}",
            def.players()
        ))
        .with_label(
            "the checks left are written in a two-player FEN; a FEN4 has no field for them",
        );
        if let Some(l) = &setting.location {
            d = d.at(l);
        }
        diagnostics.push(d);
    }
}

/// Checks the seat keys; false when they are too broken to read a position.
/// A value inherited from a parent is checked too, against this section's
/// board and seats, and reported at the section's header: a child that
/// changes the board can make a parent's squares fall off it.
fn check_seats(
    def: &Definition,
    header: &Location,
    in_section: &dyn Fn(&Option<Location>) -> bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let players = def.players();
    let mut ok = true;
    let mut report = |key: Key, message: String, label: &str| {
        let setting = def.setting(key);
        let mut d = Diagnostic::error(message.clone()).with_label(label.to_string());
        if let Some(l) = &setting.location {
            d = d.at(l);
        } else if let Some(l) = &def.location {
            d = d.at(l);
        }
        if in_section(&setting.location) || setting.location.is_none() {
            diagnostics.push(d);
        } else {
            diagnostics.push(
                Diagnostic::error(format!("{message}, in the value this section inherits"))
                    .at(header)
                    .with_label(format!("set `{}` here to fit this section", key.name())),
            );
        }
        ok = false;
    };
    if !(2..=8).contains(&players) {
        report(
            Key::Players,
            format!("a variant has 2 to 8 players, not {players}"),
            "set `players` between 2 and 8",
        );
        return false;
    }
    for key in [Key::SeatNames, Key::SeatLetters, Key::SeatForward] {
        let n = def.names(key).len();
        if n != players {
            report(
                key,
                format!("`{key}` lists {n} seats, but `players` is {players}"),
                "give one entry per seat, in turn order",
            );
        }
    }
    let letters = def.names(Key::SeatLetters);
    let mut seen = HashSet::new();
    for l in letters {
        let mut chars = l.chars();
        let valid = matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_lowercase() && c != 'x' && c != 'd');
        if !valid || !seen.insert(l.clone()) {
            report(
                Key::SeatLetters,
                format!("`{l}` is not a usable seat letter"),
                "each seat needs its own lower-case letter other than `x` (hole) and `d` (dead)",
            );
        }
    }
    for d in def.names(Key::SeatForward) {
        if !matches!(d.as_str(), "north" | "east" | "south" | "west") {
            report(
                Key::SeatForward,
                format!("`{d}` is not a direction"),
                "use north, east, south or west",
            );
        }
    }
    if let Value::Teams(teams) = def.value(Key::Teams) {
        let names = def.names(Key::SeatNames);
        let mut used = HashSet::new();
        for member in teams.iter().flatten() {
            if !names.contains(member) {
                report(
                    Key::Teams,
                    format!("`{member}` in `teams` is not a seat name"),
                    "use names from `seatNames`",
                );
            } else if !used.insert(member.clone()) {
                report(
                    Key::Teams,
                    format!("`{member}` is in more than one team"),
                    "each seat plays in one team",
                );
            }
        }
    }
    let board = def.board();
    // Inherited entries matter only where the section castles.
    let castling_entries =
        if def.bool(Key::Castling) || in_section(&def.setting(Key::CastlingSquares).location) {
            def.names(Key::CastlingSquares)
        } else {
            &[]
        };
    for entry in castling_entries {
        let parts: Vec<&str> = entry.split(':').collect();
        let valid = parts.len() == 6
            && def.names(Key::SeatNames).iter().any(|n| n == parts[0])
            && matches!(parts[1], "king" | "queen")
            && parts[2..].iter().all(|s| Square::parse(s).is_some());
        let off_board = parts
            .iter()
            .skip(2)
            .find(|s| Square::parse(s).is_some_and(|s| !board.contains(s)));
        if !valid {
            report(
                Key::CastlingSquares,
                format!("`{entry}` is not a castling entry"),
                "write `Seat:king:king-from:king-to:rook-from:rook-to` (or `queen`), with board squares",
            );
        } else if let Some(square) = off_board {
            report(
                Key::CastlingSquares,
                format!(
                    "`{entry}` names `{square}`, which is not on the {} × {} board",
                    board.files, board.ranks
                ),
                "castling squares must be on the board",
            );
        }
    }
    if let Value::Ints(scores) = def.value(Key::CheckScores)
        && !scores.is_empty()
        && scores.len() != 4
    {
        report(
            Key::CheckScores,
            format!("`checkScores` needs 4 numbers, found {}", scores.len()),
            "double check without and with a queen, then triple check without and with a queen",
        );
    }
    ok
}

fn check_start_position(
    def: &Definition,
    board: &Board,
    section: &RawSection,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let setting = def.setting(Key::StartFen);
    let Value::Text(fen) = &setting.value else {
        return;
    };
    let own = setting.location.as_ref().is_some_and(|l| {
        std::sync::Arc::ptr_eq(&l.file, &section.name_location.file)
            && l.start > section.name_location.start
    });
    let location = if own { setting.location.clone() } else { None };
    let what = if own {
        "`startFen`"
    } else {
        "the inherited `startFen`"
    };
    let error = |message: String, start: usize, end: usize, label: &str| {
        let d = Diagnostic::error(message).with_label(label.to_string());
        match &location {
            Some(l) => d.at(&l.sub(start, end)),
            None => d.at(&section.name_location),
        }
    };
    let seat_letters = def.seat_letters();
    let setup: Setup = match if def.players() > 2 {
        parse_fen4(fen, &seat_letters)
    } else {
        let counting = !matches!(def.value(Key::CountingRule), Value::Choice(c) if c == "none");
        parse_fen(fen, counting)
    } {
        Ok(setup) => setup,
        Err(e) => {
            diagnostics.push(error(
                format!("invalid {what}: {}", e.message),
                e.start,
                e.end,
                "see docs/variant-format.md for the FEN forms",
            ));
            return;
        }
    };
    if setup.files != board.files || setup.ranks != board.ranks {
        diagnostics.push(error(
            format!(
                "{what} describes a board of {} × {} squares, but this variant's board is {} × {}",
                setup.files, setup.ranks, board.files, board.ranks
            ),
            0,
            fen.find(' ').unwrap_or(fen.len()),
            "make `maxFile` and `maxRank` match the FEN",
        ));
        return;
    }
    let mut undefined = HashSet::new();
    for (square, piece) in &setup.pieces {
        if def.piece(piece.letter).is_none() {
            if !undefined.insert(piece.letter) {
                continue;
            }
            diagnostics.push(error(
                format!(
                    "the piece letter `{}` in {what} is not defined in this variant",
                    piece.letter
                ),
                piece.offset,
                piece.offset + 1,
                "define it with a piece key, or fix the FEN",
            ));
        } else if board.holes.contains(board.sq(*square)) {
            diagnostics.push(error(
                format!("{what} puts a piece on {square}, which is a hole"),
                piece.offset,
                piece.offset + 1,
                "holes can never be occupied",
            ));
        }
    }
    check_kings(def, &setup, &seat_letters, &error, diagnostics);
    check_black_double_step(def, &setup, section, diagnostics);
}

/// Fairy-Stockfish's default double-step region for Black is rank 7, made
/// for 8 ranks: on a taller or shorter board, Black pawns on their second
/// rank silently lose their double step.
fn check_black_double_step(
    def: &Definition,
    setup: &Setup,
    section: &RawSection,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(pawn) = def.pieces.iter().find(|p| p.key == "pawn") else {
        return;
    };
    let second = setup.ranks.saturating_sub(2);
    let stranded = def.players() == 2
        && setup.ranks != 8
        && def.bool(Key::DoubleStep)
        && def.int(Key::DoubleStepRelativeRank) == 0
        && def.setting(Key::DoubleStepRegionBlack).location.is_none()
        && setup.pieces.iter().any(|(square, p)| {
            p.letter == pawn.letter && p.seat == Some(Seat::new(1)) && square.rank == second
        });
    if stranded {
        diagnostics.push(
            Diagnostic::warning(format!(
                "Black's pawns on rank {} have no double step: Fairy-Stockfish's default region for it is rank 7, made for 8 ranks",
                second + 1
            ))
            .at(&section.name_location)
            .with_label(format!(
                "set `doubleStepRegionBlack = *{}` (or `doubleStepRelativeRank = 2`) if they should",
                second + 1
            )),
        );
    }
}

fn check_kings(
    def: &Definition,
    setup: &Setup,
    seat_letters: &[char],
    error: &dyn Fn(String, usize, usize, &str) -> Diagnostic,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(king) = def.pieces.iter().find(|p| p.key == "king") else {
        return;
    };
    if !def.bool(Key::Checking) || def.bool(Key::ExtinctionPseudoRoyal) {
        return;
    }
    let names = def.names(Key::SeatNames);
    let extinction_decides = !matches!(
        def.value(Key::ExtinctionValue),
        Value::Outcome(GameValue::None)
    ) && matches!(def.value(Key::ExtinctionPieceTypes), Value::Pieces(p) if !p.is_empty());
    for seat in 0..def.players() {
        let kings = setup
            .pieces
            .iter()
            .filter(|(_, p)| p.letter == king.letter && p.seat == Some(Seat::new(seat)) && !p.dead)
            .count();
        let name = names.get(seat).cloned().unwrap_or_else(|| seat.to_string());
        let letter = seat_letters.get(seat).copied().unwrap_or('?');
        // Fairy-Stockfish lets a side play without a king when extinction
        // decides its game (horde), and a king may wait in hand (placement).
        let kingless_allowed = extinction_decides || setup.has_pocket;
        if kings == 0 && !kingless_allowed {
            diagnostics.push(error(
                format!(
                    "{name} has no king (`{}`) in the start position, but checks are on",
                    king.letter
                ),
                0,
                0,
                &format!(
                    "give seat `{letter}` a king, or remove the royal piece with `king = -` and decide the game with `extinctionPieceTypes`"
                ),
            ));
        } else if kings > 1 {
            diagnostics.push(error(
                format!(
                    "{name} has {kings} kings (`{}`) in the start position; a royal piece must be unique",
                    king.letter
                ),
                0,
                0,
                "for several kings use `commoner` with extinction rules instead of `king`",
            ));
        }
    }
}
