//! The registry of variants: every game sente plays, one line each, with what differs per
//! game besides its rules (which exact solver its `go` asks first, and so what a new game
//! prepares).
//! Adding a game is its module in `games/` and one line here (docs/adding-a-game.md).

use super::position::GamePosition;
use super::search_options::SearchOptions;
use super::sized;
use super::tasks::{connect4, rocks, rushhour, theory};
use super::variant::Variant;
use crate::games;
use crate::games::babylon::Babylon;
use crate::games::connect4::Connect4;
use crate::games::contract::{Contract, contract};
use crate::games::drop_game::DropGame;
use crate::games::nim::Nim;
use crate::games::rocks::RushHourRocks;
use crate::games::rules::{RuleOption, RuleValues};
use crate::games::rushhour::RushHour;
use crate::games::tictactoe::TicTacToe;
use crate::games::tree::GameTree;
use crate::games::{Game, GameError};

/// lichess's constant of the logistic curve, fitted to Stockfish's centipawns in chess: the
/// winning chances of the games whose own constant is not fitted.
pub const LICHESS_WIN_SCALE: f64 = 0.003_682_08;

/// The constant of the logistic curve fitted to sente's Connect Four scores against results
/// (`scripts/fit_win_scale.py --games 60 --depths 2 4 6 8 10`: 14,206 scored moves of 600
/// games; docs/performance.md, "Winning chances").
pub const CONNECT4_WIN_SCALE: f64 = 0.013_54;

/// The variant a new session plays.
pub const DEFAULT_VARIANT: &str = <Connect4>::NAME;

/// Every variant, in the order `UCI_Variant` lists them.
const REGISTRY: &[Entry] = &[
    Entry::of::<Connect4>()
        .made_by(sized::connect4)
        .with(Features::MOVE_VALUES)
        .searched_with(connect4::SEARCH_OPTIONS)
        .scored(CONNECT4_WIN_SCALE)
        .stones_in_a_row(games::connect4::drop_game),
    Entry::of::<TicTacToe>().stones_in_a_row(games::tictactoe::drop_game),
    Entry::of::<GameTree>(),
    Entry::of::<RushHour>()
        .made_by(|rules| GamePosition::solved_by(rules, rushhour::search_task))
        .searched_with(rushhour::SEARCH_OPTIONS),
    Entry::of::<RushHourRocks>()
        .made_by(|rules| {
            let start = GamePosition::start(rules)?.with_solver(rocks::rocks_task, None);
            Ok(Box::new(start.with_own_solve(rocks::solve)))
        })
        .with(Features::whole_games(WholeGames {
            first: "car",
            second: "rock",
            script: "scripts/rocks_experiment.py",
        })),
    Entry::of::<Babylon>(),
    Entry::of::<Nim>().made_by(|rules| GamePosition::solved_by(rules, theory::solve_task::<Nim>)),
];

/// The names of every variant, in the registry's order.
pub const NAMES: [&str; REGISTRY.len()] = {
    let mut names = [""; REGISTRY.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = REGISTRY[i].name;
        i += 1;
    }
    names
};

/// What a variant offers besides being played and searched, for the GUI's views.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Its solver values each legal move fast enough to show every move's exact value while
    /// a position is analysed (Connect Four's columns).
    pub move_values: bool,
    /// The comparison view may play whole games of each first player against sente's exact
    /// second player (the rocks experiment), named so.
    pub whole_games: Option<WholeGames>,
}

/// The comparison view's whole games of a two-player game: each compared search plays the
/// first player a whole game against sente's exact second player (its full search), as a
/// script of the course does; the words the view writes for the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WholeGames {
    /// What the first player moves (`car`: the `car player`, its `car moves`).
    pub first: &'static str,
    /// What the second player moves (`rock`: sente's `rock player`).
    pub second: &'static str,
    /// The script that plays the same games, whose table the view's export copies.
    pub script: &'static str,
}

impl Features {
    /// Only `move_values`.
    pub const MOVE_VALUES: Features = Features {
        move_values: true,
        whole_games: None,
    };

    /// Only whole games, named by `games`.
    pub const fn whole_games(games: WholeGames) -> Features {
        Features {
            move_values: false,
            whole_games: Some(games),
        }
    }
}

/// Makes a variant's start position under some rules.
type Make = fn(&RuleValues) -> Result<Box<dyn Variant>, GameError>;

/// A game of stones in a row under some rules, as an engine of such games is given it.
pub type DropGameOf = fn(&RuleValues) -> Result<DropGame, GameError>;

/// A variant of the registry: its name, its rule options, how to make its start position (with
/// the game's exact solver, and what a new game of it prepares).
#[derive(Clone, Copy)]
pub struct Entry {
    /// `Game::NAME`.
    pub name: &'static str,
    /// `Game::RULES`.
    pub rules: &'static [RuleOption],
    /// The game's own search options, declared by its task.
    pub search: SearchOptions,
    /// Makes the start position under some rules.
    make: Make,
    /// What the GUI offers for it besides play and search.
    pub features: Features,
    /// `Game::VALUE_UNIT`: the search's score units in one of the game's own (100 for a
    /// game tree), for the values the trace and Python write.
    pub value_unit: i32,
    /// The checks of the game's contract (tests and fuzzing run them on every variant).
    pub contract: Contract,
    /// The constant `k` of the logistic curve `2 / (1 + exp(-k * cp)) - 1` turning the search's
    /// scores (centipawns) into winning chances, fitted to the game's own scores against game
    /// results (docs/performance.md, "Winning chances"); lichess's chess constant when not
    /// fitted. The game review classes moves judged by search with it.
    pub win_scale: f64,
    /// The game as stones in a row, for an engine that plays such games from a description
    /// (Fairy-Stockfish); `None` for a game that is not one.
    pub drop_game: Option<DropGameOf>,
}

impl Entry {
    /// The entry of game `G`, searched by the generic searches alone.
    pub const fn of<G: Game>() -> Entry {
        Entry {
            name: G::NAME,
            rules: G::RULES,
            search: SearchOptions::NONE,
            make: |rules| Ok(Box::new(GamePosition::<G>::start(rules)?)),
            features: Features {
                move_values: false,
                whole_games: None,
            },
            value_unit: G::VALUE_UNIT,
            contract: contract::<G>(),
            win_scale: LICHESS_WIN_SCALE,
            drop_game: None,
        }
    }

    /// The same entry, a game of stones in a row as `drop_game` describes it under its rules.
    pub const fn stones_in_a_row(self, drop_game: DropGameOf) -> Entry {
        Entry {
            drop_game: Some(drop_game),
            ..self
        }
    }

    /// The same entry, whose search scores turn into winning chances with the constant
    /// `win_scale` (see the field).
    pub const fn scored(self, win_scale: f64) -> Entry {
        Entry { win_scale, ..self }
    }

    /// The same entry, offering `features`.
    pub const fn with(self, features: Features) -> Entry {
        Entry { features, ..self }
    }

    /// The same entry, whose searches take the game's own `search` options.
    pub const fn searched_with(self, search: SearchOptions) -> Entry {
        Entry { search, ..self }
    }

    /// The same entry, whose positions are made by `make` (to give them the game's solver).
    pub const fn made_by(self, make: Make) -> Entry {
        Entry { make, ..self }
    }

    /// The start position under `rules` (values of this entry's rule options).
    pub fn start(&self, rules: &RuleValues) -> Result<Box<dyn Variant>, GameError> {
        #[cfg(test)]
        STARTS_BUILT.with(|built| built.set(built.get() + 1));
        (self.make)(rules)
    }

    /// The default values of this game's rules.
    pub fn default_rules(&self) -> RuleValues {
        RuleValues::defaults(self.rules)
    }

    /// The default values of this game's search options.
    pub fn default_search_options(&self) -> RuleValues {
        RuleValues::defaults(self.search.options)
    }
}

#[cfg(test)]
thread_local! {
    /// The start positions built by `Entry::start` on this thread (tests count them).
    static STARTS_BUILT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The start positions built on this thread so far (for tests: what a command costs).
#[cfg(test)]
pub fn starts_built() -> usize {
    STARTS_BUILT.with(std::cell::Cell::get)
}

/// The names of every variant.
pub fn names() -> impl Iterator<Item = &'static str> {
    NAMES.into_iter()
}

/// Every entry, in order.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    REGISTRY.iter()
}

/// The entry of variant `name` (exactly as registered).
pub fn entry(name: &str) -> Option<&'static Entry> {
    REGISTRY.iter().find(|e| e.name == name)
}

/// The variants that are games of stones in a row (`Entry::drop_game`), in the registry's order.
pub fn drop_games() -> impl Iterator<Item = &'static str> {
    REGISTRY
        .iter()
        .filter(|e| e.drop_game.is_some())
        .map(|e| e.name)
}

/// The features of variant `name` (none for a name not registered).
pub fn features(name: &str) -> Features {
    entry(name).map_or_else(Features::default, |e| e.features)
}

/// A variant at its start position under `rules`, by name.
pub fn create(name: &str, rules: &RuleValues) -> Result<Box<dyn Variant>, String> {
    let entry = entry(name).ok_or_else(|| format!("no variant '{name}'"))?;
    entry.start(rules).map_err(|e| e.to_string())
}

/// The variant whose rules option `name` (any case) changes, and its declaration.
pub fn rule_option(name: &str) -> Option<(&'static str, &'static RuleOption)> {
    REGISTRY.iter().find_map(|entry| {
        entry
            .rules
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .map(|o| (entry.name, o))
    })
}

/// The option choosing the estimate of variant `variant`'s puzzle searches (A*, IDA*), if it
/// declares one.
pub fn puzzle_estimate(variant: &str) -> Option<&'static RuleOption> {
    entry(variant)?.search.puzzle_estimate()
}

/// Every estimate some variant's puzzle searches may take (the choices of their
/// `puzzle_estimate` options), each once, in the registry's order.
pub fn puzzle_estimate_words() -> impl Iterator<Item = &'static str> {
    let mut seen: Vec<&'static str> = Vec::new();
    REGISTRY
        .iter()
        .filter_map(|e| e.search.puzzle_estimate())
        .flat_map(|o| o.kind.choices().iter().copied())
        .filter(move |w| {
            let new = !seen.contains(w);
            seen.push(w);
            new
        })
}

/// The variant whose search option `name` (any case) is, and its declaration.
pub fn search_option(name: &str) -> Option<(&'static str, &'static RuleOption)> {
    REGISTRY.iter().find_map(|entry| {
        entry
            .search
            .options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .map(|o| (entry.name, o))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn names_and_rule_options_are_unique_and_defaults_make_a_start() {
        let names: BTreeSet<&str> = names().collect();
        assert_eq!(names.len(), REGISTRY.len());
        let mut options = BTreeSet::new();
        for entry in entries() {
            for option in entry.search.options {
                assert!(
                    options.insert(option.name.to_ascii_lowercase()),
                    "{} declared twice",
                    option.name
                );
                assert_eq!(search_option(option.name).map(|(v, _)| v), Some(entry.name));
            }
            for option in entry.rules {
                assert!(
                    options.insert(option.name.to_ascii_lowercase()),
                    "{} declared twice",
                    option.name
                );
                assert_eq!(rule_option(option.name).map(|(v, _)| v), Some(entry.name));
            }
            let start = entry.start(&entry.default_rules());
            assert!(start.is_ok(), "{}: {:?}", entry.name, start.err());
        }
    }

    #[test]
    fn every_variant_keeps_the_game_contract_on_random_playouts() {
        for entry in entries() {
            assert_eq!((entry.contract.playouts)(20), Ok(()), "{}", entry.name);
        }
    }

    mod parsers {
        use super::entries;
        use proptest::prelude::*;

        /// `text` given to the parsers of every variant.
        fn every_variant(text: &str) -> Result<(), TestCaseError> {
            for entry in entries() {
                let held = (entry.contract.parsers)(text);
                prop_assert!(held.is_ok(), "{}: {:?}", entry.name, held);
            }
            Ok(())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]

            #[test]
            fn arbitrary_text(text in "\\PC{0,80}") {
                every_variant(&text)?;
            }

            #[test]
            fn text_made_of_notation_characters(text in "[.xoXO/ ()0-9a-hA-Q*+@-]{0,60}") {
                every_variant(&text)?;
            }

            #[test]
            fn boards_of_the_right_size(board in "[.xA-E]{36}", side in "[cr12xo]") {
                every_variant(&format!("{board} {side}"))?;
                every_variant(&board)?;
            }
        }
    }
}
