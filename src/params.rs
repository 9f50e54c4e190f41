//! Every tunable number of the engine, declared once with its default, range and reason.
//! The command line (`--set name=value`) and GTP (`moyo-param name value`) set them by name.

use std::fmt::Display;
use std::str::FromStr;

/// A value a parameter can hold: parsed from text, shown as text, range-checked as a number.
pub trait ParamValue: FromStr + Display + Copy {
    /// The value as a number for the range check (false = 0, true = 1).
    fn as_f64(self) -> f64;
}

macro_rules! impl_param_value {
    ($($t:ty),*) => {$(
        impl ParamValue for $t {
            fn as_f64(self) -> f64 { self as f64 }
        }
    )*};
}
impl_param_value!(f32, f64, u32, u64, usize);

impl ParamValue for bool {
    fn as_f64(self) -> f64 {
        if self { 1.0 } else { 0.0 }
    }
}

/// One parameter's description, for listing (GoGui `param` commands, `--help-params`).
#[derive(Clone, Debug)]
pub struct ParamInfo {
    pub name: &'static str,
    pub value: String,
    pub default: String,
    pub min: f64,
    pub max: f64,
    pub doc: &'static str,
}

macro_rules! params {
    ($( #[doc = $doc:literal] $name:ident : $ty:ty = $default:expr, [$min:expr, $max:expr]; )*) => {
        /// The engine's tunable parameters; `Params::default()` is the tuned configuration.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Params {
            $( #[doc = $doc] pub $name: $ty, )*
        }

        impl Default for Params {
            fn default() -> Self {
                Params { $( $name: $default, )* }
            }
        }

        impl Params {
            /// Sets the parameter `name` from text; refuses unknown names, unparsable values and
            /// values out of range, leaving the parameters unchanged.
            pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
                match name {
                    $( stringify!($name) => {
                        let v: $ty = value
                            .parse()
                            .map_err(|_| format!("bad value for {}: {}", name, value))?;
                        let x = ParamValue::as_f64(v);
                        if !(x >= ($min as f64) && x <= ($max as f64)) {
                            return Err(format!(
                                "{} must be in [{}, {}]", name, $min as f64, $max as f64
                            ));
                        }
                        self.$name = v;
                        Ok(())
                    } )*
                    _ => Err(format!("unknown parameter: {}", name)),
                }
            }

            /// Every parameter with its current value, default, range and reason.
            pub fn describe(&self) -> Vec<ParamInfo> {
                let d = Params::default();
                vec![ $( ParamInfo {
                    name: stringify!($name),
                    value: self.$name.to_string(),
                    default: d.$name.to_string(),
                    min: $min as f64,
                    max: $max as f64,
                    doc: $doc.trim(),
                }, )* ]
            }
        }
    };
}

params! {
    /// UCT exploration constant; small because RAVE already spreads the visits.
    uct_c: f32 = 0.25, [0.0, 10.0];
    /// RAVE equivalence: visits at which the online win rate and AMAF weigh the same.
    rave_equiv: f32 = 800.0, [0.0, 1.0e6];
    /// Visits a node needs before its children are created (saves memory on 1-visit leaves).
    expand_visits: u32 = 2, [1, 1000];
    /// Win rate below which the engine resigns.
    resign_threshold: f32 = 0.08, [0.0, 1.0];
    /// Playouts the root needs before a resignation is trusted.
    resign_min_playouts: u32 = 2000, [0, 10_000_000];
    /// Playout length cap as a multiple of the number of points (ends superko cycles).
    playout_move_factor: f32 = 3.0, [1.0, 10.0];
    /// Seconds kept back from every time budget for process and network lag.
    time_safety: f32 = 0.5, [0.0, 60.0];
    /// Moves still to be played assumed at least, when dividing main time.
    time_min_moves: f32 = 25.0, [1.0, 1000.0];
    /// Fraction of the empty points assumed still to be played by us, for the same division.
    time_empty_fraction: f32 = 0.5, [0.05, 2.0];
    /// Most tree nodes one search thread may hold (32 bytes each); past it the tree stops growing.
    max_nodes: u64 = 8_000_000, [1000, 1_000_000_000];
    /// Seconds per move when no time control and no limit are given.
    default_move_time: f32 = 5.0, [0.01, 3600.0];
    /// Ownership towards us above which an enemy stone is dead in cleanup (still to capture).
    cleanup_dead_ownership: f32 = 0.5, [0.0, 1.0];
    /// Average ownership towards the opponent above which a string is dead (scoring, passing).
    dead_ownership: f32 = 0.3, [0.0, 1.0];
    /// A losing pass is refused while a move keeps this win rate (young searches rank pass early).
    pass_guard_winrate: f32 = 0.2, [0.0, 1.0];
    /// Handicap Black never resigns within this fraction of the board's points, as moves, of play.
    handicap_no_resign_fraction: f32 = 0.25, [0.0, 2.0];
    /// Playout policy: true = MoGo's heavy policy (Algorithms 1-4), false = light random moves.
    heavy_playouts: bool = true, [0, 1];
    /// Chance to save own strings put in atari by the last move (capture an attacker, extend).
    atari_save_rate: f32 = 1.0, [0.0, 1.0];
    /// Atari save reads ladders (no extension into a working ladder); off: it costs 15-45%.
    atari_save_ladder_check: bool = false, [0, 1];
    /// Chance to play the vital point of a killable eye space next to the last move.
    nakade_rate: f32 = 1.0, [0.0, 1.0];
    /// Nakade of 3 points (straight and bent three), MoGo's Algorithm 3.
    nakade_three: bool = true, [0, 1];
    /// Nakade of the pyramid four.
    nakade_pyramid_four: bool = true, [0, 1];
    /// Nakade of the bulky five.
    nakade_bulky_five: bool = true, [0, 1];
    /// Nakade of the crossed five.
    nakade_crossed_five: bool = true, [0, 1];
    /// Nakade of the rabbity six.
    nakade_rabbity_six: bool = true, [0, 1];
    /// Fill-board draws per move (MoGo's Algorithm 2, N); 0 turns it off.
    fill_board_tries: u32 = 0, [0, 100];
    /// Chance to play a 3x3 pattern move around the last move.
    pattern_rate: f32 = 1.0, [0.0, 1.0];
    /// Chance to replace a self-atari pattern move by the connection it approaches (Algorithm 4).
    approach_rate: f32 = 0.5, [0.0, 1.0];
    /// Chance to play a capture near the last two moves, the biggest first.
    capture_rate: f32 = 1.0, [0.0, 1.0];
    /// Random moves may not self-atari a string of more than this many stones.
    selfatari_max_stones: u32 = 3, [0, 1000];
    /// Playouts of the search behind `final_status_list` when no playout limit is configured.
    status_playouts: u64 = 1000, [1, 10_000_000];
    /// Longest the search behind `final_status_list` may take, in seconds (the controller waits).
    status_max_seconds: f64 = 5.0, [0.01, 3600.0];
    /// Book moves within this win rate of the best book move are drawn at random, for variety.
    book_margin: f32 = 0.01, [0.0, 1.0];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_by_name_with_checks() {
        let mut p = Params::default();
        p.set("uct_c", "0.5").unwrap();
        assert_eq!(p.uct_c, 0.5);
        assert!(p.set("uct_c", "x").is_err());
        assert!(p.set("uct_c", "-1").is_err());
        assert!(p.set("uct_c", "NaN").is_err());
        assert!(p.set("nope", "1").is_err());
        assert!(p.set("expand_visits", "2.5").is_err());
        assert_eq!(p.uct_c, 0.5);
        let d = p.describe();
        assert!(
            d.iter()
                .any(|i| i.name == "rave_equiv" && !i.doc.is_empty())
        );
    }
}
