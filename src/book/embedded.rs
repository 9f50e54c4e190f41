//! The books compiled into the binary, so `moyo` plays from its book with no data files:
//! 9x9 komi 7, 13x13 and 19x19 komi 7.5, all area scoring (each answering within half a
//! point of its komi, [`BOOK_KOMI_MARGIN`](super::BOOK_KOMI_MARGIN)).

use super::file::from_bytes;
use super::graph::Library;

/// The embedded files: (name, bytes).
pub const FILES: &[(&str, &[u8])] = &[
    (
        "data/books/book-9x9-komi7-area.book",
        include_bytes!("../../data/books/book-9x9-komi7-area.book"),
    ),
    (
        "data/books/book-13x13-komi7.5-area.book",
        include_bytes!("../../data/books/book-13x13-komi7.5-area.book"),
    ),
    (
        "data/books/book-19x19-komi7.5-area.book",
        include_bytes!("../../data/books/book-19x19-komi7.5-area.book"),
    ),
];

/// The embedded books, and an error message for each that failed to load (the engine then
/// plays without that book).
pub fn embedded() -> (Library, Vec<String>) {
    let mut lib = Library::default();
    let mut errors = Vec::new();
    for (name, bytes) in FILES {
        match from_bytes(bytes, &format!("{name} (embedded)")) {
            Ok((book, _)) => lib.add(book),
            Err(e) => errors.push(e),
        }
    }
    (lib, errors)
}
