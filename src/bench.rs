//! `moyo bench`: the speed reference (fixed positions and seeds, one `name value` per line).

/// Runs every figure for about `seconds` each and prints `name value` lines to stdout.
pub fn run(seconds: f64) {
    let _ = seconds;
    todo!("being written")
}
