//! The messages between the ranks and their byte form: a kind byte, then little-endian
//! fields. A search's job carries the whole game (initial stones, moves, rules) and the
//! parameters, so a follower needs no state of its own: it follows the game by what each
//! search brings, even a `loadsgf` whose file only rank 0 can read.

use super::field_codec::{FieldReader, byte_color, color_byte, put_move, put_params};
use crate::board::{Color, Game, HandicapBonus, KoRule, Point, Rules, Scoring, Tax};
use crate::params::Params;
use crate::search::exchange::{Changes, Job};

/// One message between rank 0 and a follower.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Rank 0 to a follower: search this job (`JobData`'s bytes) as search number `search`.
    Start { search: u64, job: Vec<u8> },
    /// Either way, during search `search`: changes since the sender's last share, and the
    /// playouts the sender stands for (a follower: its own; rank 0: everyone else's).
    Share {
        search: u64,
        playouts: u64,
        changes: Changes,
    },
    /// Rank 0 to a follower: search `search` is over, send the last changes.
    Stop { search: u64 },
    /// A follower to rank 0: its last changes of search `search`, and its playouts in it.
    Last {
        search: u64,
        playouts: u64,
        changes: Changes,
    },
    /// Rank 0 to a follower: the session is over. `finalize`: leave through MPI's
    /// finalization, which needs every rank (false once one has been lost).
    Quit { finalize: bool },
    /// Rank 0 to a follower: a piece of work (a tuning game, a book evaluation), read as the
    /// follower's command says.
    Work { id: u64, body: Vec<u8> },
    /// A follower to rank 0: the outcome of work `id`.
    Done { id: u64, body: Vec<u8> },
    /// A follower to rank 0, every fifth of `cluster_timeout_ms` while it serves work: it is
    /// still there, however long its work takes.
    Alive,
}

const START: u8 = 1;
const SHARE: u8 = 2;
const STOP: u8 = 3;
const LAST: u8 = 4;
const QUIT: u8 = 5;
const WORK: u8 = 6;
const DONE: u8 = 7;
const ALIVE: u8 = 8;

impl Msg {
    /// The byte form.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Msg::Start { search, job } => {
                out.push(START);
                out.extend_from_slice(&search.to_le_bytes());
                out.extend_from_slice(job);
            }
            Msg::Share {
                search,
                playouts,
                changes,
            } => return share_bytes(false, *search, *playouts, changes),
            Msg::Last {
                search,
                playouts,
                changes,
            } => return share_bytes(true, *search, *playouts, changes),
            Msg::Stop { search } => {
                out.push(STOP);
                out.extend_from_slice(&search.to_le_bytes());
            }
            Msg::Quit { finalize } => out.extend_from_slice(&[QUIT, u8::from(*finalize)]),
            Msg::Work { id, body } | Msg::Done { id, body } => {
                let kind = if let Msg::Work { .. } = self {
                    WORK
                } else {
                    DONE
                };
                out.push(kind);
                out.extend_from_slice(&id.to_le_bytes());
                out.extend_from_slice(body);
            }
            Msg::Alive => out.push(ALIVE),
        }
        out
    }

    /// Reads a message; an error names what is wrong with it.
    pub fn decode(bytes: &[u8]) -> Result<Msg, String> {
        let mut r = FieldReader::new(bytes);
        let msg = match r.u8()? {
            START => {
                let search = r.u64()?;
                let job = r.rest().to_vec();
                r.skip(job.len());
                Msg::Start { search, job }
            }
            k @ (SHARE | LAST) => {
                let (search, playouts) = (r.u64()?, r.u64()?);
                let mut changes = Changes::default();
                let used = changes.decode(r.rest())?;
                r.skip(used);
                if k == SHARE {
                    Msg::Share {
                        search,
                        playouts,
                        changes,
                    }
                } else {
                    Msg::Last {
                        search,
                        playouts,
                        changes,
                    }
                }
            }
            STOP => Msg::Stop { search: r.u64()? },
            QUIT => Msg::Quit {
                finalize: r.u8()? != 0,
            },
            k @ (WORK | DONE) => {
                let id = r.u64()?;
                let body = r.rest().to_vec();
                r.skip(body.len());
                if k == WORK {
                    Msg::Work { id, body }
                } else {
                    Msg::Done { id, body }
                }
            }
            ALIVE => Msg::Alive,
            k => return Err(format!("unknown message kind {k}")),
        };
        r.end()?;
        Ok(msg)
    }
}

/// The byte form of `Msg::Share` (or, `last`, of `Msg::Last`) without building the message.
pub fn share_bytes(last: bool, search: u64, playouts: u64, changes: &Changes) -> Vec<u8> {
    let mut out = Vec::with_capacity(17 + changes.encoded_len());
    out.push(if last { LAST } else { SHARE });
    out.extend_from_slice(&search.to_le_bytes());
    out.extend_from_slice(&playouts.to_le_bytes());
    changes.encode(&mut out);
    out
}

/// A search's job as a follower rebuilds it.
#[derive(Clone, Debug)]
pub struct JobData {
    pub game: Game,
    pub to_play: Color,
    pub komi_offset: f32,
    pub engine: Option<Color>,
    pub params: Params,
}

/// The byte form of `job`: the side to move, dynamic komi, the side played for, the game
/// (size, komi, rules, handicap, initial stones, moves, side to move) and the parameters
/// as `name = value` text after its length.
pub fn encode_job(job: &Job) -> Vec<u8> {
    let g = job.game;
    let mut out = vec![color_byte(Some(job.to_play)), color_byte(job.engine)];
    out.extend_from_slice(&job.komi_offset.to_le_bytes());
    out.push(g.size() as u8);
    out.extend_from_slice(&g.komi().to_le_bytes());
    out.extend_from_slice(&rules_bytes(g.rules()));
    out.extend_from_slice(&(g.handicap() as u16).to_le_bytes());
    out.push(color_byte(Some(g.to_play())));
    let initial = g.initial();
    for c in [Color::Black, Color::White] {
        let stones: Vec<Point> = initial.stones(c).iter().collect();
        out.extend_from_slice(&(stones.len() as u16).to_le_bytes());
        for p in stones {
            out.extend_from_slice(&p.0.to_le_bytes());
        }
    }
    out.extend_from_slice(&(g.moves().len() as u32).to_le_bytes());
    for &(c, m) in g.moves() {
        out.push(color_byte(Some(c)));
        put_move(&mut out, m);
    }
    put_params(&mut out, job.params);
    out
}

/// The rules as three bytes: scoring, ko rule, and the flags (suicide, seki tax, friendly
/// pass) with the handicap bonus above them.
fn rules_bytes(r: Rules) -> [u8; 3] {
    let ko = match r.ko {
        KoRule::Simple => 0,
        KoRule::Positional => 1,
        KoRule::Situational => 2,
    };
    let bonus: u8 = match r.white_handicap_bonus {
        HandicapBonus::Zero => 0,
        HandicapBonus::NMinusOne => 1,
        HandicapBonus::N => 2,
    };
    let flags = u8::from(r.suicide)
        | u8::from(r.tax == Tax::Seki) << 1
        | u8::from(r.friendly_pass_ok) << 2
        | bonus << 3;
    [u8::from(r.scoring == Scoring::Territory), ko, flags]
}

/// The rules `rules_bytes` wrote.
fn rules_of([scoring, ko, flags]: [u8; 3]) -> Result<Rules, String> {
    Ok(Rules {
        scoring: if scoring != 0 {
            Scoring::Territory
        } else {
            Scoring::Area
        },
        ko: match ko {
            0 => KoRule::Simple,
            1 => KoRule::Positional,
            2 => KoRule::Situational,
            _ => return Err(format!("bad ko rule {ko}")),
        },
        suicide: flags & 1 != 0,
        tax: if flags & 2 != 0 { Tax::Seki } else { Tax::None },
        friendly_pass_ok: flags & 4 != 0,
        white_handicap_bonus: match flags >> 3 {
            0 => HandicapBonus::Zero,
            1 => HandicapBonus::NMinusOne,
            2 => HandicapBonus::N,
            b => return Err(format!("bad handicap bonus {b}")),
        },
    })
}

/// Rebuilds a job from its byte form, replaying the game's moves (each must be legal).
pub fn decode_job(bytes: &[u8]) -> Result<JobData, String> {
    let mut r = FieldReader::new(bytes);
    let to_play = byte_color(r.u8()?)?.ok_or("no side to move")?;
    let engine = byte_color(r.u8()?)?;
    let komi_offset = r.f32()?;
    let size = r.u8()? as usize;
    if !(2..=crate::board::MAX_SIZE).contains(&size) {
        return Err(format!("bad board size {size}"));
    }
    let mut game = Game::new(size, r.f32()?);
    let rules = rules_of([r.u8()?, r.u8()?, r.u8()?])?;
    // The moves replay as played; the rules hold again for what comes after.
    game.set_rules(Rules {
        ko: KoRule::Simple,
        suicide: true,
        ..rules
    });
    let handicap = r.u16()? as usize;
    let first = byte_color(r.u8()?)?.ok_or("no side to move first")?;
    let mut stones = [Vec::new(), Vec::new()];
    for s in &mut stones {
        for _ in 0..r.u16()? {
            s.push(Point(r.u16()?));
        }
    }
    if handicap > 0 && stones[0].len() == handicap && stones[1].is_empty() {
        game.set_handicap(&stones[0])?;
    } else {
        for (c, s) in [Color::Black, Color::White].into_iter().zip(&stones) {
            for &p in s {
                game.add_setup_stone(c, p)
                    .map_err(|e| format!("setup stone: {e:?}"))?;
            }
        }
    }
    game.set_to_play(first);
    let moves = r.u32()?;
    for i in 0..moves {
        let c = byte_color(r.u8()?)?.ok_or("a move of no colour")?;
        let m = r.mv()?;
        game.play(c, m)
            .map_err(|e| format!("move {}: {e:?}", i + 1))?;
    }
    game.set_to_play(to_play);
    game.set_rules(rules);
    let params = r.params()?;
    r.end()?;
    Ok(JobData {
        game,
        to_play,
        komi_offset,
        engine,
        params,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram::played;
    use crate::search::exchange::{Change, NodeStats, Path};

    fn tree_stats(visits: u32, wins: u32) -> NodeStats {
        NodeStats { visits, wins }
    }

    #[test]
    fn messages_round_trip() {
        let mut changes = Changes::default();
        changes.push(Change {
            path: Path::ROOT.child(7).unwrap(),
            online: tree_stats(5, 3),
            amaf: tree_stats(9, 4),
        });
        let all = [
            Msg::Start {
                search: 3,
                job: vec![1, 2, 3],
            },
            Msg::Share {
                search: 4,
                playouts: 1000,
                changes: changes.clone(),
            },
            Msg::Last {
                search: 4,
                playouts: 1200,
                changes,
            },
            Msg::Stop { search: 9 },
            Msg::Quit { finalize: true },
            Msg::Work {
                id: 1 << 40,
                body: vec![7; 3],
            },
            Msg::Done {
                id: 3,
                body: Vec::new(),
            },
            Msg::Alive,
        ];
        for m in all {
            let bytes = m.encode();
            assert_eq!(Msg::decode(&bytes), Ok(m.clone()));
            if !matches!(m, Msg::Start { .. } | Msg::Work { .. } | Msg::Done { .. }) {
                assert!(Msg::decode(&bytes[..bytes.len() - 1]).is_err(), "{m:?}");
                let mut long = bytes.clone();
                long.push(0);
                assert!(Msg::decode(&long).is_err(), "{m:?}");
            }
        }
        assert!(Msg::decode(&[99]).is_err());
        assert!(Msg::decode(&[]).is_err());
    }

    #[test]
    fn a_job_rebuilds_the_game_and_the_parameters() {
        let mut g = played(
            9,
            6.5,
            &[
                (Color::Black, "E5"),
                (Color::White, "C3"),
                (Color::Black, "pass"),
            ],
        );
        g.set_scoring(Scoring::Territory);
        g.set_ko_rule(KoRule::Situational);
        let params = Params {
            uct_c: 0.25,
            cluster_depth: 2,
            ..Params::default()
        };
        let job = Job {
            game: &g,
            to_play: Color::White,
            komi_offset: -1.5,
            engine: Some(Color::Black),
            params: &params,
        };
        let d = decode_job(&encode_job(&job)).unwrap();
        assert_eq!(d.game.board().hash(), g.board().hash());
        assert_eq!(d.game.initial().hash(), g.initial().hash());
        assert_eq!(d.game.moves(), g.moves());
        assert_eq!((d.game.komi(), d.game.rules()), (6.5, g.rules()));
        assert_eq!(
            (d.to_play, d.komi_offset, d.engine),
            (Color::White, -1.5, job.engine)
        );
        assert_eq!(d.params, params);
        // Handicap stones come back as handicap.
        let mut h = Game::new(9, 0.5);
        let pts: Vec<Point> = crate::board::fixed_handicap_points(9, 2)
            .unwrap()
            .into_iter()
            .map(|(c, r)| h.board().point(c, r))
            .collect();
        h.set_handicap(&pts).unwrap();
        let job = Job { game: &h, ..job };
        let d = decode_job(&encode_job(&job)).unwrap();
        assert_eq!(d.game.handicap(), 2);
        assert_eq!(d.game.to_play(), Color::White);
        assert_eq!(d.game.initial().hash(), h.initial().hash());
        // Garbage is refused, never a panic.
        let bytes = encode_job(&job);
        for cut in 0..bytes.len() {
            assert!(decode_job(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut bad = bytes.clone();
        bad[6] = 99;
        assert!(decode_job(&bad).is_err());
    }
}
