//! Rankings derived from an individual stage (`ranking teams { from main by unit sum places best
//! 3 short unranked }`). Every clause is needed to run it: no default would be the regulation's
//! own word, so a missing one is refused (E531 for `best K`, E535 for `from`, `by`, `short`).
//! The attribute must be one a roster carries (E534); the source must be one individual standing
//! (E533) and, to sum points, give points (E537); K is at least 1 (E532); prize tables and quotas
//! name a ranking as they name a category, so the two never share a name (E536). An unknown
//! source stage is E103, raised with the other references by `unknown`.

use xqreg_grammar::ast::{DerivedRanking, Expect, Ident, Item, PlayerAttr, PlayerDecl, Scenario};

use super::facts::FormatKind;
use super::names::code;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

/// The roster attributes a ranking may group by (roster CSV columns `unit`, `federation`, `pool`).
pub const ATTRIBUTES: &[&str] = &["unit", "federation", "pool"];

code!(E531, "E531", "ranking-without-best", Error,
    Template::new("A derived ranking counts the best K members of each unit: `sum places best 3` or `sum points best 3`. Without `best K` there is no rule for how many count.",
        "团体名次按各单位成绩最好的 K 名棋手计算：`sum places best 3` 或 `sum points best 3`。没有 `best K`，就不知道计算几人。"),
    "ranking teams { from main by unit sum places short unranked }",
    Template::new("Write how many members count: `sum places best 3`.",
        "写明计算人数：`sum places best 3`。"));

code!(E532, "E532", "ranking-best-zero", Error,
    Template::new("`best 0` counts no member, so every unit has the same sum and the ranking decides nothing.",
        "`best 0` 不计算任何棋手，各单位总分相同，名次无从排定。"),
    "ranking teams { from main by unit sum places best 0 short unranked }",
    Template::new("Count at least one member: `best 1` or more.", "至少计算一名棋手：`best 1` 或更多。"));

code!(E533, "E533", "ranking-source-not-individual", Error,
    Template::new("A derived ranking reads one individual standing: its `from` stage must be a Swiss, a round robin without groups or a knockout of players. A stage of several groups has no single order of places, and a team stage ranks teams, not members.",
        "团体名次依据一个个人排名：`from` 的阶段须为积分编排、不分组的循环赛或个人淘汰赛。分组的阶段没有统一的名次，团体赛阶段排的是队伍而不是棋手。"),
    "stage groups { round_robin single groups A B size 4 }\nranking teams { from groups by unit sum places best 2 short unranked }",
    Template::new("Derive the ranking from a stage with one standing (the final Swiss, a final round robin).",
        "改为依据只有一个排名的阶段（如最后的积分编排或决赛循环赛）。"));

code!(E534, "E534", "ranking-attribute-unknown", Error,
    Template::new("A derived ranking groups members by an attribute every roster row carries: `unit`, `federation` or `pool`. Any other word names nothing the roster can hold.",
        "团体名次按名单中的属性归并棋手：`unit`（单位）、`federation`（协会）或 `pool`（名额来源）。其他词在名单中没有对应的列。"),
    "ranking schools { from main by school sum places best 3 short unranked }",
    Template::new("Group by `unit` (write the school as each player's unit), `federation` or `pool`.",
        "改为 `by unit`（把学校写作棋手的单位）、`by federation` 或 `by pool`。"));

code!(E535, "E535", "ranking-clause-missing", Error,
    Template::new("A derived ranking needs its source stage (`from STAGE`), its grouping (`by unit`) and what happens to a unit with fewer than K members (`short unranked` or `short last`), as the regulation states them.",
        "团体名次须写明依据的阶段（`from STAGE`）、归并方式（`by unit`）以及不足 K 人的单位如何处理（`short unranked` 或 `short last`），以规程原文为准。"),
    "ranking teams { from main sum places best 3 short unranked }",
    Template::new("Add the missing clause.", "补上缺少的子句。"));

code!(E536, "E536", "ranking-name-clash", Error,
    Template::new("Prize tables and qualification quotas name a derived ranking as they name a category, so a ranking and a category may not share a name.",
        "奖励和资格名额以名称指明团体名次或组别，因此团体名次不能与组别同名。"),
    "category teams { sex men }\nranking teams { from main by unit sum places best 3 short unranked }",
    Template::new("Rename the ranking (`team_ranking`) and the tables that name it.",
        "给团体名次改名（如 `team_ranking`），并修改引用它的奖励与名额。"));

code!(E537, "E537", "ranking-points-without-score", Error,
    Template::new("`sum points` adds the members' points in the source stage, but a knockout gives its players no points, only places.",
        "`sum points` 累加棋手在该阶段的积分，但淘汰赛只有名次，没有积分。"),
    "stage cup { knockout { seeded 8 } }\nranking teams { from cup by unit sum points best 2 short unranked }",
    Template::new("Sum the places instead (`sum places best K`), or derive from a Swiss or round robin.",
        "改为按名次之和（`sum places best K`），或依据积分编排、循环赛阶段。"));

code!(E538, "E538", "unknown-ranking", Error,
    Template::new("A scenario's `ranking_place RANKING N UNIT` names a derived ranking that the file does not declare.",
        "测试中的 `ranking_place RANKING N UNIT` 引用了文件中没有声明的团体名次。"),
    "test \"t\" { roster generated  expect { ranking_place teams 1 北京 } }",
    Template::new("Declare the ranking (`ranking teams { ... }`) or correct the name.",
        "声明该团体名次（`ranking teams { ... }`），或改正名称。"));

code!(E541, "E541", "ranking-places-over-stages", Error,
    Template::new("A ranking derived from several stages (`from junior, senior`) adds its members' points: each stage has its own place 1, so places from different stages cannot be summed.",
        "依据多个阶段（如 `from junior, senior`）的团体名次累加棋手的积分：各阶段各有自己的第一名，不同阶段的名次不能相加。"),
    "ranking schools { from junior, senior by unit sum places best 3 short unranked }",
    Template::new("Sum the points (`sum points best K`), or derive from one stage.",
        "改为累加积分（`sum points best K`），或只依据一个阶段。"));

code!(E542, "E542", "ranking-points-of-final-ranking", Error,
    Template::new("`from overall` ranks the units by their members' places in the event's final ranking, which gives places only: a player's points are a stage's, not the event's.",
        "`from overall` 依据棋手在总名次中的名次排定团体名次；总名次只有名次，积分属于各阶段而不属于整个赛事。"),
    "ranking teams { from overall by federation sum points best 2 short unranked }",
    Template::new("Sum the places (`sum places best K`), or derive the points from a stage (`from main`).",
        "改为名次之和（`sum places best K`），或依据某一阶段的积分（`from main`）。"));

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
