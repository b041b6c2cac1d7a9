//! The engine process: the session loop, the search worker, options and the variant registry.

pub mod batch;
pub mod input;
pub mod job;
pub mod options;
pub mod position;
pub mod registry;
pub mod session;
pub mod tasks;
pub mod value;
pub mod variant;
pub mod words;
pub mod worker;

/// Runs the engine on stdin/stdout until `quit` or end of input.
pub fn run_stdio(variant: Option<&str>) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut session = session::Session::new(stdout.lock(), variant)?;
    session.run(input::spawn_reader(std::io::stdin()));
    Ok(())
}
