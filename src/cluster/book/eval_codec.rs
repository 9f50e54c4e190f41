//! The byte forms of a book evaluation as work (the search's playouts and seed, then the
//! position, side to move and parameters as a search's job, `message::encode_job`) and of its
//! outcome (what the search found, or why it could not run), in the fields of
//! `cluster::field_codec`. Reading checks every field: bytes from the wire make an error, never a
//! panic.

use super::super::field_codec::{self, FieldReader, put_move};
use super::super::message::{decode_job, encode_job};
use crate::board::{Color, Game};
use crate::book::{SearchEvaluator, Searched};
use crate::params::Params;
use crate::search::exchange::Job;

/// An evaluation as a follower runs it: the position and the search's settings.
pub struct EvalRequest {
    pub game: Game,
    pub to_play: Color,
    pub params: Params,
    pub playouts: u64,
    pub seed: u64,
}

impl EvalRequest {
    /// The search a `SearchEvaluator` of these settings runs on this position.
    pub fn search(self) -> Searched {
        SearchEvaluator::new(self.params, self.playouts, self.seed)
            .searched(&self.game, self.to_play)
    }
}

/// The position `game` with `to_play` to move as work for `model`'s settings (its
/// parameters, playouts and seed).
pub fn request_body(game: &Game, to_play: Color, model: &SearchEvaluator) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&model.playouts.to_le_bytes());
    out.extend_from_slice(&model.seed.to_le_bytes());
    out.extend_from_slice(&encode_job(&Job {
        game,
        to_play,
        komi_offset: 0.0,
        engine: None,
        params: &model.params,
    }));
    out
}

/// Reads an evaluation written by `request_body`.
pub fn read_request(body: &[u8]) -> Result<EvalRequest, String> {
    let mut r = FieldReader::new(body);
    let playouts = r.u64()?;
    if playouts == 0 {
        return Err("no playouts".into());
    }
    let seed = r.u64()?;
    let job = decode_job(r.rest())?;
    Ok(EvalRequest {
        game: job.game,
        to_play: job.to_play,
        params: job.params,
        playouts,
        seed,
    })
}

/// An evaluation's outcome as bytes: its search, or why it could not run.
pub fn outcome_body(outcome: &Result<Searched, String>) -> Vec<u8> {
    field_codec::put_outcome(outcome, |out, s| {
        out.extend_from_slice(&s.winrate.to_le_bytes());
        out.extend_from_slice(&(s.ranked.len() as u32).to_le_bytes());
        for &m in &s.ranked {
            put_move(out, m);
        }
        out.extend_from_slice(&(s.visits.len() as u32).to_le_bytes());
        for &(m, v) in &s.visits {
            put_move(out, m);
            out.extend_from_slice(&v.to_le_bytes());
        }
    })
}

/// Reads an outcome written by `outcome_body`: the outer error says the bytes are bad, the
/// inner one is the follower's (the evaluation could not run). Whether the moves are on the
/// position's board is the caller's to check.
pub fn read_outcome(body: &[u8]) -> Result<Result<Searched, String>, String> {
    field_codec::read_outcome(body, |r| {
        let winrate = r.f32()?;
        if !(0.0..=1.0).contains(&winrate) {
            return Err(format!("bad win rate {winrate}"));
        }
        let mut ranked = Vec::new();
        for _ in 0..r.u32()? {
            ranked.push(r.mv()?);
        }
        let mut visits = Vec::new();
        for _ in 0..r.u32()? {
            visits.push((r.mv()?, r.u32()?));
        }
        Ok(Searched {
            winrate,
            ranked,
            visits,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::board::diagram::{at, played};

    #[test]
    fn an_evaluation_travels_whole_and_cut_bytes_are_refused() {
        let g = played(5, 0.5, &[(Color::Black, "C3"), (Color::White, "pass")]);
        let mut model = SearchEvaluator::new(
            Params {
                uct_c: 0.5,
                ..Params::default()
            },
            40,
            9,
        );
        let body = request_body(&g, Color::Black, &model);
        let q = read_request(&body).unwrap();
        assert_eq!((q.playouts, q.seed, q.to_play), (40, 9, Color::Black));
        assert_eq!(q.params, model.params);
        assert_eq!(q.game.moves(), g.moves());
        assert_eq!(q.game.board().hash(), g.board().hash());
        assert_eq!(q.game.komi(), 0.5);
        for cut in 0..body.len() {
            assert!(read_request(&body[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = body.clone();
        long.push(0);
        assert!(read_request(&long).is_err());
        model.playouts = 0;
        assert!(read_request(&request_body(&g, Color::Black, &model)).is_err());
    }

    #[test]
    fn outcomes_travel_whole() {
        let g = played(5, 0.5, &[]);
        let b = g.board();
        let s = Searched {
            winrate: 0.625,
            ranked: vec![Move::Play(at(b, "C3")), Move::Play(at(b, "B2"))],
            visits: vec![
                (Move::Play(at(b, "C3")), 30),
                (Move::Pass, 2),
                (Move::Play(at(b, "B2")), 7),
            ],
        };
        let body = outcome_body(&Ok(s.clone()));
        assert_eq!(read_outcome(&body), Ok(Ok(s)));
        for cut in 0..body.len() {
            assert!(read_outcome(&body[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = body.clone();
        long.push(0);
        assert!(read_outcome(&long).is_err());
        let e = Err("a bad evaluation".to_string());
        assert_eq!(read_outcome(&outcome_body(&e)), Ok(e));
        assert!(read_outcome(&[2]).is_err(), "no such kind");
        let mut bad = vec![0];
        bad.extend_from_slice(&1.5f32.to_le_bytes());
        bad.extend_from_slice(&[0; 8]);
        assert!(read_outcome(&bad).is_err(), "a win rate above 1");
        let mut nan = vec![0];
        nan.extend_from_slice(&f32::NAN.to_le_bytes());
        nan.extend_from_slice(&[0; 8]);
        assert!(read_outcome(&nan).is_err(), "no win rate");
    }
}
