//! One writer per output: `moyo tune`, `moyo book build` and `check`, and `moyo patterns
//! train` each hold a lock file beside what they write while they run. The lock is created
//! exclusively (`O_EXCL`) and holds the holder's pid, its start time and the host; a second
//! run is refused with a message naming that pid. A lock whose process is gone (killed, or
//! the machine restarted) is stale and taken over; one made on another host is never
//! guessed about.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A held lock file, removed when dropped.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    text: String,
}

impl Lock {
    /// Takes the lock of the folder `dir`: `dir/.lock`.
    pub fn folder(dir: &Path) -> Result<Lock, String> {
        Lock::take(&dir.join(".lock"), &dir.display().to_string())
    }

    /// Takes the lock of the file `file`: `file.lock` beside it.
    pub fn file(file: &Path) -> Result<Lock, String> {
        let mut path = file.as_os_str().to_owned();
        path.push(".lock");
        Lock::take(Path::new(&path), &file.display().to_string())
    }

    /// Takes the lock file `path` for `what` (the output it guards, for messages): creates
    /// it, or takes it over when the process that made it is gone; an error naming the
    /// holder's pid when it is alive.
    pub fn take(path: &Path, what: &str) -> Result<Lock, String> {
        let me = Holder::this_process();
        let text = me.text();
        // A few rounds: another process may remove a stale lock at the same moment.
        for _ in 0..5 {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(mut f) => {
                    if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.sync_all()) {
                        let _ = std::fs::remove_file(path);
                        return Err(format!("{}: cannot write: {e}", path.display()));
                    }
                    return Ok(Lock {
                        path: path.to_path_buf(),
                        text,
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let found = std::fs::read_to_string(path).unwrap_or_default();
                    match Holder::parse(&found) {
                        Some(h) if h.alive(&me) => {
                            return Err(format!(
                                "{what} is in use by process {}{} (lock file {}); wait \
                                 for it to end, or write elsewhere",
                                h.pid,
                                if h.host == me.host {
                                    String::new()
                                } else {
                                    format!(" on {}; remove the lock if that run is gone", h.host)
                                },
                                path.display()
                            ));
                        }
                        // A lock file without its holder yet: it is being written.
                        None if !older_than(path, Duration::from_secs(2)) => {
                            std::thread::sleep(Duration::from_millis(200));
                        }
                        _ => {
                            let _ = std::fs::remove_file(path);
                        }
                    }
                }
                Err(e) => return Err(format!("{}: cannot create: {e}", path.display())),
            }
        }
        Err(format!(
            "{}: cannot take the lock: other processes keep taking it",
            path.display()
        ))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    /// Removes the lock file, if it is still this one.
    fn drop(&mut self) {
        if std::fs::read_to_string(&self.path).is_ok_and(|t| t == self.text) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether the file at `path` was last changed more than `age` ago.
fn older_than(path: &Path, age: Duration) -> bool {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t.elapsed().is_ok_and(|e| e > age))
}

/// Who holds a lock: a process, told apart from a later one with the same pid by its start
/// time, on a host.
#[derive(Debug, PartialEq)]
struct Holder {
    pid: u32,
    /// Clock ticks from boot to the process's start (`/proc/PID/stat`), 0 if unknown.
    start: u64,
    host: String,
}

impl Holder {
    fn this_process() -> Holder {
        let pid = std::process::id();
        Holder {
            pid,
            start: start_time(pid).unwrap_or(0),
            host: host(),
        }
    }

    /// The lock file's text.
    fn text(&self) -> String {
        format!(
            "pid {}\nstart {}\nhost {}\n",
            self.pid, self.start, self.host
        )
    }

    /// A lock file's holder, `None` when it does not name one.
    fn parse(text: &str) -> Option<Holder> {
        let mut h = Holder {
            pid: 0,
            start: 0,
            host: String::new(),
        };
        for line in text.lines() {
            match line.split_once(' ') {
                Some(("pid", v)) => h.pid = v.trim().parse().ok()?,
                Some(("start", v)) => h.start = v.trim().parse().unwrap_or(0),
                Some(("host", v)) => h.host = v.trim().to_string(),
                _ => {}
            }
        }
        (h.pid > 0).then_some(h)
    }

    /// Whether the holder may still run, as seen by `me`: a process on another host is
    /// taken to; on this one, its pid must be running and have started when the lock's did.
    fn alive(&self, me: &Holder) -> bool {
        if !self.host.is_empty() && self.host != me.host {
            return true;
        }
        match start_time(self.pid) {
            None => false,
            Some(t) => self.start == 0 || t == self.start,
        }
    }
}

/// The start time of process `pid` in clock ticks since boot (`/proc/PID/stat`, field 22);
/// `None` when there is no such process.
fn start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces and parentheses: count after the last ')'.
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(19)?.parse().ok()
}

/// This machine's name (`/proc/sys/kernel/hostname`), empty if unknown.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        super::super::scratch(&format!("lock-{name}"))
    }

    #[test]
    fn a_second_taker_is_refused_with_the_holders_pid() {
        let d = scratch("twice");
        let lock = Lock::folder(&d).unwrap();
        assert!(d.join(".lock").exists());
        let e = Lock::folder(&d).unwrap_err();
        assert!(
            e.contains(&format!("in use by process {}", std::process::id())),
            "{e}"
        );
        drop(lock);
        assert!(!d.join(".lock").exists());
        let again = Lock::file(&d.join("x.book")).unwrap();
        assert_eq!(again.path(), d.join("x.book.lock"));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_stale_lock_is_taken_over() {
        let d = scratch("stale");
        // A pid that is not running (above the largest pid Linux hands out).
        let me = Holder::this_process();
        std::fs::write(
            d.join(".lock"),
            format!("pid 4194305\nstart 12\nhost {}\n", me.host),
        )
        .unwrap();
        let lock = Lock::folder(&d).unwrap();
        drop(lock);
        // This process's pid with another start time: a pid reused since.
        std::fs::write(
            d.join(".lock"),
            format!("pid {}\nstart 1\nhost {}\n", me.pid, me.host),
        )
        .unwrap();
        assert!(Lock::folder(&d).is_ok());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_lock_from_another_host_is_not_guessed_about() {
        let d = scratch("host");
        std::fs::write(d.join(".lock"), "pid 4194305\nstart 12\nhost elsewhere\n").unwrap();
        let e = Lock::folder(&d).unwrap_err();
        assert!(e.contains("process 4194305 on elsewhere"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn holders_read_back() {
        let me = Holder::this_process();
        assert!(me.start > 0);
        assert_eq!(Holder::parse(&me.text()), Some(me));
        assert_eq!(Holder::parse("garbage"), None);
        assert_eq!(Holder::parse("pid 12\n").map(|h| h.pid), Some(12));
    }
}
