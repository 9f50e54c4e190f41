//! Files that survive a crash whole: every checkpoint (the tuner's, the book's and its
//! journal's start, `patterns train`'s, and so the cluster's, which are the same ones) is
//! written to a temporary file beside it, synced to disk, renamed over the old one, and
//! the folder synced so that the rename itself is on disk. A crash at any moment leaves
//! the old file or the new one, never a part of either. Run logs are appended a line at a
//! time through `AppendLog`, which survives the file's being replaced under it.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` durably and atomically (see the module): `path.tmp`, fsync,
/// rename, fsync of the folder.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_path(path);
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)?;
    sync_folder(path)
}

/// The temporary file `write` uses for `path`: `path.tmp`.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

/// Syncs the folder holding `path` (its entries: a rename, a new file).
pub fn sync_folder(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match fs::File::open(dir).and_then(|d| d.sync_all()) {
        // Some file systems cannot sync a folder; the rename is all they offer.
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => Ok(()),
        r => r,
    }
}

/// A text log one process appends to a line at a time (the tuner's `games.jsonl`). It keeps
/// the whole text it has written, so that when the file is replaced under it (a `git
/// checkout`, `stash` or `pull` of a committed run folder, a copy over it) the next line
/// writes the file again whole instead of going to a deleted file or after the wrong text.
pub struct AppendLog {
    path: PathBuf,
    file: fs::File,
    text: Vec<u8>,
}

impl AppendLog {
    /// Opens (or creates) the log at `path` holding `kept`, the first bytes of the file as
    /// the caller read and checked them; anything after them (a line a kill cut short) is
    /// cut off.
    pub fn open(path: &Path, kept: &[u8]) -> io::Result<AppendLog> {
        let file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        file.set_len(kept.len() as u64)?;
        Ok(AppendLog {
            path: path.to_path_buf(),
            file,
            text: kept.to_vec(),
        })
    }

    /// Appends `line` and a line end and hands them to the operating system; true when the
    /// file had been replaced or changed by someone else and was first written again whole.
    pub fn append(&mut self, line: &str) -> io::Result<bool> {
        let replaced = !self.is_ours();
        if replaced {
            write(&self.path, &self.text)?;
            self.file = fs::OpenOptions::new().append(true).open(&self.path)?;
        }
        let start = self.text.len();
        self.text.extend_from_slice(line.as_bytes());
        self.text.push(b'\n');
        if let Err(e) = self.file.write_all(&self.text[start..]) {
            self.text.truncate(start);
            return Err(e);
        }
        Ok(replaced)
    }

    /// The log's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file at the path is still the one this log holds open, at the length
    /// it wrote.
    fn is_ours(&self) -> bool {
        match (fs::metadata(&self.path), self.file.metadata()) {
            (Ok(there), Ok(open)) => {
                (there.dev(), there.ino()) == (open.dev(), open.ino())
                    && there.len() == self.text.len() as u64
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn replaces_the_file_whole_and_leaves_no_temporary() {
        let d = super::super::scratch("durable");
        let p = d.join("state.txt");
        super::write(&p, b"one").unwrap();
        super::write(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert!(!super::temp_path(&p).exists());
        assert!(super::write(&d.join("no/such/folder"), b"x").is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_append_log_replaced_under_it_is_written_again_whole() {
        let d = super::super::scratch("append-log");
        let p = d.join("games.jsonl");
        std::fs::write(&p, "one\ntw").unwrap();
        let mut log = super::AppendLog::open(&p, b"one\n").unwrap();
        assert!(!log.append("two").unwrap());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "one\ntwo\n");
        // An older copy renamed over it (what a checkout does): every line comes back.
        let old = d.join("old");
        std::fs::write(&old, "one\n").unwrap();
        std::fs::rename(&old, &p).unwrap();
        assert!(log.append("three").unwrap());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "one\ntwo\nthree\n");
        // Removed, or cut short in place: the same.
        std::fs::remove_file(&p).unwrap();
        assert!(log.append("four").unwrap());
        std::fs::OpenOptions::new()
            .write(true)
            .open(&p)
            .unwrap()
            .set_len(3)
            .unwrap();
        assert!(log.append("five").unwrap());
        assert!(!log.append("six").unwrap());
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            "one\ntwo\nthree\nfour\nfive\nsix\n"
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
