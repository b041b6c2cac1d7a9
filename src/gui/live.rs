//! The server's live games against a person, in every tab: while one goes on, nothing of its
//! opposing engine's view of any of the game's positions (its start included) reaches any tab,
//! whatever the tab sends. Each tab keeps its entry up to date as it sends its state; analysis,
//! the tree, the comparison, the column values and the review ask `refusal` before they show
//! an engine's values of a position. An engine is known by its name; sente's own solvers (the
//! column values, the review) count as the opponent when it is this sente's program.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// One game against a person that goes on.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGame {
    /// The opponent's name.
    pub engine: String,
    /// True when the opponent is this sente's program (its solvers are then its view too).
    pub this_sente: bool,
    /// The variant.
    pub variant: String,
    /// Its rule options.
    pub rules: Vec<(String, String)>,
    /// The fen of the game's start.
    pub start: String,
    /// The fen of every position of the game after its first move, and of its start while no
    /// move is played (once the game has moved on, its start is every game's and free).
    pub fens: HashSet<String>,
}

/// What is asked of a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Asked {
    /// Values shown (analysis, the tree, the comparison, column values, a review).
    Values,
    /// A game with the engine from it: free from a live game's start (games start there).
    Game,
}

/// Who would show a position's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Viewer<'a> {
    /// An engine of the server, by name.
    Engine(&'a str),
    /// sente's own solvers in this program (the column values, the review).
    ThisSente,
}

/// The live games of the server, by tab.
#[derive(Default)]
pub struct LiveGames {
    games: Mutex<HashMap<u64, LiveGame>>,
    next_tab: AtomicU64,
}

impl LiveGames {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, LiveGame>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new tab's id.
    pub fn tab_id(&self) -> u64 {
        self.next_tab.fetch_add(1, Ordering::Relaxed)
    }

    /// Sets (or, with `None`, clears) the live game of tab `tab`.
    pub fn set(&self, tab: u64, game: Option<LiveGame>) {
        let mut games = self.lock();
        match game {
            Some(game) => {
                if games.get(&tab) != Some(&game) {
                    games.insert(tab, game);
                }
            }
            None => {
                games.remove(&tab);
            }
        }
    }

    /// How many games go on.
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    /// Why `viewer` may not show its view of the position `fen` of `variant` under `rules`, as
    /// asked from tab `tab`: a game against it goes on in another tab that has this position.
    /// None when it may (the game's own tab keeps its own rules: `Tab` refuses the opponent
    /// there, and lets another engine be asked knowingly).
    pub fn refusal(
        &self,
        tab: u64,
        viewer: Viewer,
        asked: Asked,
        variant: &str,
        rules: &[(String, String)],
        fen: &str,
    ) -> Option<String> {
        let games = self.lock();
        let game = games.iter().find_map(|(&owner, game)| {
            let same = match viewer {
                Viewer::Engine(name) => game.engine == name,
                Viewer::ThisSente => game.this_sente,
            };
            let found = owner != tab
                && same
                && game.variant == variant
                && game.rules == rules
                && game.fens.contains(fen)
                && !(asked == Asked::Game && game.start == fen);
            found.then_some(game)
        })?;
        let who = match viewer {
            Viewer::Engine(name) => name.to_string(),
            Viewer::ThisSente => format!("sente's solver ({}'s program)", game.engine),
        };
        Some(format!(
            "{who} plays a game against a person in another tab that has this position: its \
             view of it is not shown in any tab while that game goes on; pick another position \
             or another engine"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(engine: &str, fens: &[&str]) -> LiveGame {
        LiveGame {
            engine: engine.to_string(),
            this_sente: engine == "sente",
            start: fens[0].to_string(),
            variant: "connect4".to_string(),
            rules: Vec::new(),
            fens: fens.iter().map(|f| f.to_string()).collect(),
        }
    }

    #[test]
    fn a_live_games_positions_are_refused_to_its_opponent_in_every_tab() {
        let live = LiveGames::default();
        let (mine, other) = (live.tab_id(), live.tab_id());
        live.set(mine, Some(game("sente", &["a", "b"])));
        let asked = |tab, viewer, variant: &str, fen: &str| {
            live.refusal(tab, viewer, Asked::Values, variant, &[], fen)
        };
        // The game's own tab keeps its own rules (`Tab` refuses the opponent there).
        assert_eq!(asked(mine, Viewer::Engine("sente"), "connect4", "b"), None);
        let elsewhere = asked(other, Viewer::Engine("sente"), "connect4", "a").expect("refused");
        assert!(elsewhere.contains("in another tab"), "{elsewhere}");
        let solver = asked(other, Viewer::ThisSente, "connect4", "b").expect("refused");
        assert!(
            solver.starts_with("sente's solver (sente's program) plays"),
            "{solver}"
        );
        // Another position, engine or variant is free.
        assert_eq!(asked(other, Viewer::Engine("sente"), "connect4", "c"), None);
        assert_eq!(asked(other, Viewer::Engine("other"), "connect4", "a"), None);
        assert_eq!(
            asked(other, Viewer::Engine("sente"), "tictactoe", "a"),
            None
        );
        assert_eq!(
            live.refusal(
                other,
                Viewer::Engine("sente"),
                Asked::Values,
                "connect4",
                &[("X".into(), "1".into())],
                "a"
            ),
            None
        );
        // A game is started from a live game's start, not from its other positions.
        let game_from = |fen| {
            live.refusal(
                other,
                Viewer::Engine("sente"),
                Asked::Game,
                "connect4",
                &[],
                fen,
            )
        };
        assert_eq!(game_from("a"), None);
        assert!(game_from("b").is_some());
        // Over: free again.
        live.set(mine, None);
        assert_eq!(live.count(), 0);
        assert_eq!(asked(other, Viewer::Engine("sente"), "connect4", "a"), None);
        // Another engine's game does not bind sente's solvers.
        live.set(mine, Some(game("fairy", &["a"])));
        assert_eq!(asked(other, Viewer::ThisSente, "connect4", "a"), None);
        assert!(asked(other, Viewer::Engine("fairy"), "connect4", "a").is_some());
    }
}
