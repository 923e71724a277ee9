//! numpy's `.npz`: a zip archive of `.npy` arrays (format 1.0: a magic string, a header that is
//! a Python dict literal padded to 64 bytes, then the array's bytes in C order), stored
//! uncompressed. Written whole with the one safe writer.

use std::io::Write;

use anyhow::Context;
use zip::write::SimpleFileOptions;

/// An `.npz` archive being made: arrays added by name, then written.
#[derive(Default)]
pub struct Npz {
    arrays: Vec<(String, Vec<u8>)>,
}

/// What an array's elements are, as numpy names them.
pub trait Element: Copy {
    /// numpy's `descr`: `|u1`, `<i4`, `|b1`, `<u8`.
    const DESCR: &'static str;
    /// The element's bytes, little-endian.
    fn put(self, out: &mut Vec<u8>);
}

macro_rules! element {
    ($t:ty, $descr:literal) => {
        impl Element for $t {
            const DESCR: &'static str = $descr;
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    };
}

element!(u8, "|u1");
element!(u16, "<u2");
element!(i32, "<i4");
element!(u64, "<u8");

impl Element for bool {
    const DESCR: &'static str = "|b1";
    fn put(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
}

impl Npz {
    /// Adds the array `name` of `shape` holding `values` (row-major; as many as the shape says).
    pub fn add<T: Element>(&mut self, name: &str, shape: &[usize], values: &[T]) {
        debug_assert_eq!(shape.iter().product::<usize>(), values.len());
        let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
        let shape = match dims.len() {
            1 => format!("({},)", dims[0]),
            _ => format!("({})", dims.join(", ")),
        };
        let mut header = format!(
            "{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}",
            T::DESCR
        );
        // Magic (6), version (2), length (2), header, newline: a multiple of 64.
        while (10 + header.len() + 1) % 64 != 0 {
            header.push(' ');
        }
        header.push('\n');
        let mut bytes = Vec::with_capacity(10 + header.len() + values.len() * 8);
        bytes.extend_from_slice(b"\x93NUMPY\x01\x00");
        bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
        bytes.extend_from_slice(header.as_bytes());
        for &v in values {
            v.put(&mut bytes);
        }
        self.arrays.push((format!("{name}.npy"), bytes));
    }

    /// The archive's bytes.
    pub fn bytes(&self) -> anyhow::Result<Vec<u8>> {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let stored = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .large_file(
                self.arrays
                    .iter()
                    .any(|(_, b)| b.len() >= u32::MAX as usize),
            );
        for (name, bytes) in &self.arrays {
            zip.start_file(name.as_str(), stored)?;
            zip.write_all(bytes)?;
        }
        Ok(zip
            .finish()
            .context("making the .npz archive")?
            .into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_array_has_a_header_of_64_bytes_and_its_values() {
        let mut npz = Npz::default();
        npz.add("distance", &[3], &[1i32, -1, 80]);
        let (name, bytes) = &npz.arrays[0];
        assert_eq!(name, "distance.npy");
        let length = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        assert_eq!((10 + length) % 64, 0);
        let header = std::str::from_utf8(&bytes[10..10 + length]).unwrap();
        assert!(header.starts_with("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }"));
        assert_eq!(&bytes[10 + length..][4..8], &(-1i32).to_le_bytes());
        assert!(npz.bytes().unwrap().starts_with(b"PK"));
    }
}
