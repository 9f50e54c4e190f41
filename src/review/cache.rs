//! The cache that makes a review resumable: a folder with one small text file a finished
//! position (`pos-0007.txt`), each written whole (temporary file, then rename), and the
//! folder's lock file (`.lock`, with the pid) so that two reviews never write it at once.
//!
//! Every entry names its key: a hash of the record's text, the playouts, the seed, the
//! parameters and moyo's version. An entry with another key, or one that cannot be read
//! whole, is ignored and its position analysed again.

use super::position::{PositionAnalysis, Settings, parse_point, vertex};
use crate::board::Color;
use crate::patterns::checked::fnv64;
use crate::sys::lock::Lock;
use std::path::{Path, PathBuf};

/// The first line of an entry: the format and its version.
const MAGIC: &str = "moyo-review-position 1";

/// The key of a review's entries: what its analyses depend on.
pub(super) fn key(text: &str, s: &Settings) -> u64 {
    let mut bytes = text.as_bytes().to_vec();
    bytes.extend_from_slice(
        format!(
            "\0{}\0{}\0{}\0{:?}",
            s.playouts,
            s.seed,
            env!("CARGO_PKG_VERSION"),
            s.params
        )
        .as_bytes(),
    );
    fnv64(&bytes)
}

/// A review's cache folder, locked while the value lives.
pub(super) struct Cache {
    dir: PathBuf,
    key: u64,
    _lock: Lock,
}

impl Cache {
    /// Opens (creates) the folder `dir` for entries of `key` and takes its lock; an error
    /// naming the holder when another live process has it.
    pub(super) fn open(dir: &Path, key: u64) -> Result<Cache, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
        let lock = Lock::folder(dir)?;
        Ok(Cache {
            dir: dir.to_path_buf(),
            key,
            _lock: lock,
        })
    }

    /// The folder.
    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, index: usize) -> PathBuf {
        self.dir.join(format!("pos-{index:04}.txt"))
    }

    /// The analysis of position `index` on a `size` board, when a whole entry of this key
    /// holds it.
    pub(super) fn load(&self, index: usize, size: usize) -> Option<PositionAnalysis> {
        let text = std::fs::read_to_string(self.path(index)).ok()?;
        parse(&text, self.key, index, size)
    }

    /// Writes the analysis of position `index`, whole or not at all.
    pub(super) fn store(&self, index: usize, a: &PositionAnalysis) -> Result<(), String> {
        let path = self.path(index);
        crate::sys::durable::write(&path, entry(self.key, index, a).as_bytes())
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))
    }
}

/// The text of an entry.
fn entry(key: u64, index: usize, a: &PositionAnalysis) -> String {
    let pv: Vec<String> = a.pv.iter().map(|&c| vertex(c)).collect();
    format!(
        "{MAGIC}\nkey {key:016x}\nindex {index}\nto_play {}\nbest {}\nwinrate {}\nlead {}\n\
         visits {}\nplayouts {}\npv {}\nend\n",
        a.to_play.letter(),
        vertex(a.best),
        a.winrate,
        a.lead,
        a.visits,
        a.playouts,
        pv.join(" ")
    )
}

/// Reads an entry back; `None` unless it is whole, of `key` and `index`, and sound.
fn parse(text: &str, key: u64, index: usize, size: usize) -> Option<PositionAnalysis> {
    let mut lines = text.lines();
    if lines.next()? != MAGIC {
        return None;
    }
    let mut field = |name: &str| {
        let line = lines.next()?;
        let rest = line.strip_prefix(name)?;
        if rest.is_empty() {
            return Some("");
        }
        rest.strip_prefix(' ')
    };
    if field("key")? != format!("{key:016x}") || field("index")?.parse::<usize>().ok()? != index {
        return None;
    }
    let to_play = Color::parse(field("to_play")?)?;
    let best = parse_point(field("best")?, size)?;
    let winrate: f32 = field("winrate")?.parse().ok()?;
    let lead: f32 = field("lead")?.parse().ok()?;
    let visits = field("visits")?.parse().ok()?;
    let playouts = field("playouts")?.parse().ok()?;
    let pv = field("pv")?
        .split_whitespace()
        .map(|v| parse_point(v, size))
        .collect::<Option<Vec<_>>>()?;
    field("end")?;
    let sound = (0.0..=1.0).contains(&winrate) && lead.is_finite() && !pv.is_empty();
    sound.then_some(PositionAnalysis {
        to_play,
        best,
        winrate,
        lead,
        visits,
        playouts,
        pv,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sys::scratch;

    fn sample() -> PositionAnalysis {
        PositionAnalysis {
            to_play: Color::White,
            best: Some((2, 6)),
            winrate: 0.625,
            lead: -3.25,
            visits: 120,
            playouts: 300,
            pv: vec![Some((2, 6)), None, Some((4, 4))],
        }
    }

    #[test]
    fn entries_come_back_as_written() {
        let d = scratch("roundtrip");
        let c = Cache::open(&d, 42).unwrap();
        assert_eq!(c.load(3, 9), None);
        c.store(3, &sample()).unwrap();
        assert_eq!(c.load(3, 9), Some(sample()));
        // The entry of another position or another key is not this one's.
        assert_eq!(parse(&entry(42, 3, &sample()), 42, 4, 9), None);
        assert_eq!(parse(&entry(41, 3, &sample()), 42, 3, 9), None);
        drop(c);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn corrupt_entries_are_ignored() {
        let d = scratch("corrupt");
        let c = Cache::open(&d, 7).unwrap();
        let whole = entry(7, 0, &sample());
        // Cut short anywhere (what no rename leaves, but a disk might), or damaged.
        for cut in 0..whole.len() - 1 {
            std::fs::write(c.path(0), &whole[..cut]).unwrap();
            assert_eq!(c.load(0, 9), None, "cut at {cut}");
        }
        for bad in [
            whole.replace("winrate 0.625", "winrate 1.5"),
            whole.replace("best C7", "best Z99"),
            whole.replace("lead -3.25", "lead NaN"),
            whole.replace("to_play W", "to_play X"),
            "\u{0}\u{ff}garbage".to_string(),
        ] {
            std::fs::write(c.path(0), &bad).unwrap();
            assert_eq!(c.load(0, 9), None, "{bad}");
        }
        std::fs::write(c.path(0), &whole).unwrap();
        assert_eq!(c.load(0, 9), Some(sample()));
        drop(c);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_second_review_of_the_folder_is_refused() {
        let d = scratch("lock");
        let c = Cache::open(&d, 1).unwrap();
        let e = Cache::open(&d, 1).err().unwrap();
        assert!(e.contains(&std::process::id().to_string()), "{e}");
        drop(c);
        assert!(Cache::open(&d, 1).is_ok());
        let _ = std::fs::remove_dir_all(&d);
    }
}
