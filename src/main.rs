//! The `sente` command: the library's command line (`sente::cli`), with this process's
//! arguments.

use std::process::ExitCode;

fn main() -> ExitCode {
    sente::cli::run(std::env::args_os())
}
