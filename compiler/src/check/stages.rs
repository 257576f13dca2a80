//! Stages: one format each (E209), entrants only from earlier stages (E207), decided places
//! against entrants (E211), Swiss rounds against players (E204: never pairable; W405: rounds
//! beyond [`swiss_sure_rounds`] may not pair) and the round count a schedule
//! states for a round robin (E213). Place references are `refs`; brackets, same-place stages and
//! splits are `brackets`.
//!
//! Every check reads counts from [`super::facts`] and skips what is unknown or unresolved (an
//! unknown stage or group was reported by `names`).

use xqreg_grammar::ast::Spanned;
use xqreg_grammar::ast::{
    EntrantSource, EntryClause, Format, PlaceRange, PoolSource, StageClause, SwissRounds,
};
use xqreg_grammar::Span;

use super::facts::{formats_of, range_len, FormatKind, StageFacts};
use super::refs::{onward_count, own_refs};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E204, &E207, &E209, &E211, &E213, &W405];

/// The span of a format line.
pub fn format_span(f: &Format) -> Span {
    match f {
        Format::RoundRobin { span, .. }
        | Format::Swiss { span, .. }
        | Format::SamePlace { span, .. }
        | Format::TeamRoundRobin { span, .. } => *span,
        Format::Knockout(k) => k.span,
    }
}

// The message catalogue of this module: compiler/messages/check/stages.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/stages.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    formats(ctx, diags);
    order(ctx, diags);
    places(ctx, diags);
    swiss(ctx, diags);
    rr_rounds(ctx, diags);
}

pub(super) fn stages<'a>(
    ctx: &Ctx<'a>,
) -> impl Iterator<Item = &'a xqreg_grammar::ast::Stage> + 'a {
    let scope = ctx.scope;
    scope
        .stage_order
        .iter()
        .filter_map(move |n| scope.stages.get(n).map(|i| i.stage))
}

/// The most rounds a Swiss may play: its fixed rounds, or the largest arm of `by_entries`; none
/// while they are to be announced.
pub(super) fn most_rounds(st: &xqreg_grammar::ast::Stage) -> Option<u32> {
    most_rounds_of(st.clauses.iter())
}

/// [`most_rounds`] of a stage's clauses (with `same_as` resolved, the clauses it copies too).
pub(super) fn most_rounds_of<'a>(
    clauses: impl IntoIterator<Item = &'a StageClause>,
) -> Option<u32> {
    clauses.into_iter().find_map(|c| match c {
        StageClause::Format(Format::Swiss { rounds, .. }) => match rounds {
            SwissRounds::Fixed(n) => Some(n.node),
            SwissRounds::ByEntries(arms) => arms.iter().map(|a| a.rounds.node).max(),
            // Rounds to be announced: the runtime checks the entry against the rounds it runs.
            SwissRounds::Tbd(_) => None,
        },
        _ => None,
    })
}

/// Every clause of every stage, the stages in order, with its stage.
pub(super) fn stage_clauses<'a>(
    ctx: &Ctx<'a>,
) -> impl Iterator<Item = (&'a xqreg_grammar::ast::Stage, &'a StageClause)> + 'a {
    stages(ctx).flat_map(|st| st.clauses.iter().map(move |c| (st, c)))
}

/// The stages in order with their name and facts; a stage without facts is left out.
pub(super) fn stages_with_facts<'a>(
    ctx: &'a Ctx<'a>,
) -> impl Iterator<Item = (&'a xqreg_grammar::ast::Stage, &'a str, &'a StageFacts)> + 'a {
    stages(ctx).filter_map(|st| {
        let name = st.name.node.as_str();
        ctx.facts.stages.get(name).map(|f| (st, name, f))
    })
}

/// `report` at `r`, a places range that should hold `count` places: `args`, then the range's
/// `len` and its `start` and the `end` that a range of `count` places from there has.
pub(super) fn range_should_hold(
    report: &Report,
    r: &PlaceRange,
    count: u32,
    args: &[(&str, &str)],
) -> Diagnostic {
    let len = range_len(r).to_string();
    let start = r.start.to_string();
    let end = r.start.saturating_add(count).saturating_sub(1).to_string();
    let mut all = args.to_vec();
    all.extend([("len", len.as_str()), ("start", &start), ("end", &end)]);
    report.at(r.span, &all)
}

fn formats(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        let own = formats_of(&st.clauses);
        let name = st.name.node.as_str();
        match own.as_slice() {
            [] => {
                let inherited = ctx
                    .scope
                    .stage_clauses(name)
                    .iter()
                    .any(|c| matches!(c, StageClause::Format(_)));
                // An unknown `same_as` target is reported by `names`; a missing format would cascade.
                let bad_same_as = st.clauses.iter().any(|c| {
                    matches!(c, StageClause::SameAs(t) if !ctx.scope.stages.contains_key(t.node.as_str()))
                });
                if !inherited && !bad_same_as {
                    diags.push(NO_FORMAT.at(st.name.span, &[("stage", name)]));
                }
            }
            [first, rest @ ..] => {
                for f in rest {
                    diags.push(
                        TWO_FORMATS
                            .at(format_span(f), &[("stage", name)])
                            .with_label(format_span(first), FIRST_FORMAT.plain()),
                    );
                }
            }
        }
    }
}

fn order(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let scope = ctx.scope;
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let Some(me) = scope.stages.get(name) else {
            continue;
        };
        let mut sources: Vec<(&xqreg_grammar::ast::Ident, Span)> = own_refs(st)
            .into_iter()
            .map(|r| (&r.stage, r.stage.span))
            .collect();
        for c in &st.clauses {
            if let StageClause::Format(Format::SamePlace { groups, .. }) = c {
                sources.extend(groups.iter().map(|g| (&g.stage, g.stage.span)));
            }
        }
        let mut reported = std::collections::BTreeSet::new();
        for (from, span) in sources {
            let Some(other) = scope.stages.get(from.node.as_str()) else {
                continue;
            };
            if !reported.insert(from.node.as_str()) {
                continue;
            }
            if other.order == me.order {
                diags.push(FROM_ITSELF.at(span, &[("stage", name)]));
            } else if other.order > me.order {
                diags.push(
                    FROM_LATER
                        .at(span, &[("stage", name), ("from", &from.node)])
                        .with_label(other.stage.name.span, DECLARED_HERE.plain()),
                );
            }
        }
        for c in &st.clauses {
            if let StageClause::Split { to, .. } = c {
                if let Some(target) = scope.stages.get(to.node.as_str()) {
                    if target.order <= me.order {
                        diags.push(
                            SPLIT_BACKWARDS.at(to.span, &[("stage", name), ("to", &to.node)]),
                        );
                    }
                }
            }
        }
    }
}

fn places(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, name, f) in stages_with_facts(ctx) {
        if f.format == FormatKind::SamePlace {
            continue;
        }
        // Without a `field`, the players counted for a stage of the roster are an assumed
        // field's (`assume field N` under a `cap`): a range up to the cap is the most the stage
        // places, and a smaller field takes its first places, as the runtime does; a range
        // beyond the cap has places no field can fill.
        let bounded = !field_declared(ctx) && takes_from_roster(ctx, st);
        if let Some(cap) = most_under_cap(ctx).filter(|_| bounded) {
            let beyond = st.clauses.iter().find_map(|c| match c {
                StageClause::Places(r) if range_len(r) > cap => Some(r),
                _ => None,
            });
            if let Some(r) = beyond {
                let args = [("stage", name), ("entrants", &cap.to_string())];
                diags.push(range_should_hold(&PLACES_MISMATCH, r, cap, &args));
                continue;
            }
        }
        let Some(entrants) = f.entrants else {
            continue;
        };
        // Players that go on to a later stage (by a split or by place references) are placed
        // there: the stage may state the places of everyone, or only of those who stay.
        let onward = onward_count(ctx, name).max(f.split_top.unwrap_or(0));
        let staying = entrants.saturating_sub(onward);
        let expected = if onward > 0 && staying > 0 {
            staying
        } else {
            entrants
        };
        for c in &st.clauses {
            let StageClause::Places(r) = c else { continue };
            let len = range_len(r);
            if bounded && len > entrants && most_under_cap(ctx).is_some_and(|cap| len <= cap) {
                continue;
            }
            if len != entrants && len != expected && entrants > 0 {
                let args = [("stage", name), ("entrants", &expected.to_string())];
                diags.push(range_should_hold(&PLACES_MISMATCH, r, expected, &args));
            }
        }
    }
}

/// The most players a `cap` admits: the cap, and the players of a host pool that fills an odd
/// field (`host_player N when_odd`), who take no place under it.
fn most_under_cap(ctx: &Ctx<'_>) -> Option<u32> {
    let host: u32 = ctx
        .scope
        .entries
        .iter()
        .flat_map(|e| &e.clauses)
        .filter_map(|c| match c {
            EntryClause::Pool(p) => Some(p),
            _ => None,
        })
        .flat_map(|p| &p.source)
        .map(|s| match s {
            PoolSource::Host {
                count,
                when_odd: Some(_),
                ..
            } => count.node,
            _ => 0,
        })
        .fold(0, u32::saturating_add);
    ctx.facts.cap.map(|c| c.saturating_add(host))
}

/// Whether the entry states an exact field (`field N`).
fn field_declared(ctx: &Ctx<'_>) -> bool {
    ctx.scope
        .entries
        .iter()
        .flat_map(|e| &e.clauses)
        .any(|c| matches!(c, EntryClause::Field(_)))
}

/// Whether the stage's players come from the roster only (the roster, categories, pools; no
/// `entrants` clause: the whole roster), and no split sends it players.
pub(super) fn takes_from_roster(ctx: &Ctx<'_>, st: &xqreg_grammar::ast::Stage) -> bool {
    let split_target = stages(ctx).any(|other| {
        other
            .clauses
            .iter()
            .any(|c| matches!(c, StageClause::Split { to, .. } if to.node == st.name.node))
    });
    let from_roster = st.clauses.iter().all(|c| match c {
        StageClause::Entrants { sources, .. } => sources.iter().all(|s| {
            matches!(
                s,
                EntrantSource::Roster(_) | EntrantSource::Category(_) | EntrantSource::Pool(_)
            )
        }),
        _ => true,
    });
    from_roster && !split_target
}

fn swiss(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, name, f) in stages_with_facts(ctx) {
        // Exact entrants, else the cap bounds the field from above.
        let players = f.entrants.or(ctx.facts.cap);
        for c in &st.clauses {
            let StageClause::Format(Format::Swiss { rounds, .. }) = c else {
                continue;
            };
            match rounds {
                xqreg_grammar::ast::SwissRounds::Fixed(r) => {
                    if let Some(n) = players {
                        let bound = f.entrants.is_none();
                        may_not_pair(diags, r, name, n, bound);
                        if r.node >= n {
                            // Without exact entrants the number is the cap's, a bound.
                            diags.push(SWISS_ROUNDS.at(
                                r.span,
                                &[
                                    ("rounds", &r.node.to_string()),
                                    ("stage", name),
                                    ("at_most", if bound { "at most " } else { "" }),
                                    ("at_most_zh", if bound { "最多" } else { "" }),
                                    ("players", &n.to_string()),
                                    ("max", &n.saturating_sub(1).to_string()),
                                ],
                            ));
                        }
                    }
                }
                // An assumed round count is checked with the assumption (`open_values`).
                xqreg_grammar::ast::SwissRounds::Tbd(_) => {}
                xqreg_grammar::ast::SwissRounds::ByEntries(arms) => {
                    // A round-robin row plays as many rounds as its field needs.
                    for arm in arms.iter().filter(|a| a.round_robin.is_none()) {
                        let top = match (arm.max, ctx.facts.cap) {
                            (Some(m), Some(c)) => Some(m.min(c)),
                            (m, c) => m.or(c),
                        };
                        if let Some(n) = top {
                            // W405 when even the row's largest field may run out.
                            may_not_pair(diags, &arm.rounds, name, n, true);
                            if arm.rounds.node >= n {
                                diags.push(SWISS_ARM.at(
                                    arm.rounds.span,
                                    &[
                                        ("rounds", &arm.rounds.node.to_string()),
                                        ("players", &n.to_string()),
                                        ("max", &n.saturating_sub(1).to_string()),
                                    ],
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The rounds a Swiss of `n` players can always pair without a repeat opponent, whatever the
/// earlier rounds were: `n` counted as `n + 1` when odd (the bye is a player nobody meets twice),
/// then `n/2` when `n/2` is odd and `n/2 + 1` when it is even (never more than `n - 1`). Before
/// round `r` each player has `n - r` opponents unmet; from `n/2` on that graph has a perfect
/// matching (Dirac), and at `n/2 - 1` it has one unless it is two disjoint odd halves: 10 players
/// whose halves of 5 each played only the other half in rounds 1 to 5 cannot be paired in round 6.
pub(crate) fn swiss_sure_rounds(n: u32) -> u32 {
    // In u64: a field of u32::MAX (a mutant, a typo) rounds up past u32.
    let m = u64::from(n) + u64::from(n % 2);
    let half = m / 2;
    let sure = if half % 2 == 1 { half } else { half + 1 };
    u32::try_from(sure.min(m.saturating_sub(1))).unwrap_or(u32::MAX)
}

/// W405: a Swiss of `rounds` for a field of `n` (`bound`: at most `n`, a cap or a row's largest
/// field) past the rounds it can always pair, and below E204's `rounds >= n`, which says it
/// instead. Only the largest field the regulation admits is measured, so that the warning holds
/// for every field: a smaller one is at more risk (a row `9..: 7`, 9 players in 7 rounds, is not
/// warned, its largest field having no bound).
fn may_not_pair(diags: &mut Diagnostics, rounds: &Spanned<u32>, stage: &str, n: u32, bound: bool) {
    let sure = swiss_sure_rounds(n);
    if rounds.node <= sure || rounds.node >= n {
        return;
    }
    diags.push(SWISS_MAY_NOT_PAIR.at(
        rounds.span,
        &[
            ("stage", stage),
            ("rounds", &rounds.node.to_string()),
            ("at_most", if bound { "at most " } else { "" }),
            ("at_most_zh", if bound { "最多" } else { "" }),
            ("players", &n.to_string()),
            ("safe", &sure.to_string()),
        ],
    ));
}

fn rr_rounds(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.facts.stage_order {
        let Some(f) = ctx.facts.stages.get(name) else {
            continue;
        };
        if !f.rounds_disputed {
            continue;
        }
        let (Some((scheduled, span)), Some(rounds), Some(size)) =
            (f.scheduled_rounds, f.rounds, f.group_size)
        else {
            continue;
        };
        diags.push(RR_ROUNDS.at(
            span,
            &[
                ("stage", name),
                ("scheduled", &scheduled.to_string()),
                ("size", &size.to_string()),
                ("rounds", &rounds.to_string()),
            ],
        ));
    }
}
