//! The `tetrarch` command: parse the arguments, run, exit with the code.

use std::process::ExitCode;

fn main() -> ExitCode {
    tetrarch::cli::main()
}
