//! The byte forms of a tuning game as work (the run's settings, then the pairing with each
//! engine's full parameters) and of its outcome (the result, or why the game could not be
//! played), in the fields of `cluster::field_codec`. Reading checks every field: bytes from the
//! wire make an error, never a panic or a game of impossible settings.

use super::super::field_codec::{self, FieldReader, byte_color, color_byte, put_params, put_str};
use crate::tune::game::{End, GameResult, GameSettings, Pairing, Player};

/// Appends the byte form of the settings of a run's games.
pub fn put_settings(out: &mut Vec<u8>, s: &GameSettings) {
    out.push(s.size as u8);
    out.extend_from_slice(&s.komi.to_le_bytes());
    out.push(u8::from(s.playouts.is_some()));
    out.extend_from_slice(&s.playouts.unwrap_or(0).to_le_bytes());
    out.push(u8::from(s.time_per_move.is_some()));
    out.extend_from_slice(&s.time_per_move.unwrap_or(0.0).to_le_bytes());
    out.extend_from_slice(&(s.max_moves as u64).to_le_bytes());
    out.push(u8::from(s.opponent.is_some()));
    put_str(out, s.opponent.as_deref().unwrap_or(""));
    put_params(out, &s.scorer);
    out.extend_from_slice(&(s.max_memory as u64).to_le_bytes());
}

/// Reads settings written by `put_settings`, within the bounds the command line allows.
fn read_settings(r: &mut FieldReader) -> Result<GameSettings, String> {
    let size = r.u8()? as usize;
    if !(2..=crate::board::MAX_SIZE).contains(&size) {
        return Err(format!("bad board size {size}"));
    }
    let komi = r.f32()?;
    if !komi.is_finite() {
        return Err("bad komi".into());
    }
    let playouts = (r.u8()? != 0, r.u64()?);
    let playouts = playouts.0.then_some(playouts.1);
    if playouts == Some(0) {
        return Err("no playouts a move".into());
    }
    let time = (r.u8()? != 0, r.f64()?);
    let time_per_move = time.0.then_some(time.1);
    if time_per_move.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        return Err("bad time a move".into());
    }
    let max_moves = usize::try_from(r.u64()?).map_err(|_| "bad move cap")?;
    let opponent = (r.u8()? != 0, r.str()?);
    let scorer = r.params()?;
    let max_memory = r.u64()?;
    if !((1 << 20)..1 << 50).contains(&max_memory) {
        return Err(format!("bad tree memory {max_memory}"));
    }
    Ok(GameSettings {
        size,
        komi,
        playouts,
        time_per_move,
        max_moves,
        opponent: opponent.0.then_some(opponent.1),
        scorer,
        max_memory: max_memory as usize,
    })
}

/// A tuning game as work: the run's settings (already in bytes, `put_settings`) and the
/// pairing.
pub fn game_body(settings: &[u8], p: &Pairing) -> Vec<u8> {
    let mut out = settings.to_vec();
    for player in [&p.black, &p.white] {
        match player {
            Player::Opponent => out.push(0),
            Player::Engine(params) => {
                out.push(1);
                put_params(&mut out, params);
            }
        }
    }
    out.extend_from_slice(&p.seed.to_le_bytes());
    out
}

/// Reads a game written by `game_body`.
pub fn read_game(body: &[u8]) -> Result<(GameSettings, Pairing), String> {
    let mut r = FieldReader::new(body);
    let settings = read_settings(&mut r)?;
    let mut player = || -> Result<Player, String> {
        match r.u8()? {
            0 => Ok(Player::Opponent),
            1 => Ok(Player::Engine(Box::new(r.params()?))),
            k => Err(format!("bad player {k}")),
        }
    };
    let (black, white) = (player()?, player()?);
    let seed = r.u64()?;
    r.end()?;
    Ok((settings, Pairing { black, white, seed }))
}

/// A game's outcome as bytes: its result, or why it could not be played.
pub fn outcome_body(outcome: &Result<GameResult, String>) -> Vec<u8> {
    field_codec::put_outcome(outcome, |out, g| {
        out.push(color_byte(g.winner));
        put_str(out, &g.result);
        put_str(out, g.end.as_str());
        out.extend_from_slice(&(g.moves as u64).to_le_bytes());
        out.extend_from_slice(&g.seconds.to_le_bytes());
    })
}

/// Reads an outcome written by `outcome_body`: the outer error says the bytes are bad, the
/// inner one is the follower's (the game could not be played).
pub fn read_outcome(body: &[u8]) -> Result<Result<GameResult, String>, String> {
    field_codec::read_outcome(body, |r| {
        let winner = byte_color(r.u8()?)?;
        let result = r.str()?;
        let end = r.str()?;
        let end = End::parse(&end).ok_or_else(|| format!("bad end {end}"))?;
        let moves = usize::try_from(r.u64()?).map_err(|_| "bad number of moves")?;
        Ok(GameResult {
            winner,
            result,
            end,
            moves,
            seconds: r.f64()?,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::params::Params;

    fn settings() -> GameSettings {
        GameSettings {
            size: 5,
            komi: 0.5,
            playouts: Some(8),
            time_per_move: None,
            max_moves: 75,
            opponent: Some("gnugo --mode gtp".into()),
            scorer: Params {
                prior_c: 0.75,
                ..Params::default()
            },
            max_memory: 16 << 20,
        }
    }

    fn settings_bytes(s: &GameSettings) -> Vec<u8> {
        let mut bytes = Vec::new();
        put_settings(&mut bytes, s);
        bytes
    }

    #[test]
    fn a_game_travels_whole_and_cut_bytes_are_refused() {
        let p = Pairing {
            black: Player::Engine(Box::new(Params {
                uct_c: 0.5,
                ..Params::default()
            })),
            white: Player::Opponent,
            seed: 77,
        };
        let body = game_body(&settings_bytes(&settings()), &p);
        let (s, q) = read_game(&body).unwrap();
        assert_eq!(q, p);
        let want = settings();
        assert_eq!(
            (s.size, s.komi, s.playouts, s.time_per_move, s.max_moves),
            (5, 0.5, Some(8), None, 75)
        );
        assert_eq!(
            (&s.opponent, s.max_memory),
            (&want.opponent, want.max_memory)
        );
        assert_eq!(s.scorer, want.scorer);
        for cut in 0..body.len() {
            assert!(read_game(&body[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = body.clone();
        long.push(0);
        assert!(read_game(&long).is_err());
        // Timed games without an opponent, both sides engines.
        let timed = GameSettings {
            playouts: None,
            time_per_move: Some(0.25),
            opponent: None,
            ..settings()
        };
        let p = Pairing {
            white: p.black.clone(),
            ..p
        };
        let (s, q) = read_game(&game_body(&settings_bytes(&timed), &p)).unwrap();
        assert_eq!(
            (s.playouts, s.time_per_move, s.opponent),
            (None, Some(0.25), None)
        );
        assert_eq!(q, p);
    }

    #[test]
    fn impossible_settings_are_refused() {
        let bad = [
            GameSettings {
                size: 1,
                ..settings()
            },
            GameSettings {
                komi: f32::NAN,
                ..settings()
            },
            GameSettings {
                playouts: Some(0),
                ..settings()
            },
            GameSettings {
                time_per_move: Some(-1.0),
                ..settings()
            },
            GameSettings {
                max_memory: 0,
                ..settings()
            },
        ];
        let p = Pairing {
            black: Player::Opponent,
            white: Player::Opponent,
            seed: 1,
        };
        for s in bad {
            let body = game_body(&settings_bytes(&s), &p);
            assert!(read_game(&body).is_err(), "{s:?}");
        }
        // A parameter out of its range, and a bad player kind.
        let mut body = settings_bytes(&settings());
        body.push(1);
        put_str(&mut body, "uct_c = -5\n");
        assert!(read_game(&body).is_err());
        let mut body = settings_bytes(&settings());
        body.extend_from_slice(&[2, 0]);
        body.extend_from_slice(&1u64.to_le_bytes());
        assert!(read_game(&body).is_err());
    }

    #[test]
    fn outcomes_travel_whole() {
        for winner in [Some(Color::White), Some(Color::Black), None] {
            let r = GameResult {
                winner,
                result: "W+R".into(),
                end: End::Resign,
                moves: 31,
                seconds: 1.5,
            };
            assert_eq!(read_outcome(&outcome_body(&Ok(r.clone()))), Ok(Ok(r)));
        }
        let e = Err("no opponent".to_string());
        assert_eq!(read_outcome(&outcome_body(&e)), Ok(e));
        let body = outcome_body(&Ok(GameResult {
            winner: None,
            result: "0".into(),
            end: End::Score,
            moves: 2,
            seconds: 0.0,
        }));
        for cut in 0..body.len() {
            assert!(read_outcome(&body[..cut]).is_err(), "cut at {cut}");
        }
        assert!(read_outcome(&[0, 9]).is_err(), "no such winner");
        assert!(read_outcome(&[2]).is_err(), "no such kind");
        let mut bad_end = vec![0, 1];
        put_str(&mut bad_end, "B+1");
        put_str(&mut bad_end, "won");
        bad_end.extend_from_slice(&[0; 16]);
        assert!(read_outcome(&bad_end).is_err());
    }
}
