//! What moyo needs below every other layer: of the operating system, a stderr that never
//! holds up a game (`stderr`), files that survive a crash whole (`durable`), one writer per
//! output (`lock`) and the memory the process may use (`memory`); and the little-endian
//! byte reader every binary format goes through (`bytes`).

pub mod bytes;
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
