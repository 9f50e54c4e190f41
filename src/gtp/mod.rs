//! The Go Text Protocol (version 2) front end: a reader thread turns stdin into lines, the
//! main loop answers them in order through the command table, one response per command,
//! flushed at once. Analysis commands stream their response: `serve` writes their `info`
//! lines as the search runs, until the next input arrives (or, for the `genmove` kinds, until
//! the move is chosen). It knows the engine's public API only.
//!
//! No input makes it panic or changes the state when refused: a bad line gets `? <reason>`.
//! Each command also runs under `catch_unwind` as a last line of defence, and a command that
//! panics leaves the state as it was before it (`recover.rs`).

pub mod analyze;
mod args;
mod commands;
mod explain;
mod gnugo_ext;
mod gogui;
pub mod input;
mod recover;
pub mod response;
mod restrict;
mod rules;
mod think;

pub use commands::{command_names, is_known};
pub use input::{Command, Input, MAX_LINE};
pub use recover::TEST_PANICS_VAR;
pub use think::Display;

use crate::engine::Engine;
use crossbeam::channel::{Receiver, Sender, unbounded};
use std::io::{self, BufReader, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Lets a search run until the next input arrives (pondering, analysis): while `armed`, the
/// reader thread sets `stop` for every line it passes on.
pub struct InputSignal {
    armed: AtomicBool,
    /// The input ended: no line will ever arrive again.
    closed: AtomicBool,
    stop: Arc<AtomicBool>,
}

impl InputSignal {
    /// A signal that stops searches through `stop` (the engine's stop flag).
    pub fn new(stop: Arc<AtomicBool>) -> Arc<InputSignal> {
        Arc::new(InputSignal {
            armed: AtomicBool::new(false),
            closed: AtomicBool::new(false),
            stop,
        })
    }

    /// Called by the reader after passing on a line, with whether any line still waits to be
    /// taken. A line the main loop has already taken may be the very command that armed the
    /// signal (an analysis just started): that one must not stop it.
    fn input_arrived(&self, waiting: bool) {
        if waiting && self.armed.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Called by the reader at the end of its input: a running search stops, and no new one
    /// waits for input that cannot come.
    fn input_closed(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.input_arrived(true);
    }

    /// Runs `search` until input arrives on `rx`; not at all (`None`) if some is already
    /// waiting or the input has ended.
    pub fn until_input<T>(&self, rx: &Receiver<Input>, search: impl FnOnce() -> T) -> Option<T> {
        self.stop.store(false, Ordering::SeqCst);
        self.armed.store(true, Ordering::SeqCst);
        let idle = rx.is_empty() && !self.closed.load(Ordering::SeqCst);
        let r = if idle { Some(search()) } else { None };
        self.armed.store(false, Ordering::SeqCst);
        self.stop.store(false, Ordering::SeqCst);
        r
    }
}

/// What the main loop does with one input item.
pub enum Step {
    /// Writes this complete response.
    Reply(String),
    /// Runs this analysis command, writing its response as it goes.
    Stream {
        id: Option<String>,
        request: analyze::Request,
    },
}

/// The engine plus the protocol's own state.
pub struct Session {
    engine: Engine,
    quit: bool,
    /// Whether the last command was a move generation (pondering may follow it).
    generated: bool,
    /// What is shown on stderr while the engine thinks.
    display: Display,
}

impl Session {
    /// A session around `engine`; progress lines on stderr unless the engine is quiet.
    pub fn new(engine: Engine) -> Session {
        let display = Display {
            progress: engine.verbose(),
            live_gfx: false,
        };
        Session {
            engine,
            quit: false,
            generated: false,
            display,
        }
    }

    /// The engine (read-only, for tests and tools).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Whether `quit` was answered.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// The display switches.
    pub fn display(&self) -> Display {
        self.display
    }

    /// The complete response to one raw input line, or `None` for an empty line. An analysis
    /// command, with no input to end it, searches as long as a move would take.
    pub fn handle_line(&mut self, raw: &str) -> Option<String> {
        self.handle_input(&Input::Line(raw.to_string()))
    }

    /// The complete response to one input item from the reader (see `handle_line`).
    pub fn handle_input(&mut self, item: &Input) -> Option<String> {
        match self.step(item)? {
            Step::Reply(text) => Some(text),
            Step::Stream { id, request } => {
                let mut out = Vec::new();
                // Writing to memory cannot fail.
                let _ = analyze::run(self, id.as_deref(), &request, &mut out, None);
                Some(String::from_utf8_lossy(&out).into_owned())
            }
        }
    }

    /// What to do with one input item: a response, a stream to run, or nothing (an empty
    /// line).
    pub fn step(&mut self, item: &Input) -> Option<Step> {
        let raw = match item {
            Input::Line(raw) => raw,
            Input::TooLong { head, has_content } => {
                if !has_content {
                    return None;
                }
                let id = input::id_of(&input::preprocess(head));
                return Some(Step::Reply(response::format(
                    id.as_deref(),
                    false,
                    "line too long",
                )));
            }
        };
        let line = input::preprocess(raw);
        let cmd = input::parse(&line)?;
        self.generated = matches!(
            cmd.name.as_str(),
            "genmove"
                | "kgs-genmove_cleanup"
                | "play"
                | "loadsgf"
                | "genmove_analyze"
                | "lz-genmove_analyze"
                | "kata-genmove_analyze"
        );
        let id = cmd.id.clone();
        match self.execute_step(&cmd) {
            Ok(commands::CommandOutcome::Text(t)) => {
                Some(Step::Reply(response::format(id.as_deref(), true, &t)))
            }
            Ok(commands::CommandOutcome::Stream(request)) => Some(Step::Stream { id, request }),
            Err(e) => Some(Step::Reply(response::format(id.as_deref(), false, &e))),
        }
    }

    /// Runs one parsed command: its answer, or the analysis it asks for.
    fn execute_step(&mut self, cmd: &Command) -> Result<commands::CommandOutcome, String> {
        if cmd.name.is_empty() {
            return Err("syntax error".into());
        }
        let Some(kind) = commands::kind(&cmd.name).or_else(|| recover::hidden(&cmd.name)) else {
            return Err("unknown command".into());
        };
        recover::guarded(self, |s| kind.run(s, &cmd.args))
    }
}

/// Reads `input` line by line on its own thread and sends the lines to `tx`; stops at the end
/// of input or when nobody listens any more. It keeps reading while a command runs: a raw
/// `# interrupt` line (GoGui's `gogui-interrupt`) sets `stop`, so a running search returns its
/// best move at once; the line is not passed on (it is a comment, with no response). Every
/// line passed on is also reported to `signal`, which ends pondering and analysis.
pub fn spawn_reader<R: Read + Send + 'static>(
    input: R,
    tx: Sender<Input>,
    stop: Option<Arc<AtomicBool>>,
    signal: Option<Arc<InputSignal>>,
) -> io::Result<()> {
    std::thread::Builder::new()
        .name("gtp-reader".into())
        .spawn(move || {
            let mut r = BufReader::with_capacity(1 << 16, input);
            let mut buf = Vec::new();
            loop {
                match input::read_line(&mut r, &mut buf) {
                    Ok(Some(item)) => {
                        if let (Input::Line(raw), Some(stop)) = (&item, &stop)
                            && input::is_interrupt(raw)
                        {
                            stop.store(true, Ordering::Relaxed);
                            continue;
                        }
                        if tx.send(item).is_err() {
                            break;
                        }
                        if let Some(s) = &signal {
                            s.input_arrived(!tx.is_empty());
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        crate::diag!("moyo: reading input: {e}");
                        break;
                    }
                }
            }
            if let Some(s) = &signal {
                s.input_closed();
            }
        })?;
    Ok(())
}

/// Answers commands from `rx` on `out` until `quit` or the end of input. With `signal`,
/// analysis streams run until the next input arrives, and the engine ponders between a move
/// and the next command; without, a stream searches as long as a move would take.
pub fn serve<W: Write>(
    session: &mut Session,
    rx: &Receiver<Input>,
    out: &mut W,
    signal: Option<&InputSignal>,
) -> io::Result<()> {
    for item in rx.iter() {
        match session.step(&item) {
            None => {}
            Some(Step::Reply(resp)) => {
                out.write_all(resp.as_bytes())?;
                out.flush()?;
            }
            Some(Step::Stream { id, request }) => {
                let until = signal.map(|s| (s, rx));
                analyze::run(session, id.as_deref(), &request, out, until)?;
            }
        }
        if session.quit {
            break;
        }
        if let Some(sig) = signal
            && session.generated
            && session.engine.pondering()
        {
            session.generated = false;
            sig.until_input(rx, || session.engine.ponder());
        }
    }
    Ok(())
}

/// Runs GTP on `input`/`output` (stdin/stdout for the engine) until `quit` or end of input.
pub fn run<R: Read + Send + 'static, W: Write>(
    engine: Engine,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let (tx, rx) = unbounded();
    let signal = InputSignal::new(engine.stop_flag());
    spawn_reader(input, tx, Some(engine.stop_flag()), Some(signal.clone()))?;
    let mut session = Session::new(engine);
    serve(&mut session, &rx, &mut output, Some(&signal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineConfig;

    fn session() -> Session {
        Session::new(Engine::new(EngineConfig {
            playouts: Some(10),
            size: 9,
            ..Default::default()
        }))
    }

    fn talk(s: &mut Session, lines: &str) -> String {
        lines.split('\n').filter_map(|l| s.handle_line(l)).collect()
    }

    #[test]
    fn ids_errors_and_empty_lines() {
        let mut s = session();
        assert_eq!(talk(&mut s, "1 protocol_version"), "=1 2\n\n");
        assert_eq!(talk(&mut s, "# comment\n\n  \t "), "");
        assert_eq!(talk(&mut s, "frobnicate"), "? unknown command\n\n");
        assert_eq!(talk(&mut s, "7 boardsize 26"), "?7 unacceptable size\n\n");
        assert_eq!(talk(&mut s, "7"), "?7 syntax error\n\n");
        assert_eq!(talk(&mut s, "NAME\r"), "= moyo\n\n");
        assert_eq!(talk(&mut s, "known_command\tgenmove # yes"), "= true\n\n");
        assert_eq!(talk(&mut s, "known_command kgs-chat"), "= false\n\n");
    }

    #[test]
    fn too_long_input() {
        let mut s = session();
        let r = s.handle_input(&Input::TooLong {
            head: "5 play b".into(),
            has_content: true,
        });
        assert_eq!(r.as_deref(), Some("?5 line too long\n\n"));
        assert_eq!(
            s.handle_input(&Input::TooLong {
                head: "# x".into(),
                has_content: false
            }),
            None
        );
    }

    #[test]
    fn run_until_eof_and_quit() {
        let mut out = Vec::new();
        let e = Engine::new(EngineConfig::default());
        run(e, &b"name\nquit\nname\n"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "= moyo\n\n= \n\n");
        let mut out = Vec::new();
        run(
            Engine::new(EngineConfig::default()),
            &b"version"[..],
            &mut out,
        )
        .unwrap();
        assert!(String::from_utf8(out).unwrap().starts_with("= "));
    }

    #[test]
    fn only_a_waiting_line_stops_a_search_until_input() {
        let stop = Arc::new(AtomicBool::new(false));
        let signal = InputSignal::new(stop.clone());
        let (_tx, rx) = unbounded::<Input>();
        // The reader reports the line that started the search after the main loop took it:
        // the search goes on. A line that waits ends it.
        let seen = signal.until_input(&rx, || {
            signal.input_arrived(false);
            let before = stop.load(Ordering::SeqCst);
            signal.input_arrived(true);
            (before, stop.load(Ordering::SeqCst))
        });
        assert_eq!(seen, Some((false, true)));
        // Outside a search nothing is stopped.
        signal.input_arrived(true);
        assert!(!stop.load(Ordering::SeqCst));
    }
}
