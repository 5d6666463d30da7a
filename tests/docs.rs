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
