//! The named rule sets moyo plays (KataGo's names, KGS's and CGOS's), what each one means,
//! and the name a game record gives them. Rule sets moyo cannot play are known by name too,
//! so that they are refused with the reason.

use crate::board::{HandicapBonus, KoRule, Rules, Scoring, Tax};

/// One named rule set: its names (the first is canonical), the rules, and the SGF `RU` name.
struct Named {
    names: &'static [&'static str],
    rules: Result<Rules, &'static str>,
    sgf: &'static str,
}

const fn rules(
    ko: KoRule,
    scoring: Scoring,
    tax: Tax,
    suicide: bool,
    white_handicap_bonus: HandicapBonus,
    friendly_pass_ok: bool,
) -> Rules {
    Rules {
        ko,
        scoring,
        tax,
        suicide,
        white_handicap_bonus,
        friendly_pass_ok,
    }
}

use HandicapBonus::{N, NMinusOne, Zero};
use KoRule::{Positional, Simple, Situational};
use Scoring::{Area, Territory};

/// The rule sets by name, as KataGo defines them (`cgos` is moyo's default).
const NAMED: &[Named] = &[
    Named {
        names: &["cgos"],
        rules: Ok(rules(Positional, Area, Tax::None, false, Zero, false)),
        sgf: "Chinese",
    },
    Named {
        names: &["tromp-taylor", "tromptaylor", "tt"],
        rules: Ok(rules(Positional, Area, Tax::None, true, Zero, false)),
        sgf: "Tromp-Taylor",
    },
    Named {
        names: &["chinese"],
        rules: Ok(rules(Simple, Area, Tax::None, false, N, true)),
        sgf: "Chinese",
    },
    Named {
        names: &["chinese-ogs", "chinese-kgs"],
        rules: Ok(rules(Positional, Area, Tax::None, false, N, true)),
        sgf: "Chinese",
    },
    Named {
        names: &["japanese"],
        rules: Ok(rules(Simple, Territory, Tax::Seki, false, Zero, true)),
        sgf: "Japanese",
    },
    Named {
        names: &["korean"],
        rules: Ok(rules(Simple, Territory, Tax::Seki, false, Zero, true)),
        sgf: "Korean",
    },
    Named {
        names: &["aga"],
        rules: Ok(rules(Situational, Area, Tax::None, false, NMinusOne, true)),
        sgf: "AGA",
    },
    Named {
        names: &["bga"],
        rules: Ok(rules(Situational, Area, Tax::None, false, NMinusOne, true)),
        sgf: "BGA",
    },
    Named {
        names: &["new-zealand", "newzealand", "nz"],
        rules: Ok(rules(Situational, Area, Tax::None, true, Zero, true)),
        sgf: "NZ",
    },
    Named {
        names: &["stone-scoring"],
        rules: Err("tax ALL (stone scoring: a group tax of two points per group)"),
        sgf: "",
    },
    Named {
        names: &["aga-button"],
        rules: Err("hasButton (a pass stone)"),
        sgf: "",
    },
];

/// Why a name could not be taken as rules.
#[derive(Debug, PartialEq, Eq)]
pub enum RulesError {
    /// No rule set has this name.
    Unknown,
    /// A rule set moyo knows but cannot play, and the rule it lacks.
    Unsupported(&'static str),
}

fn find(name: &str) -> Option<&'static Named> {
    let n = name.to_ascii_lowercase().replace('_', "-");
    NAMED.iter().find(|r| r.names.contains(&n.as_str()))
}

/// The rules of the rule set named `name` (any case; `_` for `-`), with its canonical name.
pub fn named(name: &str) -> Result<(Rules, &'static str), RulesError> {
    let r = find(name).ok_or(RulesError::Unknown)?;
    r.rules
        .map(|rules| (rules, r.names[0]))
        .map_err(RulesError::Unsupported)
}

/// The rules KGS names (`kgs-rules`): its `chinese` is the positional-superko `chinese-kgs`;
/// the other names are those of `named`.
pub fn kgs_named(name: &str) -> Result<(Rules, &'static str), RulesError> {
    match name.to_ascii_lowercase().as_str() {
        "chinese" => named("chinese-kgs"),
        _ => named(name),
    }
}

/// The SGF `RU` text of `rules`: the name of the set `hint` names when it still describes
/// them, else of the first set they match, else the rules spelled out.
pub fn sgf_name(rules: Rules, hint: Option<&str>) -> String {
    let matches = |r: &&Named| r.rules == Ok(rules);
    let by_hint = hint.and_then(find).filter(matches);
    match by_hint.or_else(|| NAMED.iter().find(matches)) {
        Some(r) => r.sgf.to_string(),
        None => describe(rules),
    }
}

/// `rules` as `key=value` words, the form `kata-set-rules` also takes.
pub fn describe(rules: Rules) -> String {
    format!(
        "ko={} scoring={} tax={} sui={} whiteHandicapBonus={} friendlyPassOk={}",
        ko_name(rules.ko),
        scoring_name(rules.scoring),
        tax_name(rules.tax),
        rules.suicide,
        bonus_name(rules.white_handicap_bonus),
        rules.friendly_pass_ok
    )
}

/// KataGo's word for a ko rule.
pub fn ko_name(k: KoRule) -> &'static str {
    match k {
        Simple => "SIMPLE",
        Positional => "POSITIONAL",
        Situational => "SITUATIONAL",
    }
}

/// KataGo's word for a scoring rule.
pub fn scoring_name(s: Scoring) -> &'static str {
    match s {
        Area => "AREA",
        Territory => "TERRITORY",
    }
}

/// KataGo's word for a tax rule.
pub fn tax_name(t: Tax) -> &'static str {
    match t {
        Tax::None => "NONE",
        Tax::Seki => "SEKI",
    }
}

/// KataGo's word for a handicap bonus.
pub fn bonus_name(b: HandicapBonus) -> &'static str {
    match b {
        Zero => "0",
        NMinusOne => "N-1",
        N => "N",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_any_case_and_spelling() {
        let (nz, canon) = named("New_Zealand").unwrap();
        assert_eq!(canon, "new-zealand");
        assert_eq!(named("NZ").unwrap().0, nz);
        assert!(nz.suicide && nz.ko == Situational);
        assert_eq!(named("TROMP-TAYLOR").unwrap().0.ko, Positional);
        assert_eq!(named("martian"), Err(RulesError::Unknown));
        assert!(matches!(
            named("stone-scoring"),
            Err(RulesError::Unsupported(_))
        ));
        assert!(matches!(
            named("aga-button"),
            Err(RulesError::Unsupported(_))
        ));
    }

    #[test]
    fn kgs_chinese_has_positional_superko() {
        assert_eq!(kgs_named("chinese").unwrap().0.ko, Positional);
        assert_eq!(named("chinese").unwrap().0.ko, Simple);
        assert_eq!(kgs_named("japanese").unwrap().0.scoring, Territory);
    }

    #[test]
    fn the_default_rules_are_cgos_and_records_name_them() {
        assert_eq!(named("cgos").unwrap().0, Rules::default());
        assert_eq!(sgf_name(Rules::default(), None), "Chinese");
        let (korean, _) = named("korean").unwrap();
        assert_eq!(sgf_name(korean, Some("korean")), "Korean");
        assert_eq!(sgf_name(korean, None), "Japanese");
        let mut odd = korean;
        odd.suicide = true;
        assert!(sgf_name(odd, Some("korean")).starts_with("ko=SIMPLE scoring=TERRITORY"));
    }
}
