//! Engine protocols: how GUIs, match tools and scripts drive tetrarch's bot.

pub mod searcher;
pub mod uci;
pub mod xboard;
pub mod xboard_setup;
