//! A bot for every variant, from the same compiled rule table: it plays only
//! legal moves (the [`Game`](crate::game::Game)'s), searches with iterative
//! deepening and alpha-beta (paranoid for more than two seats: every other
//! team plays against the bot's), limited by depth, nodes or time, and
//! evaluates material (the file's `pieceValueMg`, or values derived from
//! each piece's mobility on the empty board), pawn progress, king safety
//! where there are royal pieces, progress toward a flag region, the last
//! piece of a type whose extinction loses, the mobility of the seat to move
//! and, in points games, the score. It accepts a draw offer when the drawn
//! game is worth at least its search's value of playing on. Deterministic
//! for a seed unless a time limit cuts a search short.
//!
//! ```
//! use std::sync::Arc;
//! use tetrarch::catalog::Catalog;
//! use tetrarch::engine::{Bot, Limits};
//! use tetrarch::game::Game;
//! use tetrarch::rules::compile;
//!
//! let catalog = Catalog::shipped();
//! let chess = catalog.checked("chess").expect("shipped");
//! let rules = Arc::new(compile(chess).expect("supported"));
//! // White to move has a mate in one: Qxf7#.
//! let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let game = Game::new(rules.clone(), fen, 0).expect("a valid FEN");
//! let mut bot = Bot::new(&rules, 1);
//! let choice = bot.choose(&game, Limits::depth(2)).expect("a move");
//! assert_eq!(game.position().rules().name, "chess");
//! assert_eq!(tetrarch::notation::move_name(game.position(), &choice.mv), "h5f7");
//! ```

mod eval;
mod machine;
mod search;
mod values;

pub use machine::{MAX_LEVEL, Player, machine_accepts_draw, machine_move, think_time};
pub use search::{Bot, Choice, Limits};
pub use values::{PAWN, piece_values};
