//! The command line: `tetrarch check`, `describe`, `perft`, `test`, `play`,
//! `selfplay`, `replay`, `bench`, `uci`, `xboard`, `serve` and `keys`, with
//! the exit codes of CLI.md.

mod bench;
mod board_view;
pub mod check;
pub mod describe;
mod load;
mod output;
mod perft;
mod play;
mod replay;
mod seats;
mod selfplay;
#[cfg(feature = "server")]
mod serve;
mod test;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::shuffle::Shuffle;

/// Named exit codes (CLI.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Success; for `check`, no errors (warnings and unsupported allowed).
    Success = 0,
    /// The input is wrong: errors in a variant file, a bad FEN, an illegal move.
    InputWrong = 1,
    /// Usage or environment: bad arguments, a missing file, an unknown variant.
    Usage = 2,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// Chess variants defined as data: check, describe and play them.
#[derive(Debug, Parser)]
#[command(name = "tetrarch", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check variant files and report errors, warnings and unsupported
    /// features; without files, check every shipped variant.
    Check {
        /// Variant files to check (`variants.ini` syntax).
        files: Vec<PathBuf>,
        /// Extra variant files loaded before FILES, as possible parents.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Describe a variant: board, seats, teams, start, each piece's moves in
    /// sentences and diagrams, and its rules (promotion, castling, en
    /// passant, winning, losing, draws, scoring, the table).
    Describe {
        /// The variant's name (a shipped section or one from `--variants`).
        variant: String,
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
        /// What to write: text, markdown, json (for the web playground) or
        /// svg (a movement diagram per piece and the start position; needs
        /// `--out`).
        #[arg(long, value_enum, default_value_t = describe::Format::Text)]
        format: describe::Format,
        /// Write into this directory (`VARIANT.txt`, `.md`, `.json`, or
        /// `VARIANT-start.svg` and `VARIANT-PIECE.svg`) instead of printing.
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Print the reference of every variant-file key (Markdown).
    Keys,
    /// Speak UCI on standard input and output, for GUIs and match tools:
    /// any variant through `UCI_Variant` (four-player ones in the
    /// four-player engines' dialect), more variant files through
    /// `VariantPath` or `load` (see docs/uci.md).
    Uci {
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Replay the games of PGN and PGN4 files through the rules: every move
    /// checked legal, every result compared with the one the moves reach.
    Replay {
        /// PGN or PGN4 files (`.pgn`, `.pgn4`), or folders holding them.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
        /// Replay every game as this variant, whatever its tags say.
        #[arg(long)]
        variant: Option<String>,
        /// Ranks are numbered from 0 on ten-rank boards, as XBoard writes
        /// them.
        #[arg(long)]
        xboard_ranks: bool,
    },
    /// Speak the XBoard protocol (CECP 2) on standard input and output: any
    /// two-player variant, taught to XBoard with `setup` and `piece` when
    /// it does not know it (see docs/xboard.md).
    Xboard {
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Serve the playground: a web page to write, check, describe and play
    /// any variant, with rooms for two to eight players (see docs/serve.md).
    #[cfg(feature = "server")]
    Serve {
        /// The port to listen on (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// The database: a SQLite file (created if missing) or URL
        /// (`sqlite::memory:`), or a PostgreSQL URL (`postgres://…`) that
        /// several instances share.
        #[arg(long, default_value = "tetrarch.db")]
        db: String,
        /// The URL browsers reach this instance at, when it is not
        /// `http://BIND:PORT` (behind a proxy, or one of several instances).
        #[arg(long, value_name = "URL")]
        public_url: Option<String>,
        /// The least time a bot takes for a move, in milliseconds.
        #[arg(long, default_value_t = 400)]
        bot_pace_ms: u64,
        /// The longest a bot thinks without a clock, in milliseconds.
        #[arg(long, default_value_t = 3000)]
        bot_think_ms: u64,
        /// Seconds a room without connections stays open.
        #[arg(long, default_value_t = 600)]
        idle_close_s: u64,
        /// The most rooms open at once; more are refused until some close.
        #[arg(long, default_value_t = 1000)]
        max_rooms: usize,
        /// The most rooms one client address has open at once.
        #[arg(long, default_value_t = 20)]
        max_rooms_per_client: usize,
        /// The most connections open at once (keep it below the open-file
        /// limit, `ulimit -n`); more are closed at once.
        #[arg(long, default_value_t = 4000)]
        max_connections: usize,
        /// The most connections one client address has open at once.
        #[arg(long, default_value_t = 200)]
        max_connections_per_client: usize,
        /// Seconds a request's headers may take to arrive.
        #[arg(long, default_value_t = 10)]
        header_timeout_s: u64,
        /// The longest a request's work (checking a file, compiling a
        /// room's variant) may take, in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        work_budget_ms: u64,
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Measure perft speed in nodes per CPU second, side by side with
    /// Fairy-Stockfish binaries (see docs/performance.md).
    Bench {
        /// Paired runs per workload; the median counts.
        #[arg(long, default_value_t = 5)]
        repeat: u32,
        /// A Fairy-Stockfish binary to compare with (repeatable); without
        /// one, /usr/games/fairy-stockfish when it is installed.
        #[arg(long, value_name = "PATH")]
        fsf: Vec<PathBuf>,
        /// Time every variant of this perft file that tetrarch plays, at a
        /// depth of 1 to 5 million nodes, instead of the fixed positions
        /// (give `--variants` for the sections it names).
        #[arg(long, value_name = "PERFT-FILE")]
        corpus: Option<PathBuf>,
        /// Extra variant files, for tetrarch and for Fairy-Stockfish.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Run scenario files (SCENARIOS.md): one line per file, then
    /// `N passed, M failed`. A folder runs every `.toml` file under it.
    Test {
        /// Scenario files or folders.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print each scenario's events after its line.
        #[arg(long)]
        log: bool,
    },
    /// Play a game at the terminal against bots (or people at the same
    /// keyboard): type moves in the variant's notation, `help` for commands.
    Play {
        /// The variant's name (a shipped section or one from `--variants`).
        variant: String,
        /// Who plays a seat: `SEAT=human`, `SEAT=bot`, `SEAT=bot:LEVEL` (1 to 12)
        /// or `SEAT=random`; unnamed seats are `bot:2`, and the first seat is
        /// human when no seat is.
        #[arg(long = "seat", value_name = "SEAT=PLAYER")]
        seats: Vec<String>,
        /// Play with a clock: minutes, `+` seconds added per move (`5+3`),
        /// optionally `d` and a delay (`10+0d2`).
        #[arg(long)]
        clock: Option<String>,
        /// Start from this position (a FEN; a FEN4 for four players).
        #[arg(long)]
        fen: Option<String>,
        /// Start from a shuffled position (variants with `chess960 = true`):
        /// `random` (drawn by the seed) or a Chess960 start number, 0 to 959
        /// (518 is chess's).
        #[arg(long, value_name = "random|N", conflicts_with = "fen")]
        start: Option<Shuffle>,
        /// Read the commands from this file (one second passes per line;
        /// `wait SECONDS` lets more pass).
        #[arg(long)]
        script: Option<PathBuf>,
        /// Seeds the bots' choices between equal moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Append each finished game to this file: PGN for two players,
        /// PGN4 (chess.com's format) for four.
        #[arg(long)]
        pgn: Option<PathBuf>,
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Bots (or random movers) play each other; prints wins, draws and
    /// losses per seat, mean points, game length and how games ended.
    Selfplay {
        /// The variant's name (a shipped section or one from `--variants`).
        variant: String,
        /// How many games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Who plays a seat: `SEAT=bot`, `SEAT=bot:LEVEL` (search depth, 1 to 12)
        /// or `SEAT=random`; unnamed seats are `bot:2`.
        #[arg(long = "seat", value_name = "SEAT=PLAYER")]
        seats: Vec<String>,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Start from this position (a FEN; a FEN4 for four players).
        #[arg(long)]
        fen: Option<String>,
        /// Start from a shuffled position (variants with `chess960 = true`):
        /// `random` (drawn anew for each game by its seed) or a Chess960 start number, 0 to 959
        /// (518 is chess's).
        #[arg(long, value_name = "random|N", conflicts_with = "fen")]
        start: Option<Shuffle>,
        /// A game not over after this many plies counts as unfinished.
        #[arg(long, default_value_t = 1000)]
        max_plies: u32,
        /// Game G plays with seed SEED + G.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
    /// Count the move sequences of DEPTH plies (perft), as Fairy-Stockfish does.
    Perft {
        /// The variant's name (a shipped section or one from `--variants`).
        variant: String,
        /// The number of plies.
        depth: u32,
        /// Start from this position (a FEN; a FEN4 for four players).
        #[arg(long)]
        fen: Option<String>,
        /// Play these moves first (UCI notation).
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Print the count of every root move.
        #[arg(long)]
        divide: bool,
        /// Extra variant files, loaded after the shipped ones.
        #[arg(long = "variants", value_name = "FILE")]
        variants: Vec<PathBuf>,
    },
}

/// Parses the arguments, runs the command and returns its exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let usage = error.use_stderr();
            let _ = error.print();
            return if usage { Exit::Usage } else { Exit::Success }.into();
        }
    };
    run(cli).into()
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Exit {
    match run_command(cli.command) {
        Ok(()) => Exit::Success,
        Err(exit) => exit,
    }
}

/// Runs a command: `Ok` is success, `Err` the exit code of a failure
/// (already reported on stderr).
fn run_command(command: Command) -> Result<(), Exit> {
    match command {
        Command::Check { files, variants } => check::run(&variants, &files),
        Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
            variants,
        } => perft::run(perft::PerftArgs {
            variant: &variant,
            depth,
            fen: fen.as_deref(),
            moves: &moves,
            divide,
            variants: &variants,
        }),
        Command::Test { files, log } => test::run(&files, log),
        Command::Play {
            variant,
            seats,
            clock,
            fen,
            start,
            script,
            seed,
            pgn,
            variants,
        } => play::run(play::PlayArgs {
            variant: &variant,
            seats: &seats,
            clock: clock.as_deref(),
            fen: fen.as_deref(),
            start,
            script: script.as_ref(),
            seed,
            pgn: pgn.as_ref(),
            variants: &variants,
        }),
        Command::Selfplay {
            variant,
            games,
            seats,
            jobs,
            fen,
            start,
            max_plies,
            seed,
            variants,
        } => selfplay::run(selfplay::SelfplayArgs {
            variant: &variant,
            games,
            seats: &seats,
            jobs,
            fen: fen.as_deref(),
            start,
            max_plies,
            seed,
            variants: &variants,
        }),
        Command::Bench {
            repeat,
            fsf,
            corpus,
            variants,
        } => bench::run(&bench::BenchArgs {
            repeat,
            fsf: &fsf,
            corpus: corpus.as_deref(),
            variants: &variants,
        }),
        Command::Describe {
            variant,
            variants,
            format,
            out,
        } => describe::run(&variant, &variants, format, out.as_deref()),
        Command::Keys => output::print(crate::definition::keys::reference_markdown()),
        Command::Uci { variants } => {
            let catalog = load::load_catalog(&variants)?;
            crate::protocol::uci::serve(std::io::stdin().lock(), stdout_output(), catalog);
            Ok(())
        }
        Command::Replay {
            files,
            variants,
            variant,
            xboard_ranks,
        } => replay::run(
            &files,
            &variants,
            &crate::record::ReadOptions {
                variant,
                xboard_ranks,
            },
        ),
        #[cfg(feature = "server")]
        Command::Serve {
            port,
            bind,
            db,
            public_url,
            bot_pace_ms,
            bot_think_ms,
            idle_close_s,
            max_rooms,
            max_rooms_per_client,
            max_connections,
            max_connections_per_client,
            header_timeout_s,
            work_budget_ms,
            variants,
        } => serve::run(
            &variants,
            crate::server::ServeConfig {
                bind: std::net::SocketAddr::new(bind, port),
                db,
                public_url,
                variants: Vec::new(),
                bot_pace: std::time::Duration::from_millis(bot_pace_ms),
                bot_think: std::time::Duration::from_millis(bot_think_ms),
                idle_close: std::time::Duration::from_secs(idle_close_s),
                max_rooms,
                max_rooms_per_client,
                connections: crate::server::ConnectionLimits {
                    max: max_connections,
                    per_client: max_connections_per_client,
                    header_timeout: std::time::Duration::from_secs(header_timeout_s.max(1)),
                },
                work_budget: std::time::Duration::from_millis(work_budget_ms),
            },
        ),
        Command::Xboard { variants } => {
            let catalog = load::load_catalog(&variants)?;
            crate::protocol::xboard::serve(std::io::stdin().lock(), stdout_output(), catalog);
            Ok(())
        }
    }
}

/// Standard output, shared by a protocol's command loop and its search.
fn stdout_output() -> crate::protocol::searcher::Output {
    std::sync::Arc::new(std::sync::Mutex::new(std::io::stdout()))
}
