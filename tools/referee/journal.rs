//! The match journal, `DIR/journal.txt`: the match's settings, then one line a finished game
//! holding all that the tally and the equalizer need. A referee started on a folder whose
//! journal has the same settings resumes that match: it replays the finished games (their
//! lines on stdout again, the engines' logs cut back to the end of the last of them) and
//! plays the rest, so a killed match loses only the game it was playing. The journal is
//! locked while a referee writes it, so two referees never write one folder.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};

use moyo::board::Color;

use crate::game::EndKind;
use crate::stats::{MatchTally, MoveTimes};

/// The journal's file name inside the match folder.
pub const FILE: &str = "journal.txt";

/// The first line of every journal.
const MAGIC: &str = "moyo-referee journal 1";

/// The engines' log files (A, B, the scorer): where `--engine-stderr log` writes, and what a
/// record measures, in the order of `FinishedGame::logs`.
pub const LOGS: [&str; 3] = ["engine-a.log", "engine-b.log", "scorer.log"];

/// One finished game as the journal keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// Whether engine A played Black.
    pub a_black: bool,
    /// The winning colour; `None` for a jigo.
    pub winner: Option<Color>,
    pub kind: EndKind,
    /// Engine A's and engine B's move times this game.
    pub times: [MoveTimes; 2],
    /// B's playouts a move this game, when the referee equalizes.
    pub b_n: Option<u64>,
    /// The lengths of the `LOGS` after the game (`None` where they are not written).
    pub logs: [Option<u64>; 3],
    /// The game's line on stdout, on one line.
    pub line: String,
}

impl FinishedGame {
    /// Engine index (0 = A, 1 = B) that played `c`.
    pub fn engine(&self, c: Color) -> usize {
        usize::from((c == Color::Black) != self.a_black)
    }

    /// Adds the game to the tally.
    pub fn count(&self, tally: &mut MatchTally) {
        tally.games += 1;
        for (e, t) in self.times.iter().enumerate() {
            tally.add_times(e, t);
        }
        let Some(w) = self.winner else {
            tally.jigo += 1;
            return;
        };
        tally.wins[self.engine(w)] += 1;
        match w {
            Color::Black => tally.black_wins += 1,
            Color::White => tally.white_wins += 1,
        }
        if self.engine(w) == 0 {
            match w {
                Color::Black => tally.a_as_black_wins += 1,
                Color::White => tally.a_as_white_wins += 1,
            }
        }
        let loser = self.engine(w.opp());
        match self.kind {
            EndKind::Crash => tally.crashes[loser] += 1,
            EndKind::Time => tally.time_losses[loser] += 1,
            EndKind::Illegal => tally.illegal[loser] += 1,
            _ => {}
        }
    }

    /// The record's journal line (without its newline): tab-separated fields, the stdout
    /// line last.
    fn to_line(&self, number: usize) -> String {
        let opt = |v: Option<u64>| v.map_or("-".to_string(), |n| n.to_string());
        let winner = match self.winner {
            Some(Color::Black) => "B",
            Some(Color::White) => "W",
            None => "-",
        };
        let [a, b] = &self.times;
        let mut fields = vec![
            "game".to_string(),
            number.to_string(),
            if self.a_black { "A" } else { "B" }.to_string(),
            winner.to_string(),
            self.kind.as_str().to_string(),
        ];
        for t in [a, b] {
            fields.extend([t.secs.to_string(), t.moves.to_string(), t.max.to_string()]);
        }
        fields.push(opt(self.b_n));
        fields.extend(self.logs.iter().map(|&l| opt(l)));
        fields.push(self.line.clone());
        fields.join("\t")
    }

    /// Reads a journal line written by `to_line` for game `number`.
    fn parse(line: &str, number: usize) -> Result<FinishedGame, String> {
        let f: Vec<&str> = line.splitn(16, '\t').collect();
        if f.len() != 16 || f[0] != "game" {
            return Err("not a game line".to_string());
        }
        if f[1] != number.to_string() {
            return Err(format!("game {} where game {number} was due", f[1]));
        }
        let bad = |what: &str, v: &str| format!("bad {what} '{v}'");
        let a_black = match f[2] {
            "A" => true,
            "B" => false,
            v => return Err(bad("black engine", v)),
        };
        let winner = match f[3] {
            "B" => Some(Color::Black),
            "W" => Some(Color::White),
            "-" => None,
            v => return Err(bad("winner", v)),
        };
        let kind = EndKind::parse(f[4]).ok_or_else(|| bad("end", f[4]))?;
        let secs = |v: &str| {
            v.parse::<f64>()
                .ok()
                .filter(|s| MatchTally::is_move_time(*s))
                .ok_or_else(|| bad("seconds", v))
        };
        let count = |v: &str| v.parse::<u64>().map_err(|_| bad("count", v));
        let opt = |v: &str| {
            if v == "-" {
                Ok(None)
            } else {
                count(v).map(Some)
            }
        };
        let times = |i: usize| -> Result<MoveTimes, String> {
            Ok(MoveTimes {
                secs: secs(f[i])?,
                moves: count(f[i + 1])?,
                max: secs(f[i + 2])?,
            })
        };
        Ok(FinishedGame {
            a_black,
            winner,
            kind,
            times: [times(5)?, times(8)?],
            b_n: opt(f[11])?,
            logs: [opt(f[12])?, opt(f[13])?, opt(f[14])?],
            line: f[15].to_string(),
        })
    }
}

/// The open, locked journal of one match folder.
pub struct MatchJournal {
    file: File,
    path: PathBuf,
}

impl MatchJournal {
    /// Opens the journal of `dir` for a match of `settings` (name, value; a value on one
    /// line), locked for this process, and returns it with the games it already holds. A
    /// new journal is written with the settings; an old one must have the same. A last
    /// line cut short by a kill is dropped. Refuses a folder that holds game records
    /// without a journal, which an older referee wrote.
    pub fn open(
        dir: &Path,
        settings: &[(&str, String)],
    ) -> Result<(MatchJournal, Vec<FinishedGame>), String> {
        let path = dir.join(FILE);
        let shown = path.display().to_string();
        let io = |e: std::io::Error| format!("{shown}: {e}");
        if !path.exists()
            && let Some(old) = earlier_match(dir)
        {
            return Err(format!(
                "{} holds {old} but no {FILE}, so no match there can be resumed: give a new \
                 folder, or move those files away",
                dir.display()
            ));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(format!(
                    "another moyo-referee is writing {} ({shown} is locked): give a new folder",
                    dir.display()
                ));
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(|e| {
            format!("{shown}: cannot be read ({e}); it is not a moyo-referee journal")
        })?;
        let mut journal = MatchJournal { file, path };
        if text.is_empty() {
            let mut head = format!("{MAGIC}\n");
            for (k, v) in settings {
                head.push_str(&format!("setting {k} {v}\n"));
            }
            journal.write(&head).map_err(io)?;
            return Ok((journal, Vec::new()));
        }
        let (games, complete) = read(&text, settings).map_err(|e| format!("{shown}: {e}"))?;
        if complete < text.len() {
            // A line cut short: the game it recorded is played again.
            journal.file.set_len(complete as u64).map_err(io)?;
            journal.file.seek(SeekFrom::End(0)).map_err(io)?;
        }
        Ok((journal, games))
    }

    /// Appends game `number`'s record and flushes it to the disk.
    pub fn append(&mut self, game: &FinishedGame, number: usize) -> Result<(), String> {
        self.write(&format!("{}\n", game.to_line(number)))
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }

    fn write(&mut self, text: &str) -> std::io::Result<()> {
        self.file.write_all(text.as_bytes())?;
        self.file.sync_data()
    }
}

/// The journal's games and the length of its text up to the end of the last whole line.
fn read(text: &str, settings: &[(&str, String)]) -> Result<(Vec<FinishedGame>, usize), String> {
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut lines = text[..complete].lines().enumerate();
    if lines.next().map(|(_, l)| l) != Some(MAGIC) {
        return Err(format!(
            "not a moyo-referee journal (its first line is not '{MAGIC}')"
        ));
    }
    let mut seen = Vec::new();
    let mut games = Vec::new();
    for (i, line) in lines {
        if let Some(rest) = line.strip_prefix("setting ") {
            let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
            seen.push((k.to_string(), v.to_string()));
            continue;
        }
        let game = FinishedGame::parse(line, games.len() + 1)
            .map_err(|e| format!("line {}: {e}", i + 1))?;
        games.push(game);
    }
    for (k, v) in settings {
        match seen.iter().find(|(s, _)| s == k) {
            Some((_, old)) if old == v => {}
            Some((_, old)) => {
                return Err(format!(
                    "it is a match with {k} {old}, this one has {k} {v}: resume it with the \
                     same settings, or give a new folder"
                ));
            }
            None => return Err(format!("it does not give the setting {k}")),
        }
    }
    Ok((games, complete))
}

/// What of an earlier match without a journal `dir` holds, if anything.
fn earlier_match(dir: &Path) -> Option<String> {
    let entries = fs::read_dir(dir).ok()?;
    entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().to_string())
        .find(|n| n == "summary.txt" || (n.starts_with("game-") && n.ends_with(".sgf")))
}

/// Cuts each engine log back to the length `game` recorded, dropping what an unfinished game
/// wrote after it, so that the logs hold the finished games only.
pub fn cut_logs(dir: &Path, game: &FinishedGame) {
    for (name, len) in LOGS.iter().zip(game.logs) {
        let Some(len) = len else { continue };
        let path = dir.join(name);
        let Ok(file) = OpenOptions::new().write(true).open(&path) else {
            continue;
        };
        let longer = file.metadata().map(|m| m.len() > len).unwrap_or(false);
        if longer && let Err(e) = file.set_len(len) {
            note!("moyo-referee: cannot cut {} back: {e}", path.display());
        }
    }
}

/// The lengths of the engine logs in `dir` now (`None` where a log is not kept).
pub fn log_lengths(dir: &Path, kept: bool) -> [Option<u64>; 3] {
    LOGS.map(|name| kept.then(|| fs::metadata(dir.join(name)).map_or(0, |m| m.len())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> FinishedGame {
        FinishedGame {
            a_black: false,
            winner: Some(Color::Black),
            kind: EndKind::Time,
            times: [
                MoveTimes {
                    secs: 12.125,
                    moves: 30,
                    max: 0.9,
                },
                MoveTimes {
                    secs: 0.1 + 0.2,
                    moves: 29,
                    max: 0.30000000000000004,
                },
            ],
            b_n: Some(7_250),
            logs: [Some(1_234), None, Some(0)],
            line: "game 3: B(black) vs A(white): B+T (time) moves 59\twinner B".to_string(),
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let g = game();
        let line = g.to_line(3);
        assert_eq!(FinishedGame::parse(&line, 3), Ok(g.clone()));
        assert!(
            FinishedGame::parse(&line, 4)
                .unwrap_err()
                .contains("game 3 where game 4")
        );
        let broken = line.replacen("time", "tea", 1);
        assert!(
            FinishedGame::parse(&broken, 3)
                .unwrap_err()
                .contains("bad end 'tea'")
        );
    }

    #[test]
    fn a_record_counts_as_the_game_did() {
        let mut tally = MatchTally::default();
        game().count(&mut tally);
        // B played Black and won on A's time.
        assert_eq!((tally.games, tally.wins, tally.black_wins), (1, [0, 1], 1));
        assert_eq!((tally.time_losses, tally.a_as_black_wins), ([1, 0], 0));
        assert_eq!(tally.move_count, [30, 29]);
    }

    #[test]
    fn settings_must_agree_and_a_cut_line_is_dropped() {
        let settings = [("size", "9".to_string()), ("komi", "7".to_string())];
        let head = format!("{MAGIC}\nsetting size 9\nsetting komi 7\n");
        let whole = format!("{head}{}\n", game().to_line(1));
        let (games, len) = read(&whole, &settings).unwrap();
        assert_eq!((games.len(), len), (1, whole.len()));
        let cut = format!("{whole}game\t2\tA");
        let (games, len) = read(&cut, &settings).unwrap();
        assert_eq!((games.len(), len), (1, whole.len()));
        let other = [("size", "9".to_string()), ("komi", "6.5".to_string())];
        assert!(
            read(&whole, &other)
                .unwrap_err()
                .contains("komi 7, this one has komi 6.5")
        );
        assert!(
            read("hello\n", &settings)
                .unwrap_err()
                .contains("not a moyo-referee journal")
        );
        let junk = format!("{head}game\t1\tA\n");
        assert!(read(&junk, &settings).unwrap_err().starts_with("line 4: "));
    }

    #[test]
    fn logs_are_cut_back_to_the_last_finished_game() {
        let dir = std::env::temp_dir().join(format!("moyo-journal-logs-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(LOGS[0]), "game one\nhalf of game two").unwrap();
        fs::write(dir.join(LOGS[1]), "short").unwrap();
        assert_eq!(log_lengths(&dir, true), [Some(25), Some(5), Some(0)]);
        assert_eq!(log_lengths(&dir, false), [None; 3]);
        let mut g = game();
        g.logs = [Some(9), Some(40), None];
        cut_logs(&dir, &g);
        assert_eq!(fs::read_to_string(dir.join(LOGS[0])).unwrap(), "game one\n");
        assert_eq!(fs::read_to_string(dir.join(LOGS[1])).unwrap(), "short");
        let _ = fs::remove_dir_all(&dir);
    }
}
