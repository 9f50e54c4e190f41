//! What moyo needs of the operating system, below every other layer: a stderr that never
//! holds up a game (`stderr`), files that survive a crash whole (`durable`), one writer per
//! output (`lock`), and the memory the process may use (`memory`).

pub mod durable;
pub mod lock;
pub mod memory;
pub mod stderr;
