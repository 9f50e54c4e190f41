//! The rules commands: `kata-set-rules`, `kata-set-rule`, `kata-get-rules` (KataGo's
//! extension: a rule set's name, `key=value` words or a JSON object) and `kgs-rules`. Rules
//! moyo cannot play are refused with the reason, and a refused command changes nothing.

use super::Session;
use super::args::syntax;
use super::response::CommandResult;
use crate::board::{HandicapBonus, KoRule, Rules, Scoring, Tax};
use crate::engine::rules::{
    RulesError, bonus_name, kgs_named, ko_name, named, scoring_name, tax_name,
};

/// `kata-set-rules RULES`: a rule set's name, or `key=value` words, or a JSON object (the
/// fields given change, the others keep their values).
pub(super) fn kata_set_rules(s: &mut Session, a: &[String]) -> CommandResult {
    let spec = a.join(" ");
    let spec = spec.trim();
    if spec.is_empty() {
        return Err(syntax());
    }
    let (rules, name) = if spec.starts_with('{') {
        (from_json(s.engine.game().rules(), spec)?, None)
    } else if spec.contains('=') {
        let pairs = spec
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| w.split_once('=').ok_or_else(syntax))
            .collect::<Result<Vec<_>, _>>()?;
        (with_fields(s.engine.game().rules(), &pairs)?, None)
    } else if a.len() == 1 {
        let (r, n) = named(spec).map_err(|e| refusal(e, spec))?;
        (r, Some(n))
    } else {
        return Err(syntax());
    };
    s.engine.set_rules(rules, name);
    Ok(String::new())
}

/// `kata-set-rule KEY VALUE`: one field of the rules.
pub(super) fn kata_set_rule(s: &mut Session, a: &[String]) -> CommandResult {
    let [k, v] = a else { return Err(syntax()) };
    let rules = with_fields(s.engine.game().rules(), &[(k, v)])?;
    s.engine.set_rules(rules, None);
    Ok(String::new())
}

/// `kata-get-rules`: the rules in force as KataGo's JSON object.
pub(super) fn kata_get_rules(s: &mut Session, a: &[String]) -> CommandResult {
    super::args::no_args(a)?;
    Ok(to_json(s.engine.game().rules()))
}

/// `kgs-rules NAME [...]`: KGS's names (`japanese`, `chinese`, `aga`, `new_zealand`) and the
/// others `kata-set-rules` knows; words after the name are ignored, as kgsGtp may send them.
/// kgsGtp ignores the answer, so an error here only keeps the rules as they were.
pub(super) fn kgs_rules(s: &mut Session, a: &[String]) -> CommandResult {
    let name = a.first().ok_or_else(syntax)?;
    let (rules, canonical) = kgs_named(name).map_err(|e| refusal(e, name))?;
    s.engine.set_rules(rules, Some(canonical));
    Ok(String::new())
}

fn refusal(e: RulesError, name: &str) -> String {
    match e {
        RulesError::Unknown => format!("unknown rules {name}"),
        RulesError::Unsupported(why) => format!("unsupported rule: {why}"),
    }
}

/// The rules as KataGo's JSON object, keys in alphabetical order.
pub(super) fn to_json(r: Rules) -> String {
    format!(
        "{{\"friendlyPassOk\":{},\"hasButton\":false,\"ko\":\"{}\",\"scoring\":\"{}\",\
         \"suicide\":{},\"tax\":\"{}\",\"whiteHandicapBonus\":\"{}\"}}",
        r.friendly_pass_ok,
        ko_name(r.ko),
        scoring_name(r.scoring),
        r.suicide,
        tax_name(r.tax),
        bonus_name(r.white_handicap_bonus)
    )
}

/// The fields of a flat JSON object of strings, booleans and numbers, applied to `base`.
fn from_json(base: Rules, text: &str) -> Result<Rules, String> {
    let bad = || "syntax error: rules JSON".to_string();
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(bad)?;
    let mut pairs = Vec::new();
    for field in inner.split(',').map(str::trim).filter(|f| !f.is_empty()) {
        let (k, v) = field.split_once(':').ok_or_else(bad)?;
        let unquote = |x: &str| {
            let x = x.trim();
            x.strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .unwrap_or(x)
                .to_string()
        };
        pairs.push((unquote(k), unquote(v)));
    }
    let refs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (&**k, &**v)).collect();
    with_fields(base, &refs)
}

/// `base` with the fields `pairs` name set (keys and values in any case). Every field must
/// be known and its value one moyo can play, or nothing is set.
fn with_fields<K: AsRef<str>, V: AsRef<str>>(
    base: Rules,
    pairs: &[(K, V)],
) -> Result<Rules, String> {
    let mut r = base;
    let mut tax_all = false;
    for (k, v) in pairs {
        let (k, v) = (k.as_ref(), v.as_ref());
        let value = v.to_ascii_uppercase();
        let bad = || format!("bad value for {k}: {v}");
        let flag = || match value.as_str() {
            "TRUE" | "1" => Ok(true),
            "FALSE" | "0" => Ok(false),
            _ => Err(bad()),
        };
        match k.to_ascii_lowercase().as_str() {
            "ko" | "korule" => {
                r.ko = match value.as_str() {
                    "SIMPLE" => KoRule::Simple,
                    "POSITIONAL" => KoRule::Positional,
                    "SITUATIONAL" => KoRule::Situational,
                    _ => return Err(bad()),
                }
            }
            "scoring" | "scoringrule" | "score" => {
                r.scoring = match value.as_str() {
                    "AREA" => Scoring::Area,
                    "TERRITORY" => Scoring::Territory,
                    _ => return Err(bad()),
                }
            }
            "tax" | "taxrule" => {
                r.tax = match value.as_str() {
                    "NONE" => Tax::None,
                    "SEKI" => Tax::Seki,
                    "ALL" => {
                        tax_all = true;
                        Tax::None
                    }
                    _ => return Err(bad()),
                }
            }
            "sui" | "suicide" | "multistonesuicidelegal" => r.suicide = flag()?,
            "hasbutton" | "button" => {
                if flag()? {
                    return Err("unsupported rule: hasButton (a pass stone)".into());
                }
            }
            "whitehandicapbonus" | "whb" => {
                r.white_handicap_bonus = match value.as_str() {
                    "0" => HandicapBonus::Zero,
                    "N-1" => HandicapBonus::NMinusOne,
                    "N" => HandicapBonus::N,
                    _ => return Err(bad()),
                }
            }
            "friendlypassok" | "fpok" => r.friendly_pass_ok = flag()?,
            _ => return Err(format!("unknown rule: {k}")),
        }
    }
    if tax_all {
        return Err("unsupported rule: tax ALL (a group tax of two points per group)".into());
    }
    if r.tax == Tax::Seki && r.scoring == Scoring::Area {
        return Err("unsupported rule: tax SEKI with area scoring".into());
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip() {
        let (nz, _) = named("nz").unwrap();
        let text = to_json(nz);
        assert_eq!(
            text,
            "{\"friendlyPassOk\":true,\"hasButton\":false,\"ko\":\"SITUATIONAL\",\
             \"scoring\":\"AREA\",\"suicide\":true,\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}"
        );
        assert_eq!(from_json(Rules::default(), &text), Ok(nz));
        let spaced = "{ \"ko\" : \"simple\", \"scoring\":\"TERRITORY\", \"tax\":\"SEKI\" }";
        let r = from_json(Rules::default(), spaced).unwrap();
        assert_eq!(
            (r.ko, r.scoring, r.tax),
            (KoRule::Simple, Scoring::Territory, Tax::Seki)
        );
        assert!(from_json(Rules::default(), "{\"ko\" \"SIMPLE\"}").is_err());
        assert!(from_json(Rules::default(), "ko").is_err());
    }

    #[test]
    fn fields_refuse_what_cannot_be_played() {
        let d = Rules::default();
        let unsupported = |p: &[(&str, &str)]| {
            with_fields(d, p).is_err_and(|e| e.starts_with("unsupported rule"))
        };
        assert!(unsupported(&[("tax", "ALL")]));
        assert!(unsupported(&[("hasButton", "true")]));
        assert!(unsupported(&[("tax", "SEKI")]));
        assert!(with_fields(d, &[("hasButton", "false")]).is_ok());
        assert_eq!(
            with_fields(d, &[("color", "red")]),
            Err("unknown rule: color".into())
        );
        assert_eq!(
            with_fields(d, &[("ko", "SUPER")]),
            Err("bad value for ko: SUPER".into())
        );
        let r = with_fields(d, &[("whiteHandicapBonus", "N-1"), ("sui", "true")]).unwrap();
        assert_eq!(r.white_handicap_bonus, HandicapBonus::NMinusOne);
        assert!(r.suicide);
    }
}
