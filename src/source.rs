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
    /// The byte offset where each line starts, so that locating a
    /// diagnostic costs a binary search, not a scan from the file's start.
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// Wraps a file's name and text for sharing between diagnostics.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<SourceFile> {
        let text = crate::text_file::without_bom(text.into());
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Arc::new(SourceFile {
            name: name.into(),
            text,
            line_starts,
        })
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset);
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let line_start = self.line_starts[line - 1];
        let column = self.text[line_start..offset].chars().count() + 1;
        (line, column)
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&next| next - 1);
        self.text[start..end].trim_end_matches('\r')
    }
}

/// The largest char boundary of `text` at or before `offset`.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The smallest char boundary of `text` at or after `offset`.
pub fn ceil_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset += 1;
    }
    offset
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
    /// A location covering `start..end` of `file`, widened to whole
    /// characters.
    pub fn new(file: &Arc<SourceFile>, start: usize, end: usize) -> Location {
        let start = floor_char_boundary(&file.text, start);
        Location {
            file: Arc::clone(file),
            start,
            end: ceil_char_boundary(&file.text, end.max(start)),
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
