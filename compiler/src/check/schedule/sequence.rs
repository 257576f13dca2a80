//! Where the slots fall: inside the event dates (E606), stages and rounds in order (E605),
//! and every round of every stage scheduled (E613).

use std::collections::BTreeMap;

use xqreg_grammar::ast::{Date, SlotKind};
use xqreg_grammar::Span;

use super::super::Ctx;
use super::links::StageLinks;
use super::{
    fmt_minutes, Placed, E604, E605, E606, HELP_E604, HELP_E604_AFTER, HELP_E604_BETWEEN,
    HELP_E605, HELP_E606, LBL_E604, LBL_E605, LBL_E605_OTHER, LBL_E606, LBL_E606_DATES, MSG_E604,
    MSG_E605_ROUND, MSG_E605_STAGE, MSG_E606,
};
use crate::diagnostics::{Diagnostic, Diagnostics, Msg};

pub(super) fn outside_dates(
    placed: &[Placed<'_>],
    from: Date,
    to: Date,
    dates_span: Span,
    diags: &mut Diagnostics,
) {
    let (lo, hi) = (from.day_number(), to.day_number());
    for p in placed {
        let d = p.date.day_number();
        let is_round = matches!(p.slot.kind, SlotKind::Rounds(_));
        let inside = if is_round {
            d >= lo && d <= hi
        } else {
            d >= lo - 1 && d <= hi + 1
        };
        if inside {
            continue;
        }
        let (what, what_zh) = if is_round {
            ("a round", "比赛")
        } else {
            ("this slot", "该活动")
        };
        let ds = p.date.to_string();
        diags.push(
            Diagnostic::new(
                &E606,
                MSG_E606.fill(&[
                    ("what", what),
                    ("what_zh", what_zh),
                    ("date", &ds),
                    ("from", &from.to_string()),
                    ("to", &to.to_string()),
                ]),
                p.slot.span,
                LBL_E606.plain(),
            )
            .with_label(dates_span, LBL_E606_DATES.plain())
            .with_help(HELP_E606.fill(&[("date", &ds)])),
        );
    }
}

pub(super) fn order(
    rounds: &BTreeMap<(String, u32), (i64, Span)>,
    links: &BTreeMap<String, StageLinks>,
    diags: &mut Diagnostics,
) {
    for ((stage, round), (at, span)) in rounds {
        if *round < 2 {
            continue;
        }
        if let Some((prev_at, prev_span)) = rounds.get(&(stage.clone(), round - 1)) {
            if at < prev_at {
                diags.push(
                    Diagnostic::new(
                        &E605,
                        MSG_E605_ROUND.fill(&[
                            ("next", &round.to_string()),
                            ("prev", &(round - 1).to_string()),
                            ("stage", stage),
                        ]),
                        *span,
                        LBL_E605.plain(),
                    )
                    .with_label(*prev_span, LBL_E605_OTHER.plain())
                    .with_help(HELP_E605.plain()),
                );
            }
        }
    }
    for (stage, link) in links {
        let Some((first_at, first_span)) = rounds
            .iter()
            .filter(|((s, _), _)| s == stage)
            .map(|(_, v)| *v)
            .min_by_key(|(at, _)| *at)
        else {
            continue;
        };
        for source in &link.sources {
            let until = link.split_after.get(source).copied().unwrap_or(u32::MAX);
            let last = rounds
                .iter()
                .filter(|((s, r), _)| s == source && *r <= until)
                .map(|(_, v)| *v)
                .max_by_key(|(at, _)| *at);
            if let Some((last_at, last_span)) = last {
                if first_at <= last_at {
                    diags.push(
                        Diagnostic::new(
                            &E605,
                            MSG_E605_STAGE.fill(&[("stage", stage), ("source", source)]),
                            first_span,
                            LBL_E605.plain(),
                        )
                        .with_label(last_span, LBL_E605_OTHER.plain())
                        .with_help(HELP_E605.plain()),
                    );
                }
            }
        }
    }
}

/// `rounds 5, 6` / `round 5`
pub(super) fn list_rounds(rs: &[u32]) -> (String, String) {
    let list = rs
        .iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if rs.len() == 1 {
        (format!("round {list}"), format!("第{list}轮"))
    } else {
        (format!("rounds {list}"), format!("第{list}轮"))
    }
}

/// `2014-04-28 08:30` of a slot's place in time.
pub(super) fn fmt_at(at: i64) -> String {
    format!(
        "{} {}",
        Date::from_day_number(at.div_euclid(24 * 60)),
        fmt_minutes(at)
    )
}

/// The help for a missing round: where it fits between its neighbours' slots.
pub(super) fn missing_help(
    rounds: &BTreeMap<(String, u32), (i64, Span)>,
    stage: &str,
    round: u32,
) -> Msg {
    let at = |r: u32| rounds.get(&(stage.to_string(), r)).map(|(t, _)| *t);
    let before = round.checked_sub(1).and_then(at);
    let after = round.checked_add(1).and_then(at);
    let round_s = round.to_string();
    match (before, after) {
        (Some(b), Some(a)) => HELP_E604_BETWEEN.fill(&[
            ("stage", stage),
            ("first", &round_s),
            ("prev", &(round - 1).to_string()),
            ("next", &(round + 1).to_string()),
            ("prev_at", &fmt_at(b)),
            ("next_at", &fmt_at(a)),
        ]),
        (Some(b), None) => HELP_E604_AFTER.fill(&[
            ("stage", stage),
            ("first", &round_s),
            ("prev", &(round - 1).to_string()),
            ("prev_at", &fmt_at(b)),
        ]),
        _ => HELP_E604.fill(&[("stage", stage), ("first", &round_s)]),
    }
}

pub(super) fn missing(
    ctx: &Ctx<'_>,
    rounds: &BTreeMap<(String, u32), (i64, Span)>,
    diags: &mut Diagnostics,
) {
    for name in &ctx.scope.stage_order {
        let Some(fact) = ctx.facts.stages.get(*name) else {
            continue;
        };
        let Some(info) = ctx.scope.stages.get(name) else {
            continue;
        };
        // E213 already disputes how many rounds this stage's schedule names.
        if fact.rounds_disputed {
            continue;
        }
        let Some(total) = fact.rounds_at_most else {
            continue;
        };
        let absent: Vec<u32> = (1..=total.min(1000))
            .filter(|r| !rounds.contains_key(&(name.to_string(), *r)))
            .collect();
        let Some(first) = absent.first() else {
            continue;
        };
        let (en, zh) = list_rounds(&absent);
        let have = if absent.len() == 1 { "has" } else { "have" };
        diags.push(
            Diagnostic::new(
                &E604,
                MSG_E604.fill(&[
                    ("rounds", &en),
                    ("rounds_zh", &zh),
                    ("stage", name),
                    ("have", have),
                ]),
                info.stage.name.span,
                LBL_E604.fill(&[("total", &total.to_string())]),
            )
            .with_help(missing_help(rounds, name, *first)),
        );
    }
}
