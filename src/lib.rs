//! moyo: a classic Monte-Carlo Go engine.
//!
//! Layers, each depending only on those listed before it:
//! `board` -> `sgf` -> `patterns` -> `params` -> `playout` -> `search` -> `book` and
//! `balance` (simulation balancing of the softmax playouts against deep searches) -> `engine` ->
//! `gtp`, `gtp_process`, `bench` and `review` (the protocol served, a GTP engine driven as a
//! child process, the speed reference of `moyo bench`, and `moyo review`'s analysis of a
//! game record) -> `tune` (the top
//! layer: plays engines against each other to evolve the parameters) -> `cluster` (moyo on
//! several processes: MPI ranks that search, build books and tune together).
//! Below them all, `sys`: what moyo needs of the operating system (a stderr that never
//! blocks, durable files, lock files, memory limits).
//! `tools/check-layers.py` checks it.
pub mod balance;
pub mod bench;
pub mod board;
pub mod book;
pub mod cluster;
pub mod engine;
pub mod gtp;
pub mod gtp_process;
pub mod params;
pub mod patterns;
pub mod playout;
pub mod review;
pub mod search;
pub mod sgf;
pub mod sys;
pub mod tune;
