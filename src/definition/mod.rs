//! Typed variant definitions: a raw section, its parent and the defaults
//! become a [`Definition`], with diagnostics for everything wrong or
//! unsupported.
//!
//! Fairy-Stockfish's rules apply: a section copies its parent (or, without
//! one, the template "chess without pieces") and then applies its own keys;
//! a key set twice keeps the last value; `pawn = -` removes a piece.

mod build;
pub mod keys;
pub mod pieces;
mod suggest;
pub use suggest::closest as closest_name;
mod validate;
pub mod value;

pub use build::build_definition;

use std::sync::Arc;

use crate::betza::Betza;
use crate::board::{Board, Region};
use crate::source::Location;
use keys::Key;
use value::Value;

/// One piece type of a variant.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The key that defines it: `knight`, `customPiece1`, `king`.
    pub key: String,
    /// Its letter, lower case.
    pub letter: char,
    /// Its moves.
    pub betza: Betza,
    /// Where the definition is, when it is in a file.
    pub location: Option<Location>,
}

/// A key's value and where it was set (`None`: the default).
#[derive(Clone, Debug)]
pub struct Setting {
    /// The value.
    pub value: Value,
    /// Where the value is written, if it is.
    pub location: Option<Location>,
}

/// A variant's complete, typed rules.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The section name.
    pub name: String,
    /// The parent named in the header.
    pub parent: Option<String>,
    /// Where the section header is.
    pub location: Option<Location>,
    /// The piece types, in the order they were defined.
    pub pieces: Vec<Piece>,
    /// One setting per key, indexed by [`Key`]; shared with the parent's
    /// definition until this section sets the key, so inheriting copies
    /// references, not values.
    settings: Vec<Arc<Setting>>,
    /// Where pieces may go (`mobilityRegionWhiteKing = d1 e1 f1 ...`): the
    /// piece key, the seat (0 White, 1 Black) and the region.
    pub mobility: Vec<(String, usize, Region)>,
    /// Fairy-Stockfish features this variant (or an ancestor) uses that
    /// tetrarch does not implement, one phrase each.
    pub unsupported: Vec<String>,
    /// Whether the parent could not be read (an unshipped built-in), so that
    /// checks needing the full rules were skipped.
    pub incomplete: bool,
}

/// A definition whose section has no errors: the only kind
/// [`compile`](crate::rules::compile) accepts. Only the catalog makes one,
/// after building and validating the section.
#[derive(Clone, Debug)]
pub struct CheckedDefinition(Definition);

impl CheckedDefinition {
    /// Wraps a definition whose section was found free of errors.
    pub(crate) fn new(definition: Definition) -> CheckedDefinition {
        CheckedDefinition(definition)
    }
}

impl std::ops::Deref for CheckedDefinition {
    type Target = Definition;

    fn deref(&self) -> &Definition {
        &self.0
    }
}

impl Definition {
    /// The template for a section without a parent: Fairy-Stockfish's
    /// defaults, "standard chess without any predefined pieces".
    pub fn template(name: &str) -> Definition {
        // The defaults are parsed once per run.
        static DEFAULTS: std::sync::LazyLock<Vec<Arc<Setting>>> = std::sync::LazyLock::new(|| {
            keys::KEYS
                .iter()
                .map(|spec| {
                    Arc::new(Setting {
                        value: value::parse_value(spec.ty, spec.default)
                            .expect("every default in the key table parses"),
                        location: None,
                    })
                })
                .collect()
        });
        let settings = DEFAULTS.clone();
        Definition {
            name: name.to_string(),
            parent: None,
            location: None,
            pieces: Vec::new(),
            settings,
            mobility: Vec::new(),
            unsupported: Vec::new(),
            incomplete: false,
        }
    }

    /// The setting of a key.
    #[inline]
    pub fn setting(&self, key: Key) -> &Setting {
        &self.settings[key as usize]
    }

    /// The value of a key of [`keys::KEYS`].
    pub fn value(&self, key: Key) -> &Value {
        &self.setting(key).value
    }

    /// A boolean key's value.
    pub fn bool(&self, key: Key) -> bool {
        matches!(self.value(key), Value::Bool(true))
    }

    /// An integer key's value.
    pub fn int(&self, key: Key) -> i64 {
        match self.value(key) {
            Value::Int(n) => *n,
            _ => 0,
        }
    }

    /// A list-of-names key's value.
    pub fn names(&self, key: Key) -> &[String] {
        match self.value(key) {
            Value::Names(names) => names,
            _ => &[],
        }
    }

    /// A region key's value.
    pub fn region(&self, key: Key) -> Region {
        match self.value(key) {
            Value::Region(region) => region.clone(),
            _ => Region::default(),
        }
    }

    /// Which of the variant's pieces (by index in [`Definition::pieces`]) a
    /// piece-set key names. A value written in a file names letters (`*`:
    /// all); a default names Fairy-Stockfish's piece types (`p` is the
    /// `pawn` type, whatever its letter), as Fairy-Stockfish stores defaults.
    pub fn piece_set(&self, key: Key) -> Vec<bool> {
        let setting = self.setting(key);
        let mut set = vec![false; self.pieces.len()];
        let Value::Pieces(letters) = &setting.value else {
            return set;
        };
        for &letter in letters {
            if letter == '*' {
                set.iter_mut().for_each(|b| *b = true);
                continue;
            }
            let found = if setting.location.is_none() {
                pieces::default_type_key(letter)
                    .and_then(|k| self.pieces.iter().position(|p| p.key == k))
            } else {
                self.pieces.iter().position(|p| p.letter == letter)
            };
            if let Some(i) = found {
                set[i] = true;
            }
        }
        set
    }

    /// The starting position (`startFen`): a FEN, or a FEN4 for more seats.
    pub fn start_fen(&self) -> &str {
        match self.value(Key::StartFen) {
            Value::Text(text) => text,
            _ => "",
        }
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.int(Key::Players) as usize
    }

    /// The board: its size and holes.
    pub fn board(&self) -> Board {
        let files = match self.value(Key::MaxFile) {
            Value::File(f) => f + 1,
            _ => 8,
        };
        let ranks = match self.value(Key::MaxRank) {
            Value::Rank(r) => r + 1,
            _ => 8,
        };
        let mut board = Board {
            files,
            ranks,
            holes: Default::default(),
        };
        for hole in self.region(Key::Holes).squares(&board) {
            board.holes.insert(board.sq(hole));
        }
        board
    }

    /// The piece with the given letter.
    pub fn piece(&self, letter: char) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.letter == letter)
    }

    /// The seat letters in turn order.
    pub fn seat_letters(&self) -> Vec<char> {
        self.names(Key::SeatLetters)
            .iter()
            .filter_map(|n| n.chars().next())
            .collect()
    }

    /// Whether the move generator implements every key and piece of the
    /// variant (some game-end rules may still be [`Definition::not_enforced`]).
    pub fn fully_supported(&self) -> bool {
        self.unsupported.is_empty()
    }

    /// The Betza text of the moves the variant adds to a piece beyond its
    /// own notation: the built-in pawn's initial double step
    /// (`doubleStep`, the default), which the rule compiler and `describe`
    /// both take from here.
    pub fn initial_step_betza(&self, piece: &Piece) -> Option<&'static str> {
        (piece.key == "pawn" && self.bool(Key::DoubleStep)).then_some("ifmnD")
    }

    /// The keys the variant (or an ancestor) sets that tetrarch reads but
    /// does not enforce yet ([`keys::Support::Accepted`]), in table order.
    pub fn not_enforced(&self) -> Vec<&'static str> {
        keys::KEYS
            .iter()
            .filter(|k| k.support == keys::Support::Accepted)
            .filter(|k| self.setting(k.key).location.is_some())
            // Set back to its default (`chasingRule = none`), it asks nothing.
            .filter(|k| {
                value::parse_value(k.ty, k.default).map_or(true, |d| *self.value(k.key) != d)
            })
            .map(|k| k.name)
            .collect()
    }

    pub(crate) fn set(&mut self, key: Key, setting: Setting) {
        self.settings[key as usize] = Arc::new(setting);
    }
}
