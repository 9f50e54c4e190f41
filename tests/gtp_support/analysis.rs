//! A strict reader of analysis output (`info move ... pv ...` lines), the way Sabaki, Lizzie
//! and the CGOS client read it, with every rule they rely on checked: keys and values are
//! single tokens, `pv` comes last and holds only vertices and passes, win rates are integers
//! in ten-thousandths (Leela dialect) or floats with a decimal point (Kata dialect),
//! KataGo's scores (`scoreMean`, `scoreStdev`, `scoreLead`) are numbers in every `kata-*`
//! segment, `rootInfo` comes after the moves, `ownership` closes the line with one number
//! per point.

/// How the numbers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `analyze`, `lz-*`: integers 0..=10000.
    Leela,
    /// `kata-*`: floats in [0, 1].
    Kata,
}

/// One `info` segment.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub mv: String,
    pub visits: u64,
    /// In [0, 1] whatever the dialect.
    pub winrate: f64,
    pub prior: f64,
    pub lcb: f64,
    pub order: usize,
    pub pv: Vec<String>,
    /// KataGo's `scoreLead` and `scoreStdev` (Kata dialect only).
    pub score_lead: Option<f64>,
    pub score_stdev: Option<f64>,
}

/// The `rootInfo` part.
#[derive(Clone, Debug, PartialEq)]
pub struct RootInfo {
    pub visits: u64,
    /// In [0, 1] whatever the dialect.
    pub winrate: f64,
    pub score_lead: Option<f64>,
}

/// One analysis line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    pub infos: Vec<Info>,
    /// The root's figures, if asked.
    pub root: Option<RootInfo>,
    /// One value per point, the top row first, if asked.
    pub ownership: Option<Vec<f64>>,
}

/// Whether `s` is a vertex as GTP writes them (A1..Z25 without I) or `pass`.
pub fn is_move(s: &str) -> bool {
    if s == "pass" {
        return true;
    }
    let b = s.as_bytes();
    b.len() >= 2
        && b.len() <= 3
        && b[0].is_ascii_uppercase()
        && b[0] != b'I'
        && b[1] != b'0'
        && b[1..].iter().all(u8::is_ascii_digit)
}

fn number(value: &str, dialect: Dialect, key: &str) -> Result<f64, String> {
    match dialect {
        Dialect::Leela => {
            let v: u32 = value
                .parse()
                .map_err(|_| format!("{key} {value}: not an integer"))?;
            if v > 10000 {
                return Err(format!("{key} {value}: above 10000"));
            }
            Ok(f64::from(v) / 10000.0)
        }
        Dialect::Kata => {
            if !value.contains('.') {
                return Err(format!("{key} {value}: no decimal point"));
            }
            let v: f64 = value
                .parse()
                .map_err(|_| format!("{key} {value}: not a number"))?;
            if !(0.0..=1.0).contains(&v) {
                return Err(format!("{key} {value}: outside [0, 1]"));
            }
            Ok(v)
        }
    }
}

/// The scores of a segment: numbers in the Kata dialect (`scoreMean` equal to `scoreLead`,
/// `scoreStdev` not negative), absent in Leela's.
fn scores<'a>(
    dialect: Dialect,
    get: &impl Fn(&str) -> Result<&'a str, String>,
) -> Result<(Option<f64>, Option<f64>), String> {
    let keys = ["scoreMean", "scoreStdev", "scoreLead"];
    if dialect == Dialect::Leela {
        return match keys.iter().find(|k| get(k).is_ok()) {
            Some(k) => Err(format!("{k} in Leela's dialect")),
            None => Ok((None, None)),
        };
    }
    let mut v = [0.0; 3];
    for (x, k) in v.iter_mut().zip(keys) {
        let t = get(k)?;
        *x = t
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("{k} {t}: not a number"))?;
    }
    if v[0] != v[2] || v[1] < 0.0 {
        return Err(format!("scores {v:?}"));
    }
    Ok((Some(v[2]), Some(v[1])))
}

/// Reads one line strictly.
pub fn parse_line(line: &str, dialect: Dialect) -> Result<Analysis, String> {
    let tokens: Vec<&str> = line.split(' ').collect();
    if tokens.iter().any(|t| t.is_empty()) {
        return Err(format!("empty token (double or edge space) in {line:?}"));
    }
    let mut out = Analysis::default();
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i] {
            "info" => {
                i += 1;
                let mut fields: Vec<(&str, &str)> = Vec::new();
                while i < tokens.len() && tokens[i] != "pv" {
                    let key = tokens[i];
                    let value = *tokens
                        .get(i + 1)
                        .ok_or_else(|| format!("{key} without a value"))?;
                    if key == "info" || key == "ownership" || fields.iter().any(|f| f.0 == key) {
                        return Err(format!("segment without pv, or {key} twice"));
                    }
                    fields.push((key, value));
                    i += 2;
                }
                if i == tokens.len() {
                    return Err("segment without pv".into());
                }
                i += 1;
                let start = i;
                while i < tokens.len() && !["info", "rootInfo", "ownership"].contains(&tokens[i]) {
                    if !is_move(tokens[i]) {
                        return Err(format!("pv holds {:?}", tokens[i]));
                    }
                    i += 1;
                }
                let pv: Vec<String> = tokens[start..i].iter().map(|s| s.to_string()).collect();
                let get = |k: &str| {
                    fields
                        .iter()
                        .find(|f| f.0 == k)
                        .map(|f| f.1)
                        .ok_or_else(|| format!("no {k}"))
                };
                let mv = get("move")?.to_string();
                if !is_move(&mv) {
                    return Err(format!("move {mv}"));
                }
                if pv.is_empty() || pv[0] != mv {
                    return Err(format!("pv {pv:?} does not start with {mv}"));
                }
                let (score_lead, score_stdev) = scores(dialect, &get)?;
                out.infos.push(Info {
                    score_lead,
                    score_stdev,
                    visits: get("visits")?.parse().map_err(|_| "visits".to_string())?,
                    winrate: number(get("winrate")?, dialect, "winrate")?,
                    prior: number(get("prior")?, dialect, "prior")?,
                    lcb: number(get("lcb")?, dialect, "lcb")?,
                    order: get("order")?.parse().map_err(|_| "order".to_string())?,
                    mv,
                    pv,
                });
            }
            "rootInfo" => {
                if out.root.is_some() || out.infos.is_empty() {
                    return Err("rootInfo twice or before the moves".into());
                }
                i += 1;
                let mut fields: Vec<(&str, &str)> = Vec::new();
                while i < tokens.len() && tokens[i] != "ownership" {
                    let key = tokens[i];
                    let value = *tokens
                        .get(i + 1)
                        .ok_or_else(|| format!("rootInfo {key} without a value"))?;
                    if key == "info" || fields.iter().any(|f| f.0 == key) {
                        return Err(format!("rootInfo: {key} misplaced or twice"));
                    }
                    fields.push((key, value));
                    i += 2;
                }
                let get = |k: &str| {
                    fields
                        .iter()
                        .find(|f| f.0 == k)
                        .map(|f| f.1)
                        .ok_or_else(|| format!("rootInfo: no {k}"))
                };
                out.root = Some(RootInfo {
                    visits: get("visits")?.parse().map_err(|_| "rootInfo visits")?,
                    winrate: number(get("winrate")?, dialect, "winrate")?,
                    score_lead: scores(dialect, &get)?.0,
                });
            }
            "ownership" => {
                let values: Result<Vec<f64>, String> = tokens[i + 1..]
                    .iter()
                    .map(|t| {
                        t.parse::<f64>()
                            .ok()
                            .filter(|v| (-1.0..=1.0).contains(v))
                            .ok_or_else(|| format!("ownership value {t}"))
                    })
                    .collect();
                let values = values?;
                let n = (values.len() as f64).sqrt() as usize;
                if n * n != values.len() || !(2..=25).contains(&n) {
                    return Err(format!("{} ownership values", values.len()));
                }
                out.ownership = Some(values);
                i = tokens.len();
            }
            other => return Err(format!("unexpected {other:?}")),
        }
    }
    if out.infos.is_empty() {
        return Err("no info segment".into());
    }
    for (k, info) in out.infos.iter().enumerate() {
        if info.order != k {
            return Err(format!("order {} at position {k}", info.order));
        }
        if info.lcb > info.winrate + 1e-9 {
            return Err(format!("lcb above winrate for {}", info.mv));
        }
    }
    Ok(out)
}

/// Reads the body of a streamed response (the text after `= `, starting with a line break
/// unless empty): analysis lines, and with `genmove` a last `play <move>` line. Returns the
/// analyses and the move.
pub fn parse_stream(
    body: &str,
    dialect: Dialect,
    genmove: bool,
) -> Result<(Vec<Analysis>, Option<String>), String> {
    if body.is_empty() && !genmove {
        return Ok((Vec::new(), None));
    }
    let Some(body) = body.strip_prefix('\n') else {
        return Err(format!(
            "the stream does not start on its own line: {body:?}"
        ));
    };
    let mut lines: Vec<&str> = body.split('\n').collect();
    let mut play = None;
    if genmove {
        let last = lines.pop().unwrap_or("");
        let mv = last
            .strip_prefix("play ")
            .ok_or_else(|| format!("no play line at the end: {last:?}"))?;
        if !(mv == "resign" || is_move(mv)) {
            return Err(format!("play {mv}"));
        }
        play = Some(mv.to_string());
    }
    let analyses = lines
        .iter()
        .map(|l| parse_line(l, dialect))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((analyses, play))
}

/// Whether `s` is a square board of one token per point (a leading line break, the top row
/// first) whose tokens all pass `ok`.
pub fn is_board(s: &str, ok: impl Fn(&str) -> bool) -> bool {
    let Some(body) = s.strip_prefix('\n') else {
        return false;
    };
    let rows: Vec<Vec<&str>> = body.split('\n').map(|r| r.split(' ').collect()).collect();
    let n = rows.len();
    (2..=25).contains(&n) && rows.iter().all(|r| r.len() == n && r.iter().all(|t| ok(t)))
}

/// Whether `line` is one GoGui `gfx` command with arguments of the right kinds.
pub fn is_gfx_line(line: &str) -> bool {
    let mut t = line.split(' ');
    let cmd = t.next().unwrap_or("");
    let args: Vec<&str> = t.collect();
    let vertex = |v: &str| v != "pass" && is_move(v);
    match cmd {
        "INFLUENCE" => {
            !args.is_empty()
                && args.len().is_multiple_of(2)
                && args.chunks(2).all(|p| {
                    vertex(p[0]) && p[1].parse::<f64>().is_ok_and(|v| (-1.0..=1.0).contains(&v))
                })
        }
        "VAR" => {
            !args.is_empty()
                && args.len().is_multiple_of(2)
                && args
                    .chunks(2)
                    .all(|p| (p[0] == "b" || p[0] == "w") && is_move(p[1]))
        }
        "LABEL" => args.len().is_multiple_of(2) && args.chunks(2).all(|p| vertex(p[0])),
        "BLACK" | "WHITE" | "CIRCLE" | "MARK" | "SQUARE" | "TRIANGLE" => {
            args.iter().all(|v| vertex(v))
        }
        "COLOR" => args.len() >= 2 && args[1..].iter().all(|v| vertex(v)),
        "TEXT" => !args.is_empty(),
        _ => false,
    }
}
