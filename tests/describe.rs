//! `describe` output of shipped variants, pinned by reviewed snapshots.

use tetrarch::catalog::Catalog;
use tetrarch::cli::describe::describe;

#[test]
fn describe_shipped_variants() {
    let catalog = Catalog::shipped();
    for name in ["tetrarchy", "4pc-ffa"] {
        let def = catalog.get(name).expect("shipped");
        insta::assert_snapshot!(name, describe(def));
    }
}
