//! Reading `variants.ini` files into raw sections (grammar: `grammar/ini.pest`).
//!
//! This stage knows nothing of what keys mean: it yields sections with their
//! entries, each carrying its [`Location`], and diagnostics for lines that
//! are not INI at all.

use std::sync::Arc;

use pest::Parser;
use pest::iterators::Pair;

use crate::diagnostic::Diagnostic;
use crate::source::{Location, SourceFile};

mod grammar {
    //! The parser pest derives from `grammar/ini.pest`.
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/ini.pest"]
    pub struct IniParser;
}
use grammar::{IniParser, Rule};

/// One `key = value` line.
#[derive(Clone, Debug)]
pub struct RawEntry {
    /// The key as written.
    pub key: String,
    /// The value with surrounding blanks removed.
    pub value: String,
    /// Where the key is.
    pub key_location: Location,
    /// Where the (trimmed) value is.
    pub value_location: Location,
}

/// One `[name]` or `[name:parent]` section with its entries in file order.
#[derive(Clone, Debug)]
pub struct RawSection {
    /// The section's name.
    pub name: String,
    /// The parent named after the colon, if any.
    pub parent: Option<String>,
    /// Where the name is.
    pub name_location: Location,
    /// Where the parent name is.
    pub parent_location: Option<Location>,
    /// The entries, in the order they appear.
    pub entries: Vec<RawEntry>,
}

/// A parsed file: its sections and what was wrong with its lines.
#[derive(Debug)]
pub struct RawFile {
    /// The file the sections come from.
    pub source: Arc<SourceFile>,
    /// The sections, in file order.
    pub sections: Vec<RawSection>,
    /// Syntax errors and warnings about the file's lines.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses the text of a variants file, line by line.
pub fn parse_file(source: &Arc<SourceFile>) -> RawFile {
    let mut file = RawFile {
        source: Arc::clone(source),
        sections: Vec::new(),
        diagnostics: Vec::new(),
    };
    let mut offset = 0;
    let mut after_broken_header = false;
    for raw_line in source.text.split('\n') {
        // Blank and comment lines hold nothing (the grammar's `blank*` and
        // `comment`): skip them without starting the parser.
        let content = raw_line.trim_start_matches([' ', '\t', '\r']);
        if content.is_empty() || content.starts_with(['#', ';']) {
            offset += raw_line.len() + 1;
            continue;
        }
        let sections = file.sections.len();
        let errors = file.diagnostics.len();
        parse_line(&mut file, raw_line, offset, after_broken_header);
        if file.sections.len() > sections {
            after_broken_header = false;
        } else if file.diagnostics.len() > errors && raw_line.trim_start().starts_with('[') {
            after_broken_header = true;
        }
        offset += raw_line.len() + 1;
    }
    file
}

/// Parses one line; `after_broken_header` silences complaints about entries
/// whose section header was itself unreadable.
fn parse_line(file: &mut RawFile, line: &str, offset: usize, after_broken_header: bool) {
    match IniParser::parse(Rule::line, line) {
        Ok(mut pairs) => {
            let Some(line_pair) = pairs.next() else {
                return;
            };
            for pair in line_pair.into_inner() {
                match pair.as_rule() {
                    Rule::section => parse_section(file, pair, offset),
                    Rule::entry => parse_entry(file, pair, offset, after_broken_header),
                    _ => {}
                }
            }
        }
        Err(error) => {
            let column = match error.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let end = line.len().max(column + 1).min(line.len());
            let location = Location::new(&file.source, offset + column, offset + end);
            file.diagnostics.push(
                Diagnostic::error("this line is not a key, a section header or a comment")
                    .at(&location)
                    .with_label(expected_here(line, column)),
            );
        }
    }
}

/// A short hint for a line the grammar rejected.
fn expected_here(line: &str, column: usize) -> String {
    let trimmed = line.trim_start();
    if trimmed.starts_with('[') {
        if !line.contains(']') {
            "expected `]` to close the section header".to_string()
        } else {
            "expected a section name of letters, digits, `-`, `_`, `.` or `+`, then an optional `:parent`"
                .to_string()
        }
    } else if !line.contains('=') {
        "expected `key = value`, `[section]`, or a comment starting with `#` or `;`".to_string()
    } else if column == 0 || !line[..column].trim().is_empty() {
        "expected a key of letters and digits before `=`".to_string()
    } else {
        "expected `key = value`".to_string()
    }
}

fn parse_section(file: &mut RawFile, pair: Pair<'_, Rule>, offset: usize) {
    let mut name = None;
    let mut parent = None;
    for inner in pair.into_inner() {
        let span = inner.as_span();
        let location = Location::new(&file.source, offset + span.start(), offset + span.end());
        match inner.as_rule() {
            Rule::section_name => name = Some((inner.as_str().to_string(), location)),
            Rule::parent_name => parent = Some((inner.as_str().to_string(), location)),
            _ => {}
        }
    }
    if let Some((name, name_location)) = name {
        let (parent, parent_location) = match parent {
            Some((p, l)) => (Some(p), Some(l)),
            None => (None, None),
        };
        file.sections.push(RawSection {
            name,
            parent,
            name_location,
            parent_location,
            entries: Vec::new(),
        });
    }
}

fn parse_entry(file: &mut RawFile, pair: Pair<'_, Rule>, offset: usize, after_broken_header: bool) {
    let mut key = None;
    let mut value = None;
    for inner in pair.into_inner() {
        let span = inner.as_span();
        match inner.as_rule() {
            Rule::key => key = Some((inner.as_str().to_string(), span.start(), span.end())),
            Rule::value => value = Some((inner.as_str().to_string(), span.start())),
            _ => {}
        }
    }
    let (Some((key, key_start, key_end)), Some((raw_value, value_start))) = (key, value) else {
        return;
    };
    let key_location = Location::new(&file.source, offset + key_start, offset + key_end);
    let value = raw_value.trim_end_matches([' ', '\t', '\r']).to_string();
    let value_location = Location::new(
        &file.source,
        offset + value_start,
        offset + value_start + value.len(),
    );
    let trailing = raw_value.len() - value.len();
    if raw_value[value.len()..].contains([' ', '\t']) && !value.is_empty() {
        let blanks = value_location.sub(value.len(), value.len() + trailing);
        file.diagnostics.push(
            Diagnostic::warning(format!(
                "trailing whitespace after the value of `{key}` is ignored"
            ))
            .at(&blanks)
            .with_label("Fairy-Stockfish keeps these blanks (it reads `true ` as false)"),
        );
    }
    let entry = RawEntry {
        key,
        value,
        key_location,
        value_location,
    };
    match file.sections.last_mut() {
        Some(section) => section.entries.push(entry),
        None if after_broken_header => {}
        None => file.diagnostics.push(
            Diagnostic::error(format!("`{}` stands before any section header", entry.key))
                .at(&entry.key_location)
                .with_label("put it below a `[variant]` line"),
        ),
    }
}
