//! Reading little-endian binary: the one cursor behind every byte format moyo decodes (the
//! book file and its journal, the search's exchanged changes, the cluster's messages).
//! Every read past the end is an error, never a panic.

/// A cursor over a byte slice that reads little-endian numbers and length-prefixed text.
pub struct ByteReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ByteReader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> ByteReader<'a> {
        ByteReader { bytes, at: 0 }
    }

    /// A reader at byte `at` of `bytes` (past a header read otherwise).
    pub fn starting_at(bytes: &'a [u8], at: usize) -> ByteReader<'a> {
        ByteReader { bytes, at }
    }

    /// Where the next read starts: the bytes read (or skipped) so far.
    pub fn position(&self) -> usize {
        self.at
    }

    /// The bytes read since position `start`.
    pub fn since(&self, start: usize) -> &'a [u8] {
        let end = self.at.min(self.bytes.len());
        &self.bytes[start.min(end)..end]
    }

    /// The next `n` bytes as they are.
    pub fn bytes(&mut self, n: usize) -> Result<&'a [u8], String> {
        let s = self
            .bytes
            .get(self.at..self.at.saturating_add(n))
            .ok_or_else(|| format!("cut short at byte {}", self.at))?;
        self.at += n;
        Ok(s)
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N], String> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.bytes(N)?);
        Ok(a)
    }

    /// One byte.
    pub fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take::<1>()?[0])
    }

    /// A u16.
    pub fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.take()?))
    }

    /// A u32.
    pub fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take()?))
    }

    /// A u64.
    pub fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take()?))
    }

    /// An f32.
    pub fn f32(&mut self) -> Result<f32, String> {
        Ok(f32::from_le_bytes(self.take()?))
    }

    /// An f64.
    pub fn f64(&mut self) -> Result<f64, String> {
        Ok(f64::from_le_bytes(self.take()?))
    }

    /// UTF-8 text after its length (u32).
    pub fn str(&mut self) -> Result<String, String> {
        let len = self.u32()? as usize;
        let bytes = self.bytes(len).map_err(|e| format!("text {e}"))?;
        String::from_utf8(bytes.to_vec()).map_err(|_| "text that is not UTF-8".to_string())
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at.min(self.bytes.len())..]
    }

    /// Steps over `n` bytes (read through `rest`).
    pub fn skip(&mut self, n: usize) {
        self.at = self.at.saturating_add(n);
    }

    /// Fails when bytes are left over.
    pub fn end(&self) -> Result<(), String> {
        if self.at < self.bytes.len() {
            return Err(format!("{} bytes left over", self.bytes.len() - self.at));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::ByteReader;

    #[test]
    fn reads_little_endian_and_fails_past_the_end() {
        let mut bytes = vec![7u8];
        bytes.extend_from_slice(&0x1234u16.to_le_bytes());
        bytes.extend_from_slice(&(2u32).to_le_bytes());
        bytes.extend_from_slice(b"ok");
        bytes.extend_from_slice(&1.5f32.to_le_bytes());
        let mut r = ByteReader::new(&bytes);
        assert_eq!(r.u8(), Ok(7));
        assert_eq!(r.u16(), Ok(0x1234));
        assert_eq!(r.str().as_deref(), Ok("ok"));
        assert!(r.end().is_err(), "the f32 is still unread");
        assert_eq!(r.f32(), Ok(1.5));
        assert_eq!(r.position(), bytes.len());
        assert!(r.end().is_ok());
        assert!(r.u32().is_err(), "nothing left to read");
        assert_eq!(r.position(), bytes.len(), "a failed read moves nothing");
        let mut r = ByteReader::starting_at(&bytes, 1);
        assert_eq!(r.bytes(2), Ok(&bytes[1..3]));
        assert_eq!(r.since(1), &bytes[1..3]);
        assert!(r.bytes(bytes.len()).is_err());
    }

    #[test]
    fn text_longer_than_its_bytes_is_an_error() {
        let mut bytes = (10u32).to_le_bytes().to_vec();
        bytes.extend_from_slice(b"short");
        assert!(ByteReader::new(&bytes).str().is_err());
        let mut bytes = (u32::MAX).to_le_bytes().to_vec();
        bytes.push(0);
        assert!(ByteReader::new(&bytes).str().is_err());
    }
}
