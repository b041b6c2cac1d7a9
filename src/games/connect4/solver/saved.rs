//! A solver's table kept in a file, so that a solve of hours can stop and go on later where it
//! was: the table is saved now and then while the threads solve (each entry is read whole, so
//! the file holds true bounds) and loaded before the next run, whose search then finds most of
//! the earlier work in it.

use super::table::SolverTable;
use super::{Solver, SolverWord};
use crate::games::connect4::Shape;
use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A handle on a solver's table from which another thread can save it to a file while the
/// solver solves.
pub struct TableSaver<B: SolverWord> {
    table: Arc<SolverTable<B>>,
    board: (u32, u32),
    /// Held while saving: two saves at once would share the `.part` file.
    saving: Mutex<()>,
}

impl<B: SolverWord> TableSaver<B> {
    /// Writes the table to `path`, through `path` + `.part` renamed once complete, so that
    /// a run stopped while saving leaves the last complete save; one save at a time. Returns
    /// the entries in use.
    pub fn save(&self, path: &Path) -> io::Result<u64> {
        let _saving = self
            .saving
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let part = part_path(path);
        let mut file = File::create(&part)?;
        let used = self.table.write_to(&mut file, self.board)?;
        file.sync_all()?;
        std::fs::rename(&part, path)?;
        Ok(used)
    }

    /// Checks that a save to `path` can be written (creating, then removing, its `.part`
    /// file), so that a solve of hours does not learn it only at its first save.
    pub fn check(&self, path: &Path) -> io::Result<()> {
        let part = part_path(path);
        File::create(&part)?;
        std::fs::remove_file(&part)
    }
}

/// `path` with `.part` after its file name.
fn part_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
}

impl<B: SolverWord> Solver<B> {
    /// Fills the table with the one saved in `path` for positions of `shape` by a solver of
    /// the same table size; an error (another board or size, a damaged file) names what was
    /// wrong and leaves the table empty. Returns the entries in use.
    pub fn load_table(&mut self, shape: Shape, path: &Path) -> io::Result<u64> {
        self.use_shape(shape);
        let board = (shape.width(), shape.height());
        let mut input = BufReader::with_capacity(1 << 20, File::open(path)?);
        match Arc::get_mut(&mut self.table) {
            Some(table) => table.read_from(&mut input, board),
            None => Err(io::Error::other("the table is being saved")),
        }
    }

    /// A saver of the table, prepared for positions of `shape`. While it lives the table
    /// must not change size: clear it or solve another board size and the solver takes a
    /// new table, which this saver does not see.
    pub fn table_saver(&mut self, shape: Shape) -> TableSaver<B> {
        self.use_shape(shape);
        TableSaver {
            table: Arc::clone(&self.table),
            board: (shape.width(), shape.height()),
            saving: Mutex::new(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::Connect4;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("sente-saved-{}-{name}", std::process::id()))
    }

    /// A position solved, its table saved and loaded into a fresh solver: the second solve
    /// gives the same score in fewer nodes (one thread: the counts are exact).
    #[test]
    fn a_saved_table_carries_the_work_over() {
        let shape = Shape::new(6, 5).expect("6 x 5");
        let pos = Connect4::<u64>::from_moves(shape, "34").expect("moves");
        let path = temp("carry");
        let mut first = Solver::<u64>::new(4);
        let saver = first.table_saver(shape);
        let score = first.solve(&pos, &mut |_| {}).expect("solved");
        let used = saver.save(&path).expect("saved");
        assert!(used > 0, "{used} entries, {} nodes", first.nodes);
        let fresh_nodes = first.nodes;

        let mut second = Solver::<u64>::new(4);
        assert_eq!(second.load_table(shape, &path).expect("loaded"), used);
        assert_eq!(second.solve(&pos, &mut |_| {}), Ok(score));
        assert!(
            second.nodes * 10 < fresh_nodes,
            "{} vs {fresh_nodes}",
            second.nodes
        );

        let wrong_board = Solver::<u64>::new(4).load_table(Shape::new(5, 6).expect("5x6"), &path);
        let message = wrong_board.expect_err("another board").to_string();
        assert_eq!(message, "the table's width is 6, this solve's 5");
        let wrong_size = Solver::<u64>::new(8).load_table(shape, &path);
        let message = wrong_size.expect_err("another size").to_string();
        assert!(
            message.contains("buckets") && message.contains("--hash"),
            "{message}"
        );

        let bytes = std::fs::read(&path).expect("read");
        std::fs::write(&path, &bytes[..bytes.len() - 3]).expect("cut");
        let mut cut = Solver::<u64>::new(4);
        let message = cut.load_table(shape, &path).expect_err("short").to_string();
        assert_eq!(message, "the table file ends before its table");
        std::fs::write(&path, b"4453\n").expect("text");
        let message = cut.load_table(shape, &path).expect_err("text").to_string();
        assert!(message.contains("not a table"), "{message}");
        assert_eq!(cut.solve(&pos, &mut |_| {}), Ok(score));
        assert_eq!(
            cut.nodes, fresh_nodes,
            "a refused file leaves the table empty"
        );
        std::fs::remove_file(&path).expect("removed");
    }

    /// The 128-bit entries (here of a small board in the wide word) round-trip as the 64-bit
    /// ones do.
    #[test]
    fn wide_tables_are_saved_whole() {
        let shape = Shape::new(6, 5).expect("6 x 5");
        let pos = Connect4::<u128>::from_moves(shape, "34").expect("moves");
        let path = temp("wide");
        let mut first = Solver::<u128>::new(8);
        let saver = first.table_saver(shape);
        first.solve_weak(&pos, &mut |_| {}).expect("solved");
        let used = saver.save(&path).expect("saved");
        let mut second = Solver::<u128>::new(8);
        assert_eq!(second.load_table(shape, &path).expect("loaded"), used);
        std::fs::remove_file(&path).expect("removed");
    }
}
