//! A GTP engine run as a child process (`sh -c CMD`), spoken to with
//! timeouts: the referee's engines and scorer, and `moyo tune`'s fixed opponent.
//!
//! The engine gets its own process group so that killing it also kills
//! whatever the shell started. A reader thread per process turns its stdout
//! into lines on a channel; every response is awaited with a deadline, and an
//! engine that misses one is killed (its late answer would otherwise be
//! taken for the answer to the next command).

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam::channel::{self, Receiver, RecvTimeoutError, TryRecvError};

/// `eprintln!` that ignores a closed stderr instead of panicking.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

unsafe extern "C" {
    /// POSIX `kill(2)`, from the C library every Rust program on Unix links.
    fn kill(pid: i32, sig: i32) -> i32;
}

const SIGKILL: i32 = 9;

/// Where an engine's stderr goes.
#[derive(Clone, Debug)]
pub enum StderrSink {
    /// This process's own stderr.
    Inherit,
    /// Discarded.
    Null,
    /// Appended to this file.
    File(PathBuf),
}

/// A line of output, or the end of it.
enum OutputLine {
    Line(String),
    Eof,
}

/// Why a command got no GTP response.
#[derive(Clone, Debug)]
pub enum Fail {
    /// No complete response before the deadline; the engine has been killed.
    Timeout,
    /// The engine is gone (exited, closed its output, or could not be
    /// started or written to); the text says how.
    Dead(String),
}

/// A GTP response: success (`=`) or failure (`?`) and its text.
#[derive(Clone, Debug)]
pub struct ProcessReply {
    /// Success (`=`) or failure (`?`).
    pub ok: bool,
    /// The response's text, its lines joined, trimmed.
    pub text: String,
}

struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<OutputLine>,
    pid: i32,
}

/// One engine, started on demand and restarted after it dies.
pub struct GtpProcess {
    /// Short name used in messages: `A`, `B` or `scorer`.
    pub label: String,
    cmd: String,
    stderr: StderrSink,
    verbose: bool,
    proc_: Option<Proc>,
    /// `name` (and `version`) as the engine reported them at its last start.
    pub name: Option<String>,
}

impl GtpProcess {
    /// An engine run as `sh -c cmd` once it is first needed, named `label` in messages, its
    /// stderr to `stderr`; `verbose` notes every command and response on this stderr.
    pub fn new(label: &str, cmd: &str, stderr: StderrSink, verbose: bool) -> GtpProcess {
        GtpProcess {
            label: label.to_string(),
            cmd: cmd.to_string(),
            stderr,
            verbose,
            proc_: None,
            name: None,
        }
    }

    /// Replaces the command line: a running engine of another command is quit (given
    /// `grace`), and the new one starts on demand.
    pub fn set_command(&mut self, cmd: &str, grace: Duration) {
        if self.cmd != cmd {
            self.quit(grace);
            self.cmd = cmd.to_string();
        }
    }

    /// Whether the process is running (it may still be unresponsive).
    pub fn is_running(&mut self) -> bool {
        let Some(p) = self.proc_.as_mut() else {
            return false;
        };
        match p.child.try_wait() {
            Ok(None) => true,
            _ => {
                self.kill();
                false
            }
        }
    }

    /// Starts the engine if it is not running and asks its name. Returns
    /// whether a (re)start happened.
    pub fn ensure_started(&mut self, timeout: Duration) -> Result<bool, Fail> {
        if self.is_running() {
            return Ok(false);
        }
        self.start()?;
        let name = match self.command("name", timeout)? {
            ProcessReply { ok: true, text } if !text.is_empty() => Some(one_line(&text)),
            _ => None,
        };
        let version = match self.command("version", timeout)? {
            ProcessReply { ok: true, text } if !text.is_empty() => Some(one_line(&text)),
            _ => None,
        };
        self.name = match (name, version) {
            (Some(n), Some(v)) => Some(format!("{n} {v}")),
            (n, _) => n,
        };
        Ok(true)
    }

    fn start(&mut self) -> Result<(), Fail> {
        self.kill();
        let stderr = match &self.stderr {
            StderrSink::Inherit => Stdio::inherit(),
            StderrSink::Null => Stdio::null(),
            StderrSink::File(path) => match open_log(path) {
                Ok(f) => Stdio::from(f),
                Err(e) => {
                    note!(
                        "referee: cannot open {} for {}'s stderr: {e}",
                        path.display(),
                        self.label
                    );
                    Stdio::null()
                }
            },
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0)
            .spawn()
            .map_err(|e| Fail::Dead(format!("cannot start: {e}")))?;
        let pid = child.id() as i32;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fail::Dead("no stdout pipe".to_string()));
        };
        let (tx, rx) = channel::unbounded();
        let spawned = thread::Builder::new()
            .name(format!("gtp-reader-{}", self.label))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(OutputLine::Eof);
                            return;
                        }
                        Ok(_) => {
                            if tx.send(OutputLine::Line(clean_line(&buf))).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        if let Err(e) = spawned {
            kill_group(pid);
            let _ = child.wait();
            return Err(Fail::Dead(format!("cannot start reader thread: {e}")));
        }
        self.proc_ = Some(Proc {
            child,
            stdin,
            rx,
            pid,
        });
        if self.verbose {
            note!("[{}] started pid {pid}: {}", self.label, self.cmd);
        }
        Ok(())
    }

    /// Sends one command and waits up to `timeout` for its response. On a
    /// timeout the engine is killed; on any failure it is no longer running.
    pub fn command(&mut self, cmd: &str, timeout: Duration) -> Result<ProcessReply, Fail> {
        let label = self.label.clone();
        let verbose = self.verbose;
        let Some(p) = self.proc_.as_mut() else {
            return Err(Fail::Dead("not running".to_string()));
        };
        // Whatever arrived between commands is not an answer to this one.
        loop {
            match p.rx.try_recv() {
                Ok(OutputLine::Line(l)) => {
                    if verbose && !l.trim().is_empty() {
                        note!("[{label}] (ignored) {l}");
                    }
                }
                Ok(OutputLine::Eof) | Err(TryRecvError::Disconnected) => {
                    return Err(Fail::Dead(self.reap()));
                }
                Err(TryRecvError::Empty) => break,
            }
        }
        if verbose {
            note!("[{label}] > {cmd}");
        }
        let written = match p.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(cmd.as_bytes())
                .and_then(|_| stdin.write_all(b"\n"))
                .and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("stdin closed")),
        };
        if let Err(e) = written {
            let how = self.reap();
            return Err(Fail::Dead(format!("cannot write to it ({e}); {how}")));
        }
        let deadline = Instant::now() + timeout;
        let mut body: Option<(bool, Vec<String>)> = None;
        loop {
            let now = Instant::now();
            let msg = if now >= deadline {
                Err(RecvTimeoutError::Timeout)
            } else {
                p.rx.recv_timeout(deadline - now)
            };
            match msg {
                Ok(OutputLine::Line(line)) => match body.as_mut() {
                    None => {
                        let t = line.trim();
                        if let Some(rest) = t.strip_prefix('=') {
                            body = Some((true, vec![strip_id(rest)]));
                        } else if let Some(rest) = t.strip_prefix('?') {
                            body = Some((false, vec![strip_id(rest)]));
                        } else if verbose && !t.is_empty() {
                            note!("[{label}] (ignored) {line}");
                        }
                    }
                    Some((ok, lines)) => {
                        if line.trim().is_empty() {
                            let text = lines.join("\n").trim().to_string();
                            if verbose {
                                note!("[{label}] < {} {text}", if *ok { '=' } else { '?' });
                            }
                            return Ok(ProcessReply { ok: *ok, text });
                        }
                        lines.push(line);
                    }
                },
                Ok(OutputLine::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fail::Dead(self.reap()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if verbose {
                        note!("[{label}] no answer to '{cmd}' in {timeout:?}; killing it");
                    }
                    self.kill();
                    return Err(Fail::Timeout);
                }
            }
        }
    }

    /// Waits a moment for a process that closed its output to exit, then
    /// kills what is left of it. Returns how it ended, for messages.
    fn reap(&mut self) -> String {
        let Some(p) = self.proc_.as_mut() else {
            return "not running".to_string();
        };
        let until = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match p.child.try_wait() {
                Ok(Some(s)) => break Some(s),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        self.kill();
        match status {
            Some(s) => match s.code() {
                Some(c) => format!("exited with status {c}"),
                None => format!("exited ({s})"),
            },
            None => "closed its output".to_string(),
        }
    }

    /// Kills the engine's whole process group and reaps it.
    pub fn kill(&mut self) {
        if let Some(mut p) = self.proc_.take() {
            drop(p.stdin.take());
            kill_group(p.pid);
            let _ = p.child.kill();
            let _ = p.child.wait();
            if self.verbose {
                note!("[{}] stopped pid {}", self.label, p.pid);
            }
        }
    }

    /// Sends `quit`, gives the engine `grace` to exit, then kills it.
    pub fn quit(&mut self, grace: Duration) {
        if !self.is_running() {
            return;
        }
        let _ = self.command("quit", grace);
        if let Some(p) = self.proc_.as_mut() {
            drop(p.stdin.take());
            let until = Instant::now() + grace;
            while Instant::now() < until {
                match p.child.try_wait() {
                    Ok(None) => thread::sleep(Duration::from_millis(10)),
                    _ => break,
                }
            }
        }
        self.kill();
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// SIGKILL to the process group led by `pid`. The engine was spawned as its
/// own group leader; this is called before the leader is reaped or right
/// after, long before the system could hand its id to another process.
fn kill_group(pid: i32) {
    if pid > 1 {
        // SAFETY: kill(2) has no memory-safety preconditions.
        unsafe {
            kill(-pid, SIGKILL);
        }
    }
}

fn open_log(path: &PathBuf) -> std::io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

/// Bytes of one output line as text: lossy UTF-8, no line end, tabs as
/// spaces and other control characters dropped (as GTP asks).
fn clean_line(buf: &[u8]) -> String {
    String::from_utf8_lossy(buf)
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// The text after `=` or `?`, without a numeric id written right after it.
fn strip_id(rest: &str) -> String {
    rest.trim_start_matches(|c: char| c.is_ascii_digit())
        .trim()
        .to_string()
}

/// The first line of a response, trimmed.
fn one_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim().to_string()
}
