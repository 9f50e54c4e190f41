//! The tuning spec: which parameters evolve, each with its range and step (taken from the
//! `params.rs` declaration unless the spec narrows them), and the conversion between a
//! vector of values and a full parameter set.

use crate::params::{ParamKind, Params};
use std::path::Path;

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    pub name: String,
    pub kind: ParamKind,
    pub min: f64,
    pub max: f64,
    pub step: f64,
    /// Its value in the base parameters (the run's "defaults").
    pub default: f64,
}

impl Tuned {
    /// `x` clamped to the range; whole numbers and switches rounded (within the range).
    pub fn clamp_round(&self, x: f64) -> f64 {
        let x = if x.is_finite() { x } else { self.default };
        let x = x.clamp(self.min, self.max);
        match self.kind {
            ParamKind::Real => x,
            _ => {
                let r = x.round();
                if r < self.min {
                    self.min.ceil()
                } else if r > self.max {
                    self.max.floor()
                } else {
                    r
                }
            }
        }
    }

    /// The value as `Params::set` takes it.
    pub fn text(&self, x: f64) -> String {
        let x = self.clamp_round(x);
        match self.kind {
            ParamKind::Switch => (if x >= 0.5 { "1" } else { "0" }).to_string(),
            ParamKind::Integer => format!("{}", x as i64),
            ParamKind::Real => {
                // Digits down to a hundredth of the step, no more.
                let digits = (-(self.step / 100.0).log10()).ceil().clamp(0.0, 12.0) as usize;
                let s = format!("{x:.digits$}");
                if s.contains('.') {
                    s.trim_end_matches('0').trim_end_matches('.').to_string()
                } else {
                    s
                }
            }
        }
    }
}

/// The parameters a run evolves.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub params: Vec<Tuned>,
}

impl Spec {
    /// The spec from `--param` arguments (`name`, `name:min:max` or `name:min:max:step`)
    /// and a spec file's lines (`name [min max [step]]`, `#` comments), over `base`.
    pub fn new(base: &Params, args: &[String], file: Option<&Path>) -> Result<Spec, String> {
        let mut params = Vec::new();
        if let Some(path) = file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            for (i, line) in text.lines().enumerate() {
                let line = line.split('#').next().unwrap_or("").trim();
                if line.is_empty() {
                    continue;
                }
                let fields: Vec<&str> = line.split_whitespace().collect();
                let t = tuned(base, &fields)
                    .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
                params.push(t);
            }
        }
        for a in args {
            let fields: Vec<&str> = a.split(':').collect();
            params.push(tuned(base, &fields).map_err(|e| format!("--param {a}: {e}"))?);
        }
        if params.is_empty() {
            return Err("no parameters to tune: give --param NAME or --spec FILE".into());
        }
        for (i, p) in params.iter().enumerate() {
            if params[..i].iter().any(|q| q.name == p.name) {
                return Err(format!("{} is named twice", p.name));
            }
        }
        Ok(Spec { params })
    }

    /// Refuses a parameter that a board of `size` does not read: on large boards one with a
    /// `_large` twin (the twin applies there), on small boards a `_large` one.
    pub fn check_size(&self, base: &Params, size: usize) -> Result<(), String> {
        let large = base.is_large(size);
        for t in &self.params {
            let pair = Params::LARGE_TWINS
                .iter()
                .find(|(b, twin)| *b == t.name || *twin == t.name);
            match pair {
                Some((b, twin)) if large && *b == t.name => {
                    return Err(format!(
                        "{} does not apply on {size}x{size} (from large_board_min_size {}): \
                         tune {twin}",
                        t.name, base.large_board_min_size
                    ));
                }
                Some((_, twin)) if !large && *twin == t.name => {
                    return Err(format!(
                        "{} applies only from large_board_min_size {}, not on {size}x{size}",
                        t.name, base.large_board_min_size
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The base values (the first member of the first generation).
    pub fn defaults(&self) -> Vec<f64> {
        self.params.iter().map(|t| t.default).collect()
    }

    /// `values` clamped and rounded, parameter by parameter.
    pub fn clamp_round(&self, values: &[f64]) -> Vec<f64> {
        self.params
            .iter()
            .zip(values)
            .map(|(t, &x)| t.clamp_round(x))
            .collect()
    }

    /// `base` with the tuned parameters set to `values`.
    pub fn apply(&self, base: &Params, values: &[f64]) -> Result<Params, String> {
        let mut p = base.clone();
        for (t, &x) in self.params.iter().zip(values) {
            if p.set(&t.name, &t.text(x)).is_ok() {
                continue;
            }
            // A bound that the parameter's float type cannot hold exactly: a hair inside.
            let inside = x + (t.min + t.max - 2.0 * x).signum() * 1e-6 * (t.max - t.min);
            p.set(&t.name, &t.text(inside))?;
        }
        Ok(p)
    }

    /// `name = value` lines, as `moyo --params FILE` reads them.
    pub fn params_file(&self, values: &[f64], header: &str) -> String {
        let mut s = String::new();
        for l in header.lines() {
            s.push_str(&format!("# {l}\n"));
        }
        for (t, &x) in self.params.iter().zip(values) {
            s.push_str(&format!("{} = {}\n", t.name, t.text(x)));
        }
        s
    }

    /// The same as `--set` arguments.
    pub fn set_line(&self, values: &[f64]) -> String {
        self.params
            .iter()
            .zip(values)
            .map(|(t, &x)| format!("--set {}={}", t.name, t.text(x)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One tuned parameter from its name and optional min, max and step.
fn tuned(base: &Params, fields: &[&str]) -> Result<Tuned, String> {
    let name = fields.first().copied().unwrap_or("").trim();
    let info = base
        .describe()
        .into_iter()
        .find(|i| i.name == name)
        .ok_or_else(|| format!("unknown parameter: {name}"))?;
    let num = |i: usize, what: &str| -> Result<Option<f64>, String> {
        match fields.get(i) {
            None => Ok(None),
            Some(s) => match s.trim().parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(Some(x)),
                _ => Err(format!("bad {what} for {name}: {s}")),
            },
        }
    };
    if fields.len() == 2 || fields.len() > 4 {
        return Err(format!(
            "expected {name}, {name} MIN MAX or {name} MIN MAX STEP"
        ));
    }
    let min = num(1, "minimum")?.unwrap_or(info.min);
    let max = num(2, "maximum")?.unwrap_or(info.max);
    if !(min >= info.min && max <= info.max && min < max) {
        return Err(format!(
            "the range of {name} must lie within [{}, {}] and not be empty",
            info.min, info.max
        ));
    }
    let step = match num(3, "step")? {
        Some(s) if s > 0.0 => s,
        Some(s) => return Err(format!("the step of {name} must be positive, not {s}")),
        None => info.step.min(max - min),
    };
    let step = match info.kind {
        ParamKind::Real => step,
        _ => step.round().max(1.0),
    };
    let value = info
        .value
        .parse::<f64>()
        .ok()
        .or(match info.value.as_str() {
            "true" => Some(1.0),
            "false" => Some(0.0),
            _ => None,
        })
        .unwrap_or(min);
    Ok(Tuned {
        name: name.to_string(),
        kind: info.kind,
        min,
        max,
        step,
        default: value.clamp(min, max),
    })
}
