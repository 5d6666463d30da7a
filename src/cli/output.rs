//! Writing to standard output and standard error without panicking.
//!
//! `println!` panics when stdout is a closed pipe or a full disk; the
//! commands write through [`say`] instead, and a write that fails ends the
//! command with [`Exit::Usage`] (an environment problem, CLI.md). Messages
//! on stderr go through [`tell`], which ignores a stderr that cannot be
//! written: there is nowhere left to report it.

use std::fmt::Display;
use std::io::Write;

use super::Exit;

/// Writes `text` and a line break to stdout; a failed write is reported on
/// stderr and becomes [`Exit::Usage`].
pub fn say(text: impl Display) -> Result<(), Exit> {
    print(format_args!("{text}\n"))
}

/// Writes `text` to stdout as it is; a failed write is reported on stderr
/// and becomes [`Exit::Usage`].
pub fn print(text: impl Display) -> Result<(), Exit> {
    let mut out = std::io::stdout().lock();
    write!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|error| {
            if error.kind() != std::io::ErrorKind::BrokenPipe {
                tell(format_args!(
                    "error: cannot write to standard output: {error}"
                ));
            }
            Exit::Usage
        })
}

/// Writes `text` and a line break to stderr, ignoring failure.
pub fn tell(text: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
