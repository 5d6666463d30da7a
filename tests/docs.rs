//! The documentation stays true to the code.

use tetrarch::definition::keys::{KEYS, reference_markdown};

#[test]
fn variant_format_ends_with_the_current_key_reference() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/variant-format.md"
    ))
    .expect("docs/variant-format.md");
    assert!(
        doc.ends_with(&reference_markdown()),
        "docs/variant-format.md is out of date: replace everything from `### Fairy-Stockfish keys` \
         with the output of `tetrarch keys`"
    );
}

#[test]
fn every_key_has_a_doc_and_an_example_of_itself() {
    for key in KEYS {
        assert!(!key.doc.is_empty(), "{} has no doc", key.name);
        assert!(
            key.example.starts_with(&format!("{} =", key.name)),
            "the example of {} is `{}`",
            key.name,
            key.example
        );
    }
}

/// The files through which a definition reaches the engine: the compiler and
/// what it reads of a definition.
const ENGINE_INPUTS: &[&str] = &[
    "src/rules/compile/mod.rs",
    "src/rules/compile/lines.rs",
    "src/rules/compile/topics.rs",
    "src/rules/compile/derive.rs",
    "src/rules/adjudication.rs",
    "src/rules/match_rules.rs",
    "src/rules/mod.rs",
    "src/definition/mod.rs",
    "src/definition/build.rs",
];

#[test]
fn every_key_marked_rules_is_read_on_the_way_to_the_engine() {
    use tetrarch::definition::keys::{Origin, Support};
    let code: String = ENGINE_INPUTS
        .iter()
        .map(|f| std::fs::read_to_string(format!("{}/{f}", env!("CARGO_MANIFEST_DIR"))).expect(f))
        .collect();
    for key in KEYS.iter().filter(|k| k.support == Support::Rules) {
        // Code names a key as `Key::CastlingRank`; Fairy-Stockfish's
        // deprecated rank keys are turned into regions by `build`.
        let ident = format!("Key::{:?}", key.key);
        let read = code
            .split(ident.as_str())
            .skip(1)
            .any(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
            || key.origin == Origin::FsfDeprecated && key.name.contains("Rank");
        assert!(
            read,
            "`{}` is marked as a rule tetrarch plays, but no engine code reads it: \
             mark it `Accepted` (not enforced yet) or implement it",
            key.name
        );
    }
}
