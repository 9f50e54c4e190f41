//! What moyo needs of the operating system, below every other layer: a stderr that never
//! holds up a game (`stderr`), files that survive a crash whole (`durable`), one writer per
//! output (`lock`), and the memory the process may use (`memory`).

pub mod durable;
pub mod lock;
pub mod memory;
pub mod stderr;

/// A fresh, empty folder for one unit test, `moyo-NAME-PID` in the temporary folder.
#[cfg(test)]
pub(crate) fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("moyo-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
