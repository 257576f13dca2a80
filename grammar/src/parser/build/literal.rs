//! Literals: quoted strings and texts, whole numbers, yes/no, dates, clock times, durations,
//! currencies and amounts of money. A literal with the right shape but a wrong value
//! (`2014-02-30`, `25:00`, a number too large) is the [`SyntaxError`](crate::error::SyntaxError)
//! of its chunk.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::error::SyntaxErrorKind;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    pub fn string(&self, p: &Pair<Rule>) -> Spanned<String> {
        let body = kids(p)
            .find(|k| k.as_rule() == Rule::string_body)
            .map(|k| unescape(k.as_str()))
            .unwrap_or_default();
        Spanned::new(body, self.span(p))
    }

    pub fn text(&self, p: &Pair<Rule>) -> R<Text> {
        let mut strings = kids(p).filter(|k| k.as_rule() == Rule::string);
        let zh = match strings.next() {
            Some(s) => self.string(&s),
            None => return Err(self.missing(p, "a text in quotes")),
        };
        let en = strings.next().map(|s| self.string(&s));
        Ok(Text {
            zh,
            en,
            span: self.span(p),
        })
    }

    pub fn int(&self, p: &Pair<Rule>) -> R<Spanned<u32>> {
        self.number(p)
    }

    pub fn int64(&self, p: &Pair<Rule>) -> R<Spanned<u64>> {
        self.number(p)
    }

    pub fn signed(&self, p: &Pair<Rule>) -> R<Spanned<i64>> {
        self.number(p)
    }

    /// A whole number of type `T`; one that does not fit is [`SyntaxErrorKind::NumberTooLarge`],
    /// which names the largest `T` keeps.
    fn number<T: std::str::FromStr + Largest>(&self, p: &Pair<Rule>) -> R<Spanned<T>> {
        self.literal(
            p,
            |s| s.parse().ok(),
            |found| SyntaxErrorKind::NumberTooLarge {
                found,
                most: T::largest(),
            },
        )
    }

    /// A literal read from the text of `p` by `read`; text it refuses is the error `refused`
    /// makes of it.
    fn literal<T>(
        &self,
        p: &Pair<Rule>,
        read: impl FnOnce(&str) -> Option<T>,
        refused: impl FnOnce(String) -> SyntaxErrorKind,
    ) -> R<Spanned<T>> {
        match read(p.as_str()) {
            Some(v) => Ok(Spanned::new(v, self.span(p))),
            None => Err(self.err(refused(p.as_str().to_string()), p)),
        }
    }

    pub fn boolean(&self, p: &Pair<Rule>) -> Spanned<bool> {
        Spanned::new(matches!(p.as_str(), "yes" | "true"), self.span(p))
    }

    pub fn date(&self, p: &Pair<Rule>) -> R<Spanned<Date>> {
        self.literal(p, Date::parse_exact, |found| SyntaxErrorKind::InvalidDate {
            found,
        })
    }

    pub fn clock(&self, p: &Pair<Rule>) -> R<Spanned<ClockTime>> {
        self.literal(p, parse_clock, |found| SyntaxErrorKind::InvalidTime {
            found,
        })
    }

    pub fn duration(&self, p: &Pair<Rule>) -> R<Spanned<Duration>> {
        self.literal(
            p,
            |s| parse_duration(s).map(|seconds| Duration { seconds }),
            |found| SyntaxErrorKind::NumberTooLarge {
                found,
                most: format!("{}s", u32::MAX),
            },
        )
    }

    pub fn currency(&self, p: &Pair<Rule>) -> R<Spanned<String>> {
        let code = p.as_str();
        // Upper-case, three letters, but not an ISO code: the usual slips for the yuan.
        if matches!(code, "RMB" | "YUA" | "CNH") {
            return Err(self.err(
                SyntaxErrorKind::InvalidCurrency {
                    found: code.to_string(),
                    suggestion: Some("CNY".to_string()),
                },
                p,
            ));
        }
        Ok(Spanned::new(code.to_string(), self.span(p)))
    }

    /// `money`, `admin_money`: an amount and an optional currency.
    pub fn money(&self, p: &Pair<Rule>) -> R<Money> {
        let mut amount = None;
        let mut currency = None;
        for k in kids(p) {
            match k.as_rule() {
                Rule::int => amount = Some(self.int64(&k)?),
                Rule::currency => currency = Some(self.currency(&k)?),
                _ => {}
            }
        }
        let amount = amount.ok_or_else(|| self.missing(p, "an amount"))?;
        Ok(Money {
            amount,
            currency,
            span: self.span(p),
        })
    }
}

/// The characters of a string body with escapes resolved. An unknown escape keeps its
/// characters as written.
pub(crate) fn unescape(body: &str) -> String {
    if !body.contains('\\') {
        return body.to_string();
    }
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let rest = chars.as_str();
                let decoded = rest
                    .strip_prefix('{')
                    .and_then(|r| r.split_once('}'))
                    .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok().map(|v| (hex.len(), v)))
                    .and_then(|(len, v)| char::from_u32(v).map(|ch| (len, ch)));
                match decoded {
                    Some((len, ch)) => {
                        out.push(ch);
                        // Skip `{`, the hex digits and `}`.
                        for _ in 0..len + 2 {
                            chars.next();
                        }
                    }
                    None => out.push_str("\\u"),
                }
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// `HH:MM` with hours 0..=23 and minutes 0..=59.
pub(crate) fn parse_clock(s: &str) -> Option<ClockTime> {
    let (h, m) = s.split_once(':')?;
    let hour: u8 = h.parse().ok()?;
    let minute: u8 = m.parse().ok()?;
    (hour <= 23 && minute <= 59).then_some(ClockTime { hour, minute })
}

/// `1h30min`, `20s`: the number of seconds, or None when it overflows.
/// The largest value of a number type, as an error names it (`4294967295`).
trait Largest {
    fn largest() -> String;
}

impl Largest for u32 {
    fn largest() -> String {
        u32::MAX.to_string()
    }
}

impl Largest for u64 {
    fn largest() -> String {
        u64::MAX.to_string()
    }
}

impl Largest for i64 {
    fn largest() -> String {
        i64::MAX.to_string()
    }
}

pub(crate) fn parse_duration(s: &str) -> Option<u32> {
    let mut total: u32 = 0;
    let mut rest = s;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let n: u32 = rest.get(..digits)?.parse().ok()?;
        rest = rest.get(digits..)?;
        let (unit, len) = if rest.starts_with("min") {
            (60, 3)
        } else if rest.starts_with('h') {
            (3600, 1)
        } else if rest.starts_with('s') {
            (1, 1)
        } else {
            return None;
        };
        rest = rest.get(len..)?;
        total = total.checked_add(n.checked_mul(unit)?)?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_follow_the_calendar() {
        assert!(Date::parse_exact("2014-02-28").is_some());
        assert!(Date::parse_exact("2014-02-29").is_none());
        assert!(Date::parse_exact("2016-02-29").is_some());
        assert!(Date::parse_exact("1900-02-29").is_none());
        assert!(Date::parse_exact("2000-02-29").is_some());
        assert!(Date::parse_exact("2014-04-31").is_none());
        assert!(Date::parse_exact("2014-13-01").is_none());
        assert!(Date::parse_exact("2014-00-10").is_none());
        assert!(Date::parse_exact("2014-12-00").is_none());
    }

    #[test]
    fn clocks_and_durations() {
        assert_eq!(
            parse_clock("08:10"),
            Some(ClockTime {
                hour: 8,
                minute: 10
            })
        );
        assert!(parse_clock("24:00").is_none());
        assert!(parse_clock("08:60").is_none());
        assert_eq!(parse_duration("1h30min"), Some(5400));
        assert_eq!(parse_duration("30s"), Some(30));
        assert_eq!(parse_duration("99999999999h"), None);
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape(r#"a\"b\\c\n\u{4E2D}"#), "a\"b\\c\n中");
        assert_eq!(unescape(r"\q\u{zz}"), r"\q\u{zz}");
    }
}
