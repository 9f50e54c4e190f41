//! Every tunable number of the engine, declared once with its default, range and reason.
//! The command line (`--set name=value`) and GTP (`moyo-param name value`) set them by name.

use std::fmt::Display;
use std::str::FromStr;

/// A value a parameter can hold: parsed from text, shown as text, range-checked as a number.
pub trait ParamValue: FromStr + Display + Copy {
    /// Whether values are real numbers, whole numbers or switches (for tuning steps).
    const KIND: ParamKind;
    /// The value as a number for the range check (false = 0, true = 1).
    fn as_f64(self) -> f64;
    /// Parses the value from text (numbers as usual; switches also as 0 and 1, as GoGui sends them).
    fn parse_param(s: &str) -> Option<Self> {
        s.parse().ok()
    }
}

macro_rules! impl_param_value {
    ($kind:expr; $($t:ty),*) => {$(
        impl ParamValue for $t {
            const KIND: ParamKind = $kind;
            fn as_f64(self) -> f64 { self as f64 }
        }
    )*};
}
impl_param_value!(ParamKind::Real; f32, f64);
impl_param_value!(ParamKind::Integer; u32, u64, usize);

impl ParamValue for bool {
    const KIND: ParamKind = ParamKind::Switch;
    fn as_f64(self) -> f64 {
        if self { 1.0 } else { 0.0 }
    }
    fn parse_param(s: &str) -> Option<Self> {
        match s {
            "1" => Some(true),
            "0" => Some(false),
            _ => s.parse().ok(),
        }
    }
}

/// What numbers a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// Any number in the range.
    Real,
    /// Whole numbers.
    Integer,
    /// 0 (false) or 1 (true).
    Switch,
}

/// One parameter's description, for listing (GoGui's `moyo-param`, the tuner, the cluster).
#[derive(Clone, Debug)]
pub struct ParamInfo {
    pub name: &'static str,
    pub value: String,
    pub default: String,
    pub min: f64,
    pub max: f64,
    pub doc: &'static str,
    pub kind: ParamKind,
    /// A small change worth trying (`moyo tune` mutates in these units): see [`tuning_step`].
    pub step: f64,
}

/// The tuning step of a parameter, derived from its declaration rather than declared: a
/// tenth of the default, at most a hundredth of the range (a hundredth when the default is
/// 0), to three significant digits; whole numbers step by at least 1, switches by 1.
pub fn tuning_step(kind: ParamKind, min: f64, max: f64, default: f64) -> f64 {
    let range = (max - min).abs();
    let step = if default != 0.0 {
        (default.abs() / 10.0).min(range / 100.0)
    } else {
        range / 100.0
    };
    // Three significant digits: an f32 default of 0.1 is 0.10000000149 as f64.
    let step = format!("{step:.2e}").parse().unwrap_or(step);
    match kind {
        ParamKind::Real if step > 0.0 => step,
        ParamKind::Real => 1.0,
        ParamKind::Integer => step.round().max(1.0),
        ParamKind::Switch => 1.0,
    }
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
                        let v: $ty = <$ty as ParamValue>::parse_param(value)
                            .ok_or_else(|| format!("bad value for {}: {}", name, value))?;
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
                    kind: <$ty as ParamValue>::KIND,
                    step: tuning_step(
                        <$ty as ParamValue>::KIND,
                        $min as f64,
                        $max as f64,
                        ParamValue::as_f64(d.$name),
                    ),
                }, )* ]
            }
        }
    };
}

params! {
    /// UCB exploration constant of the tree score; 0 as in MoGo: RAVE and the prior spread the visits ([experiment](docs/experiments/shared-tree.md)).
    uct_c: f32 = 0.0, [0.0, 10.0];
    /// RAVE equivalence below the root (MoGo's c1 = 1 / this): the visits at which online and AMAF statistics weigh the same ([experiment](docs/experiments/tuning.md)).
    rave_equiv: f32 = 980.4, [0.0, 1.0e6];
    /// `rave_equiv` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    rave_equiv_large: f32 = 790.4, [0.0, 1.0e6];
    /// RAVE equivalence at the root (c1 = 1 / this) ([experiment](docs/experiments/prior-weights.md)).
    rave_equiv_root: f32 = 800.0, [0.0, 1.0e6];
    /// MoGo's C below the root: the prior's weight in the progressive-unpruning term C / log(2 + n(d)) ([experiment](docs/experiments/tuning.md)).
    prior_c: f32 = 0.09, [0.0, 10.0];
    /// `prior_c` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    prior_c_large: f32 = 0.07864, [0.0, 10.0];
    /// MoGo's C at the root.
    prior_c_root: f32 = 0.1, [0.0, 10.0];
    /// MoGo's c2 below the root: gamma = c2 / RAVE simulations, how long the prior weighs as a value ([experiment](docs/experiments/prior-weights.md)).
    prior_c2: f32 = 0.4409, [0.0, 1000.0];
    /// `prior_c2` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    prior_c2_large: f32 = 0.4995, [0.0, 1000.0];
    /// MoGo's c2 at the root.
    prior_c2_root: f32 = 2.0, [0.0, 1000.0];
    /// RAVE simulations the prior H(d) stands for: each new child's AMAF statistics start with them ([experiment](docs/experiments/prior-weights.md)).
    prior_sims: f32 = 25.5, [0.0, 10_000.0];
    /// `prior_sims` on boards from `large_board_min_size`, where each point gets fewer playouts ([experiment](docs/experiments/tuning.md)).
    prior_sims_large: f32 = 30.58, [0.0, 10_000.0];
    /// Won online simulations per sqrt(p) a child starts with, p its learned-pattern probability (Pachi's pattern prior; 0: off) ([experiment](docs/experiments/pattern-experience.md)).
    prior_pattern_sims: f32 = 300.0, [0.0, 100_000.0];
    /// `prior_pattern_sims` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    prior_pattern_sims_large: f32 = 142.19, [0.0, 100_000.0];
    /// Online simulations at half a win each child starts with beside the pattern experience (Pachi's even prior) ([experiment](docs/experiments/pattern-experience.md)).
    prior_even_sims: f32 = 20.0, [0.0, 100_000.0];
    /// Scale of the pattern experience on boards below `large_board_min_size` (0: off) ([experiment](docs/experiments/pattern-experience.md)).
    prior_pattern_small_scale: f32 = 0.4053, [0.0, 10.0];
    /// Smallest board size that reads the `_large` twins in place of their small-board values.
    large_board_min_size: usize = 13, [2, 26];
    /// A jigo playout counts as half a win for each side (false: as a White win, the board's rule) ([experiment](docs/experiments/jigo.md)).
    jigo_half_win: bool = true, [0, 1];
    /// What the engine's side gives up of a half-won jigo (contempt), so that it plays on for the win ([experiment](docs/experiments/jigo.md)).
    jigo_contempt: f32 = 0.2, [0.0, 0.5];
    /// Visits a node needs before its children are created ([experiment](docs/experiments/mercy-rule.md)).
    expand_visits: u32 = 4, [1, 1000];
    /// Win rate below which the engine resigns.
    resign_threshold: f32 = 0.08, [0.0, 1.0];
    /// Consecutive moves the win rate must stay below the threshold before resigning.
    resign_moves: u32 = 2, [1, 100];
    /// Playouts the root needs before a resignation is trusted.
    resign_min_playouts: u32 = 2000, [0, 10_000_000];
    /// Playout length cap as a multiple of the number of points (ends superko cycles).
    playout_move_factor: f32 = 3.0, [1.0, 10.0];
    /// Seconds of process and network lag expected per move, kept back for every move to come.
    time_safety: f32 = 0.5, [0.0, 60.0];
    /// Largest fraction of the main time left that the lag reserve may take.
    time_reserve_max: f32 = 0.25, [0.0, 0.9];
    /// An unstable best move may think up to this many times its budget (within the reserve).
    time_max_factor: f32 = 2.5, [1.0, 10.0];
    /// Stop a timed search early once the best move cannot be overtaken in the time left ([experiment](docs/experiments/early-stop.md)).
    time_early_stop: bool = true, [0, 1];
    /// Moves still to be played assumed at least, when dividing main time.
    time_min_moves: f32 = 25.0, [1.0, 1000.0];
    /// Fraction of the empty points assumed still to be played by us, for the same division.
    time_empty_fraction: f32 = 0.5, [0.05, 2.0];
    /// Most tree nodes (32 bytes each, besides `--max-memory`); past it the tree stops growing.
    max_nodes: u64 = 1_000_000_000, [1000, 2_000_000_000];
    /// Seconds per move when no time control and no limit are given.
    default_move_time: f32 = 5.0, [0.01, 3600.0];
    /// Ownership towards us above which an enemy stone is dead in cleanup (still to capture).
    cleanup_dead_ownership: f32 = 0.5, [0.0, 1.0];
    /// Average ownership towards the opponent above which a string is dead (scoring, passing) ([experiment](docs/experiments/dead-stones.md)).
    dead_ownership: f32 = 0.3, [0.0, 1.0];
    /// Pass check (opponent to move): own strings with less average ownership count as dead ([experiment](docs/experiments/pass-check.md)).
    pass_alive_ownership: f32 = 0.5, [0.0, 1.0];
    /// A losing pass is refused while a move keeps this win rate (young searches rank pass early).
    pass_guard_winrate: f32 = 0.2, [0.0, 1.0];
    /// No side resigns a handicap game within this fraction of the board's points, as moves.
    handicap_no_resign_fraction: f32 = 0.25, [0.0, 2.0];
    /// Handicap games: extra komi for White per handicap stone at the start (0: off) ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_per_stone: f32 = 7.0, [0.0, 30.0];
    /// Moves (on 19x19, scaled by the board's area) over which that extra komi fades out ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_moves: f32 = 200.0, [1.0, 1000.0];
    /// Win rate above which the ratchet adds a point of komi against the engine each move ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_high: f32 = 0.8, [0.0, 1.0];
    /// Win rate below which the ratchet gives a point back (and never climbs that high again) ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_low: f32 = 0.55, [0.0, 1.0];
    /// Below `dynkomi_low` the ratchet drops at once to at most this share of the playouts' margin at the real komi ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_keep: f32 = 0.5, [0.0, 1.0];
    /// The ratchet runs in even games too, as Pachi's adaptive phase, so that a clear lead is kept rather than spent ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_even: bool = true, [0, 1];
    /// Smallest board on which `dynkomi_even` acts ([experiment](docs/experiments/dynamic-komi.md)).
    dynkomi_even_min_size: usize = 13, [2, 26];
    /// Playout policy: true = MoGo's heavy policy (Algorithms 1-4), false = light random moves ([experiment](docs/experiments/heavy-playouts.md)).
    heavy_playouts: bool = true, [0, 1];
    /// Playouts draw every move from the learned softmax policy (`patterns/playout-softmax.txt`) instead ([experiment](docs/experiments/learned-playouts.md)).
    playout_softmax: bool = false, [0, 1];
    /// Learning rate of the softmax playouts' shape gammas during a search, 0 = off ([experiment](docs/experiments/learned-playouts.md)).
    playout_adapt_rate: f32 = 0.0, [0.0, 1.0];
    /// The adapted gammas are one lock-free table for all threads, else one per thread ([experiment](docs/experiments/learned-playouts.md)).
    playout_adapt_shared: bool = true, [0, 1];
    /// Chance a heavy playout's random move is one of the tree's best moves by AMAF instead (poolRave), 0 = off ([experiment](docs/experiments/learned-playouts.md)).
    playout_pool_rate: f32 = 0.0, [0.0, 1.0];
    /// Moves in each colour's pool: the best children by AMAF of the deepest well-visited node of the path ([experiment](docs/experiments/learned-playouts.md)).
    playout_pool_size: usize = 10, [1, 32];
    /// Visits a node of the path needs to give its children as a pool ([experiment](docs/experiments/learned-playouts.md)).
    playout_pool_visits: u32 = 50, [1, 100000];
    /// Chance to save own strings put in atari by the last move (capture an attacker, extend).
    atari_save_rate: f32 = 1.0, [0.0, 1.0];
    /// `atari_save_rate` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    atari_save_rate_large: f32 = 1.0, [0.0, 1.0];
    /// The atari save reads ladders: no extension into a working ladder ([experiment](docs/experiments/ladder-check.md)).
    atari_save_ladder_check: bool = true, [0, 1];
    /// Chance to atari, in a capturing race, an enemy 2-liberty string next to an own string the last move touched ([experiment](docs/experiments/race-step.md)).
    race_rate: f32 = 1.0, [0.0, 1.0];
    /// Most liberties an own string may have for the race step to look at its enemy neighbours ([experiment](docs/experiments/race-step.md)).
    race_max_libs: u32 = 4, [2, 20];
    /// Smallest board on which the race step acts ([experiment](docs/experiments/race-step.md)).
    race_min_size: usize = 9, [2, 26];
    /// Largest board on which the race step acts ([experiment](docs/experiments/race-step.md)).
    race_max_size: usize = 12, [2, 26];
    /// Chance to play the vital point of a killable eye space next to the last move.
    nakade_rate: f32 = 1.0, [0.0, 1.0];
    /// `nakade_rate` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    nakade_rate_large: f32 = 0.9396, [0.0, 1.0];
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
    /// Fill-board draws per move (MoGo's Algorithm 2, N; 0: off) ([experiment](docs/experiments/playout-screens.md)).
    fill_board_tries: u32 = 0, [0, 100];
    /// Chance to play a 3x3 pattern move around the last move.
    pattern_rate: f32 = 1.0, [0.0, 1.0];
    /// `pattern_rate` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    pattern_rate_large: f32 = 0.9706, [0.0, 1.0];
    /// The 3x3 pattern step also looks around our own move before the last, as Pachi's `pattern2` ([experiment](docs/experiments/against-pachi.md)).
    pattern_prev: bool = true, [0, 1];
    /// `pattern_prev` on boards from `large_board_min_size` ([experiment](docs/experiments/against-pachi.md)).
    pattern_prev_large: bool = false, [0, 1];
    /// Chance to replace a self-atari pattern move by the connection it approaches (MoGo's Algorithm 4) ([experiment](docs/experiments/tuning.md)).
    approach_rate: f32 = 0.5113, [0.0, 1.0];
    /// `approach_rate` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    approach_rate_large: f32 = 0.4436, [0.0, 1.0];
    /// The approach move must connect to another own string, as MoGo's Algorithm 4 says ([experiment](docs/experiments/learned-playouts.md)).
    approach_connect: bool = false, [0, 1];
    /// Chance to play a capture near the last two moves, the biggest first.
    capture_rate: f32 = 1.0, [0.0, 1.0];
    /// `capture_rate` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    capture_rate_large: f32 = 0.9961, [0.0, 1.0];
    /// Random moves may not self-atari a string of more than this many stones ([experiment](docs/experiments/playout-screens.md)).
    selfatari_max_stones: u32 = 3, [0, 1000];
    /// Playout moves may put four to six stones in atari when their capture leaves a dead shape in the opponent's eye space ([experiment](docs/experiments/against-pachi.md)).
    selfatari_nakade: bool = true, [0, 1];
    /// `selfatari_nakade` on boards from `large_board_min_size` ([experiment](docs/experiments/against-pachi.md)).
    selfatari_nakade_large: bool = false, [0, 1];
    /// Playout moves refuse self-ataris that give stones away: only captures, snapbacks, kos and dead shapes pass (Pachi's check) ([experiment](docs/experiments/against-pachi.md)).
    bad_selfatari_check: bool = false, [0, 1];
    /// Chance that a random move filling an own false eye captures or ataris the string spoiling it instead (Pachi's eye-fill check) ([experiment](docs/experiments/against-pachi.md)).
    false_eye_rate: f32 = 1.0, [0.0, 1.0];
    /// `false_eye_rate` on boards from `large_board_min_size` ([experiment](docs/experiments/against-pachi.md)).
    false_eye_rate_large: f32 = 0.0, [0.0, 1.0];
    /// Chance that a playout takes up a fresh ko: the capturer connects, else the opponent retakes (Pachi's ko check; 0: off) ([experiment](docs/experiments/against-pachi.md)).
    ko_fight_rate: f32 = 0.0, [0.0, 1.0];
    /// A heavy playout ends, won by the side ahead, once its capture balance passes this share of the points (Fuego's mercy rule; 0: never) ([experiment](docs/experiments/mercy-rule.md)).
    mercy_share: f32 = 0.2903, [0.0, 1.0];
    /// `mercy_share` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    mercy_share_large: f32 = 0.2992, [0.0, 1.0];
    /// Prior H(d): bonus for a move matching a 3x3 pattern of the playout table.
    prior_pattern: f32 = 0.25, [-1.0, 1.0];
    /// Prior H(d): capturing a string in atari, times min(1, 0.4 + 0.15 (stones - 1)) ([experiment](docs/experiments/tuning.md)).
    prior_capture: f32 = 0.5419, [-1.0, 1.0];
    /// `prior_capture` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    prior_capture_large: f32 = 0.5376, [-1.0, 1.0];
    /// Prior H(d): extra for a capture next to an own string in atari (it saves it), scaled alike.
    prior_capture_save: f32 = 0.3, [-1.0, 1.0];
    /// Prior H(d): extending an own string out of atari to 3+ liberties or out of the ladder.
    prior_extend: f32 = 0.5, [-1.0, 1.0];
    /// Prior H(d): extending out of atari into a ladder that still works (negative: a malus).
    prior_extend_ladder: f32 = -0.4, [-1.0, 1.0];
    /// Prior H(d): the vital point of a killable eye space of three to six points, either side's (0: off) ([experiment](docs/experiments/pattern-experience.md)).
    prior_nakade: f32 = 0.0, [-1.0, 1.0];
    /// Factor on the learned-pattern gamma of such a vital point, in the gamma term and the pattern experience ([experiment](docs/experiments/pattern-experience.md)).
    prior_nakade_gamma: f32 = 5.0, [0.001, 1000.0];
    /// Prior H(d): an atari, a liberty of an enemy string with two (MoGo's "threat") ([experiment](docs/experiments/tuning.md)).
    prior_atari: f32 = 0.1521, [-1.0, 1.0];
    /// `prior_atari` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    prior_atari_large: f32 = 0.1394, [-1.0, 1.0];
    /// Prior H(d): extra for an atari while a ko is on the board (a ko threat).
    prior_atari_ko: f32 = 0.15, [-1.0, 1.0];
    /// Prior H(d): self-atari of 3+ stones (negative); 2 stones weigh 2/3, a throw-in stone 1/3 ([experiment](docs/experiments/tuning.md)).
    prior_self_atari: f32 = -0.5887, [-1.0, 1.0];
    /// `prior_self_atari` on boards from `large_board_min_size` ([experiment](docs/experiments/tuning.md)).
    prior_self_atari_large: f32 = -0.6072, [-1.0, 1.0];
    /// Prior H(d): a move on the first line ("line of death") far from all stones.
    prior_line1: f32 = -0.3, [-1.0, 1.0];
    /// Prior H(d): a move on the second line far from all stones.
    prior_line2: f32 = -0.1, [-1.0, 1.0];
    /// Prior H(d): a move on the third line ("territory line") far from all stones.
    prior_line3: f32 = 0.15, [-1.0, 1.0];
    /// Prior H(d): a move on the fourth line far from all stones.
    prior_line4: f32 = 0.1, [-1.0, 1.0];
    /// Prior H(d): scale of the line terms on boards below `large_board_min_size` (the edge matters less there).
    prior_line_small: f32 = 0.5, [0.0, 1.0];
    /// Prior H(d): near the opponent's last move (full up to gridcular distance 3, none from 7).
    prior_near_last: f32 = 0.15, [-1.0, 1.0];
    /// Prior H(d): near our own previous move, with the same distance kernel.
    prior_near_prev: f32 = 0.08, [-1.0, 1.0];
    /// Prior H(d): where the playouts give the mover about 1/3 of the ownership (none at 0, 2/3).
    prior_ownership: f32 = 0.1, [-1.0, 1.0];
    /// Prior H(d): smallest board size for the shape rules (hane, connect, wall, cut, ...) ([experiment](docs/experiments/prior-weights.md)).
    prior_shape_min_size: usize = 13, [2, 26];
    /// Prior H(d): hane, reaching around an enemy stone that touches our diagonal stone.
    prior_hane: f32 = 0.1, [-1.0, 1.0];
    /// Prior H(d): joining two own strings with no enemy stone around.
    prior_connect: f32 = 0.05, [-1.0, 1.0];
    /// Prior H(d): joining two own strings where an enemy stone peeps (threatens the cut).
    prior_peep_connect: f32 = 0.2, [-1.0, 1.0];
    /// Prior H(d): extending an own stone alongside enemy stones, off the first two lines.
    prior_wall: f32 = 0.05, [-1.0, 1.0];
    /// Prior H(d): knight's move from an own stone with an enemy stone already between them.
    prior_bad_kogeima: f32 = -0.15, [-1.0, 1.0];
    /// Prior H(d): empty triangle of own stones with no enemy stone around (negative: a malus).
    prior_empty_triangle: f32 = -0.2, [-1.0, 1.0];
    /// Prior H(d): cut, a move touching two different enemy strings (that it keeps apart).
    prior_cut: f32 = 0.1, [-1.0, 1.0];
    /// Prior H(d): weight of the learned pattern term, the move's MM probability among the node's moves ([experiment](docs/experiments/learned-patterns.md)).
    prior_gamma: f32 = 0.5, [-1.0, 1.0];
    /// Prior H(d): nats of ln(probability) from the neutral 0 to the full term (ln p = 0 gives 1).
    prior_gamma_span: f32 = 6.0, [0.1, 50.0];
    /// Prior H(d): smallest board size for the learned pattern term (its gammas come from 19x19 games) ([experiment](docs/experiments/learned-patterns.md)).
    prior_gamma_min_size: usize = 9, [2, 26];
    /// Prior H(d): a move pros played in this opening position (the built-in 19x19 fuseki table), half for a rare one ([experiment](docs/experiments/fuseki.md)).
    prior_fuseki: f32 = 0.5, [-1.0, 1.0];
    /// Prior H(d): a move no pro played in an opening position they reached `fuseki_known_count` times ([experiment](docs/experiments/fuseki.md)).
    prior_fuseki_other: f32 = -0.2, [-1.0, 1.0];
    /// Times pros must have reached a position before the moves they never played there take the malus ([experiment](docs/experiments/fuseki.md)).
    fuseki_known_count: u32 = 10, [1, 1_000_000];
    /// Where the fuseki table covers the board, the book plays only pro moves played at least this share as often as the top one ([experiment](docs/experiments/fuseki.md)).
    fuseki_book_share: f32 = 0.1, [0.0, 1.0];
    /// Where pros reached the position fewer than `fuseki_known_count` times, the book plays its own move (false: the search does) ([experiment](docs/experiments/book.md)).
    fuseki_book_unknown: bool = true, [0, 1];
    /// Prior H(d) of the pass move (the tree's pass child).
    prior_pass: f32 = -0.5, [-1.0, 1.0];
    /// The tree leaves out lone first- and second-line moves with no stone this close (0: off) ([experiment](docs/experiments/edge-prune.md)).
    tree_edge_prune_distance: u32 = 3, [0, 10];
    /// Smallest board on which the tree leaves them out ([experiment](docs/experiments/edge-prune.md)).
    tree_edge_prune_min_size: usize = 15, [2, 26];
    /// Stone status from the search's ownership (true) instead of plain playouts (false) ([experiment](docs/experiments/dead-stones.md)).
    status_from_search: bool = false, [0, 1];
    /// Playouts behind `final_status_list` (plain playouts; the search's when status_from_search).
    status_playouts: u64 = 1000, [1, 10_000_000];
    /// Longest the search behind `final_status_list` may take, in seconds (the controller waits).
    status_max_seconds: f64 = 5.0, [0.01, 3600.0];
    /// Book moves within this win rate of the best are drawn at random, for variety (0: the best) ([experiment](docs/experiments/book.md)).
    book_margin: f32 = 0.0, [0.0, 1.0];
    /// Book moves within this win rate of the best go first by how much book lies beneath them (0: by value alone) ([experiment](docs/experiments/book.md)).
    book_deep_margin: f32 = 0.02, [0.0, 1.0];
    /// `book_deep_margin` on boards from `large_board_min_size` ([experiment](docs/experiments/book.md)).
    book_deep_margin_large: f32 = 0.02, [0.0, 1.0];
    /// The book answers only while fewer moves than this have been played (1: the first move only; 0: never) ([experiment](docs/experiments/book.md)).
    book_max_moves: u32 = 1000, [0, 100_000];
    /// The book answers for Black (false: Black's moves are all searched) ([experiment](docs/experiments/book.md)).
    book_black: bool = true, [0, 1];
    /// The book answers for White (false: White's moves are all searched) ([experiment](docs/experiments/book.md)).
    book_white: bool = true, [0, 1];
    /// Milliseconds between two exchanges of a cluster search (`--features mpi` under `mpirun`).
    cluster_interval_ms: u32 = 50, [1, 60_000];
    /// Deepest level of the tree a cluster exchange shares (the root's children are 1), as MoGo's cluster version.
    cluster_depth: u32 = 3, [0, 8];
    /// Share of the rank's playouts (see `cluster_share_own`) a node needs to be shared by a cluster exchange, as MoGo's cluster version.
    cluster_share: f32 = 0.05, [0.0, 1.0];
    /// The cluster share counts this rank's own playouts, not the summed root's, so that more ranks share as much each ([experiment](docs/experiments/cluster.md)).
    cluster_share_own: bool = true, [0, 1];
    /// Milliseconds rank 0 waits for a silent rank before playing on without it (and a follower for rank 0 during a search).
    cluster_timeout_ms: u32 = 1000, [10, 600_000];
}

/// The parameters tuned or proven on small boards, each with its `_large` twin: the value
/// boards from `large_board_min_size` read instead (see [`Params::for_size`]).
macro_rules! large_twins {
    ($( $base:ident / $twin:ident ),* $(,)?) => {
        impl Params {
            /// Each parameter with a `_large` twin, as (base, twin) names.
            pub const LARGE_TWINS: &'static [(&'static str, &'static str)] =
                &[$( (stringify!($base), stringify!($twin)), )*];

            fn take_large_twins(&mut self) {
                $( self.$base = self.$twin; )*
            }
        }
    };
}

large_twins! {
    rave_equiv / rave_equiv_large,
    prior_c / prior_c_large,
    prior_c2 / prior_c2_large,
    prior_sims / prior_sims_large,
    prior_pattern_sims / prior_pattern_sims_large,
    pattern_prev / pattern_prev_large,
    atari_save_rate / atari_save_rate_large,
    nakade_rate / nakade_rate_large,
    pattern_rate / pattern_rate_large,
    approach_rate / approach_rate_large,
    capture_rate / capture_rate_large,
    selfatari_nakade / selfatari_nakade_large,
    false_eye_rate / false_eye_rate_large,
    mercy_share / mercy_share_large,
    prior_capture / prior_capture_large,
    prior_atari / prior_atari_large,
    prior_self_atari / prior_self_atari_large,
    book_deep_margin / book_deep_margin_large,
}

impl Params {
    /// Sets the parameters a params file names (`moyo --params FILE`, `moyo tune`'s
    /// `champion.params`): one `name = value` a line (`name value` too); blank lines and
    /// everything after a `#` are ignored. On an error nothing is changed, and the message
    /// names the file and the line.
    pub fn load_file(&mut self, path: &std::path::Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        self.apply_text(&text)
            .map_err(|(line, e)| format!("{}:{line}: {e}", path.display()))
    }

    /// Sets the parameters of a params file's text; an error gives its line number (from
    /// 1), and then nothing is changed.
    pub fn apply_text(&mut self, text: &str) -> Result<(), (usize, String)> {
        let mut p = self.clone();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (name, value) = match line.split_once('=') {
                Some((n, v)) => (n.trim(), v.trim()),
                None => match line.split_once(char::is_whitespace) {
                    Some((n, v)) => (n.trim(), v.trim()),
                    None => return Err((i + 1, format!("expected name = value, not '{line}'"))),
                },
            };
            p.set(name, value).map_err(|e| (i + 1, e))?;
        }
        *self = p;
        Ok(())
    }

    /// Whether a board of `size` takes the large-board settings.
    pub fn is_large(&self, size: usize) -> bool {
        size >= self.large_board_min_size
    }

    /// The parameters as a board of `size` reads them: from `large_board_min_size`, each
    /// parameter with a `_large` twin takes the twin's value, so that the search, the
    /// playouts and the book read the base names alone. Each search resolves its parameters
    /// once and hands the result down.
    pub fn for_size(&self, size: usize) -> SizedParams {
        let mut params = self.clone();
        if self.is_large(size) {
            params.take_large_twins();
        }
        SizedParams { params, size }
    }
}

/// The parameters as a board of one size reads them ([`Params::for_size`]): each `_large`
/// twin already in its base's place. The search, the playout policy and the book take this
/// type, so that none of them reads a parameter unresolved; its fields are read through
/// `Deref` (a twin's base field holds the value for this board).
#[derive(Clone, Debug, PartialEq)]
pub struct SizedParams {
    params: Params,
    size: usize,
}

impl std::ops::Deref for SizedParams {
    type Target = Params;

    fn deref(&self) -> &Params {
        &self.params
    }
}

impl SizedParams {
    /// The board size the parameters were resolved for.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the board takes the large-board settings.
    pub fn is_large(&self) -> bool {
        self.params.is_large(self.size)
    }

    /// The pattern experience on this board: online simulations, all won, per unit of
    /// sqrt(pattern probability), and the even ones at half a win (both 0: off).
    pub fn pattern_sims(&self) -> (f32, f32) {
        let scale = if self.is_large() {
            1.0
        } else {
            self.prior_pattern_small_scale
        };
        let sims = scale * self.prior_pattern_sims;
        if sims > 0.0 {
            (sims, scale * self.prior_even_sims)
        } else {
            (0.0, 0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The large boards read their own pattern experience; the small ones keep theirs.
    #[test]
    fn pattern_experience_by_board() {
        let p = Params::default();
        assert_eq!(
            p.for_size(19).pattern_sims(),
            (p.prior_pattern_sims_large, p.prior_even_sims)
        );
        let s = p.prior_pattern_small_scale;
        assert_eq!(
            p.for_size(9).pattern_sims(),
            (s * p.prior_pattern_sims, s * p.prior_even_sims)
        );
    }

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
        p.set("time_early_stop", "0").unwrap();
        assert!(!p.time_early_stop);
        p.set("time_early_stop", "true").unwrap();
        assert!(p.time_early_stop);
        assert!(p.set("time_early_stop", "2").is_err());
        p.set("prior_pattern_sims_large", "300").unwrap();
        assert_eq!(p.for_size(19).pattern_sims(), (300.0, 20.0));
        p.set("prior_pattern_small_scale", "0.7").unwrap();
        assert_eq!(p.for_size(9).pattern_sims(), (210.0, 14.0));
        p.set("prior_pattern_small_scale", "0").unwrap();
        assert_eq!(p.for_size(9).pattern_sims(), (0.0, 0.0));
        p.set("prior_pattern_small_scale", "0.5").unwrap();
        assert_eq!(p.for_size(9).pattern_sims(), (150.0, 10.0));
        assert_eq!(p.for_size(19).pattern_sims(), (300.0, 20.0));
        let d = p.describe();
        assert!(
            d.iter()
                .any(|i| i.name == "rave_equiv" && !i.doc.is_empty())
        );
    }

    #[test]
    fn steps_follow_kind_default_and_range() {
        let d = Params::default().describe();
        let get = |n: &str| d.iter().find(|i| i.name == n).unwrap().clone();
        let rave = get("rave_equiv_root");
        assert_eq!((rave.kind, rave.step), (ParamKind::Real, 80.0));
        assert_eq!(get("uct_c").step, 0.1);
        assert_eq!(get("prior_c_root").step, 0.01);
        assert_eq!(get("expand_visits").kind, ParamKind::Integer);
        assert_eq!(get("expand_visits").step, 1.0);
        assert_eq!(get("resign_min_playouts").step, 200.0);
        assert_eq!(get("heavy_playouts").kind, ParamKind::Switch);
        assert_eq!(get("heavy_playouts").step, 1.0);
        for i in &d {
            assert!(
                i.step > 0.0 && i.step <= (i.max - i.min).max(1.0),
                "{}",
                i.name
            );
        }
    }

    #[test]
    fn large_boards_read_every_twin_and_small_boards_none() {
        let mut p = Params::default();
        let names: Vec<&str> = p.describe().iter().map(|i| i.name).collect();
        let twins: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| n.ends_with("_large"))
            .collect();
        assert_eq!(twins.len(), Params::LARGE_TWINS.len(), "a twin is unlisted");
        for &(base, twin) in Params::LARGE_TWINS {
            assert_eq!(format!("{base}_large"), twin);
            assert!(names.contains(&base), "{base}");
            // Give the twin a value its base does not have, then read both sizes.
            let info = |q: &Params, n: &str| {
                let v = q
                    .describe()
                    .into_iter()
                    .find(|i| i.name == n)
                    .unwrap()
                    .value;
                match v.as_str() {
                    "true" => 1.0,
                    "false" => 0.0,
                    _ => v.parse::<f64>().unwrap(),
                }
            };
            let other = if info(&p, base) == 0.0 { 1.0 } else { 0.0 };
            p.set(twin, &other.to_string()).unwrap();
            assert_eq!(info(&p.for_size(19), base), other, "{base} on 19x19");
            assert_eq!(info(&p.for_size(9), base), info(&p, base), "{base} on 9x9");
        }
        p.set("large_board_min_size", "9").unwrap();
        assert_eq!(p.for_size(9).prior_c, p.prior_c_large);
    }

    #[test]
    fn params_text_sets_all_or_nothing() {
        let mut p = Params::default();
        p.apply_text("# a comment\n\nuct_c = 0.5  # why\nexpand_visits 3\n")
            .unwrap();
        assert_eq!((p.uct_c, p.expand_visits), (0.5, 3));
        let before = p.clone();
        assert_eq!(p.apply_text("uct_c = 0.7\nnope = 1\n").unwrap_err().0, 2);
        assert_eq!(p.apply_text("uct_c\n").unwrap_err().0, 1);
        assert!(
            p.apply_text("uct_c = 99\n")
                .unwrap_err()
                .1
                .contains("uct_c")
        );
        assert_eq!(p, before);
        let err = p
            .load_file(std::path::Path::new("/nonexistent/x.params"))
            .unwrap_err();
        assert!(err.contains("/nonexistent/x.params"), "{err}");
    }
}
