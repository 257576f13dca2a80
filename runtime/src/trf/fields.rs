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

/// The first character of a player line's federation (54-56), FIDE id (58-68) or birth date
/// (70-79) that is not one, with why: the pairing reads none of the three, but a value out of
/// its shape is a line overwritten or shifted, not a whole one to pair. `b` is the line one byte
/// a character (a character not ASCII is `?`). Accepted: blank; a federation of three letters
/// (`CHN`, `chn`); an id of digits (`0` for none), aligned either way; a date `YYYY/MM/DD`
/// (`-` or `.` between too), `00` for a month or day not known, or a year alone.
pub(super) fn identity_field(b: &[u8]) -> Option<(usize, &'static str)> {
    let at = |c: usize| b.get(c - 1).copied().unwrap_or(b' ');
    let federation = 54..=56;
    if federation.clone().any(|c| at(c) != b' ') {
        if let Some(c) = federation
            .into_iter()
            .find(|&c| !at(c).is_ascii_alphabetic())
        {
            return Some((c, FEDERATION));
        }
    }
    let id: Vec<usize> = (58..=68).filter(|&c| at(c) != b' ').collect();
    if let (Some(&first), Some(&last)) = (id.first(), id.last()) {
        if let Some(c) = (first..=last).find(|&c| !at(c).is_ascii_digit()) {
            return Some((c, FIDE_ID));
        }
    }
    birth_date(&(70..=79).map(at).collect::<Vec<u8>>()).map(|c| (69 + c, BIRTH_DATE))
}

const FEDERATION: &str = "columns 54-56 of a player line hold the federation: three letters (a FIDE code such as `CHN`) or blank";
const FIDE_ID: &str = "columns 58-68 of a player line hold the FIDE id: digits only (`0` or blank when the player has none)";
const BIRTH_DATE: &str = "columns 70-79 of a player line hold the birth date, `YYYY/MM/DD` (`1990/00/00` or `1990` when only the year is known), or blank";

/// The 1-based position in the ten columns of a birth date of its first character that is not
/// one of a date (see [`identity_field`]), if any.
fn birth_date(d: &[u8]) -> Option<usize> {
    let digits = |r: std::ops::Range<usize>| r.clone().find(|&i| !d[i].is_ascii_digit());
    let text = String::from_utf8_lossy(d);
    let t = text.trim();
    if t.is_empty() || (t.len() == 4 && t.bytes().all(|c| c.is_ascii_digit())) {
        return None;
    }
    if let Some(i) = (0..10).find(|&i| d[i] == b' ') {
        return Some(i + 1);
    }
    if let Some(i) = digits(0..4) {
        return Some(i + 1);
    }
    if !matches!(d[4], b'/' | b'-' | b'.') {
        return Some(5);
    }
    if d[7] != d[4] {
        return Some(8);
    }
    if let Some(i) = digits(5..7).or_else(|| digits(8..10)) {
        return Some(i + 1);
    }
    let n = |i: usize| u16::from(d[i] - b'0') * 10 + u16::from(d[i + 1] - b'0');
    let (year, month, day) = (n(0) * 100 + n(2), n(5), n(8));
    if month > 12 {
        return Some(6);
    }
    // `00` is a month or day not known; a day needs its month.
    let most = match u8::try_from(month) {
        Ok(0) | Err(_) => 0,
        Ok(m) => u16::from(xqreg_calendar::days_in_month(year, m)),
    };
    (day > most).then_some(9)
}
