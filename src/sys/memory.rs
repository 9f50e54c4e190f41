//! The memory this process may use: a container's cgroup limit when there is one (cgroup
//! v2 `memory.max`, v1 `memory.limit_in_bytes`, the smallest on the way from the process's
//! cgroup up to the root), else the machine's (`MemTotal`); and sizes as the command line
//! writes them (`512M`, `4G`).

use std::path::{Path, PathBuf};

/// Where the cgroup file systems are mounted.
const CGROUP_ROOT: &str = "/sys/fs/cgroup";

/// A v1 limit this large means none (the kernel writes `LONG_MAX` rounded to a page).
const V1_UNLIMITED: u64 = 1 << 62;

/// Bytes this process may use: the smaller of its cgroup limit and the machine's memory;
/// `None` when neither can be read.
pub fn limit() -> Option<u64> {
    let (cgroup, total) = limits();
    match (cgroup, total) {
        (Some(c), Some(t)) => Some(c.min(t)),
        (c, t) => c.or(t),
    }
}

/// This process's cgroup limit and the machine's memory, each if known; read once (every
/// searcher asks, and a book build makes thousands a minute).
fn limits() -> (Option<u64>, Option<u64>) {
    static LIMITS: std::sync::OnceLock<(Option<u64>, Option<u64>)> = std::sync::OnceLock::new();
    *LIMITS.get_or_init(read_limits)
}

/// `limits`, read from `/proc` and the cgroup file systems.
fn read_limits() -> (Option<u64>, Option<u64>) {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup")
        .ok()
        .and_then(|own| cgroup_limit(Path::new(CGROUP_ROOT), &own));
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| mem_total(&s));
    (cgroup, total)
}

/// `MemTotal` in bytes from the text of `/proc/meminfo`.
pub fn mem_total(meminfo: &str) -> Option<u64> {
    meminfo
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map(|kib| kib.saturating_mul(1024))
}

/// The memory limit of the cgroups named in `own` (the text of `/proc/self/cgroup`), with
/// the cgroup file systems under `root`: the smallest limit set on the process's cgroup or
/// any above it (in a container, the process's own cgroup is often mounted as the root, so
/// the path named may be missing and the root is where its limit is); `None` when there is
/// none.
pub fn cgroup_limit(root: &Path, own: &str) -> Option<u64> {
    let mut best: Option<u64> = None;
    for line in own.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (mount, file) = if id == "0" && controllers.is_empty() {
            (root.to_path_buf(), "memory.max")
        } else if controllers.split(',').any(|c| c == "memory") {
            (root.join("memory"), "memory.limit_in_bytes")
        } else {
            continue;
        };
        let mut dir = PathBuf::from(path.trim().trim_start_matches('/'));
        loop {
            if let Some(v) = read_limit(&mount.join(&dir).join(file)) {
                best = Some(best.map_or(v, |b| b.min(v)));
            }
            if !dir.pop() {
                break;
            }
        }
    }
    best
}

/// A limit file's bytes; `None` when it is missing, `max` or unlimited.
fn read_limit(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: u64 = text.trim().parse().ok()?;
    (v < V1_UNLIMITED).then_some(v)
}

/// Bytes from a size such as `512M`, `4G`, `2048K`, `1T` or `256` (MiB), any case, with an
/// optional `B` or `iB`; between 1M and 1000T.
pub fn parse_size(s: &str) -> Result<usize, String> {
    let bad = || format!("{s}: expected a size such as 512M, 4G or 1T");
    let t = s.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => t.split_at(i),
        None => (t, "M"),
    };
    let unit = unit.trim().to_ascii_uppercase();
    let unit = unit
        .strip_suffix("IB")
        .or_else(|| unit.strip_suffix('B'))
        .unwrap_or(&unit);
    let shift = match unit {
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let n: f64 = digits.trim().parse().map_err(|_| bad())?;
    let bytes = n * (1u64 << shift) as f64;
    if !(bytes >= (1 << 20) as f64 && bytes <= 1000.0 * (1u64 << 40) as f64) {
        return Err(format!("{s}: between 1M and 1000T"));
    }
    Ok(bytes as usize)
}

/// A size in the largest unit that keeps it at 1 or more: `1.5G`, `512M`.
pub fn show_size(bytes: u64) -> String {
    let units = [("T", 40), ("G", 30), ("M", 20), ("K", 10)];
    for (u, shift) in units {
        if bytes >= 1 << shift {
            let v = bytes as f64 / (1u64 << shift) as f64;
            return if v.fract() == 0.0 {
                format!("{v:.0}{u}")
            } else {
                format!("{v:.1}{u}")
            };
        }
    }
    format!("{bytes}B")
}

/// Refuses a memory budget of `bytes` larger than what this process may use (`limit`):
/// such a tree could never be filled without the process being killed.
pub fn check_budget(bytes: usize) -> Result<(), String> {
    let (cgroup, total) = limits();
    let Some(l) = limit() else {
        return Ok(());
    };
    if bytes as u64 <= l {
        return Ok(());
    }
    let whose = if cgroup.is_some_and(|c| total.is_none_or(|t| c < t)) {
        "its container's limit"
    } else {
        "the machine's memory"
    };
    Err(format!(
        "more than this process may use ({} of {whose})",
        show_size(l)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test.
    fn scratch(name: &str) -> PathBuf {
        super::super::scratch(&format!("memory-{name}"))
    }

    fn put(path: PathBuf, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn cgroup_v2_limit_is_the_smallest_on_the_way_up() {
        let root = scratch("v2");
        let own = "0::/user.slice/job/run\n";
        assert_eq!(cgroup_limit(&root, own), None);
        put(root.join("user.slice/job/run/memory.max"), "max\n");
        assert_eq!(cgroup_limit(&root, own), None);
        put(root.join("user.slice/job/memory.max"), "2147483648\n");
        assert_eq!(cgroup_limit(&root, own), Some(2 << 30));
        put(root.join("user.slice/memory.max"), "1073741824\n");
        assert_eq!(cgroup_limit(&root, own), Some(1 << 30));
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn cgroup_v2_in_a_container_reads_the_root() {
        // The process's cgroup is mounted as the root: the path named is not there.
        let root = scratch("v2root");
        put(root.join("memory.max"), "536870912\n");
        assert_eq!(cgroup_limit(&root, "0::/docker/abc123\n"), Some(512 << 20));
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn cgroup_v1_limit_and_its_unlimited_value() {
        let root = scratch("v1");
        let own = "12:pids:/x\n4:memory:/process_api/abc\n1:cpu,cpuacct:/\n";
        put(
            root.join("memory/memory.limit_in_bytes"),
            "9223372036854771712\n",
        );
        assert_eq!(cgroup_limit(&root, own), None);
        put(
            root.join("memory/process_api/abc/memory.limit_in_bytes"),
            "805306368\n",
        );
        assert_eq!(cgroup_limit(&root, own), Some(768 << 20));
        // Controllers listed together, and a v2 line beside it that has no limit.
        let own = "4:cpuset,memory:/process_api/abc\n0::/\n";
        assert_eq!(cgroup_limit(&root, own), Some(768 << 20));
        // Garbage in a limit file is no limit.
        put(
            root.join("memory/process_api/abc/memory.limit_in_bytes"),
            "lots\n",
        );
        assert_eq!(cgroup_limit(&root, own), None);
        assert_eq!(cgroup_limit(&root, "garbage\n"), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn mem_total_from_meminfo() {
        let text = "MemTotal:       24522432 kB\nMemFree:        22000000 kB\n";
        assert_eq!(mem_total(text), Some(24522432 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn sizes_in_every_unit_named() {
        assert_eq!(parse_size("2048K"), Ok(2 << 20));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("1T"), Ok(1 << 40));
        assert_eq!(parse_size("1.5t"), Ok(3 << 39));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("2gb"), Ok(2 << 30));
        assert_eq!(parse_size("256"), Ok(256 << 20));
        assert_eq!(parse_size(" 64 M "), Ok(64 << 20));
        assert!(parse_size("4P").is_err());
        assert!(parse_size("M").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("100K").is_err());
        assert!(parse_size("1001T").is_err());
        assert!(parse_size("1000T").is_ok());
    }

    #[test]
    fn sizes_shown_in_their_largest_unit() {
        assert_eq!(show_size(1 << 30), "1G");
        assert_eq!(show_size(3 << 29), "1.5G");
        assert_eq!(show_size(512 << 20), "512M");
        assert_eq!(show_size(100), "100B");
    }
}
