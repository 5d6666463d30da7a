//! What the fuzz targets share: the variants they play (the shipped ones
//! and every section of Fairy-Stockfish's `variants.ini` that compiles)
//! and the invariants every position they reach must keep.

use std::sync::{Arc, LazyLock};

use tetrarch::catalog::Catalog;
use tetrarch::moves::MoveList;
use tetrarch::notation::move_name;
use tetrarch::perft::perft;
use tetrarch::position::Position;
use tetrarch::rules::{RuleTable, compile};
use tetrarch::source::SourceFile;

/// A compiled variant and its start position.
pub struct Variant {
    /// The rules.
    pub rules: Arc<RuleTable>,
    /// The start position (FEN or FEN4).
    pub start: String,
}

/// Every variant the targets play, in name order.
pub static VARIANTS: LazyLock<Vec<Variant>> = LazyLock::new(|| {
    let mut catalog = Catalog::shipped();
    let text = include_str!("../../tests/data/fsf/variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    catalog
        .names()
        .into_iter()
        .filter_map(|name| {
            let definition = catalog.checked(name).ok()?;
            let rules = compile(definition).ok()?;
            Some(Variant {
                rules: Arc::new(rules),
                start: definition.start_fen().to_string(),
            })
        })
        .collect()
});

/// A fuzz input read as `variant name`, newline, `text`, newline, then
/// bytes that choose moves: the seed corpora are written so, and mutations
/// keep the shape. `None` where the name or text is not UTF-8.
pub fn split(data: &[u8]) -> Option<(&str, &str, &[u8])> {
    let mut parts = data.splitn(3, |&b| b == b'\n');
    let name = std::str::from_utf8(parts.next()?).ok()?;
    let text = std::str::from_utf8(parts.next().unwrap_or_default()).ok()?;
    Some((name, text, parts.next().unwrap_or_default()))
}

/// The variant of that name among those with two seats (`Some(2)`), more
/// (`Some(4)`) or any number (`None`); an unknown name picks one by its
/// bytes, so that every input plays some variant.
pub fn pick(name: &str, seats: Option<usize>) -> &'static Variant {
    let chosen: Vec<&Variant> = VARIANTS
        .iter()
        .filter(|v| seats.is_none_or(|n| (v.rules.seats.len() == 2) == (n == 2)))
        .collect();
    if let Some(v) = chosen.iter().find(|v| v.rules.name == name) {
        return v;
    }
    let sum = name
        .bytes()
        .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
    chosen[sum % chosen.len()]
}

/// Checks what every position must keep, and panics (a fuzz finding) where
/// one does not:
///
/// - the incremental hash equals one computed from scratch;
/// - the position's text read back is the same text and hash;
/// - perft(1) and the bulk count equal the number of legal moves listed,
///   and no two moves have the same name;
/// - after each legal move the mover's king (and, where losing any of them
///   loses, every pseudo-royal piece it had) is not attacked;
/// - make then unmake restores the hash (and `random_play` checks that
///   unmaking a whole game restores the text).
pub fn check_position(pos: &mut Position) {
    let rules = pos.shared_rules().clone();
    assert_eq!(pos.hash(), pos.recompute_hash(), "hash of {}", pos.text());
    let text = pos.text();
    let reread = Position::from_text(rules.clone(), &text).unwrap_or_else(|e| {
        panic!(
            "{}: its own text {text} does not read back: {e}",
            rules.name
        )
    });
    assert_eq!(reread.text(), text, "{}: text read back", rules.name);
    assert_eq!(
        reread.hash(),
        pos.hash(),
        "{}: hash read back of {text}",
        rules.name
    );

    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    let moves = list.as_slice().to_vec();
    assert_eq!(
        pos.count_legal_moves(),
        moves.len() as u64,
        "{}: bulk count of {text}",
        rules.name
    );
    if !moves.is_empty() {
        assert_eq!(
            perft(pos, 1),
            moves.len() as u64,
            "{}: perft 1 of {text}",
            rules.name
        );
    }
    let mut names: Vec<String> = moves.iter().map(|m| move_name(pos, m)).collect();
    names.sort_unstable();
    let listed = names.len();
    names.dedup();
    assert_eq!(
        names.len(),
        listed,
        "{}: a move listed twice in {text}",
        rules.name
    );

    let us = pos.to_move();
    let royal = pos.royal(us).is_some() && !pos.is_eliminated(us);
    let pseudo_royal_each = rules.royalty.pseudo.is_some_and(|pseudo| !pseudo.duple);
    let hash = pos.hash();
    for mv in moves {
        let name = move_name(pos, &mv);
        let before = pos.pseudo_royals(us);
        pos.make(mv);
        if royal {
            assert!(
                !pos.in_check(us),
                "{}: {name} leaves the king attacked in {text}",
                rules.name
            );
        }
        // A move that ends the game at once (atomic: exploding the enemy's
        // king) is legal whatever it leaves attacked, as in Fairy-Stockfish.
        if pseudo_royal_each && !pos.is_eliminated(us) && pos.immediate_end().is_none() {
            // Those standing before the move, the mover followed to its
            // square: a piece that becomes one by promoting is not checked
            // (as in Fairy-Stockfish: backrank's `c8c7+` into an attack).
            let pieces = before
                .iter()
                .map(|s| if Some(s) == mv.from() { mv.to() } else { s });
            assert!(
                pieces.into_iter().all(|s| !pos.attacked_by_enemy(s, us)),
                "{}: {name} leaves a pseudo-royal piece attacked in {text}",
                rules.name
            );
        }
        assert_eq!(
            pos.hash(),
            pos.recompute_hash(),
            "{}: hash after {name} in {text}",
            rules.name
        );
        pos.unmake();
        assert_eq!(
            pos.hash(),
            hash,
            "{}: hash after unmaking {name} in {text}",
            rules.name
        );
    }
}
