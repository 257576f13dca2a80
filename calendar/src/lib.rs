//! The one civil date every floor of xqreg uses: the syntax tree (`grammar`), the plan and the
//! engine (`runtime`), the checker and the sheet (`compiler`). It sits below both the grammar and
//! the runtime because the runtime must not depend on the grammar (docs/architecture.md), and it
//! is small enough that a calendar crate would not earn its place: proleptic Gregorian dates of
//! years 0..=65535, day numbers, weekdays and whole years of age.

use serde::{Deserialize, Serialize};

/// A calendar date `2014-04-27`; serialised as `"YYYY-MM-DD"`. Field order makes the derived
/// ordering the calendar's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// Days from 0000-03-01 to 1970-01-01 in H. Hinnant's algorithm.
const EPOCH_SHIFT: i64 = 719_468;
/// Days in a 400-year era of the Gregorian calendar.
const ERA_DAYS: i64 = 146_097;

impl Date {
    pub fn new(year: u16, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    /// `YYYY-MM-DD` by its shape only (month 1..=12, day 1..=31): what plan JSON accepts; a day
    /// past the month's end is the reader's to refuse or not (the roster CSV refuses it, with
    /// [`Date::parse_exact`]).
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.trim().split('-');
        let year = parts.next()?.parse::<u16>().ok()?;
        let month = parts.next()?.parse::<u8>().ok()?;
        let day = parts.next()?.parse::<u8>().ok()?;
        if parts.next().is_some() || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// `YYYY-MM-DD`, four, two and two digits, that names a real day (leap years by the
    /// Gregorian rule): what the regulation language and the roster CSV accept (`2014-02-30` and
    /// `1990-2-3` are refused). No surrounding blanks.
    pub fn parse_exact(text: &str) -> Option<Date> {
        let shaped = text.len() == 10
            && text.bytes().enumerate().all(|(i, b)| match i {
                4 | 7 => b == b'-',
                _ => b.is_ascii_digit(),
            });
        if !shaped {
            return None;
        }
        let mut parts = text.split('-');
        let year: u16 = parts.next()?.parse().ok()?;
        let month: u8 = parts.next()?.parse().ok()?;
        let day: u8 = parts.next()?.parse().ok()?;
        if parts.next().is_some() || !(1..=12).contains(&month) || day == 0 {
            return None;
        }
        (day <= days_in_month(year, month)).then_some(Date { year, month, day })
    }

    /// Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's `days_from_civil`).
    pub fn day_number(self) -> i64 {
        let (m, dd) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + dd - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * ERA_DAYS + doe - EPOCH_SHIFT
    }

    /// The date of a day number; years outside `u16` are clamped (never reached by real input).
    pub fn from_day_number(z: i64) -> Date {
        let z = z + EPOCH_SHIFT;
        let era = z.div_euclid(ERA_DAYS);
        let doe = z - era * ERA_DAYS;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year: u16::try_from(year.clamp(0, i64::from(u16::MAX))).unwrap_or(0),
            month: u8::try_from(month).unwrap_or(1),
            day: u8::try_from(day).unwrap_or(1),
        }
    }

    /// Day of the week, 0 = Sunday (Sakamoto's method). A month out of range counts as its
    /// nearest real month, so that a malformed date never panics.
    pub fn weekday(self) -> usize {
        const T: [i64; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
        let mut y = i64::from(self.year);
        let m = usize::from(self.month.clamp(1, 12));
        if m < 3 {
            y -= 1;
        }
        let idx = T.get(m - 1).copied().unwrap_or(0);
        let v = y + y / 4 - y / 100 + y / 400 + idx + i64::from(self.day);
        usize::try_from(v.rem_euclid(7)).unwrap_or(0)
    }

    /// The day after (1999-12-31 → 2000-01-01; the last year saturates).
    pub fn next_day(self) -> Date {
        let Date { year, month, day } = self;
        if day < days_in_month(year, month) {
            Date::new(year, month, day + 1)
        } else if month < 12 {
            Date::new(year, month + 1, 1)
        } else {
            Date::new(year.saturating_add(1), 1, 1)
        }
    }

    /// The day before (2000-03-01 → 2000-02-29; year 0 saturates).
    pub fn previous_day(self) -> Date {
        let Date { year, month, day } = self;
        if day > 1 {
            Date::new(year, month, day - 1)
        } else if month > 1 {
            Date::new(year, month - 1, days_in_month(year, month - 1))
        } else {
            Date::new(year.saturating_sub(1), 12, 31)
        }
    }

    /// Whole years of age on `on` for someone born on `self`; negative when `on` comes before
    /// the birth year's birthday of a later year (a checker reports such a player).
    pub fn age_on(self, on: Date) -> i64 {
        let mut years = i64::from(on.year) - i64::from(self.year);
        if (on.month, on.day) < (self.month, self.day) {
            years -= 1;
        }
        years
    }

    /// `age_on` that never goes below 0: the age the engine compares with an age bound (a
    /// player born after the day is 0 years old, not younger).
    pub fn years_on(self, on: Date) -> u32 {
        u32::try_from(self.age_on(on).max(0)).unwrap_or(u32::MAX)
    }
}

/// Whether `year` has 29 February.
pub fn is_leap(year: u16) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

/// Days in `month` of `year` (a month out of range counts 31, as the shape-only parse allows).
pub fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let text = String::deserialize(d)?;
        Date::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a date YYYY-MM-DD: {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::Date;
    fn d(y: u16, m: u8, day: u8) -> Date {
        Date::new(y, m, day)
    }

    #[test]
    fn day_numbers_round_trip_and_count_days() {
        assert_eq!(d(1970, 1, 1).day_number(), 0);
        for date in [
            d(2000, 2, 29),
            d(1900, 3, 1),
            d(2014, 4, 27),
            d(1, 1, 1),
            d(9999, 12, 31),
        ] {
            assert_eq!(Date::from_day_number(date.day_number()), date);
        }
        assert_eq!(d(2016, 3, 1).day_number() - d(2016, 2, 28).day_number(), 2);
        assert_eq!(d(2015, 3, 1).day_number() - d(2015, 2, 28).day_number(), 1);
    }

    #[test]
    fn weekdays_of_known_days() {
        assert_eq!(d(2014, 4, 26).weekday(), 6);
        assert_eq!(d(2019, 12, 7).weekday(), 6);
        assert_eq!(d(2009, 5, 22).weekday(), 5);
        assert_eq!(d(1970, 1, 1).weekday(), 4);
        let _ = d(0, 0, 0).weekday();
    }

    #[test]
    fn next_and_previous_days_cross_months_years_and_leap_days() {
        assert_eq!(d(2016, 2, 28).next_day(), d(2016, 2, 29));
        assert_eq!(d(2015, 2, 28).next_day(), d(2015, 3, 1));
        assert_eq!(d(1999, 12, 31).next_day(), d(2000, 1, 1));
        assert_eq!(d(1956, 1, 1).previous_day(), d(1955, 12, 31));
        assert_eq!(d(2000, 3, 1).previous_day(), d(2000, 2, 29));
        assert_eq!(d(1900, 3, 1).previous_day(), d(1900, 2, 28));
    }

    #[test]
    fn age_counts_whole_years() {
        let born = d(2008, 6, 15);
        assert_eq!(born.age_on(d(2020, 6, 14)), 11);
        assert_eq!(born.age_on(d(2020, 6, 15)), 12);
        assert_eq!(born.age_on(d(2007, 1, 1)), -2);
    }

    #[test]
    fn the_two_parses() {
        assert_eq!(Date::parse(" 2014-02-30 "), Some(d(2014, 2, 30)));
        assert_eq!(Date::parse_exact("2014-02-30"), None);
        assert_eq!(Date::parse_exact("2016-02-29"), Some(d(2016, 2, 29)));
        assert_eq!(Date::parse_exact("1900-02-29"), None);
        assert_eq!(Date::parse("2014-13-01"), None);
        assert_eq!(Date::parse_exact("2014-12-00"), None);
        assert_eq!(Date::parse_exact("1990-2-3"), None);
        assert_eq!(Date::parse_exact("+990-02-03"), None);
        assert_eq!(Date::parse_exact("1990-02-03"), Some(d(1990, 2, 3)));
    }
}
