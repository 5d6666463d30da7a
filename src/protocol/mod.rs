//! Engine protocols: how GUIs and match tools drive tetrarch's bot.

pub mod uci;
