//! Files that survive a crash whole: every checkpoint (the tuner's, the book's and its
//! journal's start, `patterns train`'s, and so the cluster's, which are the same ones) is
//! written to a temporary file beside it, synced to disk, renamed over the old one, and
//! the folder synced so that the rename itself is on disk. A crash at any moment leaves
//! the old file or the new one, never a part of either.

use std::fs;
use std::io::{self, Write};
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
}
