//! A table's game as it is played: the position it started from, its moves
//! and the game's events, written as PGN (two players) or PGN4 (four) when
//! it is saved. The terminal's `--pgn` and the server's stored games are
//! written from it.

use crate::game::{Event, Table, TableEvent};
use crate::moves::Move;
use crate::record::pgn4::Pgn4Error;
use crate::rules::{RuleTable, Sq};
use crate::seat::Seat;

/// The record of the game a table is playing. Feed it every event the
/// table returns ([`Transcript::observe`]); a new game starts a new record.
#[derive(Clone, Debug)]
pub struct Transcript {
    /// The position the game started from (FEN or FEN4).
    start: String,
    /// The variant's own start, which PGN leaves out.
    variant_start: String,
    /// The moves played.
    moves: Vec<Move>,
    /// What happened in the game, in order (PGN4 is written from it).
    events: Vec<Event>,
    /// When the game started (PGN4's `[Date]`).
    started: time::OffsetDateTime,
}

/// The format a game is saved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN, for two players.
    Pgn,
    /// chess.com's PGN4, for four.
    Pgn4,
}

impl RecordFormat {
    /// The format for a variant with `seats` seats, if one exists.
    pub fn for_seats(seats: usize) -> Option<RecordFormat> {
        match seats {
            2 => Some(RecordFormat::Pgn),
            4 => Some(RecordFormat::Pgn4),
            _ => None,
        }
    }

    /// The file extension (`pgn`, `pgn4`).
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Pgn4 => "pgn4",
        }
    }
}

impl Transcript {
    /// The record of the game `table` is playing now, started from the
    /// variant's own start `variant_start`.
    pub fn new(table: &Table, variant_start: &str) -> Transcript {
        Transcript {
            start: table.game().fen(),
            variant_start: variant_start.to_string(),
            moves: Vec::new(),
            events: Vec::new(),
            started: time::OffsetDateTime::now_utc(),
        }
    }

    /// Takes note of what the table answered.
    pub fn observe(&mut self, table: &Table, events: &[TableEvent]) {
        for event in events {
            match event {
                TableEvent::Game(event) => {
                    if let Event::Moved { text, .. } = event {
                        self.moves.push(text.mv);
                    }
                    self.events.push(event.clone());
                }
                TableEvent::NewGame { .. } => {
                    self.moves.clear();
                    self.events.clear();
                    self.started = time::OffsetDateTime::now_utc();
                    self.start = table.game().fen();
                }
                _ => {}
            }
        }
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in the variant's notation.
    pub fn move_names(&self, rules: &RuleTable) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Moved { text, .. } => Some(text.write(rules)),
                _ => None,
            })
            .collect()
    }

    /// The last move's from and to squares (a drop's square twice).
    pub fn last_move(&self) -> Option<(Sq, Sq)> {
        self.moves
            .last()
            .map(|mv| (mv.from().unwrap_or(mv.to()), mv.to()))
    }

    /// The game written as PGN or PGN4 (by the variant's seat count), with
    /// `names` as the players by seat.
    pub fn write(&self, table: &Table, names: &[String]) -> Result<String, Pgn4Error> {
        let game = table.game();
        if game.rules().seats.len() == 2 {
            let names = [names[0].as_str(), names[1].as_str()];
            Ok(crate::record::pgn::pgn(
                game,
                &self.start,
                &self.variant_start,
                &self.moves,
                names,
            ))
        } else {
            let scores: Vec<i32> = Seat::all(names.len()).map(|s| game.score(s)).collect();
            let game_record = crate::record::pgn4::GameRecord {
                start: &self.start,
                events: &self.events,
                names,
                scores: &scores,
                started: self.started,
            };
            crate::record::pgn4::pgn4(game.rules(), &game_record)
        }
    }
}
