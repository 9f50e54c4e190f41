//! The rules a game is played by, as data: the ko rule, suicide, the scoring and its seki
//! tax, and White's compensation for handicap stones. What each named rule set means and how
//! rules are written as text is the engine's business (`engine::rules`).

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese, Tromp-Taylor, CGOS).
    Area,
    /// Surrounded empty points plus prisoners (Japanese).
    Territory,
}

/// Which repetitions of an earlier position are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only retaking a single-stone ko at once (the board's own ko ban).
    Simple,
    /// No move may recreate any earlier whole-board position.
    Positional,
    /// No move may recreate a position that arose after a move of the same player, i.e. the
    /// same position with the same player to move.
    Situational,
}

/// Which points a territory count leaves out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tax {
    /// Every empty region surrounded by one colour counts.
    None,
    /// Eyes of groups in seki do not count (Japanese and Korean rules; `Board::seki` finds
    /// them).
    Seki,
}

/// Points White receives in a handicap game, for N handicap stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapBonus {
    /// No compensation (Japanese, Tromp-Taylor, New Zealand).
    Zero,
    /// N - 1 points (AGA, BGA).
    NMinusOne,
    /// N points (Chinese).
    N,
}

impl HandicapBonus {
    /// The points this bonus gives White for `stones` handicap stones.
    pub fn points(self, stones: usize) -> f32 {
        match self {
            HandicapBonus::Zero => 0.0,
            HandicapBonus::NMinusOne => stones.saturating_sub(1) as f32,
            HandicapBonus::N => stones as f32,
        }
    }
}

/// The rules of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// What a territory count leaves out.
    pub tax: Tax,
    /// Whether a move may take its own string of two or more stones off the board (a lone
    /// stone's suicide is never legal: it would only repeat the position).
    pub suicide: bool,
    /// White's compensation for handicap stones.
    pub white_handicap_bonus: HandicapBonus,
    /// Whether passing before every dead stone is captured is fine. The engine captures dead
    /// stones before it passes either way; this records what the controller asked for.
    pub friendly_pass_ok: bool,
}

impl Default for Rules {
    /// The engine's own rules when none are named: those of CGOS (area scoring, positional
    /// superko, no suicide, no handicap compensation, dead stones captured before passing).
    fn default() -> Rules {
        Rules {
            ko: KoRule::Positional,
            scoring: Scoring::Area,
            tax: Tax::None,
            suicide: false,
            white_handicap_bonus: HandicapBonus::Zero,
            friendly_pass_ok: false,
        }
    }
}
