//! Fields of a TRF line read by column: text, numbers, points in tenths, and the error at a
//! place. Shared by the line reader and the pairing-only records.

use super::{TrfError, TrfErrorKind};

pub(super) fn err(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Columns `from..=to` (1-based) of a line, as text; missing columns are blank.
pub(super) fn cols(b: &[u8], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1).min(b.len());
    let end = to.min(b.len()).max(start);
    String::from_utf8_lossy(b.get(start..end).unwrap_or(&[]))
        .trim()
        .to_string()
}

/// Parse points like `2.0`, `10.5`, `3`, `1,5` into tenths.
pub(super) fn parse_points(s: &str) -> Option<u32> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    let s = s.replace(',', ".");
    let (int, frac) = match s.split_once('.') {
        Some((a, b)) => (a, b),
        None => (s.as_str(), ""),
    };
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().all(|c| c.is_ascii_digit())
        || !frac.bytes().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let iv: u32 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let fv: u32 = match frac.len() {
        0 => 0,
        1 => frac.parse().ok()?,
        _ => {
            // Hundredths must be zero: the scales in use are multiples of a tenth.
            let (first, rest) = frac.split_at(1);
            if !rest.bytes().all(|c| c == b'0') {
                return None;
            }
            first.parse().ok()?
        }
    };
    iv.checked_mul(10)?.checked_add(fv)
}

pub(super) fn parse_uint(s: &str) -> Option<u32> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}
