//! The seeded draws a generated roster is made of: a number below `n` without bias, a number
//! in a range, a date in a window.

use crate::plan::Date;
use rand_core::RngCore;

/// A number below `n`, every one as likely.
pub(crate) fn below<R: RngCore>(rng: &mut R, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let zone = u32::MAX - (u32::MAX % n + 1) % n;
    loop {
        let v = rng.next_u32();
        if v <= zone {
            return v % n;
        }
    }
}

/// A number from `lo` to `hi`, both included.
pub(crate) fn between<R: RngCore>(rng: &mut R, lo: u32, hi: u32) -> u32 {
    if hi <= lo {
        lo
    } else {
        lo + below(rng, hi - lo + 1)
    }
}

/// A date from `from` to `to` (a day of the 1st to the 28th, kept inside the window).
pub(crate) fn random_date<R: RngCore>(rng: &mut R, from: Date, to: Date) -> Date {
    let lo = u32::from(from.year) * 12 + u32::from(from.month) - 1;
    let hi = u32::from(to.year) * 12 + u32::from(to.month) - 1;
    let m = between(rng, lo, hi.max(lo));
    let (year, month) = ((m / 12) as u16, (m % 12) as u8 + 1);
    let mut day = between(rng, 1, 28) as u8;
    let d = Date::new(year, month, day);
    if d < from {
        day = from.day;
    } else if d > to {
        day = to.day;
    }
    Date::new(year, month, day)
}
