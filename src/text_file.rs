//! Reading the text files a user names (variant files, scenarios, game
//! records, scripts): regular files only, of a bounded size, with a UTF-8
//! byte-order mark at the start left out.

use std::io::Read;
use std::path::Path;

/// The largest text file read: far above any variant file or game
/// collection in use, far below what would exhaust memory.
pub const MAX_TEXT_BYTES: u64 = 256 << 20;

/// Reads a text file: a regular file (not a device, a pipe or a folder) of
/// at most [`MAX_TEXT_BYTES`], in UTF-8; a byte-order mark at its start is
/// dropped. The error says why the file cannot be read.
pub fn read_text(path: impl AsRef<Path>) -> std::io::Result<String> {
    let path = path.as_ref();
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it is not a regular file",
        ));
    }
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_TEXT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is larger than {} MiB", MAX_TEXT_BYTES >> 20),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "it is not UTF-8 text (byte {} is not)",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    Ok(without_bom(text))
}

/// The text without a UTF-8 byte-order mark at its start.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// [`strip_bom`] of an owned text, in place.
pub fn without_bom(mut text: String) -> String {
    let mark = text.len() - strip_bom(&text).len();
    text.drain(..mark);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped_and_devices_are_refused() {
        let dir = std::env::temp_dir().join(format!("tetrarch-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join("bom.ini");
        std::fs::write(&path, "\u{feff}[chess]\n").expect("written");
        assert_eq!(read_text(&path).expect("readable"), "[chess]\n");
        let err = read_text("/dev/zero").expect_err("a device");
        assert_eq!(err.to_string(), "it is not a regular file");
        let err = read_text(&dir).expect_err("a folder");
        assert_eq!(err.to_string(), "it is not a regular file");
        std::fs::write(&path, [0x5b, 0xff, 0x5d]).expect("written");
        let err = read_text(&path).expect_err("not UTF-8");
        assert_eq!(err.to_string(), "it is not UTF-8 text (byte 1 is not)");
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
