//! Source files and positions inside them.
//!
//! Every diagnostic points into a [`SourceFile`] through a [`Location`], so
//! that errors found long after parsing (a bad FEN, an unknown parent) still
//! show the file, line, column and the offending text.

use std::sync::Arc;

/// The text of one variant file and the name it is reported under.
#[derive(Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics: a path, or `<shipped>/chess.ini`.
    pub name: String,
    /// The whole text of the file.
    pub text: String,
}

impl SourceFile {
    /// Wraps a file's name and text for sharing between diagnostics.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            name: name.into(),
            text: text.into(),
        })
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.text[line_start..offset].chars().count() + 1;
        (line, column)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        self.text
            .split('\n')
            .nth(line.saturating_sub(1))
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

/// A byte range inside a [`SourceFile`].
#[derive(Clone, Debug)]
pub struct Location {
    /// The file the range lies in.
    pub file: Arc<SourceFile>,
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
}

impl Location {
    /// A location covering `start..end` of `file`.
    pub fn new(file: &Arc<SourceFile>, start: usize, end: usize) -> Location {
        Location {
            file: Arc::clone(file),
            start,
            end: end.max(start),
        }
    }

    /// A location inside this one: `start..end` counted from this one's start.
    pub fn sub(&self, start: usize, end: usize) -> Location {
        Location::new(&self.file, self.start + start, self.start + end)
    }

    /// The 1-based line and column where the location starts.
    pub fn line_col(&self) -> (usize, usize) {
        self.file.line_col(self.start)
    }

    /// The source text the location covers.
    pub fn text(&self) -> &str {
        &self.file.text[self.start..self.end]
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (line, column) = self.line_col();
        write!(f, "{}:{}:{}", self.file.name, line, column)
    }
}
