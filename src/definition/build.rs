//! Applying a section's entries to its parent's definition.

use std::collections::HashMap;

use super::keys::{self, Key, KeySpec, Origin, Support};
use super::pieces::{self, NAMED_PIECES, PieceKind};
use super::value::{Value, parse_value};
use super::{Definition, Piece, Setting, suggest, validate};
use crate::betza::Betza;
use crate::board::{Region, RegionPart};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ini::{RawEntry, RawSection};

/// Keys that set the White and Black forms of a key at once. Fairy-Stockfish
/// applies them before the specific forms, whatever the order in the file.
const BOTH_COLOURS: &[(Key, &[Key])] = &[
    (
        Key::PawnTypes,
        &[
            Key::PromotionPawnTypes,
            Key::PromotionPawnTypesWhite,
            Key::PromotionPawnTypesBlack,
            Key::EnPassantTypes,
            Key::EnPassantTypesWhite,
            Key::EnPassantTypesBlack,
            Key::NMoveRuleTypes,
            Key::NMoveRuleTypesWhite,
            Key::NMoveRuleTypesBlack,
        ],
    ),
    (
        Key::PromotionPawnTypes,
        &[Key::PromotionPawnTypesWhite, Key::PromotionPawnTypesBlack],
    ),
    (
        Key::PromotionPieceTypes,
        &[Key::PromotionPieceTypesWhite, Key::PromotionPieceTypesBlack],
    ),
    (
        Key::EnPassantTypes,
        &[Key::EnPassantTypesWhite, Key::EnPassantTypesBlack],
    ),
    (
        Key::CastlingKingPiece,
        &[Key::CastlingKingPieceWhite, Key::CastlingKingPieceBlack],
    ),
    (
        Key::CastlingRookPieces,
        &[Key::CastlingRookPiecesWhite, Key::CastlingRookPiecesBlack],
    ),
    (
        Key::CastlingRookPiece,
        &[Key::CastlingRookPiecesWhite, Key::CastlingRookPiecesBlack],
    ),
    (
        Key::NMoveRuleTypes,
        &[Key::NMoveRuleTypesWhite, Key::NMoveRuleTypesBlack],
    ),
    (Key::FlagPiece, &[Key::FlagPieceWhite, Key::FlagPieceBlack]),
    (
        Key::FlagRegion,
        &[Key::FlagRegionWhite, Key::FlagRegionBlack],
    ),
    (
        Key::EnPassantRegion,
        &[Key::EnPassantRegionWhite, Key::EnPassantRegionBlack],
    ),
    (Key::WhiteFlag, &[Key::FlagRegionWhite]),
    (Key::BlackFlag, &[Key::FlagRegionBlack]),
    (
        Key::WallingRegion,
        &[Key::WallingRegionWhite, Key::WallingRegionBlack],
    ),
    (Key::Pass, &[Key::PassWhite, Key::PassBlack]),
    (
        Key::PassOnStalemate,
        &[Key::PassOnStalemateWhite, Key::PassOnStalemateBlack],
    ),
    (Key::WhiteDropRegion, &[Key::DropRegionWhite]),
    (Key::BlackDropRegion, &[Key::DropRegionBlack]),
];

/// Builds the definition of `section` on top of `base` (its parent's
/// definition, or the template), reporting problems into `diagnostics`.
pub fn build_definition(
    section: &RawSection,
    mut base: Definition,
    diagnostics: &mut Vec<Diagnostic>,
) -> Definition {
    base.name = section.name.clone();
    base.parent = section.parent.clone();
    base.location = Some(section.name_location.clone());
    let def = &mut base;

    warn_repeated_keys(section, diagnostics);
    apply_piece_keys(def, section, diagnostics);
    // Keys that set both colours before the specific ones.
    let is_alias = |e: &&RawEntry| BOTH_COLOURS.iter().any(|(k, _)| k.name() == e.key);
    let ordered = section
        .entries
        .iter()
        .filter(is_alias)
        .chain(section.entries.iter().filter(|e| !is_alias(e)));
    let mut deprecated_ranks = Vec::new();
    // The promotions inherited before the section set `promotedPieceType`.
    let mut inherited_promotions: Option<Vec<(char, Option<char>)>> = None;
    for entry in ordered {
        if pieces::piece_kind(&entry.key).is_some() {
            continue;
        }
        if let Some((seat, piece)) = keys::mobility_key(&entry.key) {
            match Region::parse(&entry.value) {
                Ok(region) => {
                    def.mobility
                        .retain(|(p, s, _)| !(p == &piece && *s == seat));
                    def.mobility.push((piece, seat, region));
                }
                Err((message, start, end)) => diagnostics.push(
                    Diagnostic::error(format!("invalid value for `{}`: {message}", entry.key))
                        .at(&entry.value_location.sub(start, end)),
                ),
            }
            continue;
        }
        let Some(spec) = keys::find(&entry.key) else {
            diagnostics.push(unknown_key(entry));
            continue;
        };
        let value = match parse_value(spec.ty, &entry.value) {
            Ok(value) => value,
            Err(e) => {
                diagnostics.push(
                    Diagnostic::error(format!("invalid value for `{}`: {}", spec.name, e.message))
                        .at(&entry.value_location.sub(e.start, e.end))
                        .with_label(format!(
                            "`{}` takes a value of type: {}",
                            spec.name,
                            spec.ty.describe()
                        )),
                );
                continue;
            }
        };
        // A child that sets the key again decides anew: an inherited
        // unsupported value no longer counts once it is turned off.
        let feature = format!("`{}`", spec.name);
        def.unsupported.retain(|f| *f != feature);
        if spec.support == Support::Unsupported && value != default_of(spec) {
            diagnostics.push(
                Diagnostic::unsupported(format!("`{}` is not supported yet", spec.name))
                    .at(&entry.key_location)
                    .with_label(spec.doc),
            );
            def.unsupported.push(feature);
        }
        if spec.support == Support::Accepted && value != default_of(spec) {
            diagnostics.push(
                Diagnostic::warning(format!("`{}` is read but not enforced yet", spec.name))
                    .at(&entry.key_location)
                    .with_label(spec.doc),
            );
        }
        if spec.origin == Origin::FsfDeprecated && spec.name.contains("Rank") {
            deprecated_ranks.push((spec.name, value.clone(), entry));
        }
        if spec.key == Key::PromotedPieceType
            && inherited_promotions.is_none()
            && let Value::PieceMap(old) = def.value(spec.key)
        {
            inherited_promotions = Some(old.clone());
        }
        let setting = Setting {
            value,
            location: Some(entry.value_location.clone()),
        };
        if let Some((_, targets)) = BOTH_COLOURS.iter().find(|(k, _)| *k == spec.key) {
            for &target in *targets {
                def.set(target, setting.clone());
            }
        }
        def.set(spec.key, setting);
    }
    if let Some(inherited) = inherited_promotions {
        keep_inherited_promotions(def, inherited);
    }
    apply_deprecated_ranks(def, &deprecated_ranks);
    add_en_passant_pieces(def);
    validate::validate(def, section, diagnostics);
    base
}

/// Warns of each key a section sets more than once (the last value wins).
fn warn_repeated_keys(section: &RawSection, diagnostics: &mut Vec<Diagnostic>) {
    let mut first_seen: HashMap<&str, &RawEntry> = HashMap::new();
    for entry in &section.entries {
        if let Some(first) = first_seen.insert(&entry.key, entry) {
            let (line, _) = first.key_location.line_col();
            diagnostics.push(
                Diagnostic::warning(format!(
                    "`{}` is set more than once; the last value wins",
                    entry.key
                ))
                .at(&entry.key_location)
                .with_label(format!("first set on line {line}")),
            );
        }
    }
}

/// Applies the section's piece keys, before the others: piece sets
/// elsewhere refer to their letters. A letter taken from an inherited piece
/// replaces that piece, as in Fairy-Stockfish; two pieces of this section
/// with one letter are an error (reported by validation).
fn apply_piece_keys(def: &mut Definition, section: &RawSection, diagnostics: &mut Vec<Diagnostic>) {
    let mut defined_here: Vec<&str> = Vec::new();
    let mut replaced: Vec<char> = Vec::new();
    let mut relettered: Vec<(char, char)> = Vec::new();
    for entry in &section.entries {
        if let Some(kind) = pieces::piece_kind(&entry.key) {
            if let Some(letter) = entry.value.chars().next().filter(char::is_ascii_alphabetic) {
                let letter = letter.to_ascii_lowercase();
                if let Some(old) = def
                    .pieces
                    .iter()
                    .find(|p| p.key == entry.key && p.letter != letter)
                {
                    relettered.push((old.letter, letter));
                }
                let other_type = def.pieces.iter().any(|p| {
                    p.letter == letter
                        && p.key != entry.key
                        && !defined_here.contains(&p.key.as_str())
                });
                if other_type {
                    replaced.push(letter);
                }
                def.pieces
                    .retain(|p| p.letter != letter || defined_here.contains(&p.key.as_str()));
            }
            apply_piece(def, entry, kind, diagnostics);
            defined_here.push(&entry.key);
        }
    }
    forget_replaced_types(def, &replaced);
    follow_new_letters(def, &relettered);
}

/// As in Fairy-Stockfish, `promotedPieceType` changes only the promotions it
/// names: the inherited ones of other pieces stay, where both pieces are
/// still defined.
fn keep_inherited_promotions(def: &mut Definition, inherited: Vec<(char, Option<char>)>) {
    let Value::PieceMap(written) = def.value(Key::PromotedPieceType).clone() else {
        return;
    };
    let defined = |letter: char| def.pieces.iter().any(|p| p.letter == letter);
    let mut merged: Vec<(char, Option<char>)> = inherited
        .into_iter()
        .filter(|&(from, to)| {
            !written.iter().any(|&(f, _)| f == from) && defined(from) && to.is_none_or(defined)
        })
        .collect();
    merged.extend(written);
    let location = def.setting(Key::PromotedPieceType).location.clone();
    def.set(
        Key::PromotedPieceType,
        Setting {
            value: Value::PieceMap(merged),
            location,
        },
    );
}

/// A piece set inherited from the parent names the parent's piece types:
/// when this section gives one of their letters to another type, that type
/// leaves the set (Fairy-Stockfish removes a replaced type from its sets, so
/// `promotionPieceTypes = nbrq` of chess does not offer a custom `b`).
fn forget_replaced_types(def: &mut Definition, replaced: &[char]) {
    if replaced.is_empty() {
        return;
    }
    for spec in keys::KEYS {
        let setting = def.setting(spec.key);
        let Value::Pieces(letters) = &setting.value else {
            continue;
        };
        if setting.location.is_none() || !letters.iter().any(|l| replaced.contains(l)) {
            continue;
        }
        let kept = letters
            .iter()
            .copied()
            .filter(|l| !replaced.contains(l))
            .collect();
        let location = setting.location.clone();
        def.set(
            spec.key,
            Setting {
                value: Value::Pieces(kept),
                location,
            },
        );
    }
}

/// Fairy-Stockfish's piece sets hold types, not letters: when this section
/// gives an inherited piece a new letter (`archbishop = a` under a parent
/// where it was `j`), the inherited sets, maps and counts follow it.
fn follow_new_letters(def: &mut Definition, relettered: &[(char, char)]) {
    if relettered.is_empty() {
        return;
    }
    let new = |l: char| {
        relettered
            .iter()
            .find(|(old, _)| *old == l)
            .map_or(l, |&(_, new)| new)
    };
    for spec in keys::KEYS {
        let setting = def.setting(spec.key);
        let value = match &setting.value {
            Value::Pieces(letters) => Value::Pieces(letters.iter().map(|&l| new(l)).collect()),
            Value::PieceMap(pairs) => {
                Value::PieceMap(pairs.iter().map(|&(a, b)| (new(a), b.map(new))).collect())
            }
            Value::PieceCounts(counts) => {
                Value::PieceCounts(counts.iter().map(|&(l, n)| (new(l), n)).collect())
            }
            _ => continue,
        };
        if setting.location.is_none() || value == setting.value {
            continue;
        }
        let location = setting.location.clone();
        def.set(spec.key, Setting { value, location });
    }
}

fn default_of(spec: &KeySpec) -> Value {
    parse_value(spec.ty, spec.default).expect("every default in the key table parses")
}

fn unknown_key(entry: &RawEntry) -> Diagnostic {
    let candidates = keys::KEYS
        .iter()
        .map(|k| k.name)
        .chain(NAMED_PIECES.iter().map(|(name, _)| *name));
    let diagnostic =
        Diagnostic::error(format!("unknown key `{}`", entry.key)).at(&entry.key_location);
    match suggest::closest(&entry.key, candidates) {
        Some(best) => diagnostic.with_label(format!("help: did you mean `{best}`?")),
        None => diagnostic
            .with_label("not a Fairy-Stockfish or tetrarch key; see docs/variant-format.md"),
    }
}

fn apply_piece(
    def: &mut Definition,
    entry: &RawEntry,
    kind: PieceKind,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Defining the piece again replaces an inherited unsupported Betza.
    let feature = format!("Betza of `{}`", entry.key);
    def.unsupported.retain(|f| *f != feature);
    let value = entry.value.as_str();
    let Some(first) = value.chars().next() else {
        return;
    };
    if !first.is_ascii_alphabetic() {
        if first != '-' {
            diagnostics.push(
                Diagnostic::error(format!("`{first}` is not a piece letter"))
                    .at(&entry.value_location.sub(0, first.len_utf8()))
                    .with_label(format!(
                        "write a letter to define `{}`, or `-` to remove it",
                        entry.key
                    )),
            );
        }
        def.pieces.retain(|p| p.key != entry.key);
        return;
    }
    let letter = first.to_ascii_lowercase();
    let takes_betza = matches!(kind, PieceKind::Custom(_)) || entry.key == "king";
    let rest = &value[1..];
    let betza_text = if rest.is_empty() {
        match kind {
            PieceKind::Named(i) => NAMED_PIECES[i].1,
            PieceKind::Custom(_) => {
                diagnostics.push(
                    Diagnostic::error(format!(
                        "`{}` needs its moves: `{letter}:` and a Betza string",
                        entry.key
                    ))
                    .at(&entry.value_location)
                    .with_label("for example `customPiece1 = a:mWcF`"),
                );
                ""
            }
        }
    } else if !rest.starts_with(':') {
        diagnostics.push(
            Diagnostic::error(format!("a piece is written as one letter, optionally followed by `:` and its moves, not `{value}`"))
                .at(&entry.value_location.sub(1, value.len()))
                .with_label("expected `:` after the letter"),
        );
        return;
    } else if takes_betza {
        &rest[1..]
    } else {
        diagnostics.push(
            Diagnostic::warning(format!(
                "`{}` has fixed moves; the Betza string after the letter is ignored",
                entry.key
            ))
            .at(&entry.value_location.sub(1, value.len()))
            .with_label("only `king` and `customPieceN` take moves"),
        );
        match kind {
            PieceKind::Named(i) => NAMED_PIECES[i].1,
            PieceKind::Custom(_) => "",
        }
    };
    // Where the Betza text starts in the value, if it was written there.
    let written = takes_betza && rest.starts_with(':');
    let betza_offset = if written { 2 } else { 0 };
    let located = written;
    let parsed = match kind {
        PieceKind::Named(i) if !written => Ok(pieces::named_betza(i).clone()),
        _ => Betza::parse(betza_text),
    };
    let betza = match parsed {
        Ok(betza) => {
            if located {
                for note in betza.fsf_differences() {
                    diagnostics.push(
                        Diagnostic::warning(note.message).at(&entry
                            .value_location
                            .sub(betza_offset + note.start, betza_offset + note.end)),
                    );
                }
            }
            betza
        }
        Err(e) => {
            let location = entry
                .value_location
                .sub(betza_offset + e.start, betza_offset + e.end);
            let diagnostic = match e.severity {
                Severity::Unsupported => {
                    def.unsupported.push(format!("Betza of `{}`", entry.key));
                    Diagnostic::unsupported(e.message)
                }
                _ => Diagnostic::error(format!("invalid Betza for `{}`: {}", entry.key, e.message)),
            };
            diagnostics.push(diagnostic.at(&location));
            Betza::default()
        }
    };
    def.pieces.retain(|p| p.key != entry.key);
    def.pieces.push(Piece {
        key: entry.key.clone(),
        letter,
        betza,
        location: Some(entry.value_location.clone()),
    });
}

/// Fairy-Stockfish's old rank keys set regions relative to each colour.
fn apply_deprecated_ranks(def: &mut Definition, ranks: &[(&'static str, Value, &RawEntry)]) {
    let max_rank = def.board().ranks;
    for (name, value, entry) in ranks {
        let Value::Rank(rank) = value else { continue };
        let region = |range: std::ops::RangeInclusive<u8>| {
            Value::Region(Region {
                parts: range.map(|r| (RegionPart::Rank(r), 0, 0)).collect(),
            })
        };
        let mirrored = |r: u8| max_rank.saturating_sub(1).saturating_sub(r);
        let (white, black) = match *name {
            "promotionRank" => (
                region(*rank..=max_rank.saturating_sub(1)),
                region(0..=mirrored(*rank)),
            ),
            _ => (
                region(*rank..=*rank),
                region(mirrored(*rank)..=mirrored(*rank)),
            ),
        };
        let (white_key, black_key) = if *name == "promotionRank" {
            (Key::PromotionRegionWhite, Key::PromotionRegionBlack)
        } else {
            (Key::DoubleStepRegionWhite, Key::DoubleStepRegionBlack)
        };
        for (key, value) in [(white_key, white), (black_key, black)] {
            def.set(
                key,
                Setting {
                    value,
                    location: Some(entry.value_location.clone()),
                },
            );
        }
    }
}

/// A custom piece with `e` in its moves may capture en passant (as in
/// Fairy-Stockfish, which adds it to the en-passant types of both colours).
fn add_en_passant_pieces(def: &mut Definition) {
    let Some(first) = def
        .pieces
        .iter()
        .find(|p| p.key.starts_with("customPiece") && p.betza.text.contains('e'))
    else {
        return;
    };
    let location = first.location.clone();
    let letters: Vec<char> = def
        .pieces
        .iter()
        .filter(|p| p.key.starts_with("customPiece") && p.betza.text.contains('e'))
        .map(|p| p.letter)
        .collect();
    for key in [Key::EnPassantTypesWhite, Key::EnPassantTypesBlack] {
        let setting = def.setting(key).clone();
        if !matches!(setting.value, Value::Pieces(_)) {
            continue;
        }
        // Resolve the set to letters first (a default names Fairy-Stockfish's
        // types, not letters); the added letters then stand for themselves.
        let mut resolved: Vec<char> = def
            .piece_set(key)
            .iter()
            .zip(&def.pieces)
            .filter(|(named, _)| **named)
            .map(|(_, p)| p.letter)
            .collect();
        for l in &letters {
            if !resolved.contains(l) {
                resolved.push(*l);
            }
        }
        def.set(
            key,
            Setting {
                value: Value::Pieces(resolved),
                location: setting.location.or_else(|| location.clone()),
            },
        );
    }
}
