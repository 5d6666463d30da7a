//! tetrarch: chess variants defined as data.
//!
//! A variant file in Fairy-Stockfish's `variants.ini` language (extended for
//! more players, holes and scoring) is read in stages, each its own module:
//!
//! 1. [`ini`]: lines into raw sections, with locations;
//! 2. [`betza`]: piece moves in Betza notation into move rules;
//! 3. [`definition`]: raw sections into typed, validated definitions, with
//!    inheritance, defaults and [`diagnostic`]s;
//! 4. [`catalog`]: the shipped variants plus user files, by name;
//! 5. [`rules`]: a definition compiled into the table the generator reads;
//! 6. [`setup`]: a FEN or FEN4 read into a `Setup`, checked for form;
//! 7. [`position`], [`movegen`], [`perft`]: positions (from a `Setup`, with
//!    make/unmake and the immediate game ends), legal moves, counting;
//! 8. [`notation`]: positions, moves and games as text (FEN, UCI, the
//!    four-player notation, SAN, PGN, PGN4), and records read back;
//! 9. [`game`]: the adjudicator and the match layer; [`engine`] the bot;
//!    [`protocol`] UCI and XBoard; `cli` the command, `server` the
//!    playground.
//!
//! ```
//! use tetrarch::catalog::Catalog;
//! use tetrarch::perft::perft;
//! use tetrarch::position::Position;
//! use tetrarch::rules::compile;
//!
//! let catalog = Catalog::shipped();
//! let chess = catalog.checked("chess").expect("shipped");
//! let rules = compile(chess).expect("chess is fully supported");
//! let mut position = Position::from_text(&rules, chess.start_fen()).expect("a valid start");
//! assert_eq!(perft(&mut position, 3), 8_902);
//!
//! // Four players on the cross board, from the same kind of data.
//! let teams = catalog.checked("4pc-teams").expect("shipped");
//! let rules = compile(teams).expect("supported");
//! let mut position = Position::from_text(&rules, teams.start_fen()).expect("a valid FEN4");
//! assert_eq!(perft(&mut position, 2), 395);
//! ```
#![deny(missing_docs)]

pub mod betza;
pub mod board;
pub mod catalog;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod cpu_time;
pub mod definition;
pub mod describe;
pub mod diagnostic;
pub mod engine;
pub mod game;
pub mod ini;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod piece_reach;
pub mod piece_type;
pub mod position;
pub mod protocol;
pub mod record;
pub mod rng;
pub mod rules;
pub mod seat;
#[cfg(feature = "server")]
pub mod server;
pub mod setup;
pub mod shuffle;
pub mod source;
pub mod text_file;
mod vec_index;
