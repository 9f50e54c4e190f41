//! The last line of defence: every command runs under `catch_unwind`, and a command that
//! panics half-way leaves nothing half-done. The session and the engine are copied before
//! the command (the search tree aside, which is forgotten instead); after a panic they are
//! put back, the answer is `? internal error: <what>`, and the next command sees the game as
//! it was before the failed one.
//!
//! Tests force such a panic with `moyo-test_panic`, a command that exists only when the
//! environment variable `MOYO_TEST_PANICS` is set, and that `list_commands` and
//! `known_command` never show.

use super::Session;
use super::args::{color, one_arg, syntax};
use super::commands::CommandKind;
use crate::board::Move;
use crate::engine::{GenMode, RestorePoint};
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

/// The environment variable that enables `moyo-test_panic`.
pub const TEST_PANICS_VAR: &str = "MOYO_TEST_PANICS";

/// The session's state before a command.
pub(super) struct Saved {
    engine: RestorePoint,
    quit: bool,
    generated: bool,
    display: super::Display,
}

/// Copies what a command may change.
pub(super) fn save(s: &Session) -> Saved {
    Saved {
        engine: s.engine.restore_point(),
        quit: s.quit,
        generated: s.generated,
        display: s.display,
    }
}

/// Puts back what `save` copied.
pub(super) fn restore(s: &mut Session, saved: Saved) {
    s.engine.restore(saved.engine);
    s.quit = saved.quit;
    s.generated = saved.generated;
    s.display = saved.display;
}

/// Runs `f` on the session; after a panic, restores the state from before and returns the
/// error `internal error: <panic message>`.
pub(super) fn guarded<T>(
    s: &mut Session,
    f: impl FnOnce(&mut Session) -> Result<T, String>,
) -> Result<T, String> {
    let saved = save(s);
    match catch_unwind(AssertUnwindSafe(|| f(s))) {
        Ok(r) => r,
        Err(payload) => {
            restore(s, saved);
            Err(format!("internal error: {}", message(payload.as_ref())))
        }
    }
}

/// A panic's message on one line, without what GTP forbids in a response (`#`, control
/// characters).
pub(super) fn message(payload: &(dyn Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_string());
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() || c == '#' { ' ' } else { c })
        .take(200)
        .collect();
    clean.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The hidden commands: `moyo-test_panic` when `MOYO_TEST_PANICS` is set.
pub(super) fn hidden(name: &str) -> Option<CommandKind> {
    (name == "moyo-test_panic" && std::env::var_os(TEST_PANICS_VAR).is_some())
        .then_some(CommandKind::Reply(test_panic))
}

/// `moyo-test_panic <color> <vertex>`: plays the move, changes komi, the rules and a
/// parameter, then panics. `moyo-test_panic <color> search`: panics inside a move search,
/// from its progress callback, once the search has started.
fn test_panic(s: &mut Session, a: &[String]) -> Result<String, String> {
    let [c, what] = a else { return Err(syntax()) };
    let c = color(c)?;
    if what.eq_ignore_ascii_case("search") {
        let boom: &mut dyn FnMut(&crate::search::SearchResult) =
            &mut |_| panic!("forced in a search");
        s.engine
            .generate_with(c, GenMode::Play, Some((Duration::ZERO, boom)));
        return Err("the search ended before its first snapshot".into());
    }
    let m = super::args::vertex(s, one_arg(std::slice::from_ref(what))?)?;
    s.engine
        .play(c, m)
        .map_err(|_| "illegal move".to_string())?;
    let _ = s.engine.komi(1000.5);
    if let Ok((rules, name)) = crate::engine::rules::named("japanese") {
        s.engine.set_rules(rules, Some(name));
    }
    let _ = s.engine.set_param("uct_c", "0.9");
    s.quit = true;
    if m == Move::Pass {
        panic!("forced after a pass");
    }
    panic!("forced after a move\n# with a comment");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, EngineConfig};

    fn session() -> Session {
        Session::new(Engine::new(EngineConfig {
            playouts: Some(20),
            size: 9,
            ..Default::default()
        }))
    }

    #[test]
    fn a_panic_restores_the_session() {
        let mut s = session();
        for l in ["play b E5", "play w C3", "komi 6.5", "kgs-rules chinese"] {
            assert_eq!(s.handle_line(l).unwrap(), "= \n\n");
        }
        let sgf = s.engine.to_sgf();
        let params = format!("{:?}", s.engine.params());
        let r: Result<(), String> = guarded(&mut s, |s| {
            test_panic(s, &["b".into(), "G7".into()])?;
            Ok(())
        });
        assert_eq!(
            r.unwrap_err(),
            "internal error: forced after a move with a comment"
        );
        assert_eq!(s.engine.to_sgf(), sgf);
        assert_eq!(format!("{:?}", s.engine.params()), params);
        assert_eq!(s.engine.game().komi(), 6.5);
        assert!(!s.quit_requested());
        // The game goes on from where it was: G7 is free, Black is to play.
        assert_eq!(s.handle_line("play b G7").unwrap(), "= \n\n");
        assert!(s.handle_line("genmove w").unwrap().starts_with("= "));
        assert_eq!(s.engine.game().moves().len(), 4);
    }

    #[test]
    fn a_panic_inside_a_search_restores_the_session() {
        let mut s = session();
        assert_eq!(s.handle_line("play b E5").unwrap(), "= \n\n");
        let hash = s.engine.board().hash();
        let r: Result<(), String> = guarded(&mut s, |s| {
            test_panic(s, &["w".into(), "search".into()])?;
            Ok(())
        });
        assert_eq!(r.unwrap_err(), "internal error: forced in a search");
        assert_eq!(s.engine.board().hash(), hash);
        assert_eq!(s.engine.game().moves().len(), 1);
        assert!(s.handle_line("genmove w").unwrap().starts_with("= "));
        assert_eq!(s.engine.game().moves().len(), 2);
    }

    #[test]
    fn the_test_command_is_hidden() {
        let names = super::super::command_names();
        assert!(!names.contains(&"moyo-test_panic"));
        assert!(!super::super::is_known("moyo-test_panic"));
        // Without the variable (the tests never set it in this process) it does not exist.
        if std::env::var_os(TEST_PANICS_VAR).is_none() {
            assert!(hidden("moyo-test_panic").is_none());
            let mut s = session();
            assert_eq!(
                s.handle_line("moyo-test_panic b E5").unwrap(),
                "? unknown command\n\n"
            );
        }
    }
}
