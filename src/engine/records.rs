//! Game records: `loadsgf` (the position before any move of a file) and the game as SGF.

use super::*;
use crate::board::KoRule;

impl Engine {
    /// Loads an SGF file: the position before move `move_number` (1-based; all moves when
    /// `None`). Returns the colour to move. Nothing changes on failure.
    pub fn load_sgf(&mut self, path: &str, move_number: Option<usize>) -> Result<Color, String> {
        let fail = |why: String| format!("cannot load file: {why}");
        let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
        if !meta.is_file() {
            return Err(fail("not a regular file".into()));
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes))
            .map_err(|e| fail(e.to_string()))?;
        if bytes.len() as u64 > MAX_SGF_BYTES {
            return Err(fail("file too large".into()));
        }
        self.load_sgf_text(&String::from_utf8_lossy(&bytes), move_number)
    }

    /// `load_sgf` from text.
    pub fn load_sgf_text(
        &mut self,
        text: &str,
        move_number: Option<usize>,
    ) -> Result<Color, String> {
        let fail = |why: String| format!("cannot load file: {why}");
        let rec = GameRecord::parse(text).map_err(|e| fail(e.to_string()))?;
        if !(2..=MAX_SIZE).contains(&rec.size) {
            return Err(fail(format!("unsupported board size {}", rec.size)));
        }
        // A record without komi (or with one that is not a number) keeps the game's, as
        // other engines do.
        let komi = rec
            .komi
            .filter(|k| k.is_finite())
            .unwrap_or(self.state.game.komi());
        let mut g = Game::new(rec.size, komi);
        // Replay whatever the record holds (repetitions, multi-stone suicides); the rules are
        // enforced again afterwards.
        let rules = self.state.game.rules();
        g.set_rules(Rules {
            ko: KoRule::Simple,
            suicide: true,
            ..rules
        });
        let pt = |g: &Game, (c, r): (u8, u8)| g.board().point(usize::from(c), usize::from(r));
        let black: Vec<Point> = rec.black_setup.iter().map(|&c| pt(&g, c)).collect();
        let as_handicap = rec.handicap > 0 && rec.white_setup.is_empty() && !black.is_empty();
        if !(as_handicap && g.set_handicap(&black).is_ok()) {
            for (c, list) in [
                (Color::Black, &rec.black_setup),
                (Color::White, &rec.white_setup),
            ] {
                for &q in list {
                    let p = pt(&g, q);
                    // A stone that cannot stand (suicide, occupied) is left out.
                    let _ = g.add_setup_stone(c, p);
                }
            }
        }
        let limit = move_number.map(|n| n.saturating_sub(1));
        let mut played = 0usize;
        let mut next: Option<Color> = None;
        for m in &rec.moves {
            match m {
                RecordedMove::Play(c, q) => {
                    let c = c.color();
                    if limit == Some(played) {
                        next = Some(c);
                        break;
                    }
                    let mv = q.map_or(Move::Pass, |q| Move::Play(pt(&g, q)));
                    g.play(c, mv)
                        .map_err(|e| fail(format!("move {} is illegal ({e})", played + 1)))?;
                    played += 1;
                }
                RecordedMove::Setup {
                    black,
                    white,
                    empty,
                } => {
                    for &q in empty {
                        let p = pt(&g, q);
                        g.remove_setup_stone(p);
                    }
                    for (c, list) in [(Color::Black, black), (Color::White, white)] {
                        for &q in list {
                            let p = pt(&g, q);
                            if g.board().stone(p).is_some() {
                                g.remove_setup_stone(p);
                            }
                            let _ = g.add_setup_stone(c, p);
                        }
                    }
                }
            }
        }
        let to_play = next.unwrap_or_else(|| match g.last_move() {
            Some((c, _)) => c.opp(),
            None if g.handicap() > 0 => Color::White,
            None => rec
                .moves
                .iter()
                .find_map(|m| match m {
                    RecordedMove::Play(SgfColor::White, _) => Some(Color::White),
                    RecordedMove::Play(SgfColor::Black, _) => Some(Color::Black),
                    _ => None,
                })
                .unwrap_or(Color::Black),
        });
        g.set_to_play(to_play);
        g.set_rules(rules);
        self.state.game = g;
        self.state.dynkomi.reset();
        Ok(to_play)
    }

    /// The game so far as SGF text (setup and handicap stones, then the moves), with the
    /// rules, the players and, when the game has ended, its result: a resignation or a
    /// result the controller reported, or after two passes the score `final_score` gives.
    /// What `printsgf` writes.
    pub fn game_record(&mut self) -> String {
        let result = match self.ended_by() {
            Some(r) => Some(r),
            None if self.state.game.is_over() => self.final_score().ok(),
            None => None,
        };
        self.sgf_with(result)
    }

    /// The game so far as SGF text (setup and handicap stones, then the moves), with the
    /// rules and players, and the result of a resignation or one the controller reported;
    /// `game_record` also scores a game ended by two passes.
    pub fn to_sgf(&self) -> String {
        self.sgf_with(self.ended_by())
    }

    /// Notes the colours this engine plays: those it generates moves for.
    pub(super) fn note_own_move(&mut self, color: Color, answer: GenMove) {
        self.state.players.own[color.index()] = true;
        if answer == GenMove::Resign {
            let winner = color.opp();
            self.state.ending = Some(Ending::of(
                &self.state.game,
                format!("{}+R", sgf_letter(winner)),
            ));
        }
    }

    /// The opponent's name (CGOS's `cgos-opponent_name`), written for the colour this engine
    /// does not play.
    pub fn set_opponent(&mut self, name: &str) {
        self.state.players.opponent = Some(name.to_string());
    }

    /// The result a controller reports at the end of the game (CGOS's `cgos-gameover`:
    /// `B+Resign`, `W+Time`, `B+Forfeit`, `W+3.5`, `0`...), kept for the record while the
    /// position stays the same. Returns whether it was understood.
    pub fn game_over(&mut self, result: &str) -> bool {
        let Some(r) = sgf_result(result) else {
            return false;
        };
        self.state.ending = Some(Ending::of(&self.state.game, r));
        true
    }

    /// The result of a game that ended here other than by two passes.
    fn ended_by(&self) -> Option<String> {
        self.state
            .ending
            .as_ref()
            .filter(|e| {
                e.moves == self.state.game.moves().len() && e.hash == self.state.game.board().hash()
            })
            .map(|e| e.result.clone())
    }

    /// The rules in force as SGF names them (see `rules::sgf_name`).
    fn rules_name(&self) -> String {
        super::rules::sgf_name(self.state.game.rules(), self.state.rules.as_deref())
    }

    /// The name written for a player of colour `c`.
    fn player_name(&self, c: Color) -> String {
        if self.state.players.own[c.index()] {
            "moyo".to_string()
        } else if self.state.players.own[c.opp().index()]
            && let Some(name) = &self.state.players.opponent
        {
            name.clone()
        } else {
            "unknown".to_string()
        }
    }

    /// The SGF text of the game with `result` as `RE`.
    fn sgf_with(&self, result: Option<String>) -> String {
        let rec = GameRecord {
            result,
            player_black: Some(self.player_name(Color::Black)),
            player_white: Some(self.player_name(Color::White)),
            rules: Some(self.rules_name()),
            ..GameRecord::of_game(&self.state.game)
        };
        rec.to_sgf()
    }
}

/// Who plays which colour, as far as the engine knows: a colour it generated a move for is
/// its own; the opponent's name comes from the controller.
#[derive(Clone, Debug, Default)]
pub(super) struct Players {
    own: [bool; 2],
    opponent: Option<String>,
}

impl Players {
    /// A new game: the colours are not known yet (the opponent stays).
    pub(super) fn new_game(&mut self) {
        self.own = [false; 2];
    }
}

/// How a game ended other than by two passes, and the position it ended in: the result
/// holds only while the game stays there.
#[derive(Clone, Debug)]
pub(super) struct Ending {
    result: String,
    moves: usize,
    hash: u64,
}

impl Ending {
    fn of(game: &Game, result: String) -> Ending {
        Ending {
            result,
            moves: game.moves().len(),
            hash: game.board().hash(),
        }
    }
}

fn sgf_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A CGOS result (`B+Resign`, `W+Time`, `B+Forfeit`, `B+Illegal`, `W+3.5`, `0`) as SGF
/// writes it (`B+R`, `W+T`, `B+F`, `B+F`, `W+3.5`, `0`); `None` when it is none of these.
fn sgf_result(s: &str) -> Option<String> {
    if s == "0" || s.eq_ignore_ascii_case("draw") || s.eq_ignore_ascii_case("jigo") {
        return Some("0".into());
    }
    let (winner, how) = s.split_once('+')?;
    let winner = match winner {
        "B" | "b" => "B",
        "W" | "w" => "W",
        _ => return None,
    };
    let how = match how.to_ascii_lowercase().as_str() {
        "resign" | "r" => "R".to_string(),
        "time" | "t" => "T".to_string(),
        "forfeit" | "f" | "illegal" => "F".to_string(),
        n => {
            let v: f32 = n.parse().ok()?;
            if !v.is_finite() || v < 0.0 {
                return None;
            }
            n.to_string()
        }
    };
    Some(format!("{winner}+{how}"))
}
