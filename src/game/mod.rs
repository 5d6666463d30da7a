//! A game: one generic adjudicator that plays moves and actions on a
//! position of any variant and decides, from the compiled rule table alone,
//! how the game ends and who scores what.
//!
//! ```
//! use std::sync::Arc;
//! use tetrarch::catalog::Catalog;
//! use tetrarch::game::{EndRule, Game, Outcome};
//! use tetrarch::rules::compile;
//!
//! let catalog = Catalog::shipped();
//! let chess = catalog.checked("chess").expect("shipped");
//! let rules = Arc::new(compile(chess).expect("supported"));
//! let mut game = Game::new(rules, chess.start_fen(), 0).expect("a valid start");
//! for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.play_text(text).expect("a legal move");
//! }
//! let result = game.result().expect("the game is over");
//! assert_eq!(result.rule, EndRule::Checkmate);
//! assert!(matches!(&result.outcome, Outcome::Win { winners } if winners[0].index() == 1));
//!
//! // Four players: Blue resigns before anyone scored, which aborts the game.
//! use tetrarch::game::Action;
//! let ffa = catalog.checked("4pc-ffa").expect("shipped");
//! let mut game = Game::new(Arc::new(compile(ffa).expect("supported")), ffa.start_fen(), 0)
//!     .expect("a valid start");
//! game.play_text("h2-h3").expect("a legal move");
//! assert_eq!(game.to_move().expect("ongoing").index(), 1);
//! game.act(Action::Resign, None).expect("Blue may resign");
//! assert_eq!(game.result().expect("over").outcome, Outcome::Aborted);
//! ```

mod action;
mod adjudicator;
mod chasing;
mod clock;
mod event;
mod result;
pub mod scenario;
mod table;

pub use action::{Action, ClaimRule, Refusal};
pub use adjudicator::Game;
pub use clock::{Clocks, TimeControl, TimeControlError};
pub use event::{Event, ScoreReason};
pub use result::{EndRule, GameResult, Outcome};
pub use table::{
    Actor, Occupant, PauseReason, Reply, Request, Table, TableError, TableEvent, TableRefusal,
};
