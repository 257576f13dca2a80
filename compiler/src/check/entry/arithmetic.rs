//! Entry arithmetic: pools add up to the field, the field and the cap agree, the deadline falls
//! before the event and is stated once, and an open field states the size assumed for
//! simulation.

use xqreg_grammar::ast::{self, AdminArg, Date, EntryClause, Item, Spanned};
use xqreg_grammar::Span;

use super::{entry_clauses, event_dates, exact_field, pools, E601, E609, E610, W604, W606};
use crate::diagnostics::{Diagnostic, Diagnostics, Msg, Report, Template};

// The message catalogue of this module: compiler/messages/check/entry/arithmetic.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/check/entry/arithmetic.rs"
));
pub(super) fn pools_add_up(file: &ast::File, diags: &mut Diagnostics) {
    let all = pools(file);
    if all.is_empty() || all.iter().any(|p| p.size.is_none()) {
        return;
    }
    let sum: u64 = all
        .iter()
        .filter_map(|p| p.size.as_ref())
        .map(|s| u64::from(s.node))
        .sum();
    let parts = all
        .iter()
        .filter_map(|p| {
            p.size
                .as_ref()
                .map(|s| format!("{} {}", p.name.node, s.node))
        })
        .collect::<Vec<_>>()
        .join(" + ");
    let parts = format!("{parts} = {sum}");
    let (field, span, kw, cap) = if let Some(f) = exact_field(file) {
        (f.node, f.span, "field", false)
    } else if let Some((max, span)) = entry_clauses(file).find_map(|c| match c {
        EntryClause::Cap { max, span, .. } => Some((max.node, *span)),
        _ => None,
    }) {
        (max, span, "cap", true)
    } else {
        return;
    };
    let bad = if cap {
        sum > u64::from(field)
    } else {
        sum != u64::from(field)
    };
    if !bad {
        return;
    }
    let (sum_s, field_s) = (sum.to_string(), field.to_string());
    let diff = sum.abs_diff(u64::from(field)).to_string();
    let msg = if cap { MSG_E601_CAP } else { MSG_E601 };
    let mut d = Diagnostic::new(
        &E601,
        msg.fill(&[("sum", &sum_s), ("field", &field_s)]),
        span,
        LBL_E601.fill(&[("parts", &parts)]),
    );
    for p in &all {
        if let Some(s) = &p.size {
            d = d.with_label(s.span, LBL_E601_POOL.fill(&[("size", &s.node.to_string())]));
        }
    }
    diags.push(d.with_help(HELP_E601.fill(&[("diff", &diff), ("kw", kw), ("sum", &sum_s)])));
}

pub(super) fn field_conflicts(file: &ast::File, diags: &mut Diagnostics) {
    let mut field: Option<(u32, Span)> = None;
    let mut open: Option<Span> = None;
    let mut cap: Option<(u32, Span)> = None;
    let mut assume: Option<(u32, Span)> = None;
    for c in entry_clauses(file) {
        match c {
            EntryClause::Field(n) => field = field.or(Some((n.node, n.span))),
            EntryClause::FieldOpen(s) => open = open.or(Some(*s)),
            EntryClause::Cap { max, span, .. } => cap = cap.or(Some((max.node, *span))),
            EntryClause::AssumeField { size, span, .. } => {
                assume = assume.or(Some((size.node, *span)))
            }
            _ => {}
        }
    }
    let mut report = |here: Span, other: Span, msg: Msg| {
        diags.push(
            Diagnostic::new(&E610, msg, here, LBL_E610.plain())
                .with_label(other, LBL_E610_OTHER.plain())
                .with_help(HELP_E610.plain()),
        );
    };
    if let (Some((_, fs)), Some(os)) = (field, open) {
        report(os, fs, FIELD_FIXED_AND_OPEN.plain());
    }
    if let (Some((f, fs)), Some((c, cs))) = (field, cap) {
        if f > c {
            let (f, c) = (f.to_string(), c.to_string());
            report(fs, cs, FIELD_OVER_CAP.fill(&[("field", &f), ("cap", &c)]));
        }
    }
    if let (Some((f, fs)), Some((a, asp))) = (field, assume) {
        if f != a {
            let (a, f) = (a.to_string(), f.to_string());
            let msg = ASSUMED_NOT_FIELD.fill(&[("assumed", &a), ("field", &f)]);
            report(asp, fs, msg);
        }
    }
    if let (Some((c, cs)), Some((a, asp))) = (cap, assume) {
        if a > c {
            let (a, c) = (a.to_string(), c.to_string());
            report(
                asp,
                cs,
                ASSUMED_OVER_CAP.fill(&[("assumed", &a), ("cap", &c)]),
            );
        }
    }
}

pub(super) fn deadlines(file: &ast::File, diags: &mut Diagnostics) {
    let Some((start, _, dates_span)) = event_dates(file) else {
        return;
    };
    let mut found: Vec<&Spanned<Date>> = entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Deadline { date, .. } => Some(date),
            _ => None,
        })
        .collect();
    for item in &file.items {
        if let Item::Registration(r) = item {
            for c in r.clauses.iter().filter(|c| c.kind.node == "deadline") {
                found.extend(c.args.iter().filter_map(|a| match a {
                    AdminArg::Date(d) => Some(d),
                    _ => None,
                }));
            }
        }
    }
    for d in found {
        if d.node.day_number() > start.day_number() {
            let (ds, ss) = (d.node.to_string(), start.to_string());
            diags.push(
                Diagnostic::new(
                    &E609,
                    MSG_E609.fill(&[("deadline", &ds), ("start", &ss)]),
                    d.span,
                    LBL_E609.plain(),
                )
                .with_label(dates_span, LBL_E609_DATES.plain())
                .with_help(HELP_E609.fill(&[("start", &ss)])),
            );
        }
    }
}

pub(super) fn open_field(file: &ast::File, diags: &mut Diagnostics) {
    let assumed = entry_clauses(file).any(|c| matches!(c, EntryClause::AssumeField { .. }));
    if assumed {
        return;
    }
    if let Some(span) = entry_clauses(file).find_map(|c| match c {
        EntryClause::FieldOpen(s) => Some(*s),
        _ => None,
    }) {
        diags.push(
            Diagnostic::new(&W604, MSG_W604.plain(), span, LBL_W604.plain())
                .with_help(HELP_W604.plain()),
        );
    }
}

/// The entry deadline stated again with another date or time, in the entry and in
/// `registration` (or twice in one): the sheet prints each, so one of them is printed wrong.
pub(super) fn deadline_twice(file: &ast::File, diags: &mut Diagnostics) {
    let mut found: Vec<(String, Span)> = entry_clauses(file)
        .filter_map(|c| match c {
            EntryClause::Deadline { date, time, span } => {
                let when = match time {
                    Some(t) => format!("{} {}", date.node, hh_mm(t.node)),
                    None => date.node.to_string(),
                };
                Some((when, *span))
            }
            _ => None,
        })
        .collect();
    for item in &file.items {
        if let Item::Registration(r) = item {
            for c in r.clauses.iter().filter(|c| c.kind.node == "deadline") {
                let when: Vec<String> = c
                    .args
                    .iter()
                    .filter_map(|a| match a {
                        AdminArg::Date(d) => Some(d.node.to_string()),
                        AdminArg::Time(t) => Some(hh_mm(t.node)),
                        _ => None,
                    })
                    .collect();
                found.push((when.join(" "), c.span));
            }
        }
    }
    // The same date (and time) stated in both is printed once: only a different one is wrong.
    let Some((first, first_span)) = found.first() else {
        return;
    };
    if let Some((second, span)) = found.iter().find(|(when, _)| when != first) {
        diags.push(
            DEADLINE_TWICE
                .at(*span, &[("first", first), ("second", second)])
                .with_label(*first_span, DEADLINE_FIRST.plain()),
        );
    }
}

/// `17:00`, as the file writes a clock time.
fn hh_mm(t: ast::ClockTime) -> String {
    format!("{:02}:{:02}", t.hour, t.minute)
}
