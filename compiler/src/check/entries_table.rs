//! Tables by the number of entries (`rounds by_entries { ..16: 7  17..: 9 }`): the runtime picks
//! the row whose bounds hold the actual field, so the rows must cover every field the regulation
//! admits (E219: a size no row holds, from 2 players up to the stage's exact entrants, the entry
//! cap, or without bound) and no size may be held by two rows (E220: the regulation would say
//! two things). A row whose rounds its sizes cannot play is E204 (`stages`).

use xqreg_grammar::ast::{EntriesArm, Format, StageClause, SwissRounds};

use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

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
