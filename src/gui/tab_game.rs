//! A tab's game: the rules, where it started, the moves (each checked with sente's rules) and
//! the viewed ply; positions typed in, records written and read.

use super::wire::{OutcomeMessage, PositionRef, clip};
use crate::games::Seat;
use crate::protocol::command::Command;
use crate::referee::duel::result::GameResult;
use crate::referee::game::{position_command, seat_name};
use crate::referee::openings::{Opening, split_moves};
use crate::referee::record::{self, RecordedGame};
use crate::review::{Review, saved};
use crate::variants::rules::Rules;
use crate::variants::variant::Variant;

/// Longest game a tab keeps, in moves.
pub const MAX_PLIES: usize = 4096;

/// The game of a tab.
#[derive(Clone, Debug)]
pub struct TabGame {
    /// The variant and its rule options.
    pub rules: Rules,
    /// The start fen (`None`: the variant's start).
    pub start_fen: Option<String>,
    /// Every move from the start.
    pub moves: Vec<String>,
    /// A comment per move (engine score, depth, time; empty for a person's move).
    pub comments: Vec<String>,
    /// How many moves lead to the viewed position.
    pub cursor: usize,
}

impl TabGame {
    /// A game of `variant` under `rules`, from `fen` with `moves` (all checked).
    pub fn new(
        variant: &str,
        rules: &[(String, String)],
        fen: Option<String>,
        moves: Vec<String>,
    ) -> Result<TabGame, String> {
        let mut sorted = rules.to_vec();
        // Colours before tablets: from the default 4 x 3, any allowed pair is reached.
        sorted.sort();
        let rules = Rules::new(variant, &sorted)?;
        if rules.settings.len() != sorted.len() {
            let unknown: Vec<&str> = sorted
                .iter()
                .filter(|(n, _)| !rules.settings.iter().any(|(s, _)| s == n))
                .map(|(n, _)| n.as_str())
                .collect();
            return Err(format!(
                "not rule options of {variant}: {}",
                unknown.join(", ")
            ));
        }
        if moves.len() > MAX_PLIES {
            return Err(format!("more than {MAX_PLIES} moves"));
        }
        let fen = fen.filter(|f| !f.trim().is_empty());
        replay(&rules, fen.as_deref(), &moves, 0)?;
        Ok(TabGame {
            rules,
            start_fen: fen,
            comments: vec![String::new(); moves.len()],
            cursor: moves.len(),
            moves,
        })
    }

    /// As `new`, but a refused move does not refuse the game: it stops before that move, and
    /// the second value says which move was refused and why (a link with a wrong move opens
    /// its legal part). The variant, the rules and the fen must be right.
    pub fn new_partial(
        variant: &str,
        rules: &[(String, String)],
        fen: Option<String>,
        moves: Vec<String>,
    ) -> Result<(TabGame, Option<String>), String> {
        let start = TabGame::new(variant, rules, fen, Vec::new())?;
        if moves.len() > MAX_PLIES {
            return Err(format!("more than {MAX_PLIES} moves"));
        }
        let mut pos = start.last();
        let mut legal = 0;
        let mut refused = None;
        for (i, mv) in moves.iter().enumerate() {
            if let Err(e) = play_checked(pos.as_mut(), std::slice::from_ref(mv), i) {
                refused = Some(e);
                break;
            }
            legal = i + 1;
        }
        let mut moves = moves;
        moves.truncate(legal);
        Ok((
            TabGame {
                comments: vec![String::new(); moves.len()],
                cursor: moves.len(),
                moves,
                ..start
            },
            refused,
        ))
    }

    /// The variant's name.
    pub fn variant(&self) -> &'static str {
        self.rules.variant()
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Box<dyn Variant> {
        let ply = ply.min(self.moves.len());
        // Every stored move was checked when it was added.
        match self
            .rules
            .position(self.start_fen.as_deref(), &self.moves[..ply])
        {
            Ok(pos) => pos,
            Err(e) => unreachable!("a checked game no longer replays: {e}"),
        }
    }

    /// The viewed position.
    pub fn viewed(&self) -> Box<dyn Variant> {
        self.position_at(self.cursor)
    }

    /// The position after the last move.
    pub fn last(&self) -> Box<dyn Variant> {
        self.position_at(self.moves.len())
    }

    /// Plays `moves` at the viewed position, dropping the moves after it (unless they are the
    /// moves that follow: then the view steps along them); on an illegal move nothing changes
    /// and the error names it.
    pub fn play_at_cursor(&mut self, moves: &[String], comment: &str) -> Result<(), String> {
        if !moves.is_empty() && self.moves[self.cursor..].starts_with(moves) {
            self.cursor += moves.len();
            return Ok(());
        }
        let mut pos = self.viewed();
        if let Some(outcome) = pos.outcome() {
            return Err(format!("the game is over ({outcome})"));
        }
        play_checked(pos.as_mut(), moves, self.cursor)?;
        if self.cursor + moves.len() > MAX_PLIES {
            return Err(format!("a game has at most {MAX_PLIES} moves here"));
        }
        self.moves.truncate(self.cursor);
        self.comments.truncate(self.cursor);
        for mv in moves {
            self.moves.push(mv.clone());
            self.comments.push(comment.to_string());
        }
        self.cursor = self.moves.len();
        Ok(())
    }

    /// Sets the view to `ply` (at most the number of moves).
    pub fn goto(&mut self, ply: usize) {
        self.cursor = ply.min(self.moves.len());
    }

    /// Drops the moves after `ply`.
    pub fn truncate(&mut self, ply: usize) {
        self.moves.truncate(ply);
        self.comments.truncate(ply);
        self.cursor = self.cursor.min(ply);
    }

    /// `position ...` for the engine, at `ply`.
    pub fn position_command(&self, ply: usize) -> Command {
        let opening = Opening {
            fen: self.start_fen.clone(),
            moves: Vec::new(),
        };
        position_command(&opening, &self.moves[..ply.min(self.moves.len())])
    }

    /// The start position's fen.
    pub fn root_fen(&self) -> String {
        self.position_at(0).fen()
    }

    /// The same rules with a position typed by a person: a fen, `fen ... moves ...`,
    /// `startpos moves ...`, a move list (Connect Four's digit string too), or a line of the
    /// Rush Hour database (`<moves> <36-cell board> <count>`).
    pub fn setup(&self, text: &str) -> Result<TabGame, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("no position given".to_string());
        }
        let variant = self.variant();
        let settings = self.rules.settings.clone();
        // A form of the game's own (a line of the Rush Hour database).
        if let Some(fen) = self.position_at(0).fen_of_typed(text) {
            return TabGame::new(variant, &settings, Some(fen), Vec::new());
        }
        let opening = self.read_typed(text)?;
        TabGame::new(variant, &settings, opening.fen, opening.moves)
    }

    /// A typed position read into a start fen and moves, each checked: an error names the
    /// fen's own fault (which field, what was expected, why the position cannot happen) or the
    /// move and its number.
    fn read_typed(&self, text: &str) -> Result<Opening, String> {
        let rules = &self.rules;
        let checked = |fen: Option<String>, moves: Vec<String>| {
            replay(rules, fen.as_deref(), &moves, 0).map(|_| Opening { fen, moves })
        };
        if let Some(rest) = text.strip_prefix("startpos") {
            let (head, moves) = split_moves(rest);
            if !head.is_empty() {
                return Err(format!("'{}' after startpos", clip(&head)));
            }
            return checked(None, moves);
        }
        if let Some(rest) = text.strip_prefix("fen ") {
            let (fen, moves) = split_moves(rest);
            return checked(Some(fen), moves);
        }
        if let Some(rest) = text.strip_prefix("moves ") {
            return checked(None, rest.split_whitespace().map(str::to_string).collect());
        }
        let as_fen = match rules.position(Some(text), &[]) {
            Ok(_) => {
                return Ok(Opening {
                    fen: Some(text.to_string()),
                    moves: Vec::new(),
                });
            }
            Err(e) => e,
        };
        let first = text.split_whitespace().next().unwrap_or_default();
        // Rows split by '/' or a tree in brackets: a fen, whose own fault is the answer.
        if first.contains('/') || first.starts_with('(') {
            return Err(as_fen);
        }
        // A move list of the game's own form (Connect Four's `4453`), or words.
        let moves = self
            .position_at(0)
            .moves_of_typed(text)
            .unwrap_or_else(|| text.split_whitespace().map(str::to_string).collect());
        match replay(rules, None, &moves, 0) {
            Ok(_) => Ok(Opening { fen: None, moves }),
            Err(e) if e.starts_with("move 1 ") && moves.len() == 1 => Err(format!(
                "neither a position ({as_fen}) nor a move list ({e})"
            )),
            Err(e) => Err(e),
        }
    }

    /// The position a request of the tree or comparison view names: `text` typed as for
    /// `setup`, or `fen` (the start when absent) with `moves`; refused when the game is
    /// already over there.
    pub fn requested(position: PositionRef) -> Result<TabGame, String> {
        let game = TabGame::new(
            position.variant,
            position.rules,
            position.fen.map(str::to_string),
            position.moves.to_vec(),
        )?;
        let game = match position.text.map(str::trim) {
            Some(t) if !t.is_empty() => game.setup(t)?,
            _ => game,
        };
        if let Some(outcome) = game.viewed().outcome() {
            return Err(format!("the game is over in this position ({outcome})"));
        }
        Ok(game)
    }

    /// The result and reason when the viewed position is finished.
    pub fn outcome_at(&self, pos: &dyn Variant) -> Option<OutcomeMessage> {
        pos.outcome().map(|outcome| OutcomeMessage {
            result: GameResult::of(outcome).to_string(),
            reason: if pos.is_puzzle() {
                format!("solved in {} moves", self.cursor)
            } else {
                outcome.to_string()
            },
        })
    }

    /// The game in the record format `sente match` writes, with `review` (a review of this
    /// game) in its comments (protocol.md, "A review in the record").
    pub fn to_record(
        &self,
        players: &[String; 2],
        limits: Option<&str>,
        forfeit: Option<(&OutcomeMessage, &str)>,
        review: Option<&Review>,
    ) -> String {
        let last = self.last();
        let (result, termination, reason) = match (last.outcome(), forfeit) {
            (Some(outcome), _) => (
                GameResult::of(outcome).to_string(),
                "normal".to_string(),
                outcome.to_string(),
            ),
            (None, Some((end, termination))) => (
                end.result.clone(),
                termination.to_string(),
                end.reason.clone(),
            ),
            (None, None) => ("*".to_string(), String::new(), "unfinished".to_string()),
        };
        let mut headers = vec![
            ("Event", "sente gui".to_string()),
            ("Date", record::pgn_date()),
            ("Round", "1".to_string()),
            ("P1", players[0].clone()),
            ("P2", players[1].clone()),
            ("Variant", self.variant().to_string()),
        ];
        if !self.rules.settings.is_empty() {
            headers.push(("Rules", self.rules.settings_text()));
        }
        if let Some(fen) = &self.start_fen {
            headers.push(("FEN", fen.clone()));
        }
        headers.push(("TimeControl", limits.unwrap_or("-").to_string()));
        headers.push(("Result", result));
        if !termination.is_empty() {
            headers.push(("Termination", termination));
        }
        headers.push(("Reason", reason));
        let mut recorded = RecordedGame {
            headers: headers
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            moves: self.moves.clone(),
            comments: self.comments.clone(),
            line: 1,
        };
        if let Some(review) = review
            && let Err(e) = saved::write(&mut recorded, review)
        {
            log::debug!("the record goes without its review: {e}");
        }
        recorded.to_text()
    }

    /// The first game of a record (its rules, fen, moves and comments, without a saved
    /// review's part; every move checked).
    pub fn from_record(text: &str) -> Result<TabGame, String> {
        let games = record::parse(text)?;
        let first = games.first().ok_or("no game in the record")?;
        let variant = first.header("Variant").ok_or("no [Variant] header")?;
        let rules = Rules::from_settings(variant, first.header("Rules").unwrap_or(""))?;
        let mut game = TabGame::new(
            variant,
            &rules.settings,
            first.header("FEN").map(str::to_string),
            first.moves.clone(),
        )?;
        // A saved review is the review mode's (`saved::read`), not the moves' comments.
        game.comments = first
            .comments
            .iter()
            .map(|c| saved::strip_comment(c).to_string())
            .collect();
        game.comments.resize(game.moves.len(), String::new());
        Ok(game)
    }
}

/// The position after `moves` from `fen` (the variant's start when `None`), every move
/// checked; an error names the fen's own fault, or the move and its number in the game (the
/// first of `moves` is move `before + 1`).
pub fn replay(
    rules: &Rules,
    fen: Option<&str>,
    moves: &[String],
    before: usize,
) -> Result<Box<dyn Variant>, String> {
    let mut pos = rules.position(fen, &[])?;
    play_checked(pos.as_mut(), moves, before)?;
    Ok(pos)
}

/// Plays `moves` on `pos`, numbered from `before + 1`; stops at the first refused one.
fn play_checked(pos: &mut dyn Variant, moves: &[String], before: usize) -> Result<(), String> {
    for (i, mv) in moves.iter().enumerate() {
        let refused = |why: String| {
            let head = format!("move {} '{}' is not a legal move", before + i + 1, clip(mv));
            // The rules' generic answer says no more than the head.
            if why.ends_with("is not a legal move here") {
                format!("{head} here")
            } else {
                format!("{head}: {why}")
            }
        };
        if let Some(outcome) = pos.outcome() {
            return Err(refused(format!("the game is over ({outcome})")));
        }
        pos.play_move(mv).map_err(refused)?;
    }
    Ok(())
}

/// `p1` or `p2`.
pub fn seat_text(seat: Seat) -> &'static str {
    seat_name(seat)
}

/// 36 cells of a Rush Hour board (`.`/`o` empty, `x` wall, `A`-`Z` vehicles).
/// The games whose moves slide a vehicle (`B+2`, Rush Hour's): for each vehicle with a legal
/// move, how many cells it can go back and forward by legal moves from `pos` (one cell per
/// move in the `steps` metric and with rocks). Empty for a game of other moves.
pub fn reach(rules: &Rules, pos: &dyn Variant) -> Vec<(String, i32, i32)> {
    let legal = pos.legal_moves();
    let fen = pos.fen();
    let slide = |m: &str| {
        let mut chars = m.chars();
        matches!(
            (chars.next(), chars.next()),
            (Some(v), Some('+' | '-')) if v.is_ascii_uppercase()
        ) && chars.as_str().parse::<u32>().is_ok()
    };
    let mut vehicles: Vec<char> = legal
        .iter()
        .filter(|m| slide(m))
        .filter_map(|m| m.chars().next())
        .collect();
    vehicles.sort();
    vehicles.dedup();
    let mut out = Vec::new();
    for v in vehicles {
        let mut range = [0i32; 2];
        for (i, sign) in ['-', '+'].into_iter().enumerate() {
            // Slides: the legal moves name every distance.
            let longest = legal
                .iter()
                .filter_map(|m| m.strip_prefix(&format!("{v}{sign}")))
                .filter_map(|d| d.parse::<i32>().ok())
                .max()
                .unwrap_or(0);
            // Steps: one cell at a time, while it stays legal and the side does not change.
            let mut steps = 0;
            if let Ok(mut probe) = rules.position(Some(&fen), &[]) {
                let side = probe.side_to_move();
                while steps < 6
                    && probe.side_to_move() == side
                    && probe.outcome().is_none()
                    && probe.play_move(&format!("{v}{sign}1")).is_ok()
                {
                    steps += 1;
                }
            }
            range[i] = longest.max(steps);
        }
        out.push((v.to_string(), range[0], range[1]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn moves_are_checked_and_the_view_follows() {
        let mut game = TabGame::new("tictactoe", &[], None, Vec::new()).unwrap();
        game.play_at_cursor(&strings("b2 a1"), "").unwrap();
        assert_eq!(game.cursor, 2);
        assert!(game.play_at_cursor(&strings("b2"), "").is_err());
        assert_eq!(game.moves, strings("b2 a1"));
        game.goto(0);
        game.play_at_cursor(&strings("b2"), "").unwrap();
        assert_eq!(
            (game.cursor, game.moves.len()),
            (1, 2),
            "the move that follows"
        );
        game.play_at_cursor(&strings("c3"), "").unwrap();
        assert_eq!(game.moves, strings("b2 c3"));
        assert_eq!(
            game.position_command(2).to_string(),
            "position startpos moves b2 c3"
        );
        assert!(TabGame::new("tictactoe", &[], None, strings("b2 b2")).is_err());
        // A link's line: its legal part, and the refused move named.
        let (game, refused) =
            TabGame::new_partial("tictactoe", &[], None, strings("b2 b2 a1")).unwrap();
        assert_eq!((game.moves.clone(), game.cursor), (strings("b2"), 1));
        assert_eq!(game.variant(), "tictactoe");
        assert!(
            refused
                .unwrap()
                .starts_with("move 2 'b2' is not a legal move")
        );
        let (game, refused) = TabGame::new_partial("connect4", &[], None, strings("4 4")).unwrap();
        assert_eq!((game.moves.len(), refused), (2, None));
        assert!(TabGame::new_partial("chess", &[], None, strings("e4")).is_err());
        assert!(
            TabGame::new_partial(
                "connect4",
                &[("Connect4Width".into(), "99".into())],
                None,
                vec![]
            )
            .is_err()
        );
        assert!(TabGame::new("chess", &[], None, Vec::new()).is_err());
        assert!(
            TabGame::new("babylon", &[("Hash".into(), "1".into())], None, Vec::new())
                .unwrap_err()
                .contains("Hash")
        );
    }

    #[test]
    fn typed_positions_are_read() {
        let c4 = TabGame::new("connect4", &[], None, Vec::new()).unwrap();
        assert_eq!(c4.setup("4453").unwrap().moves, strings("4 4 5 3"));
        assert_eq!(c4.setup("4 4 5").unwrap().moves, strings("4 4 5"));
        let fen = c4
            .setup("......./......./......./......./......./...x... o")
            .unwrap();
        assert_eq!(fen.moves.len(), 0);
        assert!(c4.setup("nonsense").is_err());
        let rush = TabGame::new("rushhour", &[], None, Vec::new()).unwrap();
        let line = "60 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780";
        let game = rush.setup(line).unwrap();
        assert_eq!(
            game.start_fen.as_deref(),
            Some("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")
        );
        let rocks = TabGame::new("rushhour-rocks", &[], None, Vec::new()).unwrap();
        assert!(rocks.setup(line).is_ok());
    }

    #[test]
    fn a_typed_position_says_what_is_wrong_with_it() {
        let c4 = TabGame::new("connect4", &[], None, Vec::new()).unwrap();
        let error = |text: &str| c4.setup(text).unwrap_err();
        for (text, wanted) in [
            (
                "4444444",
                "move 7 '4' is not a legal move: column 4 is full",
            ),
            (
                "4 4 9",
                "move 3 '9' is not a legal move: '9' is not a column 1-7",
            ),
            (
                "1 2 1 2 1 2 1 3",
                "move 8 '3' is not a legal move: the game is over",
            ),
            ("xxxx/ooo/zz 9", "bad connect4 fen 'xxxx/ooo/zz 9': "),
            (
                "......./......./......./......./...x.../....... o",
                "floating stone in column 4, row 2 from the bottom",
            ),
            (
                "......./......./......./......./oooo.../xxxx... x",
                "both x and o have four in a row",
            ),
            (
                "fen ......./......./......./......./......./....... x moves 4 8",
                "move 2 '8'",
            ),
            (
                "nonsense",
                "neither a position (bad connect4 fen 'nonsense'",
            ),
        ] {
            let e = error(text);
            println!("{text} -> {e}");
            assert!(e.contains(wanted), "{text}: {e}");
            assert!(!e.contains("index"), "{text}: {e}");
        }
        let ttt = TabGame::new("tictactoe", &[], None, Vec::new()).unwrap();
        let e = ttt.setup("xxx/ooo/... x").unwrap_err();
        assert!(e.contains("impossible position"), "{e}");
        let e = TabGame::new("tictactoe", &[], None, strings("b2 b2")).unwrap_err();
        assert_eq!(e, "move 2 'b2' is not a legal move here");
    }

    fn requested(variant: &str, moves: &[&str], text: Option<&str>) -> Result<TabGame, String> {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        TabGame::requested(PositionRef {
            variant,
            rules: &[],
            fen: None,
            moves: &moves,
            text,
        })
    }

    #[test]
    fn a_requested_position_is_checked_and_must_not_be_over() {
        assert_eq!(
            requested("tree", &[], None).unwrap().viewed().fen(),
            "((3 12 8) (2 4 6) (14 5 2))"
        );
        let game = requested("tictactoe", &["a3"], None).unwrap();
        assert_eq!(game.moves, ["a3"]);
        let typed = requested("connect4", &[], Some("4 3 5")).unwrap();
        assert_eq!(typed.moves, ["4", "3", "5"]);
        assert!(requested("tictactoe", &["a3", "a3"], None).is_err());
        assert!(
            requested("tictactoe", &["a1", "a2", "b1", "b2", "c1"], None)
                .unwrap_err()
                .contains("over")
        );
    }

    #[test]
    fn records_round_trip() {
        let mut game = TabGame::new(
            "babylon",
            &[
                ("BabylonTablets".into(), "2".into()),
                ("BabylonColours".into(), "2".into()),
            ],
            None,
            Vec::new(),
        )
        .unwrap();
        game.play_at_cursor(&strings("a1a1"), "").unwrap();
        game.comments[0] = "+0.00/3 0.010s".to_string();
        let text = game.to_record(&["you".into(), "sente".into()], Some("st=1"), None, None);
        assert!(
            text.contains("[Rules \"BabylonColours=2 BabylonTablets=2\"]"),
            "{text}"
        );
        let back = TabGame::from_record(&text).unwrap();
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.comments, game.comments);
        assert_eq!(back.rules.settings, game.rules.settings);
        assert!(TabGame::from_record("[Variant \"tictactoe\"]\n\nb2 b2 *\n").is_err());
    }

    #[test]
    fn rush_hour_reach_counts_cells() {
        let rules = Rules::new("rushhour", &[]).unwrap();
        let pos = rules.position(None, &[]).unwrap();
        let reach = reach(&rules, pos.as_ref());
        assert!(!reach.is_empty());
        for (_, back, forward) in &reach {
            assert!(*back + *forward >= 1);
        }
        let slides = Rules::new("rushhour", &[("RushMetric".into(), "slides".into())]).unwrap();
        let pos = slides.position(None, &[]).unwrap();
        assert_eq!(super::reach(&slides, pos.as_ref()), reach);
    }
}
