//! Diagnostics: what `check` reports, rendered the way rustc does.
//!
//! ```text
//! error: unknown key `castlng`
//!  --> my.ini:12:1
//!    |
//! 12 | castlng = false
//!    | ^^^^^^^ help: did you mean `castling`?
//! ```

use std::fmt;

use crate::source::Location;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The file is wrong; the section cannot be used.
    Error,
    /// Suspicious but valid, or read differently from Fairy-Stockfish.
    Warning,
    /// Valid Fairy-Stockfish input that tetrarch does not implement yet.
    Unsupported,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Unsupported => "unsupported",
        })
    }
}

/// One finding about a variant file, with where it is and why.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// One sentence, lower case, naming the problem.
    pub message: String,
    /// Where in a file the problem is, when it is in a file.
    pub location: Option<Location>,
    /// A short remark printed after the carets (`help: did you mean ...`).
    pub label: Option<String>,
}

impl Diagnostic {
    /// A diagnostic of the given severity.
    pub fn new(severity: Severity, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            message: message.into(),
            location: None,
            label: None,
        }
    }

    /// An error: the file is wrong.
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, message)
    }

    /// A warning: suspicious but valid.
    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, message)
    }

    /// A Fairy-Stockfish feature tetrarch does not implement yet.
    pub fn unsupported(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Unsupported, message)
    }

    /// Points the diagnostic at a place in a file.
    pub fn at(mut self, location: &Location) -> Diagnostic {
        self.location = Some(location.clone());
        self
    }

    /// Adds a remark shown after the carets.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// Whether this diagnostic makes the section unusable.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {}", self.severity, self.message)?;
        let Some(location) = &self.location else {
            if let Some(label) = &self.label {
                writeln!(f, "  = {label}")?;
            }
            return Ok(());
        };
        let (line, column) = location.line_col();
        let number = line.to_string();
        let gutter = " ".repeat(number.len());
        writeln!(f, "{gutter}--> {location}")?;
        writeln!(f, "{gutter} |")?;
        let text = location.file.line_text(line);
        let width = location
            .text()
            .lines()
            .next()
            .map_or(0, |first| first.chars().count())
            .max(1);
        let (shown, column, width) = window(text, column - 1, width);
        writeln!(f, "{number} | {shown}")?;
        let indent = " ".repeat(column);
        let carets = "^".repeat(width);
        match &self.label {
            Some(label) => writeln!(f, "{gutter} | {indent}{carets} {label}"),
            None => writeln!(f, "{gutter} | {indent}{carets}"),
        }
    }
}

/// The most characters of a source line a diagnostic shows.
const SHOWN_LINE: usize = 120;

/// The part of a long line around `column` (0-based, in characters), with
/// `…` where text is cut, and the column and caret width within it.
fn window(text: &str, column: usize, width: usize) -> (String, usize, usize) {
    let length = text.chars().count();
    if length <= SHOWN_LINE {
        return (text.to_string(), column, width);
    }
    let first = column
        .saturating_sub(SHOWN_LINE / 3)
        .min(length - SHOWN_LINE);
    let mut shown: String = text.chars().skip(first).take(SHOWN_LINE).collect();
    let mut column = column - first;
    if first > 0 {
        shown.insert(0, '…');
        column += 1;
    }
    if first + SHOWN_LINE < length {
        shown.push('…');
    }
    let width = width.min(SHOWN_LINE + 1 - column.min(SHOWN_LINE)).max(1);
    (shown, column, width)
}
