//! A ranking derived from a stage (`ranking teams { from main by unit sum places best 3 short
//! unranked }`): one sentence in the ranking clause (名次区分) and a table of its rule.

use super::entry::{cell, num_cell};
use super::{order, Art, Ctx};
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::{Clause, Row, Table};
use crate::sheet::Lang;
use xqreg_grammar::ast::DerivedRanking;

/// The ranking's display title: its own, else 团体名次 / Team ranking.
pub fn title(ctx: &Ctx<'_>, r: &DerivedRanking) -> String {
    ctx.title_or(r.title.as_ref(), M::DerivedTitle)
}

pub fn ranking(ctx: &mut Ctx<'_>, r: &DerivedRanking) {
    ctx.mark(r.name.span);
    if let Some(t) = &r.title {
        ctx.mark(t.span);
    }
    let name = title(ctx, r);
    let stages: Vec<String> = r
        .from
        .iter()
        .chain(&r.also_from)
        .map(|f| {
            ctx.mark(f.span);
            let overall = f.node == xqreg_runtime::plan::FROM_OVERALL
                && !ctx.names.stages.contains_key(f.node.as_str());
            if overall {
                ctx.m(M::DerivedFromOverall).to_string()
            } else {
                ctx.stage_title(&f.node)
            }
        })
        .collect();
    let stage = fmt::join(ctx.lang, &stages);
    let attr = r.by.as_ref().map_or(String::new(), |b| {
        ctx.mark(b.span);
        ctx.m(match b.node.as_str() {
            "federation" => M::DerivedByFederation,
            "pool" => M::DerivedByPool,
            _ => M::DerivedByUnit,
        })
        .to_string()
    });
    let (points, best) = match &r.sum {
        Some(s) => {
            ctx.mark(s.span);
            ctx.mark(s.measure.span);
            let best = s.best.as_ref().map_or(String::new(), |b| {
                ctx.mark(b.span);
                b.node.to_string()
            });
            (s.measure.node == "points", best)
        }
        None => (false, String::new()),
    };
    let last = r.short.as_ref().is_some_and(|s| {
        ctx.mark(s.span);
        s.node == "last"
    });
    let lead = ctx.mf(
        if points {
            M::DerivedPoints
        } else {
            M::DerivedPlaces
        },
        &[&name, &stage, &attr, &best],
    );
    let short = ctx.mf(
        if last {
            M::DerivedShortLast
        } else {
            M::DerivedShortUnranked
        },
        &[&attr, &best],
    );
    let sep = if ctx.lang == Lang::Zh { "；" } else { "; " };
    let text = ctx.sentence(&[lead, ctx.m(M::DerivedTie).to_string(), short].join(sep));
    let table = Table {
        caption: name.clone(),
        head: [
            M::ColFromStage,
            M::ColCountedBy,
            M::ColSum,
            M::ColBest,
            M::ColShort,
        ]
        .iter()
        .map(|&m| ctx.m(m).to_string())
        .collect(),
        rows: vec![Row {
            cells: vec![
                cell(stage),
                cell(attr),
                cell(
                    ctx.m(if points {
                        M::DerivedSumPoints
                    } else {
                        M::DerivedSumPlaces
                    })
                    .to_string(),
                ),
                num_cell(best),
                cell(
                    ctx.m(if last {
                        M::DerivedRankedLast
                    } else {
                        M::DerivedNotRanked
                    })
                    .to_string(),
                ),
            ],
        }],
        foot: None,
        numeric: vec![3],
    };
    ctx.push_in(
        Art::Method,
        order::RANKING,
        M::ClauseRanking,
        Clause {
            heading: name,
            text,
            table: Some(table),
            ..Clause::default()
        },
    );
}
