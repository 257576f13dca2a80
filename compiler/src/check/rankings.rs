//! Rankings derived from an individual stage (`ranking teams { from main by unit sum places best
//! 3 short unranked }`). Every clause is needed to run it: no default would be the regulation's
//! own word, so a missing one is refused (E531 for `best K`, E535 for `from`, `by`, `short`).
//! The attribute must be one a roster carries (E534); the source must be one individual standing
//! (E533) and, to sum points, give points (E537); K is at least 1 (E532); prize tables and quotas
//! name a ranking as they name a category, so the two never share a name (E536). An unknown
//! source stage is E103, raised with the other references by `unknown`.

use xqreg_grammar::ast::{DerivedRanking, Expect, Ident, Item, PlayerAttr, PlayerDecl, Scenario};

use super::facts::FormatKind;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

/// The roster attributes a ranking may group by (roster CSV columns `unit`, `federation`, `pool`).
pub const ATTRIBUTES: &[&str] = &["unit", "federation", "pool"];

pub const CODES: &[&Code] = &[
    &E531, &E532, &E533, &E534, &E535, &E536, &E537, &E538, &E541, &E542,
];

// The message catalogue of this module: compiler/messages/check/rankings.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/rankings.rs"));

/// The values of the grouping attributes (of every declared ranking) that the test's roster and
/// the entry's named players carry: a scenario's prize and qualification lines may name them.
pub fn unit_names(ctx: &Ctx<'_>, t: &Scenario) -> Vec<String> {
    let attrs: Vec<&str> = ctx
        .scope
        .rankings
        .values()
        .filter_map(|r| r.by.as_ref().map(|b| b.node.as_str()))
        .collect();
    if attrs.is_empty() {
        return Vec::new();
    }
    let mut players: Vec<&PlayerDecl> = ctx.scope.players.values().copied().collect();
    if let Some((ps, _)) = ctx.file.scenario_players(t) {
        players.extend(ps.iter());
    }
    let mut out = Vec::new();
    for p in players {
        for a in &p.attrs {
            let value = match a {
                PlayerAttr::Unit(u) if attrs.contains(&"unit") => u.zh.node.clone(),
                PlayerAttr::Federation(f) if attrs.contains(&"federation") => f.node.clone(),
                PlayerAttr::Pool(x) if attrs.contains(&"pool") => x.node.clone(),
                _ => continue,
            };
            if !out.contains(&value) {
                out.push(value);
            }
        }
    }
    out
}

fn expectations(ctx: &Ctx<'_>, t: &Scenario, diags: &mut Diagnostics) {
    for e in &t.expects {
        if let Expect::RankingPlace { ranking, .. } = e {
            if !ctx.scope.rankings.contains_key(ranking.node.as_str()) {
                diags.push(UNKNOWN.at(ranking.span, &[("name", &ranking.node)]));
            }
        }
    }
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Ranking(r) => ranking(ctx, r, diags),
            Item::Test(t) => expectations(ctx, t, diags),
            _ => {}
        }
    }
}

fn ranking(ctx: &Ctx<'_>, r: &DerivedRanking, diags: &mut Diagnostics) {
    let name = r.name.node.as_str();
    // The keyword's span: the block's first word.
    let head = xqreg_grammar::Span {
        start: r.span.start,
        end: r.name.span.end,
    };
    if ctx.scope.categories.contains_key(name) {
        diags.push(CLASH.at(r.name.span, &[("name", name)]));
    }
    for (present, clause, example) in [
        (r.from.is_some(), "from", "from main"),
        (r.by.is_some(), "by", "by unit"),
        (r.short.is_some(), "short", "short unranked"),
    ] {
        if !present {
            diags.push(MISSING.at(
                head,
                &[("name", name), ("clause", clause), ("example", example)],
            ));
        }
    }
    if let Some(by) = &r.by {
        if !ATTRIBUTES.contains(&by.node.as_str()) {
            diags.push(ATTRIBUTE.at(by.span, &[("name", name), ("attr", &by.node)]));
        }
    }
    match r.sum.as_ref().map(|s| (s, s.best.as_ref())) {
        None => diags.push(NO_BEST.at(head, &[("name", name)])),
        Some((s, None)) => diags.push(NO_BEST.at(s.span, &[("name", name)])),
        Some((_, Some(b))) if b.node == 0 => diags.push(BEST_ZERO.at(b.span, &[("name", name)])),
        Some(_) => {}
    }
    let points = r.sum.as_ref().is_some_and(|s| s.measure.node == "points");
    if let (Some(second), false) = (r.also_from.first(), points) {
        diags.push(PLACES_OVER_STAGES.at(second.span, &[("name", name)]));
    }
    for from in r.from.iter().chain(&r.also_from) {
        source(ctx, name, from, points, diags);
    }
}

/// The checks of one source stage: an individual stage with one ranking (E533), with points
/// when the ranking sums points (E537).
fn source(ctx: &Ctx<'_>, name: &str, from: &Ident, points: bool, diags: &mut Diagnostics) {
    // An unknown stage is E103 (`unknown`); nothing more to say about it here.
    let Some(facts) = ctx.facts.stages.get(from.node.as_str()) else {
        if from.node == xqreg_runtime::plan::FROM_OVERALL && points {
            diags.push(OVERALL_POINTS.at(from.span, &[("name", name)]));
        }
        return;
    };
    let why = match facts.format {
        FormatKind::TeamRoundRobin { .. } => Some(("a team stage", "这是团体赛阶段")),
        FormatKind::SamePlace => Some((
            "whose groups play for the same places",
            "该阶段各组争夺同一名次",
        )),
        _ if facts.groups.len() > 1 => Some(("which has several groups", "该阶段分为多个小组")),
        _ => None,
    };
    if let Some((why, why_zh)) = why {
        diags.push(NOT_INDIVIDUAL.at(
            from.span,
            &[
                ("name", name),
                ("stage", &from.node),
                ("why", why),
                ("why_zh", why_zh),
            ],
        ));
        return;
    }
    if points && facts.format == FormatKind::Knockout {
        diags.push(NO_POINTS.at(from.span, &[("name", name), ("stage", &from.node)]));
    }
}
