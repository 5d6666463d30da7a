//! From Betza text to [`Betza`], with the places where tetrarch and
//! Fairy-Stockfish read a string differently.

use pest::Parser;
use pest::iterators::Pair;

use super::ast::{Atom, Betza, BetzaMove, Modality};
use crate::diagnostic::Severity;

mod grammar {
    //! The parser pest derives from `grammar/betza.pest`.
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/betza.pest"]
    pub struct BetzaParser;
}
use grammar::{BetzaParser, Rule};

/// A problem with a Betza string, at a byte range of the string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BetzaError {
    /// Error for a string that cannot be read, Unsupported for valid XBetza
    /// that tetrarch does not implement, Warning for a reading that differs
    /// from Fairy-Stockfish's.
    pub severity: Severity,
    /// What is wrong, as a sentence.
    pub message: String,
    /// Byte offset of the first offending character.
    pub start: usize,
    /// Byte offset one past the last offending character.
    pub end: usize,
}

impl BetzaError {
    fn new(severity: Severity, message: String, start: usize, end: usize) -> BetzaError {
        BetzaError {
            severity,
            message,
            start,
            end,
        }
    }
}

impl Betza {
    /// Parses a Betza string. Valid XBetza that tetrarch does not implement
    /// is an error of severity [`Severity::Unsupported`].
    pub fn parse(text: &str) -> Result<Betza, BetzaError> {
        let mut pairs = BetzaParser::parse(Rule::piece, text).map_err(|e| syntax_error(text, e))?;
        let piece = pairs.next().expect("the piece rule always yields one pair");
        let mut moves = Vec::new();
        for pair in piece.into_inner() {
            if pair.as_rule() == Rule::betza_move {
                moves.push(parse_move(pair)?);
            }
        }
        Ok(Betza {
            text: text.to_string(),
            moves,
        })
    }

    /// Where Fairy-Stockfish reads this string differently from tetrarch,
    /// as warnings.
    pub fn fsf_differences(&self) -> Vec<BetzaError> {
        let mut notes = Vec::new();
        for m in &self.moves {
            let mut warn = |message: String| {
                notes.push(BetzaError::new(Severity::Warning, message, m.start, m.end));
            };
            let text = &self.text[m.start..m.end];
            if m.atom_text.starts_with('(') {
                warn(format!(
                    "Fairy-Stockfish does not know `{}` leaps and ignores `{text}`",
                    m.atom_text
                ));
                continue;
            }
            let digits: String = text
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect();
            let doubled = m.atom_text.len() == 2;
            if doubled && !digits.is_empty() {
                let reading = match m.range {
                    0 => "rides without limit".to_string(),
                    n => format!("limits the ride to {n} steps"),
                };
                warn(format!(
                    "Fairy-Stockfish ignores the range after the doubled `{}`; tetrarch {reading}",
                    m.atom_text
                ));
            } else if digits.len() > 1 {
                let first = digits.chars().last().unwrap_or('0');
                warn(format!(
                    "Fairy-Stockfish reads only the first digit of the range (`{first}`); tetrarch reads {}",
                    m.range
                ));
            }
            let has = |f: fn(Atom) -> bool| m.atoms.iter().all(|&a| f(a));
            if m.hopper || m.grasshopper {
                if !has(Atom::fsf_hops) {
                    warn(format!(
                        "Fairy-Stockfish generates no moves for a hopper along `{}` lines; tetrarch does",
                        m.atom_text
                    ));
                }
            } else if m.rider && !has(Atom::fsf_rides) {
                warn(format!(
                    "Fairy-Stockfish generates no moves for a rider of `{}`; tetrarch does",
                    m.atom_text
                ));
            }
            if m.lame && m.rider && !(m.hopper || m.grasshopper) {
                warn(
                    "Fairy-Stockfish ignores `n` on a rider; tetrarch makes every step lame"
                        .to_string(),
                );
            } else if m.lame && !m.rider && !has(Atom::fsf_lame) {
                warn(format!(
                    "a lame `{}` never moves: Fairy-Stockfish makes only N, A, Z and D leaps lame and gives others no moves, and tetrarch plays its files alike",
                    m.atom_text
                ));
            }
            if m.jumping {
                warn("Fairy-Stockfish ignores `j`; tetrarch requires the jump".to_string());
            }
            if m.modalities.contains(&Modality::EnPassant)
                && !m.modalities.contains(&Modality::Capture)
            {
                warn(
                    "Fairy-Stockfish reads `e` without `c` as an ordinary move and capture; tetrarch as an en-passant capture only"
                        .to_string(),
                );
            }
            for d in &m.directions {
                let alone = BetzaMove {
                    directions: vec![*d],
                    ..m.clone()
                };
                let selects = m
                    .atoms
                    .iter()
                    .any(|&a| !super::directions::selected_leaps(&alone, a).is_empty());
                if !selects {
                    let pair = String::from_utf8_lossy(d);
                    warn(format!(
                        "the direction `{pair}` selects no move (Fairy-Stockfish reads it the same way)"
                    ));
                }
            }
        }
        notes
    }
}

fn syntax_error(text: &str, error: pest::error::Error<Rule>) -> BetzaError {
    let at = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let rest = &text[at.min(text.len())..];
    let Some(c) = rest.chars().next() else {
        return BetzaError::new(
            Severity::Error,
            "the Betza string ends with modifiers but no atom".to_string(),
            text.len().saturating_sub(1),
            text.len(),
        );
    };
    let end = at + c.len_utf8();
    let unclosed = text[..at]
        .rfind('(')
        .is_some_and(|open| !text[open..at].contains(')'));
    let message = if c == '(' || unclosed {
        "a custom leap must be written `(x,y)` with two numbers".to_string()
    } else if c.is_ascii_digit() {
        format!("the range `{c}` must follow an atom letter")
    } else {
        format!("`{c}` is not a Betza atom or modifier")
    };
    BetzaError::new(Severity::Error, message, at, end)
}

fn parse_move(pair: Pair<'_, Rule>) -> Result<BetzaMove, BetzaError> {
    let span = pair.as_span();
    let mut m = BetzaMove {
        directions: Vec::new(),
        modalities: Vec::new(),
        atom_text: String::new(),
        atoms: Vec::new(),
        rider: false,
        range: 0,
        hopper: false,
        grasshopper: false,
        lame: false,
        jumping: false,
        initial: false,
        start: span.start(),
        end: span.end(),
    };
    for part in pair.into_inner() {
        let (start, end) = (part.as_span().start(), part.as_span().end());
        let text = part.as_str();
        match part.as_rule() {
            Rule::direction => {
                let b = text.as_bytes();
                m.directions.push([b[0], *b.get(1).unwrap_or(&b[0])]);
            }
            Rule::modality => match text {
                "m" => m.modalities.push(Modality::Quiet),
                "c" => m.modalities.push(Modality::Capture),
                "e" => m.modalities.push(Modality::EnPassant),
                "p" => m.hopper = true,
                "g" => m.grasshopper = true,
                "n" => m.lame = true,
                "j" => m.jumping = true,
                _ => m.initial = true,
            },
            Rule::unsupported_modifier => {
                return Err(BetzaError::new(
                    Severity::Unsupported,
                    format!(
                        "the XBetza modifier `{text}` ({}) is not supported yet",
                        unsupported_name(text)
                    ),
                    start,
                    end,
                ));
            }
            Rule::leap_atom | Rule::doubled_atom => {
                let letter = text.as_bytes()[0];
                m.atom_text = text.to_string();
                m.atoms = letter_atoms(letter);
                m.rider = matches!(letter, b'R' | b'B' | b'Q') || text.len() == 2;
            }
            Rule::custom_leap => {
                let numbers: Vec<u32> = part
                    .into_inner()
                    .map(|n| n.as_str().parse().unwrap_or(u32::MAX))
                    .collect();
                let (x, y) = (numbers[0], numbers[1]);
                if x > 15 || y > 15 || x + y == 0 {
                    return Err(BetzaError::new(
                        Severity::Error,
                        "a custom leap needs components from 0 to 15, not both 0".to_string(),
                        start,
                        end,
                    ));
                }
                m.atom_text = text.to_string();
                m.atoms = vec![Atom::new(x as u8, y as u8)];
            }
            Rule::range => {
                let range: u32 = text.parse().unwrap_or(u32::MAX);
                if range > 64 {
                    return Err(BetzaError::new(
                        Severity::Error,
                        format!("the range {text} is larger than any board (at most 64)"),
                        start,
                        end,
                    ));
                }
                m.rider = true;
                m.range = range;
            }
            _ => {}
        }
    }
    Ok(m)
}

fn letter_atoms(letter: u8) -> Vec<Atom> {
    let (x, y) = match letter {
        b'W' | b'R' => (1, 0),
        b'F' | b'B' => (1, 1),
        b'D' => (2, 0),
        b'N' => (2, 1),
        b'A' => (2, 2),
        b'H' => (3, 0),
        b'C' | b'L' => (3, 1),
        b'Z' | b'J' => (3, 2),
        b'G' => (3, 3),
        _ => return vec![Atom::new(1, 0), Atom::new(1, 1)],
    };
    vec![Atom::new(x, y)]
}

fn unsupported_name(modifier: &str) -> &'static str {
    match modifier {
        "a" => "multi-leg moves",
        "d" => "capturing own pieces",
        "o" => "cylindrical boards",
        "q" => "circular moves",
        "t" => "hop over own pieces only",
        "u" => "unloading",
        "x" => "exchange",
        "y" => "changing atom after a leg",
        "z" => "crooked moves",
        _ => "XBetza extension",
    }
}
