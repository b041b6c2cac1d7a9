//! Many games of one variant side by side, played by integer actions (`Game::action`): the
//! vectorised environments of reinforcement learning and random playouts, a whole step of N
//! games or N whole games per call, without a call from Python per move. The Python package
//! wraps it in numpy arrays (`sente.Batch`).

use crate::games::{Game, Outcome, Seat};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The longest random playout of a game that can go on for ever (a puzzle's walk): it is cut
/// there and counts as unfinished.
pub const MAX_WALK: u32 = 10_000;

/// p1's return once the game is over: 1 for a win, -1 for a loss, 0 for a draw (a solved
/// puzzle is a win), a final score in the game's own units (`value_unit`, `Game::VALUE_UNIT`:
/// a game tree's leaf 3 is 3); `None` while the game goes on. p2's is its negative.
pub fn p1_return(outcome: Option<Outcome>, value_unit: i32) -> Option<f64> {
    outcome.map(|o| match o {
        Outcome::Win(Seat::P1) => 1.0,
        Outcome::Win(Seat::P2) => -1.0,
        Outcome::Draw => 0.0,
        // The search's score units (`Outcome::Score`), `value_unit` to one of the game's.
        Outcome::Score(v) => f64::from(v) / f64::from(value_unit.max(1)),
    })
}

/// What a step of every game gives back, one entry per game (two rewards per game).
pub struct StepOut<'a> {
    /// p1's and p2's reward for this step, per game: the final returns when the step ended
    /// the game (`p1_return`), else 0.
    pub rewards: &'a mut [f32],
    /// 1 where the step ended the game (which then started again), else 0.
    pub done: &'a mut [u8],
}

/// What each game looks like, one entry per game.
pub struct Observed<'a> {
    /// Each game's observation tensor (`Game::observe`), one after the other; empty for a
    /// game without one.
    pub observations: &'a mut [f32],
    /// Each game's legal actions: `action_count` bytes per game, 1 where an action is legal.
    pub masks: &'a mut [u8],
    /// The player to move in each game: 0 (p1) or 1 (p2).
    pub players: &'a mut [i8],
}

/// Games of one variant, played together (made by `Variant::batch`).
pub trait Batch: Send {
    /// The number of games.
    fn len(&self) -> usize;
    /// True with no game.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The number of integer actions of the game (the length of a mask).
    fn action_count(&self) -> usize;
    /// The shape of one game's observation tensor, `None` for a game without one.
    fn observation_shape(&self) -> Option<[usize; 3]>;
    /// Puts every game back at the start.
    fn reset(&mut self);
    /// Plays `actions[i]` in game `i`. Every action is checked first: if one is not legal, an
    /// error names the game and nothing is played. A game that ends starts again at once
    /// (its rewards and `done` tell how it ended).
    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), String>;
    /// Writes each game's observation, legal actions and player to move (`out` zeroed).
    fn observe(&self, out: Observed<'_>);
    /// Plays `lengths.len()` games of uniformly random moves from the start, seeded by
    /// `seed`: each one's length in plies and p1's return (`p1_return`; 0 for a walk cut at
    /// `MAX_WALK`). Returns the moves played in all.
    fn random_playouts(&self, seed: u64, lengths: &mut [u32], returns: &mut [f32]) -> u64;
}

/// `Batch` for game `G`: the games, and the start they go back to.
pub struct Games<G: Game> {
    start: G,
    games: Vec<G>,
}

impl<G: Game> Games<G> {
    /// `count` games at `start`.
    pub fn new(start: G, count: usize) -> Self {
        Games {
            games: vec![start.clone(); count],
            start,
        }
    }
}

/// The legal move of `pos` whose integer action is `action`; an error says why there is none.
pub fn legal_move<G: Game>(pos: &G, action: u32) -> Result<G::Move, String> {
    if let Some(outcome) = pos.outcome() {
        return Err(format!("the game is over ({outcome})"));
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(&mv) = moves.iter().find(|&&m| pos.action(m) == action) {
        return Ok(mv);
    }
    let count = pos.action_count();
    if action >= count {
        Err(format!(
            "action {action} is out of range (0 to {})",
            count.saturating_sub(1)
        ))
    } else {
        Err(format!("action {action} is not a legal move here"))
    }
}

impl<G: Game> Batch for Games<G> {
    fn len(&self) -> usize {
        self.games.len()
    }

    fn action_count(&self) -> usize {
        self.start.action_count() as usize
    }

    fn observation_shape(&self) -> Option<[usize; 3]> {
        self.start.observation_shape()
    }

    fn reset(&mut self) {
        for game in &mut self.games {
            game.clone_from(&self.start);
        }
    }

    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), String> {
        if actions.len() != self.games.len() {
            return Err(format!(
                "{} actions for {} games: one action per game",
                actions.len(),
                self.games.len()
            ));
        }
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (&action, game)) in actions.iter().zip(&self.games).enumerate() {
            let mv = u32::try_from(action)
                .map_err(|_| format!("action {action} is out of range"))
                .and_then(|a| legal_move(game, a))
                .map_err(|e| format!("game {i}: {e}"))?;
            moves.push(mv);
        }
        for (i, (game, mv)) in self.games.iter_mut().zip(moves).enumerate() {
            game.play(mv);
            let ended = p1_return(game.outcome(), G::VALUE_UNIT);
            let reward = ended.unwrap_or(0.0) as f32;
            out.rewards[2 * i] = reward;
            // `0.0 - reward`: a game going on gives 0.0 to both, not 0.0 and -0.0.
            out.rewards[2 * i + 1] = 0.0 - reward;
            out.done[i] = u8::from(ended.is_some());
            if ended.is_some() {
                game.clone_from(&self.start);
            }
        }
        Ok(())
    }

    fn observe(&self, out: Observed<'_>) {
        let size = self.observation_shape().map_or(0, |[p, r, c]| p * r * c);
        let count = self.action_count();
        let mut moves = Vec::new();
        for (i, game) in self.games.iter().enumerate() {
            if size > 0 {
                game.observe(&mut out.observations[i * size..(i + 1) * size]);
            }
            moves.clear();
            game.legal_moves(&mut moves);
            let mask = &mut out.masks[i * count..(i + 1) * count];
            for &mv in &moves {
                mask[game.action(mv) as usize] = 1;
            }
            out.players[i] = match game.side_to_move() {
                Seat::P1 => 0,
                Seat::P2 => 1,
            };
        }
    }

    fn random_playouts(&self, seed: u64, lengths: &mut [u32], returns: &mut [f32]) -> u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let most = self.start.max_plies().unwrap_or(MAX_WALK);
        let mut moves = Vec::new();
        let mut total = 0;
        for (length, result) in lengths.iter_mut().zip(returns.iter_mut()) {
            let mut pos = self.start.clone();
            let mut plies = 0;
            while plies < most {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.random_range(0..moves.len())]);
                plies += 1;
            }
            *length = plies;
            *result = p1_return(pos.outcome(), G::VALUE_UNIT).unwrap_or(0.0) as f32;
            total += u64::from(plies);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::Connect4;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn random_playouts_end_as_the_games_do() {
        let games = Games::new(TicTacToe::startpos(), 0);
        let (mut lengths, mut returns) = (vec![0; 500], vec![0.0; 500]);
        let total = games.random_playouts(3, &mut lengths, &mut returns);
        assert_eq!(total, lengths.iter().map(|&l| u64::from(l)).sum::<u64>());
        for (&length, &result) in lengths.iter().zip(&returns) {
            assert!((5..=9).contains(&length), "{length}");
            // x moves on odd plies: a game won on an even ply is o's, and a draw fills the board.
            match result {
                1.0 => assert_eq!(length % 2, 1),
                -1.0 => assert_eq!(length % 2, 0),
                _ => assert_eq!((result, length), (0.0, 9)),
            }
        }
        // The same seed, the same games.
        let (mut again, mut again_returns) = (vec![0; 500], vec![0.0; 500]);
        games.random_playouts(3, &mut again, &mut again_returns);
        assert_eq!((lengths, returns), (again, again_returns));
    }

    #[test]
    fn a_step_checks_every_action_first_and_restarts_finished_games() {
        let mut games = Games::new(<Connect4>::startpos(), 2);
        let (mut rewards, mut done) = (vec![0.0; 4], vec![0; 2]);
        let bad = games.step(
            &[3, 7],
            StepOut {
                rewards: &mut rewards,
                done: &mut done,
            },
        );
        assert_eq!(
            bad,
            Err("game 1: action 7 is out of range (0 to 6)".to_string())
        );
        assert_eq!(games.games[0], <Connect4>::startpos(), "nothing played");
        assert!(
            games
                .step(
                    &[0],
                    StepOut {
                        rewards: &mut rewards,
                        done: &mut done
                    }
                )
                .is_err()
        );
        // x plays column 1 four times, o column 2: x wins on its fourth stone.
        for (ply, actions) in [[0, 0], [1, 1], [0, 0], [1, 1], [0, 0], [1, 1]]
            .iter()
            .enumerate()
        {
            games
                .step(
                    actions,
                    StepOut {
                        rewards: &mut rewards,
                        done: &mut done,
                    },
                )
                .expect("legal");
            assert_eq!(done, [0, 0], "ply {ply}");
        }
        games
            .step(
                &[0, 3],
                StepOut {
                    rewards: &mut rewards,
                    done: &mut done,
                },
            )
            .expect("legal");
        assert_eq!(
            (rewards.as_slice(), done.as_slice()),
            (&[1.0, -1.0, 0.0, 0.0][..], &[1, 0][..])
        );
        assert_eq!(games.games[0], <Connect4>::startpos(), "restarted");
        let (mut observations, mut masks, mut players) =
            (vec![0.0; 2 * 126], vec![0; 14], vec![0; 2]);
        games.observe(Observed {
            observations: &mut observations,
            masks: &mut masks,
            players: &mut players,
        });
        assert_eq!(players, [0, 1]);
        assert_eq!(masks, [1; 14]);
        // Game 0 is empty: every cell in the empty plane.
        assert!(observations[84..126].iter().all(|&v| v == 1.0));
        // Game 1: x on column 1 (three) and 4, o on column 2 (three); o to move.
        let second = &observations[126..];
        assert_eq!(
            (second[0], second[3], second[42 + 1], second[42 + 8]),
            (1.0, 1.0, 1.0, 1.0)
        );
    }

    /// The observation of `pos` read back as a fen's board (rows from the top), planes x, o
    /// and empty with rows from the bottom.
    fn board_of_observation(pos: &impl Game, shape: [usize; 3]) -> String {
        let [planes, h, w] = shape;
        let mut out = vec![0.0; planes * h * w];
        pos.observe(&mut out);
        let rows: Vec<String> = (0..h)
            .rev()
            .map(|r| {
                (0..w)
                    .map(|c| {
                        let on: Vec<usize> = (0..planes)
                            .filter(|&p| out[p * h * w + r * w + c] == 1.0)
                            .collect();
                        assert_eq!(on.len(), 1, "one plane per cell");
                        ['x', 'o', '.'][on[0]]
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    #[test]
    fn connect_four_observations_on_every_board_word() {
        use crate::games::connect4::Shape;
        use crate::with_board_word;
        // 7x6 in 64 bits, 10x8 in 128, 12x10 in 192.
        for (width, height) in [(7, 6), (10, 8), (12, 10), (4, 4)] {
            let shape = Shape::new(width, height).expect("a board");
            with_board_word!(shape, B => {
                let start = Connect4::<B>::start(shape).expect("start");
                let dims = start.observation_shape().expect("a tensor");
                assert_eq!(dims, [3, height as usize, width as usize]);
                assert_eq!(start.action_count(), u32::from(width));
                let mut rng = StdRng::seed_from_u64(u64::from(width));
                for _ in 0..20 {
                    let mut pos = start.clone();
                    let mut moves = Vec::new();
                    loop {
                        let fen = pos.fen();
                        let board = fen.split(' ').next().expect("a board");
                        assert_eq!(board_of_observation(&pos, dims), board);
                        moves.clear();
                        pos.legal_moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        let mv = moves[rng.random_range(0..moves.len())];
                        assert_eq!(pos.action(mv), u32::from(mv));
                        pos.play(mv);
                    }
                }
            });
        }
    }
}
