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
pub const CODES: &[&Code] = &[&E604, &E605, &E606, &E607, &E608, &E613, &W602, &W603];

/// Moves per side assumed when estimating how long a game can take.
pub(crate) const MOVES_PER_GAME: u32 = 60;

pub static E604: Code = Code {
    code: "E604",
    name: "schedule-missing-round",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A round of a stage has no slot in the schedule. A round robin of n plays n-1 rounds (n even) or n (n odd), a double one twice that; a Swiss its declared rounds; a knockout ⌈log2 size⌉ rounds (the third-place match is played in the round of the final); a same-place stage one round.",
            "某阶段的某一轮在日程中没有安排。n 人单循环赛 n-1 轮（n 为偶数）或 n 轮（n 为奇数），双循环加倍；积分编排赛按规定轮数；淘汰赛 ⌈log2 人数⌉ 轮（三四名比赛与决赛同轮进行）；同名次比赛一轮。",
        ),
        example: "stage groups \"小组赛\" { round_robin single groups A B size 6 }\nschedule { day 2009-05-23 { 09:00 round groups 1..4 } }",
        fix: Template::new(
            "Add a slot for the round: `14:30 round groups 5`.",
            "为该轮安排时间：`14:30 round groups 5`。",
        ),
    },
};

pub static E605: Code = Code {
    code: "E605",
    name: "schedule-out-of-order",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The schedule plays a round before an earlier round of the same stage, or starts a stage before the last round of a stage it takes entrants from.",
            "日程中某轮排在同一阶段的前一轮之前，或某阶段在其取得参赛者的阶段结束之前就开始。",
        ),
        example: "schedule { day 2014-04-27 { 08:10 round groups 2  10:00 round groups 1 } }",
        fix: Template::new("Swap the two slots so that rounds follow each other.", "调换这两个时间安排，使各轮依次进行。"),
    },
};

pub static E606: Code = Code {
    code: "E606",
    name: "schedule-outside-dates",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A round is scheduled on a day outside the event's `dates`, or another slot more than one day outside them (arrival the day before and departure the day after are normal).",
            "某轮比赛安排在比赛日期之外，或其他活动安排在比赛日期前后一天以外（提前一天报到、次日离会属正常）。",
        ),
        example: "regulation \"…\" { dates 2014-04-27 .. 2014-04-29 }\nschedule { day 2014-04-30 { 09:00 round final 1 } }",
        fix: Template::new(
            "Correct the day (often a typo) or widen the event `dates`.",
            "改正日期（常见为笔误），或调整比赛日期 `dates`。",
        ),
    },
};

pub static E607: Code = Code {
    code: "E607",
    name: "schedule-round-twice",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The same round of the same stage has two slots in the schedule (a knockout of `games N` may give each of its N games a slot).",
            "同一阶段的同一轮在日程中出现了两次（`games N` 的淘汰赛每轮的N盘棋可以各占一个时间）。",
        ),
        example: "schedule { day 2014-04-27 { 08:10 round groups 1  10:00 round groups 1 } }",
        fix: Template::new(
            "Renumber the second slot (`round groups 2`) or remove it.",
            "把第二处改为下一轮（`round groups 2`）或删去。",
        ),
    },
};

pub static E608: Code = Code {
    code: "E608",
    name: "reversed-dates",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "Dates that cannot be right: the event ends before it starts, a day is listed twice in the schedule, or a slot ends before it starts.",
            "不可能成立的日期：比赛结束早于开始，日程中同一天列了两次，或某时间段的结束早于开始。",
        ),
        example: "regulation \"…\" { dates 2014-04-29 .. 2014-04-27 }",
        fix: Template::new(
            "Swap the two dates, or merge the two days into one `day` block.",
            "交换两个日期，或把同一天的安排合并为一个 `day`。",
        ),
    },
};

pub static E613: Code = Code {
    code: "E613",
    name: "schedule-round-beyond-stage",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "The schedule has a slot for a round the stage does not play (round 0, or beyond the stage's last round).",
            "日程中安排了该阶段并不存在的轮次（第0轮，或超过该阶段的最后一轮）。",
        ),
        example: "stage final \"决赛\" { knockout { seeded 4 } }\nschedule { day 2014-04-29 { 09:00 round final 3 } }",
        fix: Template::new(
            "Renumber the slot, or correct the stage's size or rounds.",
            "改正该时间安排的轮次，或改正该阶段的人数或轮数。",
        ),
    },
};

pub static W602: Code = Code {
    code: "W602",
    name: "slot-shorter-than-time-control",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "Two rounds are closer together (or a slot is shorter) than a game under the stage's time control can last. A game is assumed to last up to 2 × (base + 60 × increment): both players' base time plus 60 moves each.",
            "两轮之间的间隔（或某时间段的长度）短于该阶段用时制度下一局可能的用时。一局按最长 2 ×（基本用时 + 60 × 每步加秒）估计：双方基本用时加上各走60步的加秒。",
        ),
        example: "time standard { base 60min increment 30s }\nschedule { day 2009-05-23 { 09:00 round groups 1  11:00 round groups 2 } }",
        fix: Template::new(
            "Start the next round later (here at 12:00 or after), or shorten the time control.",
            "推迟下一轮的开始时间（此处不早于 12:00），或缩短用时。",
        ),
    },
};

pub static W603: Code = Code {
    code: "W603",
    name: "schedule-tbd",
    severity: Severity::Warning,
    explain: Explain {
        meaning: Template::new(
            "The regulation leaves the schedule to be announced (待定): rounds cannot be checked against days and times until it is published.",
            "规程未确定日程（待定）：在日程公布之前无法核对各轮的日期和时间。",
        ),
        example: "schedule { tbd \"比赛日程另行通知\" }",
        fix: Template::new(
            "Add the days when they are known, or keep the warning as a reminder.",
            "日程确定后补上各天的安排；在此之前保留此警告作为提醒。",
        ),
    },
};

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
