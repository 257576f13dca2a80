//! The schedule: a slot for every round of every stage, in order, inside the event dates, no
//! round twice, no reversed dates; slots too short for the time control and schedules left to
//! be announced (待定) are warnings.
//!
//! Also what the checks of this checker need to know about each stage (its effective clauses with
//! `same_as` resolved, entrants, rounds), computed from the effective file alone.
//!
//! Assumptions, stated once: a game may need `2 × (base + 60 × increment)` (60 moves each);
//! a knockout plays `⌈log2 size⌉` rounds and its third-place match is played in the round of the
//! final; arrival, meetings and departure may fall one day outside the event `dates`.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, ClockTime, Date, Item, SlotKind};
use xqreg_grammar::Span;

use super::entry;
use super::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

mod durations;
mod links;
mod sequence;
#[cfg(test)]
mod tests;

use durations::{games_per_round, short_slots};
pub(crate) use links::sources_of;
use links::stage_links;
use sequence::{missing, order, outside_dates};
pub const CODES: &[&Code] = &[
    &E604, &E605, &E606, &E607, &E608, &E613, &W602, &W603, &W605,
];

/// Moves per side assumed when estimating how long a game can take.
pub(crate) const MOVES_PER_GAME: u32 = 60;

// The message catalogue of this module: compiler/messages/check/schedule.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/schedule.rs"));

/// One scheduled slot with its place in time (minutes since the epoch day).
pub(super) struct Placed<'a> {
    date: Date,
    at: i64,
    end: Option<i64>,
    slot: &'a ast::Slot,
}

fn minutes(t: ClockTime) -> i64 {
    i64::from(t.hour) * 60 + i64::from(t.minute)
}

fn fmt_minutes(m: i64) -> String {
    let m = m.rem_euclid(24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let file = ctx.file;
    let dates = entry::event_dates(file);
    if let Some((from, to, span)) = dates {
        if from > to {
            let (f, t) = (from.to_string(), to.to_string());
            diags.push(
                Diagnostic::new(
                    &E608,
                    MSG_E608_DATES.fill(&[("from", &f), ("to", &t)]),
                    span,
                    LBL_E608.plain(),
                )
                .with_help(HELP_E608_DATES.fill(&[("from", &f), ("to", &t)])),
            );
        }
    }
    let schedules: Vec<&ast::Schedule> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Schedule(s) => Some(s),
            _ => None,
        })
        .collect();
    let mut tbd = false;
    for s in &schedules {
        if let Some(t) = &s.tbd {
            tbd = true;
            diags.push(
                Diagnostic::new(&W603, MSG_W603.plain(), t.span, LBL_W603.plain())
                    .with_help(HELP_W603.plain()),
            );
        }
    }
    let mut placed = place_slots(&schedules, diags);
    placed.sort_by_key(|p| (p.at, p.slot.span.start));
    if let Some((from, to, span)) = dates {
        outside_dates(&placed, from, to, span, diags);
    }
    let links = stage_links(ctx);
    let rounds = rounds_placed(ctx, &placed, diags);
    order(&rounds, &links, diags);
    if !tbd && !placed.is_empty() {
        missing(ctx, &rounds, diags);
    }
    short_slots(file, &placed, &links, diags);
}

/// Every slot of the schedules on one time line (minutes from a fixed day); E608 for a day given
/// twice and a slot that ends before it starts.
fn place_slots<'a>(schedules: &[&'a ast::Schedule], diags: &mut Diagnostics) -> Vec<Placed<'a>> {
    let mut placed: Vec<Placed<'a>> = Vec::new();
    let mut days_seen: BTreeMap<Date, Span> = BTreeMap::new();
    for s in schedules {
        for day in &s.days {
            if let Some(first) = days_seen.get(&day.date.node) {
                let ds = day.date.node.to_string();
                diags.push(
                    Diagnostic::new(
                        &E608,
                        MSG_E608_DAY.fill(&[("date", &ds)]),
                        day.date.span,
                        LBL_E608_AGAIN.plain(),
                    )
                    .with_label(*first, LBL_E608_FIRST.plain())
                    .with_help(HELP_E608_DAY.fill(&[("date", &ds)])),
                );
            } else {
                days_seen.insert(day.date.node, day.date.span);
            }
            let base = day.date.node.day_number() * 24 * 60;
            for slot in &day.slots {
                let start = slot.start.as_ref().map(|t| minutes(t.node));
                let end = slot.end.as_ref().map(|t| minutes(t.node));
                if let (Some(a), Some(b), Some(st), Some(en)) = (start, end, &slot.start, &slot.end)
                {
                    if b < a {
                        let (ss, es) = (fmt_minutes(a), fmt_minutes(b));
                        diags.push(
                            Diagnostic::new(
                                &E608,
                                MSG_E608_SLOT.fill(&[("start", &ss), ("end", &es)]),
                                st.span.join(en.span),
                                LBL_E608.plain(),
                            )
                            .with_help(HELP_E608_SLOT.fill(&[("start", &ss), ("end", &es)])),
                        );
                    }
                }
                placed.push(Placed {
                    date: day.date.node,
                    at: base + start.unwrap_or(0),
                    end: end.filter(|e| Some(*e) >= start).map(|e| base + e),
                    slot,
                });
            }
        }
    }
    placed
}

/// The first slot of each (stage, round) the schedule names: E613 for a round beyond the
/// stage's, E607 for a round given more slots than its games.
/// W605: a round of a round robin that only the entry's `cap` bounds, beyond the rounds a full
/// field plays. A warning, not E613: the stage's own size is open, only the cap makes the round
/// unreachable.
fn beyond_entry_cap(
    ctx: &Ctx<'_>,
    fact: &crate::check::facts::StageFacts,
    r: &ast::RoundRef,
    round: u32,
) -> Option<Diagnostic> {
    let total = fact.rounds_under_entry_cap.filter(|t| round > *t)?;
    let cap = ctx.facts.cap?;
    let total = total.to_string();
    let values = [
        ("stage", r.stage.node.as_str()),
        ("total", total.as_str()),
        ("cap", &cap.to_string()),
        ("round", &round.to_string()),
    ];
    Some(
        Diagnostic::new(
            &W605,
            MSG_W605.fill(&values),
            r.span,
            LBL_W605.fill(&values),
        )
        .with_help(HELP_W605.fill(&values)),
    )
}

fn rounds_placed(
    ctx: &Ctx<'_>,
    placed: &[Placed<'_>],
    diags: &mut Diagnostics,
) -> BTreeMap<(String, u32), (i64, Span)> {
    // (stage, round) -> first slot span and time.
    let mut rounds: BTreeMap<(String, u32), (i64, Span)> = BTreeMap::new();
    // How many slots each round has: a knockout of `games N` may give each game its own slot.
    let mut slots_of: BTreeMap<(String, u32), u32> = BTreeMap::new();
    for p in placed {
        let SlotKind::Rounds(refs) = &p.slot.kind else {
            continue;
        };
        for r in refs {
            // An unknown stage is reported once, by the name check.
            let Some(fact) = ctx.facts.stages.get(&r.stage.node) else {
                continue;
            };
            for round in r.rounds.start..=r.rounds.end.min(r.rounds.start.saturating_add(1000)) {
                let beyond = round == 0 || fact.rounds_at_most.is_some_and(|t| round > t);
                if beyond {
                    if !fact.rounds_disputed {
                        let total = fact.rounds_at_most.unwrap_or(0).to_string();
                        diags.push(
                            Diagnostic::new(
                                &E613,
                                MSG_E613.fill(&[
                                    ("stage", &r.stage.node),
                                    ("total", &total),
                                    ("round", &round.to_string()),
                                ]),
                                r.span,
                                LBL_E613.plain(),
                            )
                            .with_help(HELP_E613.fill(&[("total", &total)])),
                        );
                    }
                    break;
                }
                if let Some(d) = beyond_entry_cap(ctx, fact, r, round) {
                    diags.push(d);
                    break;
                }
                let key = (r.stage.node.clone(), round);
                let seen = slots_of.entry(key.clone()).or_insert(0);
                *seen += 1;
                let games = games_per_round(ctx, &r.stage.node);
                if let Some((_, first)) = rounds.get(&key).filter(|_| *seen > games) {
                    diags.push(
                        Diagnostic::new(
                            &E607,
                            MSG_E607
                                .fill(&[("round", &round.to_string()), ("stage", &r.stage.node)]),
                            r.span,
                            LBL_E607.plain(),
                        )
                        .with_label(*first, LBL_E607_FIRST.plain())
                        .with_help(HELP_E607.plain()),
                    );
                } else {
                    rounds.entry(key).or_insert((p.at, r.span));
                }
            }
        }
    }
    rounds
}
