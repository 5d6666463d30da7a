//! `describe` output of shipped variants, pinned by reviewed snapshots.

use tetrarch::catalog::Catalog;
use tetrarch::cli::describe::describe;

#[test]
fn describe_shipped_variants() {
    let catalog = Catalog::shipped();
    for name in [
        "chess",
        "tetrarchy",
        "tetrion-prime",
        "4pc-teams",
        "4pc-ffa",
        "4pc-solo",
        "cuatro-equipos",
        "cuatro-individual",
    ] {
        let def = catalog.checked(name).expect("shipped");
        insta::assert_snapshot!(name, describe(def));
    }
}
