//! How numbers, amounts, dates, clock times, durations and places are written on a sheet.
//!
//! One form per kind, chosen once: amounts with thousands separators and the unit after the
//! number on the Chinese sheet (`80,000元`) and the ISO code before it on the English one
//! (`CNY 80,000`); dates `2014年4月27日` / `27 April 2014`; places in Chinese numerals
//! (`第九至十六名`) / English ordinals (`9th–16th`). Nothing here can panic or overflow on any
//! input value.

use super::catalogue::{self as cat, M};
use super::Lang;
use xqreg_grammar::ast::{ClockTime, Date, Duration, PlaceRange};

/// Chinese numerals for article numbers, places and rounds: 1 → 一, 16 → 十六, 32 → 三十二,
/// 105 → 一百零五, 2014 → 二千零一十四.
pub fn zh_numeral(n: u64) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    if n == 0 {
        return DIGITS[0].to_string();
    }
    // Groups of four digits, lowest first, each named by its power of ten-thousand.
    const BIG: [&str; 5] = ["", "万", "亿", "万亿", "亿亿"];
    let mut groups = Vec::new();
    let mut rest = n;
    while rest > 0 {
        groups.push((rest % 10_000) as usize);
        rest /= 10_000;
    }
    let mut out = String::new();
    let mut need_zero = false;
    for (i, &g) in groups.iter().enumerate().rev() {
        if g == 0 {
            need_zero = !out.is_empty();
            continue;
        }
        if need_zero || (!out.is_empty() && g < 1000) {
            out.push_str(DIGITS[0]);
        }
        need_zero = false;
        out.push_str(&four_digits(g, out.is_empty()));
        out.push_str(BIG.get(i).copied().unwrap_or(""));
    }
    out
}

/// 0..=9999 in Chinese; `leading` allows 十六 instead of 一十六 at the start of a number.
fn four_digits(g: usize, leading: bool) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    const UNITS: [&str; 4] = ["千", "百", "十", ""];
    let ds = [g / 1000 % 10, g / 100 % 10, g / 10 % 10, g % 10];
    let mut out = String::new();
    let mut zero_pending = false;
    for (pos, &d) in ds.iter().enumerate() {
        if d == 0 {
            zero_pending = !out.is_empty();
            continue;
        }
        if zero_pending {
            out.push_str(DIGITS[0]);
            zero_pending = false;
        }
        // 十六 rather than 一十六 when the tens digit opens the number.
        let skip_one = d == 1 && pos == 2 && out.is_empty() && leading;
        if !skip_one {
            out.push_str(DIGITS[d]);
        }
        out.push_str(UNITS[pos]);
    }
    out
}

/// An English ordinal: 1st, 2nd, 3rd, 11th, 22nd.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A whole number with thousands separators: 100000 → 100,000.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    // ASCII digits: every chunk of bytes is valid UTF-8.
    let parts: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect();
    parts.join(",")
}

/// A signed whole number (points may in principle be negative).
pub fn signed(n: i64) -> String {
    n.to_string()
}

/// An amount with its currency: `80,000元` / `CNY 80,000`. A missing currency reads as yuan:
/// the checker requires one wherever it matters, and a sheet must still print.
pub fn money(lang: Lang, amount: u64, currency: Option<&str>) -> String {
    let code = currency.unwrap_or("CNY");
    match lang {
        Lang::Zh => match cat::currency_zh(code) {
            Some(unit) => format!("{}{unit}", grouped(amount)),
            None => format!("{} {code}", grouped(amount)),
        },
        Lang::En => format!("{code} {}", grouped(amount)),
    }
}

/// The currency's name for a heading: 人民币 / CNY.
pub fn currency_name(lang: Lang, code: &str) -> String {
    match lang {
        Lang::Zh => cat::currency_name_zh(code).unwrap_or(code).to_string(),
        Lang::En => code.to_string(),
    }
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn month_en(m: u8) -> &'static str {
    MONTHS_EN
        .get(usize::from(m).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

/// `2014年4月27日` / `27 April 2014`.
pub fn date(lang: Lang, d: Date) -> String {
    match lang {
        Lang::Zh => format!("{}年{}月{}日", d.year, d.month, d.day),
        Lang::En => format!("{} {} {}", d.day, month_en(d.month), d.year),
    }
}

/// A date without its year, for a schedule table: `4月26日` / `26 April`.
pub fn date_short(lang: Lang, d: Date) -> String {
    match lang {
        Lang::Zh => format!("{}月{}日", d.month, d.day),
        Lang::En => format!("{} {}", d.day, month_en(d.month)),
    }
}

/// An inclusive range of dates, the shared year and month said once:
/// `2014年4月27日至29日`, `2014年4月30日至5月2日` / `27–29 April 2014`.
pub fn date_range(lang: Lang, a: Date, b: Date) -> String {
    if a == b {
        return date(lang, a);
    }
    match lang {
        Lang::Zh => {
            let tail = if a.year != b.year {
                date(lang, b)
            } else if a.month != b.month {
                format!("{}月{}日", b.month, b.day)
            } else {
                format!("{}日", b.day)
            };
            format!("{}至{tail}", date(lang, a))
        }
        Lang::En => {
            if a.year != b.year {
                format!("{} – {}", date(lang, a), date(lang, b))
            } else if a.month != b.month {
                format!(
                    "{} {} – {} {} {}",
                    a.day,
                    month_en(a.month),
                    b.day,
                    month_en(b.month),
                    b.year
                )
            } else {
                format!("{}–{} {} {}", a.day, b.day, month_en(a.month), a.year)
            }
        }
    }
}

/// `4月26日（星期六）` / `Saturday 26 April`.
pub fn day_heading(lang: Lang, d: Date) -> String {
    let wd = d.weekday();
    match lang {
        Lang::Zh => format!("{}（{}）", date_short(lang, d), cat::weekday(lang, wd)),
        Lang::En => format!("{} {}", cat::weekday(lang, wd), date_short(lang, d)),
    }
}

/// `08:10`.
pub fn clock(t: ClockTime) -> String {
    format!("{:02}:{:02}", t.hour, t.minute)
}

/// `20分钟`, `30秒`, `1小时30分钟`, `1分30秒` / `20 minutes`, `30 seconds`, `1 hour 30 minutes`.
pub fn duration(lang: Lang, d: Duration) -> String {
    // Regulations say 60分钟 and 90分钟; hours only from two hours up (2小时, 2小时30分钟).
    let h = if d.seconds >= 7200 {
        d.seconds / 3600
    } else {
        0
    };
    let m = (d.seconds - h * 3600) / 60;
    let s = d.seconds % 60;
    let mut parts: Vec<String> = Vec::new();
    match lang {
        Lang::Zh => {
            if h > 0 {
                parts.push(format!("{h}小时"));
            }
            if m > 0 {
                // 分钟 alone, but 1分30秒 when seconds follow.
                parts.push(if s > 0 {
                    format!("{m}分")
                } else {
                    format!("{m}分钟")
                });
            }
            if s > 0 || parts.is_empty() {
                parts.push(format!("{s}秒"));
            }
            parts.concat()
        }
        Lang::En => {
            let unit =
                |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            if h > 0 {
                parts.push(unit(h, "hour", "hours"));
            }
            if m > 0 {
                parts.push(unit(m, "minute", "minutes"));
            }
            if s > 0 || parts.is_empty() {
                parts.push(unit(s, "second", "seconds"));
            }
            parts.join(" ")
        }
    }
}

/// A place or a range of places as a noun: `第三名`, `第九至十六名` / `3rd place`,
/// `places 9–16`.
pub fn places(lang: Lang, r: PlaceRange) -> String {
    let (a, b) = (u64::from(r.start), u64::from(r.end));
    match lang {
        Lang::Zh => {
            if a == b {
                format!("第{}名", zh_numeral(a))
            } else {
                format!("第{}至{}名", zh_numeral(a), zh_numeral(b))
            }
        }
        Lang::En => {
            if a == b {
                format!("{} place", ordinal(a))
            } else {
                format!("places {a}–{b}")
            }
        }
    }
}

/// A place or range in a table cell: `第九至十六名` / `9th–16th`.
pub fn places_cell(lang: Lang, r: PlaceRange) -> String {
    match lang {
        Lang::Zh => places(lang, r),
        Lang::En => {
            if r.start == r.end {
                ordinal(u64::from(r.start))
            } else {
                format!(
                    "{}–{}",
                    ordinal(u64::from(r.start)),
                    ordinal(u64::from(r.end))
                )
            }
        }
    }
}

/// Places of a stage as a regulation names them: `第1名`, `第3、4名`, `第3至5名` (Arabic, as
/// seeds write group places) / `1st`, `3rd–4th`.
pub fn stage_places(lang: Lang, r: PlaceRange) -> String {
    match lang {
        Lang::Zh => {
            if r.start == r.end {
                format!("第{}名", r.start)
            } else if r.end == r.start.saturating_add(1) {
                format!("第{}、{}名", r.start, r.end)
            } else {
                format!("第{}至{}名", r.start, r.end)
            }
        }
        Lang::En => places_cell(lang, r),
    }
}

/// Rounds of a stage: `第一轮`, `第一、二轮`, `第五至七轮` / `round 1`, `rounds 1–2`.
pub fn rounds(lang: Lang, r: PlaceRange) -> String {
    let (a, b) = (u64::from(r.start), u64::from(r.end));
    match lang {
        Lang::Zh => {
            if a == b {
                format!("第{}轮", zh_numeral(a))
            } else if b == a.saturating_add(1) {
                format!("第{}、{}轮", zh_numeral(a), zh_numeral(b))
            } else {
                format!("第{}至{}轮", zh_numeral(a), zh_numeral(b))
            }
        }
        Lang::En => {
            if a == b {
                format!("round {a}")
            } else {
                format!("rounds {a}–{b}")
            }
        }
    }
}

/// A count of people: `15人` / `15 players`.
pub fn persons(lang: Lang, n: u64) -> String {
    match lang {
        Lang::Zh => format!("{n}人"),
        Lang::En => format!("{n} {}", if n == 1 { "player" } else { "players" }),
    }
}

/// The list separator of running text: `、` / `, `.
pub fn join(lang: Lang, parts: &[String]) -> String {
    parts.join(match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    })
}

/// Titles listed (the stages a clause applies to): English titles with commas of their own
/// (`Final, places 1-4`) are kept apart by `; `.
pub fn join_titles(lang: Lang, names: &[String]) -> String {
    if commas_inside(lang, names) {
        names.join("; ")
    } else {
        join(lang, names)
    }
}

/// Titles as the subject of a sentence: in English the last after `and` (`Group A and Group B
/// each decide ...`), kept apart by `; ` as [`join_titles`] does where they have commas of their
/// own; in Chinese by `、` (甲组、乙组各产生…).
pub fn join_titles_and(lang: Lang, names: &[String]) -> String {
    match names {
        _ if lang == Lang::Zh => join(lang, names),
        [init @ .., last] if commas_inside(lang, names) => {
            format!("{}; and {last}", init.join("; "))
        }
        _ => join_and(lang, names),
    }
}

/// Whether English titles listed have commas of their own.
fn commas_inside(lang: Lang, names: &[String]) -> bool {
    lang == Lang::En && names.len() > 1 && names.iter().any(|n| n.contains(','))
}

/// A list read as a sentence: `甲、乙和丙` / `A, B and C`.
pub fn join_and(lang: Lang, parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            format!("{}{}{last}", join(lang, init), cat::m(lang, M::And))
        }
    }
}

/// Clauses of one sentence: `；` / `; `.
pub fn join_clauses(lang: Lang, parts: &[String]) -> String {
    parts.join(match lang {
        Lang::Zh => "；",
        Lang::En => "; ",
    })
}

/// Ends a sentence with the full stop of the language unless it already ends in punctuation.
pub fn sentence(lang: Lang, s: &str) -> String {
    let trimmed = s.trim_end();
    if trimmed.is_empty() {
        return String::new();
    }
    let ends = ['。', '！', '？', '.', '!', '?', '；', ';', '：', ':'];
    // A closing bracket ends a sentence only when the sentence ended inside it: `…。）`.
    let closed_inside = trimmed.ends_with("。）") || trimmed.ends_with(".)");
    if trimmed.ends_with(ends) || closed_inside {
        return trimmed.to_string();
    }
    match lang {
        Lang::Zh => format!("{trimmed}。"),
        Lang::En => {
            let mut s = trimmed.to_string();
            if let Some(first) = s.chars().next() {
                if first.is_ascii_lowercase() {
                    s.replace_range(..first.len_utf8(), &first.to_ascii_uppercase().to_string());
                }
            }
            format!("{s}.")
        }
    }
}

/// Capitalises the first letter (English sentences built from lower-case phrases).
pub fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A count as a reader says it before a measure word: 四 (组) / four.
pub fn count_word(lang: Lang, n: u64) -> String {
    match lang {
        Lang::Zh if n == 2 => "两".to_string(),
        Lang::Zh => zh_numeral(n),
        Lang::En => match n {
            1 => "one".into(),
            2 => "two".into(),
            3 => "three".into(),
            4 => "four".into(),
            5 => "five".into(),
            6 => "six".into(),
            8 => "eight".into(),
            _ => n.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(year: u16, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    #[test]
    fn chinese_numerals_read_as_written_in_regulations() {
        let cases = [
            (1, "一"),
            (10, "十"),
            (12, "十二"),
            (16, "十六"),
            (20, "二十"),
            (22, "二十二"),
            (32, "三十二"),
            (100, "一百"),
            (105, "一百零五"),
            (110, "一百一十"),
            (150, "一百五十"),
            (1000, "一千"),
            (1001, "一千零一"),
            (2014, "二千零一十四"),
            (10000, "一万"),
            (10010, "一万零一十"),
            (100000, "十万"),
        ];
        for (n, want) in cases {
            assert_eq!(zh_numeral(n), want, "{n}");
        }
    }

    #[test]
    fn amounts_dates_durations_places() {
        assert_eq!(money(Lang::Zh, 100_000, Some("CNY")), "100,000元");
        assert_eq!(money(Lang::En, 1000, None), "CNY 1,000");
        assert_eq!(money(Lang::Zh, 500, Some("HKD")), "500港元");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(date(Lang::Zh, d(2014, 4, 27)), "2014年4月27日");
        assert_eq!(
            date_range(Lang::Zh, d(2014, 4, 27), d(2014, 4, 29)),
            "2014年4月27日至29日"
        );
        assert_eq!(
            date_range(Lang::Zh, d(2014, 4, 30), d(2014, 5, 2)),
            "2014年4月30日至5月2日"
        );
        assert_eq!(
            date_range(Lang::En, d(2014, 4, 27), d(2014, 4, 29)),
            "27–29 April 2014"
        );
        // 2014-04-26 was a Saturday, 2019-12-07 a Saturday, 2009-05-22 a Friday (the seeds say so).
        assert_eq!(day_heading(Lang::Zh, d(2014, 4, 26)), "4月26日（星期六）");
        assert_eq!(duration(Lang::Zh, Duration { seconds: 1200 }), "20分钟");
        assert_eq!(duration(Lang::Zh, Duration { seconds: 20 }), "20秒");
        assert_eq!(duration(Lang::Zh, Duration { seconds: 5400 }), "90分钟");
        assert_eq!(duration(Lang::Zh, Duration { seconds: 3600 }), "60分钟");
        assert_eq!(
            duration(Lang::Zh, Duration { seconds: 9000 }),
            "2小时30分钟"
        );
        assert_eq!(duration(Lang::Zh, Duration { seconds: 90 }), "1分30秒");
        assert_eq!(duration(Lang::En, Duration { seconds: 60 }), "1 minute");
        assert_eq!(duration(Lang::Zh, Duration { seconds: 0 }), "0秒");
        let r = |start, end| PlaceRange {
            start,
            end,
            span: Default::default(),
        };
        assert_eq!(places(Lang::Zh, r(9, 16)), "第九至十六名");
        assert_eq!(places(Lang::Zh, r(3, 3)), "第三名");
        assert_eq!(places_cell(Lang::En, r(9, 16)), "9th–16th");
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
        assert_eq!(rounds(Lang::Zh, r(1, 2)), "第一、二轮");
        assert_eq!(stage_places(Lang::Zh, r(3, 4)), "第3、4名");
    }

    #[test]
    fn extreme_values_do_not_panic() {
        let _ = zh_numeral(u64::MAX);
        let _ = grouped(u64::MAX);
        let _ = day_heading(Lang::En, d(0, 0, 0));
        let _ = date(Lang::En, d(2020, 13, 1));
        let r = PlaceRange {
            start: u32::MAX,
            end: u32::MAX,
            span: Default::default(),
        };
        let _ = rounds(Lang::Zh, r);
        let _ = stage_places(Lang::Zh, r);
    }
}
