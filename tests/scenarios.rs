//! Every scenario file under `tests/scenarios/` passes, and its full event
//! log is pinned by a reviewed snapshot (`tests/snapshots/scenarios/`, one
//! per file, named after its path).

use std::path::Path;

use tetrarch::game::scenario::{run_file, scenario_files};

#[test]
fn every_scenario_passes_with_its_reviewed_event_log() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = scenario_files(&root);
    assert!(files.len() >= 80, "only {} scenario files", files.len());
    for path in files {
        let name = path
            .strip_prefix(&root)
            .expect("under tests/scenarios")
            .with_extension("")
            .display()
            .to_string()
            .replace(['/', '\\'], "__");
        let report = run_file(&path).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        if let Some(failure) = &report.failure {
            panic!("{}: {failure}\n{}", path.display(), report.log.join("\n"));
        }
        let mut log = report.title.clone().unwrap_or_default();
        for line in &report.log {
            log.push('\n');
            log.push_str(line);
        }
        insta::with_settings!({
            snapshot_path => "snapshots/scenarios",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(&path).display().to_string(),
        }, {
            insta::assert_snapshot!(name, log);
        });
    }
}
