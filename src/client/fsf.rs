//! Fairy-Stockfish's notation: an adapter sitting between sente's side of a pipe (sente's moves,
//! fens and rule options) and a Fairy-Stockfish process (drops `P@d1`, its own fens, variants
//! loaded from a file).
//!
//! Fairy-Stockfish knows neither `connect4` at every size nor `tictactoe` as sente names them, so
//! the adapter writes a variants file for the game and board size, loads it in the order the
//! engine needs (`VariantPath`, then `UCI_Variant`, after `uci`) and checks the engine's
//! confirmation (`info string variant <name> files W ranks H ...`): an unknown variant is
//! ignored by Fairy-Stockfish without a word. Moves are translated both ways (a column is a drop
//! on the column's lowest free cell, a tic-tac-toe cell `b2` is `P@b2`); every move from the
//! engine is checked with sente's rules.

use crate::games::drop_game::DropGame;
use crate::protocol::command::{Command, PositionStart};
use crate::variants::registry;
use crate::variants::rules::Rules;
use crate::variants::variant::Variant;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which notation an engine speaks (`notation=` of `--engine`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Fairy-Stockfish's when its `id name` starts with `Fairy-Stockfish`, sente's otherwise.
    #[default]
    Auto,
    /// sente's own (UGI/UCI with sente's moves and fens).
    Sente,
    /// Fairy-Stockfish's.
    Fsf,
}

impl Notation {
    /// Reads `auto`, `sente` or `fsf`.
    pub fn parse(text: &str) -> Result<Notation, String> {
        match text {
            "auto" => Ok(Notation::Auto),
            "sente" => Ok(Notation::Sente),
            "fsf" => Ok(Notation::Fsf),
            _ => Err(format!("notation is auto, sente or fsf, not '{text}'")),
        }
    }

    /// The word `parse` reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Notation::Auto => "auto",
            Notation::Sente => "sente",
            Notation::Fsf => "fsf",
        }
    }

    /// Whether an engine that gave `id_name` speaks Fairy-Stockfish's notation.
    pub fn is_fsf(self, id_name: Option<&str>) -> bool {
        match self {
            Notation::Fsf => true,
            Notation::Sente => false,
            Notation::Auto => id_name.is_some_and(|n| n.starts_with("Fairy-Stockfish")),
        }
    }
}

/// The sente variants the adapter can load into Fairy-Stockfish: the games of stones in a row
/// (their registry entries' `drop_game`).
pub fn playable() -> Vec<String> {
    registry::drop_games().map(str::to_string).collect()
}
/// Fairy-Stockfish's largest board (built with `largeboards=yes`).
pub const MAX_FILES: u8 = 12;
/// See `MAX_FILES`.
pub const MAX_RANKS: u8 = 10;

/// A board Fairy-Stockfish is asked to play: a game of stones in a row as its game declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board(pub DropGame);

impl Board {
    /// Files and ranks.
    pub fn size(self) -> (u8, u8) {
        (self.0.files, self.0.ranks)
    }

    /// The name of the variant in the file: `sente-connect4-8x7`, `sente-tictactoe-3x3`.
    pub fn variant_name(self) -> String {
        let (files, ranks) = self.size();
        format!("sente-{}-{files}x{ranks}", self.0.game)
    }

    /// Stones each side has at the start: the first player one more on an odd board.
    fn stones(self) -> (u32, u32) {
        let (files, ranks) = self.size();
        let cells = u32::from(files) * u32::from(ranks);
        (cells.div_ceil(2), cells / 2)
    }

    /// The variants file's section for this board.
    pub fn ini(self) -> String {
        let (files, ranks) = self.size();
        let (p1, p2) = self.stones();
        let empty_rows = vec![files.to_string(); usize::from(ranks)].join("/");
        let pocket = "P".repeat(p1 as usize) + &"p".repeat(p2 as usize);
        let connect = self.0.connect;
        let gravity = if self.0.gravity {
            "enclosingDrop = top\n"
        } else {
            ""
        };
        format!(
            "[{name}]\nmaxRank = {ranks}\nmaxFile = {files}\nimmobile = p\n\
             startFen = {empty_rows}[{pocket}] w - - 0 1\npieceDrops = true\n{gravity}\
             doubleStep = false\ncastling = false\nstalemateValue = draw\n\
             immobilityIllegal = false\nconnectN = {connect}\nnMoveRule = 0\n",
            name = self.variant_name()
        )
    }

    /// Fairy-Stockfish's fen of a sente position (`x`, `o`, `.` rows from the top, then the
    /// side to move): `P` and `p` stones, runs of empty cells as numbers, the stones left in
    /// hand, `w` or `b`.
    pub fn fsf_fen(self, sente_fen: &str) -> Result<String, String> {
        let mut words = sente_fen.split_whitespace();
        let (Some(rows), Some(side)) = (words.next(), words.next()) else {
            return Err(format!("fen '{sente_fen}' has no side to move"));
        };
        let (mut x, mut o) = (0u32, 0u32);
        let mut out_rows = Vec::new();
        for row in rows.split('/') {
            let mut out = String::new();
            let mut empty = 0;
            for ch in row.chars() {
                let stone = match ch {
                    'x' | 'X' => 'P',
                    'o' | 'O' => 'p',
                    _ => {
                        empty += 1;
                        continue;
                    }
                };
                if stone == 'P' {
                    x += 1;
                } else {
                    o += 1;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(stone);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out_rows.push(out);
        }
        let (p1, p2) = self.stones();
        let pocket =
            "P".repeat(p1.saturating_sub(x) as usize) + &"p".repeat(p2.saturating_sub(o) as usize);
        let side = if side.eq_ignore_ascii_case("x") {
            'w'
        } else {
            'b'
        };
        Ok(format!("{}[{pocket}] {side} - - 0 1", out_rows.join("/")))
    }

    /// The drop Fairy-Stockfish writes for sente's move `mv` in `pos`.
    pub fn to_fsf(self, pos: &dyn Variant, mv: &str) -> Result<String, String> {
        let fen = pos.fen();
        let (file, rank) = self
            .0
            .cell_of(mv, |file| column_height(&fen, file))
            .ok_or_else(|| format!("'{mv}' names no free cell of the board"))?;
        Ok(format!("P@{}{}", file_char(file), rank + 1))
    }

    /// sente's move for Fairy-Stockfish's `text` in `pos`, if it is a legal move there.
    pub fn from_fsf(self, pos: &dyn Variant, text: &str) -> Option<String> {
        let square = text.strip_prefix("P@")?;
        let mut chars = square.chars();
        let file = chars.next()?;
        let rank: u8 = chars.as_str().parse().ok()?;
        let file = u8::try_from(u32::from(file).checked_sub(u32::from('a'))?).ok()?;
        let rank = rank.checked_sub(1)?;
        let (files, ranks) = self.size();
        if file >= files || rank >= ranks {
            return None;
        }
        if self.0.gravity && rank != column_height(&pos.fen(), file) {
            return None;
        }
        let mv = (self.0.move_at)(file, rank);
        pos.legal_moves().contains(&mv).then_some(mv)
    }
}

/// The file letter of a 0-based column.
fn file_char(col: u8) -> char {
    char::from(b'a' + col)
}

/// Stones in column `col` of a sente Connect Four fen.
fn column_height(fen: &str, col: u8) -> u8 {
    let rows = fen.split_whitespace().next().unwrap_or("");
    rows.split('/')
        .filter(|row| {
            row.chars()
                .nth(usize::from(col))
                .is_some_and(|c| c != '.' && c != '-')
        })
        .count()
        .try_into()
        .unwrap_or(u8::MAX)
}

/// A variant sent to the engine, waiting for its `info string variant` line.
#[derive(Debug)]
struct Awaited {
    name: String,
    board: Board,
    file: PathBuf,
}

/// The adapter of one Fairy-Stockfish process: what sente's side asked for, what was loaded,
/// and the last position sent (to translate the engine's moves back).
pub struct FsfAdapter {
    /// The sente variant asked for with `UCI_Variant`.
    variant: Option<String>,
    /// The rule options as last set (`Connect4Width`), in the order first set.
    settings: Vec<(String, String)>,
    /// The board loaded (or being loaded) into the engine.
    loaded: Option<Board>,
    awaited: Option<Awaited>,
    /// A problem to report at the next `readyok` or `bestmove`.
    error: Option<String>,
    /// The board and position of the last `position` sent.
    position: Option<(Board, Box<dyn Variant>)>,
}

impl FsfAdapter {
    /// A fresh adapter: the default variant under its default rules unless options say
    /// otherwise.
    pub fn new() -> FsfAdapter {
        FsfAdapter {
            variant: None,
            settings: Vec::new(),
            loaded: None,
            awaited: None,
            error: None,
            position: None,
        }
    }

    /// The commands to write to the engine for sente's `command`: rule options are kept here,
    /// the variant is loaded before the first command that needs it, positions are
    /// translated. (The process writes them in the engine's dialect: Fairy-Stockfish speaks
    /// UCI, so a new game is `ucinewgame`.)
    pub fn outgoing(&mut self, command: &Command) -> Vec<Command> {
        match command {
            Command::SetOption {
                name,
                value: Some(value),
            } if is_rule_option(name) => {
                self.set_rule(name, value);
                Vec::new()
            }
            Command::SetOption { .. }
            | Command::Handshake(_)
            | Command::Stop
            | Command::Quit
            | Command::PonderHit => vec![command.clone()],
            Command::Position { start, moves } => {
                let mut out = self.load();
                match self.position_command(start, moves) {
                    Ok(translated) => out.push(translated),
                    Err(e) => self.error = Some(e),
                }
                out
            }
            _ => {
                let mut out = self.load();
                out.push(command.clone());
                out
            }
        }
    }

    fn set_rule(&mut self, name: &str, value: &str) {
        if name.eq_ignore_ascii_case("UCI_Variant") {
            self.variant = Some(value.to_string());
            return;
        }
        match self
            .settings
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value.to_string(),
            None => self.settings.push((name.to_string(), value.to_string())),
        }
    }

    /// The variant asked for (the default one until `UCI_Variant` is set).
    fn variant(&self) -> &str {
        self.variant.as_deref().unwrap_or(registry::DEFAULT_VARIANT)
    }

    /// The rules sente's side asked for.
    fn rules(&self) -> Result<Rules, String> {
        Rules::new(self.variant(), &self.settings)
    }

    /// The board sente's side asked for.
    fn board(&self) -> Result<Board, String> {
        let rules = self.rules()?;
        let board = rules.drop_game().map(Board).map_err(|e| {
            format!(
                "Fairy-Stockfish is driven only at {} here, not {} ({e})",
                playable().join(" and "),
                self.variant()
            )
        })?;
        let (files, ranks) = board.size();
        if files > MAX_FILES || ranks > MAX_RANKS {
            return Err(format!(
                "Fairy-Stockfish plays at most {MAX_FILES} files x {MAX_RANKS} ranks, \
                 not {files}x{ranks}"
            ));
        }
        Ok(board)
    }

    /// `VariantPath` and `UCI_Variant` when the board asked for is not the one loaded (sent
    /// before a command that needs the variant, and before a line the parser cannot read).
    pub fn load(&mut self) -> Vec<Command> {
        let board = match self.board() {
            Ok(board) => board,
            Err(e) => {
                self.error = Some(e);
                return Vec::new();
            }
        };
        if self.loaded == Some(board) {
            return Vec::new();
        }
        let file = variants_file(board);
        if let Err(e) = std::fs::write(&file, board.ini()) {
            self.error = Some(format!("cannot write {}: {e}", file.display()));
            return Vec::new();
        }
        let name = board.variant_name();
        self.loaded = Some(board);
        let option = |name: &str, value: String| Command::SetOption {
            name: name.to_string(),
            value: Some(value),
        };
        let commands = vec![
            option("VariantPath", file.display().to_string()),
            option("UCI_Variant", name.clone()),
        ];
        self.awaited = Some(Awaited { name, board, file });
        commands
    }

    /// Translates a `position` (its fen and moves into Fairy-Stockfish's), checking the moves
    /// with sente's rules.
    fn position_command(
        &mut self,
        start: &PositionStart,
        moves: &[String],
    ) -> Result<Command, String> {
        let board = self.board()?;
        let fen = match start {
            PositionStart::Startpos => None,
            PositionStart::Fen(fen) => Some(fen.as_str()),
        };
        let mut pos = self.rules()?.position(fen, &[])?;
        let start = match fen {
            None => PositionStart::Startpos,
            Some(fen) => PositionStart::Fen(board.fsf_fen(fen)?),
        };
        let mut drops = Vec::with_capacity(moves.len());
        for mv in moves {
            let drop = board.to_fsf(pos.as_ref(), mv);
            pos.play_move(mv)?;
            drops.push(drop?);
        }
        self.position = Some((board, pos));
        Ok(Command::Position {
            start,
            moves: drops,
        })
    }

    /// Sees a line from the engine: the confirmation of a variant loaded is noted.
    pub fn observe(&mut self, line: &str) {
        let Some(awaited) = &self.awaited else {
            return;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [
            "info",
            "string",
            "variant",
            name,
            "files",
            files,
            "ranks",
            ranks,
            ..,
        ] = words.as_slice()
            && *name == awaited.name
        {
            let (w, h) = awaited.board.size();
            if *files != w.to_string() || *ranks != h.to_string() {
                self.error = Some(format!(
                    "Fairy-Stockfish loaded {name} as {files} files x {ranks} ranks, not {w}x{h}"
                ));
            }
            let _ = std::fs::remove_file(&awaited.file);
            self.awaited = None;
        }
    }

    /// At `readyok` or `bestmove`: an error if a variant was not confirmed or a line could not
    /// be translated.
    pub fn check(&mut self) -> Result<(), String> {
        if let Some(awaited) = self.awaited.take() {
            let _ = std::fs::remove_file(&awaited.file);
            self.loaded = None;
            return Err(format!(
                "Fairy-Stockfish did not load variant {} from {} (no 'info string variant' \
                 line): is it built with largeboards=yes?",
                awaited.name,
                awaited.file.display()
            ));
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// sente's move for the engine's `bestmove`; a move that is not legal in the last position
    /// sent comes back as the engine wrote it (so the rules reject it).
    pub fn move_from_engine(&self, text: &str) -> String {
        match &self.position {
            Some((board, pos)) => board
                .from_fsf(pos.as_ref(), text)
                .unwrap_or_else(|| text.to_string()),
            None => text.to_string(),
        }
    }

    /// An `info` line with its `pv` in sente's moves (as far as they translate).
    pub fn info_line(&self, line: &str) -> String {
        let Some((board, pos)) = &self.position else {
            return line.to_string();
        };
        let Some((head, pv)) = line.split_once(" pv ") else {
            return line.to_string();
        };
        let Ok(mut walk) = Rules::new(pos.name(), &self.settings)
            .and_then(|rules| rules.position(Some(&pos.fen()), &[]))
        else {
            return line.to_string();
        };
        let mut moves = Vec::new();
        for word in pv.split_whitespace() {
            match board.from_fsf(walk.as_ref(), word) {
                Some(mv) if walk.play_move(&mv).is_ok() => moves.push(mv),
                _ => break,
            }
        }
        if moves.is_empty() {
            head.to_string()
        } else {
            format!("{head} pv {}", moves.join(" "))
        }
    }
}

impl Default for FsfAdapter {
    fn default() -> Self {
        FsfAdapter::new()
    }
}

impl Drop for FsfAdapter {
    fn drop(&mut self) {
        if let Some(awaited) = &self.awaited {
            let _ = std::fs::remove_file(&awaited.file);
        }
    }
}

/// Options that change the rules, kept by the adapter rather than sent.
fn is_rule_option(name: &str) -> bool {
    name.eq_ignore_ascii_case("UCI_Variant") || registry::rule_option(name).is_some()
}

/// A fresh variants file in the temporary directory.
fn variants_file(board: Board) -> PathBuf {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "sente-fsf-{}-{n}-{}.ini",
        std::process::id(),
        board.variant_name()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::Dialect;
    use crate::protocol::parse::parse_command;

    /// Connect Four's board of `width` x `height`, as its game declares it.
    fn connect4(width: u8, height: u8) -> Board {
        let settings = [
            ("Connect4Width".to_string(), width.to_string()),
            ("Connect4Height".to_string(), height.to_string()),
        ];
        Board(
            Rules::new("connect4", &settings)
                .unwrap()
                .drop_game()
                .unwrap(),
        )
    }

    /// Tic-tac-toe's board, as its game declares it.
    fn tictactoe() -> Board {
        Board(Rules::new("tictactoe", &[]).unwrap().drop_game().unwrap())
    }

    /// The lines the adapter writes, in UCI (Fairy-Stockfish's dialect), for sente's `line`.
    fn lines(adapter: &mut FsfAdapter, line: &str) -> Vec<String> {
        let command = parse_command(line).unwrap();
        adapter
            .outgoing(&command)
            .iter()
            .map(|c| c.line(Dialect::Uci))
            .collect()
    }

    #[test]
    fn the_variants_file_has_the_board_and_the_stones_in_hand() {
        let board = connect4(7, 5);
        let ini = board.ini();
        assert!(ini.starts_with("[sente-connect4-7x5]\nmaxRank = 5\nmaxFile = 7\n"));
        // 35 cells: 18 stones for the first player, 17 for the second.
        let pocket = format!("[{}{}]", "P".repeat(18), "p".repeat(17));
        assert!(ini.contains(&format!("startFen = 7/7/7/7/7{pocket} w - - 0 1")));
        assert!(ini.contains("enclosingDrop = top") && ini.contains("connectN = 4"));
        let ttt = tictactoe().ini();
        assert!(ttt.contains("startFen = 3/3/3[PPPPPpppp] w") && ttt.contains("connectN = 3"));
        assert!(!ttt.contains("enclosingDrop"));
    }

    #[test]
    fn rule_options_are_kept_and_the_variant_loaded_before_the_first_position() {
        let mut adapter = FsfAdapter::new();
        assert!(lines(&mut adapter, "setoption name UCI_Variant value connect4").is_empty());
        assert!(lines(&mut adapter, "setoption name Connect4Width value 8").is_empty());
        assert!(lines(&mut adapter, "setoption name Connect4Height value 7").is_empty());
        assert_eq!(
            lines(&mut adapter, "setoption name Hash value 64"),
            ["setoption name Hash value 64"]
        );
        let out = lines(&mut adapter, "position startpos moves 4 4 5");
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(out[0].starts_with("setoption name VariantPath value "));
        assert_eq!(
            out[1],
            "setoption name UCI_Variant value sente-connect4-8x7"
        );
        assert_eq!(out[2], "position startpos moves P@d1 P@d2 P@e1");
        let file = out[0].rsplit(' ').next().unwrap().to_string();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            connect4(8, 7).ini()
        );
        // No confirmation: an error at the next readyok, and the file is gone.
        assert!(adapter.check().unwrap_err().contains("did not load"));
        assert!(!std::path::Path::new(&file).exists());
        // Loaded again, confirmed this time.
        let out = lines(&mut adapter, "uginewgame");
        assert_eq!(out.len(), 3, "{out:?}");
        assert_eq!(out[2], "ucinewgame");
        adapter.observe(
            "info string variant sente-connect4-8x7 files 8 ranks 7 pocket 1 template fairy",
        );
        assert_eq!(adapter.check(), Ok(()));
        // Same board: nothing more to load.
        assert_eq!(lines(&mut adapter, "isready"), ["isready"]);
        assert_eq!(
            lines(&mut adapter, "position startpos moves 8 8 8 8 8 8 8 1"),
            ["position startpos moves P@h1 P@h2 P@h3 P@h4 P@h5 P@h6 P@h7 P@a1"]
        );
        assert_eq!(adapter.move_from_engine("P@a2"), "1");
        assert_eq!(adapter.move_from_engine("P@b1"), "2");
        // A full column, a floating drop, junk: returned as written, for the rules to reject.
        assert_eq!(adapter.move_from_engine("P@h8"), "P@h8");
        assert_eq!(adapter.move_from_engine("P@c3"), "P@c3");
        assert_eq!(adapter.move_from_engine("e2e4"), "e2e4");
        assert_eq!(
            adapter.info_line("info depth 3 score cp 5 pv P@b1 P@b2 P@h9 P@c1"),
            "info depth 3 score cp 5 pv 2 2"
        );
        // An illegal move from sente's side is an error at the next check.
        assert!(lines(&mut adapter, "position startpos moves 8 8 8 8 8 8 8 8").is_empty());
        assert!(adapter.check().unwrap_err().contains("full"));
    }

    #[test]
    fn a_size_fairy_stockfish_cannot_play_is_an_error() {
        let mut adapter = FsfAdapter::new();
        for line in [
            "setoption name Connect4Width value 4",
            "setoption name Connect4Height value 11",
        ] {
            assert!(lines(&mut adapter, line).is_empty());
        }
        assert!(lines(&mut adapter, "position startpos").is_empty());
        assert!(
            adapter
                .check()
                .unwrap_err()
                .contains("at most 12 files x 10 ranks")
        );
        lines(&mut adapter, "setoption name UCI_Variant value babylon");
        assert_eq!(lines(&mut adapter, "isready"), ["isready"]);
        assert!(adapter.check().unwrap_err().contains("not babylon"));
    }

    #[test]
    fn tic_tac_toe_and_fens_translate() {
        let mut adapter = FsfAdapter::new();
        lines(&mut adapter, "setoption name UCI_Variant value tictactoe");
        let out = lines(&mut adapter, "position fen x../.o./... x moves c3");
        assert_eq!(
            out[1],
            "setoption name UCI_Variant value sente-tictactoe-3x3"
        );
        assert_eq!(
            out[2],
            "position fen P2/1p1/3[PPPPppp] w - - 0 1 moves P@c3"
        );
        adapter.observe("info string variant sente-tictactoe-3x3 files 3 ranks 3 pocket 1");
        assert_eq!(adapter.check(), Ok(()));
        assert_eq!(adapter.move_from_engine("P@a1"), "a1");
        assert_eq!(adapter.move_from_engine("P@b2"), "P@b2");
        let c4 = connect4(7, 6);
        assert_eq!(
            c4.fsf_fen("......./......./......./......./......./...xo.. x")
                .unwrap(),
            format!(
                "7/7/7/7/7/3Pp2[{}{}] w - - 0 1",
                "P".repeat(20),
                "p".repeat(20)
            )
        );
        let wide = connect4(12, 4);
        assert!(
            wide.fsf_fen("............/............/............/x........... o")
                .unwrap()
                .starts_with("12/12/12/P11[")
        );
    }

    #[test]
    fn each_game_of_stones_in_a_row_declares_the_moves_its_rules_play() {
        assert_eq!(playable(), ["connect4", "tictactoe"]);
        for variant in playable() {
            let rules = Rules::new(&variant, &[]).unwrap();
            let board = Board(rules.drop_game().unwrap());
            let start = rules.position(None, &[]).unwrap();
            let (files, ranks) = board.size();
            let mut declared: Vec<String> = (0..files)
                .flat_map(|f| (0..ranks).map(move |r| (f, r)))
                .filter(|&(_, r)| !board.0.gravity || r == 0)
                .map(|(f, r)| (board.0.move_at)(f, r))
                .collect();
            let mut legal = start.legal_moves();
            declared.sort();
            legal.sort();
            assert_eq!(declared, legal, "{variant}");
            for mv in &legal {
                let drop = board.to_fsf(start.as_ref(), mv).unwrap();
                assert_eq!(board.from_fsf(start.as_ref(), &drop).as_ref(), Some(mv));
            }
        }
        assert!(Rules::new("nim", &[]).unwrap().drop_game().is_err());
    }

    #[test]
    fn notations_are_read_and_detected() {
        assert_eq!(Notation::parse("fsf"), Ok(Notation::Fsf));
        assert!(Notation::parse("san").is_err());
        assert!(Notation::Auto.is_fsf(Some("Fairy-Stockfish 251126 LB")));
        assert!(!Notation::Auto.is_fsf(Some("sente")));
        assert!(!Notation::Sente.is_fsf(Some("Fairy-Stockfish")));
        assert!(Notation::Fsf.is_fsf(None));
    }
}
