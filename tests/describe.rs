//! `describe` output, pinned by reviewed snapshots: text and markdown of
//! every shipped variant and of every fully supported section of
//! Fairy-Stockfish's `variants.ini` (tests/data/fsf); the JSON form's
//! shape; and the SVG pictures' structure.

mod common;

use tetrarch::catalog::Catalog;
use tetrarch::describe::{board_svg, markdown, overview, piece_svg, text};
use tetrarch::source::SourceFile;

const SHIPPED: [&str; 8] = [
    "chess",
    "tetrarchy",
    "tetrion-prime",
    "4pc-teams",
    "4pc-ffa",
    "4pc-solo",
    "cuatro-equipos",
    "cuatro-individual",
];

/// Text, then markdown.
fn both(catalog: &Catalog, name: &str) -> String {
    let o = overview(catalog.checked(name).expect("checked"));
    format!(
        "{}\n======== markdown ========\n\n{}",
        text(&o),
        markdown(&o)
    )
}

#[test]
fn describe_shipped_variants() {
    let catalog = Catalog::shipped();
    for name in SHIPPED {
        insta::assert_snapshot!(name, both(&catalog, name));
    }
}

#[test]
fn describe_fully_supported_fairy_stockfish_sections() {
    let mut catalog = Catalog::shipped();
    let ini = std::fs::read_to_string(common::data("fsf/variants.ini")).expect("variants.ini");
    let file = catalog.load(SourceFile::new("variants.ini", ini));
    let names: Vec<String> = catalog.files[file]
        .sections
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let mut described = 0;
    for name in &names {
        let Ok(def) = catalog.checked(name) else {
            continue;
        };
        if !def.fully_supported() {
            continue;
        }
        described += 1;
        insta::assert_snapshot!(format!("fsf-{name}"), both(&catalog, name));
    }
    assert!(described >= 50, "only {described} sections described");
}

#[test]
fn json_has_the_overview_fields_and_svgs_draw_every_piece() {
    let catalog = Catalog::shipped();
    for name in SHIPPED {
        let o = overview(catalog.checked(name).expect("shipped"));
        let json: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&o).expect("serialises")).expect("JSON");
        for field in ["name", "seats", "start", "start_board", "pieces", "rules"] {
            assert!(json.get(field).is_some(), "{name}: {field}");
        }
        assert_eq!(
            json["pieces"].as_array().map(Vec::len),
            Some(o.pieces.len())
        );
        let board = board_svg(&o).expect("a start position");
        assert!(
            board.starts_with("<svg") && board.ends_with("</svg>\n"),
            "{name}"
        );
        // One disc per piece of the start position.
        let pieces = o
            .start_board
            .iter()
            .flatten()
            .filter(|c| matches!(c, tetrarch::describe::Cell::Piece { .. }))
            .count();
        assert_eq!(board.matches("<circle").count(), pieces, "{name}");
        for piece in &o.pieces {
            let svg = piece_svg(piece).expect("a diagram");
            assert!(svg.contains(&format!("<title>{} ", piece.key)), "{name}");
        }
    }
}

/// `docs/variants/` holds each shipped variant's page as `describe
/// --format markdown` writes it; regenerate with
/// `for v in chess tetrarchy …; do tetrarch describe $v --format markdown --out docs/variants; done`.
#[test]
fn the_variant_pages_in_docs_are_current() {
    let catalog = Catalog::shipped();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/variants");
    for name in SHIPPED {
        let page = std::fs::read_to_string(dir.join(format!("{name}.md")))
            .unwrap_or_else(|e| panic!("docs/variants/{name}.md: {e}"));
        let current = markdown(&overview(catalog.checked(name).expect("shipped")));
        assert!(
            page == current,
            "docs/variants/{name}.md is out of date: run `tetrarch describe {name} --format markdown --out docs/variants`"
        );
    }
}

/// Words of the variant file reach the markdown escaped: a seat name can
/// open no HTML, emphasis or link (the first seat's name was written
/// unescaped in the pieces' introduction).
#[test]
fn markdown_escapes_the_names_a_variant_file_gives() {
    let mut catalog = Catalog::shipped();
    catalog.load(SourceFile::new(
        "names.ini",
        "[x:chess]\nseatNames = <b>W*</b> [B](javascript:alert)\n".to_string(),
    ));
    let page = markdown(&overview(catalog.checked("x").expect("no errors")));
    assert!(
        page.contains("- seats: \\<b\\>W\\*\\</b\\> (w, moves north), [B\\](javascript:alert)"),
        "{page}"
    );
    assert!(
        page.contains("the first seat (\\<b\\>W\\*\\</b\\>)"),
        "{page}"
    );
    assert!(!page.contains("<b>"), "{page}");
}
