//! The engine process: the session loop, the search worker, its input and its options.

pub mod input;
pub mod options;
pub mod session;
pub mod worker;

/// Runs the engine on stdin/stdout until `quit` or end of input.
pub fn run_stdio(variant: Option<&str>) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut session = session::Session::new(stdout.lock(), variant)?;
    session.run(input::spawn_reader(std::io::stdin()));
    Ok(())
}
