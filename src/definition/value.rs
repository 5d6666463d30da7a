//! Typed values of keys, read from their text.

use crate::board::Region;

/// The largest whole number a key takes (`i32::MAX`, so that every count
/// converts to the engine's types without loss).
pub const MAX_INT: i64 = i32::MAX as i64;

use super::keys::ValueType;

/// A game result for the side it happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameValue {
    /// The side wins.
    Win,
    /// The side loses.
    Loss,
    /// The game is drawn.
    Draw,
    /// The rule is off.
    None,
}

impl GameValue {
    /// The same result seen from the other side.
    pub fn opposite(self) -> GameValue {
        match self {
            GameValue::Win => GameValue::Loss,
            GameValue::Loss => GameValue::Win,
            other => other,
        }
    }
}

/// The typed value of a key.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `true` / `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A 0-based rank.
    Rank(u8),
    /// A 0-based file.
    File(u8),
    /// Free text (and FENs, checked later against the board).
    Text(String),
    /// A region, resolved against the board later.
    Region(Region),
    /// Piece letters (lower case); `*` stands for all.
    Pieces(Vec<char>),
    /// `from:to` pairs of piece letters; `to` is `None` for `-`.
    PieceMap(Vec<(char, Option<char>)>),
    /// `letter:number` pairs.
    PieceCounts(Vec<(char, i64)>),
    /// A game result.
    Outcome(GameValue),
    /// One word of a fixed list.
    Choice(String),
    /// Names, in order.
    Names(Vec<String>),
    /// Groups of names.
    Teams(Vec<Vec<String>>),
    /// Numbers, in order.
    Ints(Vec<i64>),
}

/// A value that cannot be read: what was expected, and the byte range within
/// the value text that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// What is wrong, as a sentence fragment ("expected `true` or `false`").
    pub message: String,
    /// Byte offset of the wrong part.
    pub start: usize,
    /// Byte offset one past it.
    pub end: usize,
}

fn whole(text: &str, message: impl Into<String>) -> ValueError {
    ValueError {
        message: message.into(),
        start: 0,
        end: text.len(),
    }
}

/// Reads `text` as a value of type `ty`.
pub fn parse_value(ty: ValueType, text: &str) -> Result<Value, ValueError> {
    match ty {
        ValueType::Bool => match text {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => Err(whole(text, "expected `true` or `false`")),
        },
        ValueType::Int => text
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=MAX_INT).contains(n))
            .map(Value::Int)
            .ok_or_else(|| whole(text, "expected a whole number from 0 to 2147483647")),
        ValueType::RelativeRank => match text.parse::<u8>() {
            Ok(n) if n <= crate::board::MAX_RANKS => Ok(Value::Int(i64::from(n))),
            _ => Err(whole(
                text,
                "expected 0 (off) or a rank number from 1 to 16",
            )),
        },
        ValueType::Rank => match text.parse::<u8>() {
            Ok(n) if (1..=crate::board::MAX_RANKS).contains(&n) => Ok(Value::Rank(n - 1)),
            _ => Err(whole(text, "expected a rank number from 1 to 16")),
        },
        ValueType::File => parse_file(text).map(Value::File).ok_or_else(|| {
            whole(
                text,
                "expected a file letter `a`…`p` or a number from 1 to 16",
            )
        }),
        ValueType::Text | ValueType::Fen => Ok(Value::Text(text.to_string())),
        ValueType::Region => {
            Region::parse(text)
                .map(Value::Region)
                .map_err(|(message, start, end)| ValueError {
                    message,
                    start,
                    end,
                })
        }
        ValueType::PieceType => parse_piece_letters(text, true),
        ValueType::PieceSet => parse_piece_letters(text, false),
        ValueType::PieceMap => parse_pairs(text, |token, start| {
            let (from, to) = split_pair(token, start)?;
            let from = single_letter(from, start)?;
            let to = if to == "-" {
                None
            } else {
                Some(single_letter(to, start + token.find(':').unwrap_or(0) + 1)?)
            };
            Ok((from, to))
        })
        .map(Value::PieceMap),
        ValueType::PieceCounts => parse_pairs(text, |token, start| {
            let (letter, count) = split_pair(token, start)?;
            let letter = single_letter(letter, start)?;
            let count_start = start + letter.len_utf8() + 1;
            let count = count.parse::<i64>().map_err(|_| ValueError {
                message: format!("expected a number after `{letter}:`"),
                start: count_start,
                end: start + token.len(),
            })?;
            Ok((letter, count))
        })
        .map(Value::PieceCounts),
        ValueType::GameValue => match text {
            "win" => Ok(Value::Outcome(GameValue::Win)),
            "loss" => Ok(Value::Outcome(GameValue::Loss)),
            "draw" => Ok(Value::Outcome(GameValue::Draw)),
            "none" => Ok(Value::Outcome(GameValue::None)),
            _ => Err(whole(text, "expected `win`, `loss`, `draw` or `none`")),
        },
        ValueType::Choice(words) => {
            if words.contains(&text) {
                Ok(Value::Choice(text.to_string()))
            } else {
                let list: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
                Err(whole(text, format!("expected one of {}", list.join(", "))))
            }
        }
        ValueType::CastlingRights => {
            for (i, c) in text.char_indices() {
                if !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-' | ' ') {
                    return Err(ValueError {
                        message: format!(
                            "`{c}` is not a castling right (`K`, `Q`, `k`, `q` or `-`)"
                        ),
                        start: i,
                        end: i + c.len_utf8(),
                    });
                }
            }
            Ok(Value::Text(text.to_string()))
        }
        ValueType::Names => Ok(Value::Names(
            text.split_whitespace().map(str::to_string).collect(),
        )),
        ValueType::Teams => Ok(Value::Teams(
            text.split_whitespace()
                .map(|team| team.split('+').map(str::to_string).collect())
                .collect(),
        )),
        ValueType::IntList => {
            let mut numbers = Vec::new();
            let mut offset = 0;
            for token in text.split(' ') {
                let start = offset;
                offset += token.len() + 1;
                if token.is_empty() {
                    continue;
                }
                let n = token.parse::<i64>().map_err(|_| ValueError {
                    message: format!("`{token}` is not a whole number"),
                    start,
                    end: start + token.len(),
                })?;
                numbers.push(n);
            }
            Ok(Value::Ints(numbers))
        }
    }
}

/// Reads a file as a letter or a 1-based number.
pub fn parse_file(text: &str) -> Option<u8> {
    if let Ok(n) = text.parse::<u8>() {
        return (1..=crate::board::MAX_FILES).contains(&n).then(|| n - 1);
    }
    let mut chars = text.chars();
    let c = chars.next()?.to_ascii_lowercase();
    (chars.next().is_none() && c.is_ascii_lowercase() && (c as u8 - b'a') < crate::board::MAX_FILES)
        .then(|| c as u8 - b'a')
}

fn parse_piece_letters(text: &str, single: bool) -> Result<Value, ValueError> {
    let mut letters = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            ' ' | '\t' => continue,
            '-' => break,
            '*' => letters.push('*'),
            c if c.is_ascii_alphabetic() => letters.push(c.to_ascii_lowercase()),
            _ => {
                return Err(ValueError {
                    message: format!("`{c}` is not a piece letter"),
                    start: i,
                    end: i + c.len_utf8(),
                });
            }
        }
    }
    if single && letters.len() > 1 {
        return Err(whole(text, "expected a single piece letter"));
    }
    Ok(Value::Pieces(letters))
}

fn parse_pairs<T>(
    text: &str,
    mut item: impl FnMut(&str, usize) -> Result<T, ValueError>,
) -> Result<Vec<T>, ValueError> {
    let mut items = Vec::new();
    let mut offset = 0;
    for token in text.split(' ') {
        let start = offset;
        offset += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        items.push(item(token, start)?);
    }
    Ok(items)
}

fn split_pair(token: &str, start: usize) -> Result<(&str, &str), ValueError> {
    token.split_once(':').ok_or_else(|| ValueError {
        message: format!("expected `letter:value`, found `{token}`"),
        start,
        end: start + token.len(),
    })
}

fn single_letter(text: &str, start: usize) -> Result<char, ValueError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_lowercase()),
        _ => Err(ValueError {
            message: format!("`{text}` is not a single piece letter"),
            start,
            end: start + text.len().max(1),
        }),
    }
}
