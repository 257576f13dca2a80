//! Categories by birth date: windows of the same sex and section must not overlap and must not
//! leave a day between neighbours; `before D` / `after D` (以前/以后) is flagged as ambiguous.
//!
//! Also the calendar arithmetic the other checks of this checker share (day numbers, the
//! effective inclusive bounds of a [`DateWindow`]). Windows that nest (a veterans' prize inside a
//! seniors' section) are deliberate and never reported; a partial overlap is.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    self, Category, CategoryCond, CompareOp, Date, DateWindow, EntrantSource, Item,
};
use xqreg_grammar::Span;

use super::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E602, &E603, &W601];

// The message catalogue of this module: compiler/messages/check/categories.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/categories.rs"));

/// The inclusive day-number bounds a window means as written (`before D` ends on D-1).
pub(crate) fn bounds(w: &DateWindow) -> (Option<i64>, Option<i64>) {
    let shift = i64::from(w.exclusive);
    (
        w.from.as_ref().map(|d| d.node.day_number() + shift),
        w.to.as_ref().map(|d| d.node.day_number() - shift),
    )
}

/// Whether a birth date lies in a window as written.
pub(crate) fn contains(w: &DateWindow, born: Date) -> bool {
    let (lo, hi) = bounds(w);
    let n = born.day_number();
    lo.is_none_or(|lo| n >= lo) && hi.is_none_or(|hi| n <= hi)
}

/// The `born` window of a category, if it has one.
pub(crate) fn born_window(c: &Category) -> Option<&DateWindow> {
    c.conditions.iter().find_map(|cond| match cond {
        CategoryCond::Born(w) => Some(w),
        _ => None,
    })
}

/// Whether no player can be in both categories as written: they ask for different sexes, or
/// their birth windows, their ages on the first day, their ratings (a rating band: no rating is
/// below every rating), their grades or their school years do not meet. (Other conditions may
/// also part them; these are the ones sections by sex, age, rating band, grade or school year
/// are written with.)
pub(crate) fn disjoint(a: &Category, b: &Category) -> bool {
    let sex = |c: &Category| {
        c.conditions.iter().find_map(|cond| match cond {
            CategoryCond::Sex(s) => Some(s.node.clone()),
            _ => None,
        })
    };
    if let (Some(x), Some(y)) = (sex(a), sex(b)) {
        if x != y {
            return true;
        }
    }
    let apart = |(xl, xh): (Option<i64>, Option<i64>), (yl, yh): (Option<i64>, Option<i64>)| {
        xh.zip(yl).is_some_and(|(h, l)| h < l) || yh.zip(xl).is_some_and(|(h, l)| h < l)
    };
    if let (Some(x), Some(y)) = (born_window(a), born_window(b)) {
        if apart(bounds(x), bounds(y)) {
            return true;
        }
    }
    apart(ages(a), ages(b))
        || apart(ratings(a), ratings(b))
        || apart(grades(a), grades(b))
        || apart(school_years(a), school_years(b))
}

/// The bounds a list of comparisons (`>= 1800`, `< 2000`) leaves together; none where none is
/// stated.
fn bounded(comparisons: impl Iterator<Item = (CompareOp, i64)>) -> (Option<i64>, Option<i64>) {
    let (mut lo, mut hi): (Option<i64>, Option<i64>) = (None, None);
    for (op, n) in comparisons {
        let (l, h) = match op {
            CompareOp::Lt => (None, Some(n - 1)),
            CompareOp::Le => (None, Some(n)),
            CompareOp::Eq => (Some(n), Some(n)),
            CompareOp::Ge => (Some(n), None),
            CompareOp::Gt => (Some(n + 1), None),
        };
        lo = lo.max(l);
        hi = match (hi, h) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    (lo, hi)
}

/// The ratings a category's `rating` conditions admit (`rating >= 2000` and `rating < 2000`
/// do not meet; an unrated player is below every bound from above, and in no band bounded from
/// below, so the lower bound `None` holds it).
fn ratings(c: &Category) -> (Option<i64>, Option<i64>) {
    bounded(c.conditions.iter().filter_map(|cond| match cond {
        CategoryCond::Rating { op, rating, .. } => Some((op.node, i64::from(rating.node))),
        _ => None,
    }))
}

/// The grades a category's `grade` conditions admit (no grade is below every grade, as no
/// rating is below every rating).
fn grades(c: &Category) -> (Option<i64>, Option<i64>) {
    bounded(c.conditions.iter().filter_map(|cond| match cond {
        CategoryCond::Grade { op, grade, .. } => Some((op.node, i64::from(grade.node))),
        _ => None,
    }))
}

/// The school years a category's `school_year` conditions admit.
fn school_years(c: &Category) -> (Option<i64>, Option<i64>) {
    let mut out = (None, None);
    for cond in &c.conditions {
        if let CategoryCond::SchoolYear { years, .. } = cond {
            let (a, b) = crate::compile::school_years(years);
            let (lo, hi): (Option<i64>, Option<i64>) = out;
            out = (
                lo.max(Some(i64::from(a))),
                Some(hi.map_or(i64::from(b), |h| h.min(i64::from(b)))),
            );
        }
    }
    out
}

/// The whole years of age a category's enforced `age` conditions admit on the first day
/// (`age < 16` and `age >= 16` do not meet); no bound where none is stated (or stated on
/// another day).
fn ages(c: &Category) -> (Option<i64>, Option<i64>) {
    bounded(c.conditions.iter().filter_map(|cond| match cond {
        CategoryCond::Age {
            op,
            years,
            on: None,
            requires: None,
            ..
        } => Some((op.node, i64::from(years.node))),
        _ => None,
    }))
}

/// Every category declared in the file, in source order.
pub(crate) fn categories(file: &ast::File) -> impl Iterator<Item = &Category> {
    file.items.iter().filter_map(|i| match i {
        Item::Category(c) => Some(c),
        _ => None,
    })
}

/// Names of categories some stage pairs separately (`entrants category X`): sections.
pub(crate) fn sections(file: &ast::File) -> Vec<&str> {
    let mut out = Vec::new();
    for item in &file.items {
        if let Item::Stage(s) = item {
            for clause in &s.clauses {
                if let ast::StageClause::Entrants { sources, .. } = clause {
                    for src in sources {
                        if let EntrantSource::Category(c) = src {
                            out.push(c.node.as_str());
                        }
                    }
                }
            }
        }
    }
    out
}

/// A window rendered back as source text from inclusive day bounds: `A .. B`, `.. B`, `A ..`.
fn render(lo: Option<i64>, hi: Option<i64>) -> String {
    match (lo, hi) {
        (Some(a), Some(b)) => format!(
            "{} .. {}",
            Date::from_day_number(a),
            Date::from_day_number(b)
        ),
        (None, Some(b)) => format!(".. {}", Date::from_day_number(b)),
        (Some(a), None) => format!("{} ..", Date::from_day_number(a)),
        (None, None) => "..".to_string(),
    }
}

/// What categories must agree on to be compared: everything but the birth window.
fn partition_key(c: &Category) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cond in &c.conditions {
        match cond {
            CategoryCond::Sex(s) => parts.push(format!("sex={}", s.node)),
            CategoryCond::Pool(p) => parts.push(format!("pool={}", p.node)),
            CategoryCond::Within(p) => parts.push(format!("within={}", p.node)),
            CategoryCond::Title { op, title, .. } => {
                parts.push(format!("title{:?}{}", op.node, title.node))
            }
            CategoryCond::Born(_) | CategoryCond::Requires(_) | CategoryCond::Age { .. } => {}
            // A condition by attribute makes a set of its own: its windows are compared among
            // categories with the same condition only.
            CategoryCond::Federation { not, codes, .. } => {
                let codes: Vec<&str> = codes.iter().map(|c| c.node.as_str()).collect();
                parts.push(format!(
                    "federation{}={}",
                    if *not { "!" } else { "" },
                    codes.join(" ")
                ))
            }
            CategoryCond::Grade { op, grade, .. } => {
                parts.push(format!("grade{:?}{}", op.node, grade.node))
            }
            CategoryCond::Rating { op, rating, .. } => {
                parts.push(format!("rating{:?}{}", op.node, rating.node))
            }
            CategoryCond::SchoolYear { years, .. } => {
                let (a, b) = crate::compile::school_years(years);
                parts.push(format!("school_year={a}..{b}"))
            }
            CategoryCond::Club(t) => parts.push(format!("club={}", t.zh.node)),
            CategoryCond::Residence(t) => parts.push(format!("residence={}", t.zh.node)),
            CategoryCond::Players { ids, .. } => {
                let ids: Vec<&str> = ids.iter().map(|i| i.node.as_str()).collect();
                parts.push(format!("players={}", ids.join(" ")))
            }
        }
    }
    parts.sort();
    parts.join(",")
}

struct Win<'a> {
    cat: &'a Category,
    window: &'a DateWindow,
    lo: Option<i64>,
    hi: Option<i64>,
    section: bool,
}

fn lo_le(a: Option<i64>, b: Option<i64>) -> bool {
    match (a, b) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a <= b,
    }
}

fn hi_ge(a: Option<i64>, b: Option<i64>) -> bool {
    match (a, b) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(a), Some(b)) => a >= b,
    }
}

fn contains_win(outer: &Win<'_>, inner: &Win<'_>) -> bool {
    lo_le(outer.lo, inner.lo) && hi_ge(outer.hi, inner.hi)
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    check_file(ctx.file, diags);
}

pub(crate) fn check_file(file: &ast::File, diags: &mut Diagnostics) {
    let sections = sections(file);
    let mut groups: BTreeMap<String, Vec<Win<'_>>> = BTreeMap::new();
    for cat in categories(file) {
        if let Some(window) = born_window(cat) {
            let (lo, hi) = bounds(window);
            if lo.zip(hi).is_some_and(|(lo, hi)| lo > hi) {
                // An empty window is a reversed range; E608 reports reversed dates.
                continue;
            }
            groups.entry(partition_key(cat)).or_default().push(Win {
                cat,
                window,
                lo,
                hi,
                section: sections.contains(&cat.name.node.as_str()),
            });
        }
    }
    for wins in groups.values_mut() {
        wins.sort_by_key(|w| {
            (
                w.lo.unwrap_or(i64::MIN),
                w.hi.unwrap_or(i64::MAX),
                w.window.span.start,
            )
        });
        overlaps(wins, diags);
        let explained = gaps(wins, diags);
        exclusive_bounds(wins, &explained, diags);
    }
}

fn overlaps(wins: &[Win<'_>], diags: &mut Diagnostics) {
    for (i, a) in wins.iter().enumerate() {
        for b in wins.iter().skip(i + 1) {
            let lo = match (a.lo, b.lo) {
                (Some(x), Some(y)) => Some(x.max(y)),
                (x, None) | (None, x) => x,
            };
            let hi = match (a.hi, b.hi) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, None) | (None, x) => x,
            };
            let disjoint = lo.zip(hi).is_some_and(|(lo, hi)| lo > hi);
            if disjoint {
                continue;
            }
            let nested = contains_win(a, b) || contains_win(b, a);
            if nested && !(a.section && b.section) {
                continue;
            }
            // Propose ending the earlier window the day before the later one starts.
            // Move the later window (the one labelled) past the earlier one when it can start
            // after it; otherwise end the earlier one before the later starts.
            let (suggest, cat) = match (a.hi, b.lo) {
                (Some(end), _) if b.hi.is_none_or(|h| h > end) => (render(Some(end + 1), b.hi), b),
                (_, Some(start)) => (render(a.lo, Some(start - 1)), a),
                _ => (render(a.hi.map(|h| h + 1), b.hi), b),
            };
            let cat = cat.cat.name.node.as_str();
            let (an, bn) = (a.cat.name.node.as_str(), b.cat.name.node.as_str());
            let from = lo.map_or_else(|| "…".to_string(), |d| Date::from_day_number(d).to_string());
            let to = hi.map_or_else(|| "…".to_string(), |d| Date::from_day_number(d).to_string());
            diags.push(
                Diagnostic::new(
                    &E602,
                    MSG_E602.fill(&[("a", an), ("b", bn), ("from", &from), ("to", &to)]),
                    b.window.span,
                    LBL_E602_HERE.fill(&[("other", an)]),
                )
                .with_label(a.window.span, LBL_E602_OTHER.fill(&[("other", an)]))
                .with_help(HELP_E602.fill(&[("suggest", &suggest), ("cat", cat)])),
            );
        }
    }
}

/// Reports gaps between neighbouring windows; returns the exclusive-bound spans whose excluded
/// day is exactly a gap (W601 explains those, so E603 stays quiet about them).
fn gaps(wins: &[Win<'_>], diags: &mut Diagnostics) -> Vec<(Span, i64)> {
    let mut explained = Vec::new();
    // Only windows not nested inside another one take part: a veterans' prize inside the senior
    // section has no neighbours of its own.
    let outer: Vec<&Win<'_>> = wins
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            !wins
                .iter()
                .enumerate()
                .any(|(j, o)| j != *i && contains_win(o, w) && !(contains_win(w, o) && j > *i))
        })
        .map(|(_, w)| w)
        .collect();
    for pair in outer.windows(2) {
        let [a, b] = pair else { continue };
        let (Some(end), Some(start)) = (a.hi, b.lo) else {
            continue;
        };
        if start <= end.saturating_add(1) {
            continue;
        }
        let gap = (end + 1, start - 1);
        if gap.0 == gap.1 {
            if a.window.exclusive && a.window.to.is_some() {
                explained.push((a.window.span, gap.0));
                continue;
            }
            if b.window.exclusive && b.window.from.is_some() {
                explained.push((b.window.span, gap.0));
                continue;
            }
        }
        let short = gap.1 - gap.0 < 365;
        if !(short || a.section && b.section) {
            continue;
        }
        let from = Date::from_day_number(gap.0).to_string();
        let to = Date::from_day_number(gap.1).to_string();
        // The labelled (later) window starts the day after the earlier one ends.
        let suggest = render(Some(end + 1), b.hi);
        diags.push(
            Diagnostic::new(
                &E603,
                MSG_E603.fill(&[("from", &from), ("to", &to)]),
                b.window.span,
                LBL_E603_AFTER.fill(&[("date", &Date::from_day_number(start).to_string())]),
            )
            .with_label(
                a.window.span,
                LBL_E603_BEFORE.fill(&[("date", &Date::from_day_number(end).to_string())]),
            )
            .with_help(HELP_E603.fill(&[("suggest", &suggest), ("cat", &b.cat.name.node)])),
        );
    }
    explained
}

fn exclusive_bounds(wins: &[Win<'_>], explained: &[(Span, i64)], diags: &mut Diagnostics) {
    for w in wins.iter().filter(|w| w.window.exclusive) {
        let (word, date, is_upper) = match (&w.window.to, &w.window.from) {
            (Some(to), _) => ("before", to.node, true),
            (None, Some(from)) => ("after", from.node, false),
            (None, None) => continue,
        };
        let d = date.day_number();
        let ds = date.to_string();
        let gap = explained.iter().any(|(s, _)| *s == w.window.span);
        let label = if gap {
            LBL_W601_GAP.fill(&[("date", &ds)])
        } else {
            LBL_W601.plain()
        };
        // A neighbour that starts (or ends) right next to D tells which reading is meant.
        let neighbour = wins.iter().find(|o| {
            !std::ptr::eq(*o, w)
                && if is_upper {
                    o.lo == Some(d + 1) || o.lo == Some(d)
                } else {
                    o.hi == Some(d - 1) || o.hi == Some(d)
                }
        });
        let (inclusive_lo, inclusive_hi) = if is_upper {
            (w.lo, Some(d - 1))
        } else {
            (Some(d + 1), w.hi)
        };
        let (with_day_lo, with_day_hi) = if is_upper {
            (w.lo, Some(d))
        } else {
            (Some(d), w.hi)
        };
        let help = match neighbour {
            Some(o) => {
                let meant = if is_upper {
                    if o.lo == Some(d + 1) {
                        render(with_day_lo, with_day_hi)
                    } else {
                        render(inclusive_lo, inclusive_hi)
                    }
                } else if o.hi == Some(d - 1) {
                    render(with_day_lo, with_day_hi)
                } else {
                    render(inclusive_lo, inclusive_hi)
                };
                {
                    // Where the neighbour meets this window: its first or its last day.
                    let (meets, meets_zh, near) = if is_upper {
                        ("starts on", "开始于", o.lo)
                    } else {
                        ("ends on", "结束于", o.hi)
                    };
                    let near =
                        near.map_or_else(String::new, |d| Date::from_day_number(d).to_string());
                    HELP_W601_NEIGHBOUR.fill(&[
                        ("suggest", &meant),
                        ("other", &o.cat.name.node),
                        ("meets", meets),
                        ("meets_zh", meets_zh),
                        ("near", &near),
                    ])
                }
            }
            None => HELP_W601_PLAIN.fill(&[
                ("suggest", &render(inclusive_lo, inclusive_hi)),
                ("alt", &render(with_day_lo, with_day_hi)),
                ("date", &ds),
            ]),
        };
        diags.push(
            Diagnostic::new(
                &W601,
                MSG_W601.fill(&[("word", word), ("date", &ds)]),
                w.window.span,
                label,
            )
            .with_help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn fixtures() {
        super::super::testing::fixtures(super::CODES);
    }

    use super::super::testing::{assert_codes, codes_with_base as with, BASE};

    /// [`BASE`] with `categories` added raises nothing.
    fn clean(categories: &str) {
        assert_codes(&format!("{BASE}{categories}"), &[]);
    }

    #[test]
    fn seed_002_windows_warn_once_each_and_leave_no_gap() {
        // 1955年12月31日前出生 / 2005年1月1日后出生, written literally.
        let (got, lines) = with(
            "category open \"公开组\" { born 1956-01-01 .. 1999-12-31 }\n\
             category senior \"老年组\" { born before 1955-12-31 }\n\
             category youth \"少年组\" { born 2000-01-01 .. 2004-12-31 }\n\
             category children \"儿童组\" { born after 2005-01-01 }\n",
        );
        assert_eq!(got, ["W601"], "{lines}");
        assert_eq!(lines.matches("W601").count(), 2, "{lines}");
        // The neighbour tells which reading is meant: the inclusive day itself.
        assert!(lines.contains("born .. 1955-12-31"), "{lines}");
        assert!(lines.contains("born 2005-01-01 .."), "{lines}");
    }

    #[test]
    fn inclusive_partition_is_clean() {
        clean(
            "category open \"公开组\" { born 1956-01-01 .. 1999-12-31 }\n\
             category senior \"老年组\" { born .. 1955-12-31 }\n\
             category youth \"少年组\" { born 2000-01-01 .. 2004-12-31 }\n\
             category children \"儿童组\" { born 2005-01-01 .. }\n",
        );
    }

    #[test]
    fn nested_prize_window_and_other_sex_are_not_overlaps() {
        clean(
            "category senior \"老年组\" { born .. 1955-12-31 }\n\
             category veteran \"七十岁以上\" { born .. 1945-12-31 }\n\
             category open_men \"公开组男子\" { born 1956-01-01 .. 1999-12-31  sex men }\n\
             category open_women \"公开组女子\" { born 1950-01-01 .. 1999-12-31  sex women }\n",
        );
    }

    #[test]
    fn a_long_gap_between_prize_categories_is_deliberate() {
        clean(
            "category senior \"老年组\" { born .. 1955-12-31 }\n\
             category children \"儿童组\" { born 2005-01-01 .. }\n",
        );
    }
}
