//! Tables by the number of entries (`rounds by_entries { ..16: 7  17..: 9 }`): the runtime picks
//! the row whose bounds hold the actual field, so the rows must cover every field the regulation
//! admits (E219: a size no row holds, from 2 players up to the stage's exact entrants, the entry
//! cap, or without bound) and no size may be held by two rows (E220: the regulation would say
//! two things). A row whose rounds its sizes cannot play is E204 (`stages`).

use xqreg_grammar::ast::{EntriesArm, Format, StageClause, SwissRounds};

use super::names::code;
use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E219, "E219", "entries-table-gap", Error,
    Template::new("A table by the number of entries (`by_entries { ... }`) must give a row for every field the regulation admits: from 2 players up to the stage's exact entrants, the entry cap, or without bound when the field is open. The runtime picks the row that holds the actual field; a field no row holds could not be played.",
        "按报名人数确定的表（`by_entries { ... }`）必须覆盖规程允许的每一种人数：从 2 人到该阶段的确定人数、报名上限，或在不限人数时没有上限。运行时按实际人数选取所在的一档；没有任何一档包含的人数将无法比赛。"),
    "entry { cap 40 }\nstage main { swiss cxa rounds by_entries { ..16: 5  20..: 7 } }",
    Template::new("Extend a row to the missing sizes (`..19: 5`), or add a row for them (`17..19: 6`).",
        "把相邻一档扩展到缺少的人数（`..19: 5`），或为其增加一档（`17..19: 6`）。"));

code!(E220, "E220", "entries-table-overlap", Error,
    Template::new("Two rows of a table by the number of entries both hold some field size, so the regulation says two things for that field (the runtime would silently take the first).",
        "按报名人数确定的表中有两档同时包含某一人数，规程对该人数给出了两种规定（运行时只会默默采用第一档）。"),
    "stage main { swiss cxa rounds by_entries { ..16: 5  16..: 7 } }",
    Template::new("Make the rows meet without sharing a size (`..16: 5  17..: 7`).",
        "使各档首尾相接而不重叠（`..16: 5  17..: 7`）。"));

code!(E223, "E223", "round-robin-row-unbounded", Error,
    Template::new("A row of a table by entries that plays a single round robin (`..8: round_robin`) needs an upper bound: a round robin's rounds grow with its field, so an open row would have no largest number of rounds for the schedule.",
        "按报名人数确定的表中采用单循环的一档（`..8: round_robin`）必须有人数上限：单循环的轮数随人数增加，不设上限则无法确定日程所需的最多轮数。"),
    "stage main { swiss cxa rounds by_entries { ..8: 5  9..: round_robin } }",
    Template::new("Give the round-robin row the small fields (`..8: round_robin  9..: 7`).",
        "把单循环一档留给人数少的情形（`..8: round_robin  9..: 7`）。"));

code!(E224, "E224", "round-robin-row-with-swiss-clause", Error,
    Template::new("A Swiss whose table by entries plays a single round robin for some fields also splits after a round or takes late entries: neither has a meaning in the round robin such a field plays, so the regulation would be ignored there.",
        "按报名人数在某些人数下改为单循环的积分编排阶段，同时规定了中途分流或补报：这两项在单循环中没有意义，规程在该情形下将无法执行。"),
    "stage main { swiss cxa rounds by_entries { ..8: round_robin  9..: 7 }  late_entry until round 3 missed half }",
    Template::new("Remove the `split` or `late_entry` clause, or the round-robin row.",
        "删去 `split` 或 `late_entry` 条款，或删去单循环一档。"));

pub const CODES: &[&Code] = &[&E219, &E220, &E223, &E224];

// The message catalogue of this module: compiler/messages/check/entries_table.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/entries_table.rs"));

/// The inclusive sizes a row holds; an open lower end starts at 0.
fn bounds(a: &EntriesArm) -> (u32, u32) {
    (a.min.unwrap_or(0), a.max.unwrap_or(u32::MAX))
}

/// `12 players`, `12-15 players`, `12 or more players`.
fn sizes(lo: u32, hi: u32) -> (String, String) {
    if hi == u32::MAX {
        (format!("{lo} or more players"), format!("{lo} 人及以上"))
    } else if lo == hi {
        (format!("{lo} players"), format!("{lo} 人"))
    } else {
        (format!("{lo}-{hi} players"), format!("{lo}-{hi} 人"))
    }
}

fn row(lo: u32, hi: u32) -> String {
    match (lo, hi) {
        (l, u32::MAX) => format!("{l}.."),
        (l, h) if l == h => l.to_string(),
        (l, h) => format!("{l}..{h}"),
    }
}

/// The sizes in `lo..=hi` that no arm holds, as maximal runs.
pub fn gaps(arms: &[EntriesArm], lo: u32, hi: u32) -> Vec<(u32, u32)> {
    let mut held: Vec<(u32, u32)> = arms.iter().map(bounds).collect();
    held.sort_unstable();
    let mut out = Vec::new();
    let mut next = lo;
    for (a, b) in held {
        if next > hi {
            break;
        }
        if a > next {
            out.push((next, a.saturating_sub(1).min(hi)));
        }
        if b >= next {
            next = b.saturating_add(1);
            if b == u32::MAX {
                next = u32::MAX;
                break;
            }
        }
    }
    if next <= hi && next != u32::MAX {
        out.push((next, hi));
    }
    out
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        for c in &st.clauses {
            let StageClause::Format(Format::Swiss {
                rounds: SwissRounds::ByEntries(arms),
                span,
                ..
            }) = c
            else {
                continue;
            };
            round_robin_rows(name, arms, &st.clauses, diags);
            // Overlaps: each row against the rows above it.
            for (k, arm) in arms.iter().enumerate() {
                let (lo, hi) = bounds(arm);
                let shared = arms[..k].iter().find_map(|b| {
                    let (blo, bhi) = bounds(b);
                    let (s, e) = (lo.max(blo), hi.min(bhi));
                    (s <= e).then_some((s, e, bhi))
                });
                if let Some((s, e, bhi)) = shared {
                    let (en, zh) = sizes(s, e);
                    diags.push(OVERLAP.at(
                        arm.span,
                        &[
                            ("stage", name),
                            ("sizes", &en),
                            ("sizes_zh", &zh),
                            ("next", &bhi.saturating_add(1).to_string()),
                        ],
                    ));
                }
            }
            // Gaps: the fields the regulation admits for this stage.
            let facts = ctx.facts.stages.get(name);
            let (lo, hi) = match facts.and_then(|f| f.entrants) {
                Some(n) => (n, n),
                None => (2, ctx.facts.cap.unwrap_or(u32::MAX)),
            };
            if let Some(&(a, b)) = gaps(arms, lo, hi).first() {
                let (en, zh) = sizes(a, b);
                diags.push(GAP.at(
                    *span,
                    &[
                        ("stage", name),
                        ("sizes", &en),
                        ("sizes_zh", &zh),
                        ("row", &row(a, b)),
                    ],
                ));
            }
        }
    }
}

/// A round-robin row needs an upper bound (E223) and a Swiss without `split` or `late_entry`
/// (E224): the round robin such a field plays reads neither.
fn round_robin_rows(
    name: &str,
    arms: &[EntriesArm],
    clauses: &[StageClause],
    diags: &mut Diagnostics,
) {
    let rr: Vec<&EntriesArm> = arms.iter().filter(|a| a.round_robin.is_some()).collect();
    for arm in rr.iter().filter(|a| a.max.is_none()) {
        let (lo, hi) = bounds(arm);
        diags.push(RR_UNBOUNDED.at(arm.span, &[("stage", name), ("row", &row(lo, hi))]));
    }
    if rr.is_empty() {
        return;
    }
    for c in clauses {
        let (clause, span) = match c {
            StageClause::Split { span, .. } => ("split", *span),
            StageClause::LateEntry { span, .. } => ("late_entry", *span),
            _ => continue,
        };
        diags.push(RR_WITH.at(span, &[("stage", name), ("clause", clause)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xqreg_grammar::Span;

    fn arm(min: Option<u32>, max: Option<u32>) -> EntriesArm {
        EntriesArm {
            min,
            max,
            rounds: xqreg_grammar::ast::Spanned {
                node: 5,
                span: Span::default(),
            },
            round_robin: None,
            span: Span::default(),
        }
    }

    #[test]
    fn gaps_are_the_sizes_no_row_holds() {
        let full = [arm(None, Some(16)), arm(Some(17), None)];
        assert!(gaps(&full, 2, u32::MAX).is_empty());
        let hole = [arm(None, Some(16)), arm(Some(20), None)];
        assert_eq!(gaps(&hole, 2, u32::MAX), vec![(17, 19)]);
        let top = [arm(Some(8), Some(16))];
        assert_eq!(gaps(&top, 2, 40), vec![(2, 7), (17, 40)]);
        assert_eq!(gaps(&top, 2, u32::MAX), vec![(2, 7), (17, u32::MAX)]);
        assert!(gaps(&top, 12, 12).is_empty());
    }
}
