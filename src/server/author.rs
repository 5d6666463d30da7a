//! The author page's check: a variant file's text in, the same findings as
//! `tetrarch check` out (each diagnostic with its line and column for the
//! editor, and rendered as the command line shows it), and for one of its
//! sections the overview of `tetrarch describe`: the rules in words, a
//! movement diagram per piece and the start position.

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::check::{Support, check_until};
use crate::describe::{Overview, board_svg, overview, piece_svg};
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

/// The name the edited file has in diagnostics.
pub const FILE_NAME: &str = "variant.ini";

/// The longest file the author page checks, in bytes.
pub const MAX_TEXT: usize = 256 * 1024;

/// The most diagnostics sent back; the rest are counted.
const MAX_DIAGNOSTICS: usize = 200;

/// What the author page sends.
#[derive(Debug, Deserialize)]
pub struct CheckRequest {
    /// The variant file.
    pub text: String,
    /// The section to describe (default: the file's first section that
    /// can be described).
    #[serde(default)]
    pub section: Option<String>,
}

/// One diagnostic, placed for the editor.
#[derive(Debug, Serialize)]
pub struct DiagnosticView {
    /// `error`, `warning` or `unsupported`.
    pub severity: String,
    /// The sentence.
    pub message: String,
    /// The remark after the carets (`did you mean …`).
    pub label: Option<String>,
    /// The file it points into (the edited file is [`FILE_NAME`]; a
    /// shipped parent is `<shipped>/…`), if it points anywhere.
    pub file: Option<String>,
    /// 1-based line of its start.
    pub line: Option<usize>,
    /// 1-based column (in characters) of its start.
    pub column: Option<usize>,
    /// 1-based line of its end.
    pub end_line: Option<usize>,
    /// 1-based column of its end (exclusive).
    pub end_column: Option<usize>,
    /// As `tetrarch check` prints it.
    pub rendered: String,
}

/// One section of the file and how far it can be played.
#[derive(Debug, Serialize)]
pub struct SectionView {
    /// Its name.
    pub name: String,
    /// `full`, `not-enforced`, `unsupported` or `errors`.
    pub support: &'static str,
}

/// A piece's movement diagram.
#[derive(Debug, Serialize)]
pub struct DiagramView {
    /// The piece's letter.
    pub letter: char,
    /// The SVG picture.
    pub svg: String,
}

/// The answer to a check.
#[derive(Debug, Serialize)]
pub struct CheckReply {
    /// The diagnostics (at most 200).
    pub diagnostics: Vec<DiagnosticView>,
    /// How many more there were.
    pub hidden: usize,
    /// `check`'s one-line summary.
    pub summary: String,
    /// The file's sections.
    pub sections: Vec<SectionView>,
    /// The section described, if one could be.
    pub described: Option<String>,
    /// Its overview.
    pub overview: Option<Overview>,
    /// Its pieces' diagrams.
    pub diagrams: Vec<DiagramView>,
    /// Its start position.
    pub start_svg: Option<String>,
    /// Whether it can be played in a room (no errors, nothing unsupported).
    pub playable: bool,
}

fn view(d: &Diagnostic) -> DiagnosticView {
    let place = d.location.as_ref().map(|l| {
        let (line, column) = l.line_col();
        let (end_line, end_column) = l.file.line_col(l.end);
        (l.file.name.clone(), line, column, end_line, end_column)
    });
    DiagnosticView {
        severity: d.severity.to_string(),
        message: d.message.clone(),
        label: d.label.clone(),
        file: place.as_ref().map(|p| p.0.clone()),
        line: place.as_ref().map(|p| p.1),
        column: place.as_ref().map(|p| p.2),
        end_line: place.as_ref().map(|p| p.3),
        end_column: place.as_ref().map(|p| p.4),
        rendered: d.to_string(),
    }
}

fn support_name(support: Support) -> &'static str {
    match support {
        Support::Full => "full",
        Support::NotEnforced => "not-enforced",
        Support::Unsupported => "unsupported",
        Support::Errors => "errors",
    }
}

/// A check given up before its end (see [`check_text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Sections checked.
    pub checked: usize,
    /// Sections in the file.
    pub sections: usize,
}

/// Checks `request.text` after the variants of `base` (the shipped files
/// and the server's `--variants`), and describes one section; `stop` is
/// asked before each section whether to give up.
pub fn check_text(
    base: &[std::sync::Arc<SourceFile>],
    request: &CheckRequest,
    stop: &dyn Fn() -> bool,
) -> Result<CheckReply, Stopped> {
    let mut catalog = Catalog::default();
    for file in base {
        catalog.load(file.clone());
    }
    let index = catalog.load(SourceFile::new(FILE_NAME, request.text.as_str()));
    let findings = check_until(&catalog, &[index], stop);
    if findings.stopped {
        return Err(Stopped {
            checked: findings.verdicts.len(),
            sections: catalog.files[index].sections.len(),
        });
    }
    let hidden = findings.diagnostics.len().saturating_sub(MAX_DIAGNOSTICS);
    let diagnostics = findings
        .diagnostics
        .iter()
        .take(MAX_DIAGNOSTICS)
        .map(view)
        .collect();
    let describable = |name: &str| {
        findings
            .verdicts
            .iter()
            .rev()
            .find(|v| v.name == name)
            .is_some_and(|v| v.support != Support::Errors)
    };
    let chosen = request
        .section
        .as_deref()
        .filter(|name| describable(name))
        .map(str::to_string)
        .or_else(|| {
            findings
                .verdicts
                .iter()
                .find(|v| describable(&v.name))
                .map(|v| v.name.clone())
        });
    let def = chosen
        .as_deref()
        .and_then(|name| catalog.checked(name).ok());
    let overview = def.map(overview);
    let playable = chosen.as_deref().is_some_and(|name| {
        findings
            .verdicts
            .iter()
            .rev()
            .find(|v| v.name == name)
            .is_some_and(|v| matches!(v.support, Support::Full | Support::NotEnforced))
    });
    Ok(CheckReply {
        diagnostics,
        hidden,
        summary: findings.summary.to_string(),
        sections: findings
            .verdicts
            .iter()
            .map(|v| SectionView {
                name: v.name.clone(),
                support: support_name(v.support),
            })
            .collect(),
        described: chosen,
        diagrams: overview
            .iter()
            .flat_map(|o| &o.pieces)
            .filter_map(|p| {
                piece_svg(p).map(|svg| DiagramView {
                    letter: p.letter,
                    svg,
                })
            })
            .collect(),
        start_svg: overview.as_ref().and_then(board_svg),
        overview,
        playable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> Vec<std::sync::Arc<SourceFile>> {
        Catalog::shipped()
            .files
            .iter()
            .map(|f| f.source.clone())
            .collect()
    }

    #[test]
    fn a_broken_line_is_placed_and_a_good_file_is_described() {
        let broken = CheckRequest {
            text: "[mini:chess]\nmaxRank = 6\ncastlng = false\n".into(),
            section: None,
        };
        let reply = check_text(&shipped(), &broken, &|| false).expect("not stopped");
        let typo = reply
            .diagnostics
            .iter()
            .find(|d| d.message.contains("castlng"))
            .expect("the typo is reported");
        assert_eq!(typo.severity, "error");
        assert_eq!(
            (typo.file.as_deref(), typo.line, typo.column),
            (Some(FILE_NAME), Some(3), Some(1))
        );
        assert!(typo.rendered.contains("variant.ini:3:1"));
        assert!(!reply.playable);
        assert!(reply.overview.is_none());

        let fixed = CheckRequest {
            text: "[mini:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n".into(),
            section: None,
        };
        let reply = check_text(&shipped(), &fixed, &|| false).expect("not stopped");
        assert!(
            reply.diagnostics.iter().all(|d| d.severity != "error"),
            "{:?}",
            reply.diagnostics
        );
        assert_eq!(reply.described.as_deref(), Some("mini"));
        assert!(reply.playable);
        assert_eq!(reply.diagrams.len(), 6);
        assert!(
            reply
                .start_svg
                .as_deref()
                .is_some_and(|s| s.starts_with("<svg"))
        );
        assert_eq!(reply.overview.as_ref().map(|o| o.ranks), Some(6));
    }

    #[test]
    fn a_check_told_to_stop_says_how_far_it_came() {
        let request = CheckRequest {
            text: "[a:chess]\n[b:chess]\n[c:chess]\n".into(),
            section: None,
        };
        let asked = std::cell::Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 2
        };
        let stopped = check_text(&shipped(), &request, &stop).expect_err("stopped");
        assert_eq!(
            stopped,
            Stopped {
                checked: 2,
                sections: 3
            }
        );
    }
}
