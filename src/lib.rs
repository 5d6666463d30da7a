//! tetrarch: chess variants defined as data.
//!
//! A variant file in Fairy-Stockfish's `variants.ini` language (extended for
//! more players, holes and scoring) is read in stages, each its own module:
//!
//! 1. [`ini`]: lines into raw sections, with locations;
//! 2. [`betza`]: piece moves in Betza notation into move rules;
//! 3. [`definition`]: raw sections into typed, validated definitions, with
//!    inheritance, defaults and [`diagnostic`]s;
//! 4. [`catalog`]: the shipped variants plus user files, by name.
#![deny(missing_docs)]

pub mod betza;
pub mod board;
pub mod catalog;
pub mod cli;
pub mod definition;
pub mod diagnostic;
pub mod fen;
pub mod fen4;
pub mod ini;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rules;
pub mod setup;
pub mod setup_fen4;
pub mod source;
