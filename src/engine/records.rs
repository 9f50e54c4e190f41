//! Game records: `loadsgf` (the position before any move of a file) and the game as SGF.

use super::*;

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
        let komi = if rec.komi.is_finite() {
            rec.komi
        } else {
            self.game.komi()
        };
        let mut g = Game::new(rec.size, komi);
        g.set_scoring(self.game.scoring());
        // Replay whatever the record holds; superko is enforced again afterwards.
        g.set_superko(false);
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
        g.set_superko(self.game.superko());
        self.game = g;
        self.dynkomi.reset();
        Ok(to_play)
    }

    /// The game so far as SGF text (setup and handicap stones, then the moves).
    pub fn to_sgf(&self) -> String {
        let g = &self.game;
        let init = g.initial();
        let coord = |p: Point| {
            let (c, r) = init.col_row(p);
            (c as u8, r as u8)
        };
        let setup = |c: Color| init.stones(c).iter().map(coord).collect::<Vec<_>>();
        let moves = g
            .moves()
            .iter()
            .map(|&(c, m)| {
                let c = match c {
                    Color::Black => SgfColor::Black,
                    Color::White => SgfColor::White,
                };
                RecordedMove::Play(
                    c,
                    match m {
                        Move::Pass => None,
                        Move::Play(p) => Some(coord(p)),
                    },
                )
            })
            .collect();
        let rec = GameRecord {
            size: g.size(),
            komi: g.komi(),
            handicap: g.handicap() as u32,
            black_setup: setup(Color::Black),
            white_setup: setup(Color::White),
            moves,
            rules: self.rules.clone(),
            ..GameRecord::default()
        };
        rec.to_sgf()
    }
}
