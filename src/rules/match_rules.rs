//! The rules of the table around a game: clock presets, how long a dropped
//! player may be away, when an abandoned table expires, and who starts the
//! next game. [`crate::game::Table`] executes them.

use crate::definition::Definition;
use crate::definition::keys::Key;
use crate::definition::value::Value;

/// What the table around a game reads from the variant file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchRules {
    /// The clock settings a game may choose from, minutes per player
    /// (empty: the file names none).
    pub clock_minutes: Vec<u32>,
    /// The increments a game may choose from, seconds per move.
    pub clock_increments: Vec<u32>,
    /// Seconds a dropped player has to return before counting as having
    /// left (`None`: no limit).
    pub reconnect_seconds: Option<u32>,
    /// Seconds a table whose players have all dropped stays paused before
    /// it expires (`None`: never).
    pub empty_table_seconds: Option<u32>,
    /// The seat that starts moves one on (in turn order) from one game to
    /// the next.
    pub starting_seat_rotates: bool,
}

pub(super) fn compile_match_rules(def: &Definition) -> MatchRules {
    let list = |key: Key| match def.value(key) {
        Value::Ints(values) => values
            .iter()
            .map(|&v| v.clamp(0, i64::from(u32::MAX)) as u32)
            .collect(),
        _ => Vec::new(),
    };
    let seconds = |key: Key| {
        let value = def.int(key).clamp(0, i64::from(u32::MAX)) as u32;
        (value > 0).then_some(value)
    };
    MatchRules {
        clock_minutes: list(Key::ClockMinutes),
        clock_increments: list(Key::ClockIncrements),
        reconnect_seconds: seconds(Key::ReconnectSeconds),
        empty_table_seconds: seconds(Key::EmptyTableSeconds),
        starting_seat_rotates: def.bool(Key::StartingSeatRotates),
    }
}
