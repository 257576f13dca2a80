//! Tie-break chains: known criteria (E107) with known options (E111), each once (E401), `小分`
//! resolved (E403), nothing after `lots` (E408), `points` only first (W402, E411), `shared`
//! only at the end of a stage's chain (E422) whose places no one takes one player each (E421),
//! and a chain that can leave ties (W401). What each criterion means in its stage is `fitness`.
//!
//! Chains are checked where they are written: a stage's own chain with the stage's format, a
//! `places ... ranked_by` chain and a mini-match `tiebreak` step with the format-free checks only.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    Criterion, Format, Item, ParamValue, PlacesRule, PlayoffRef, PlayoffStep, StageClause,
    TiebreakChain,
};
use xqreg_grammar::Span;

use super::criteria::{self, lookup, Crit, Lookup, BYE_SCORES};
use super::facts::FormatKind;
use super::fitness::Place;
use super::words::{word, Position, E111};
use super::{suggest, Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[
    &E107, &E401, &E403, &E408, &E411, &E421, &E422, &W401, &W402,
];

// The message catalogue of this module: compiler/messages/check/tiebreaks.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/tiebreaks.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Stage(st) => {
                for c in &st.clauses {
                    if let StageClause::Playoff(PlayoffRef::Inline(p)) = c {
                        steps(&p.steps, diags);
                    }
                }
            }
            Item::Playoff(p) => steps(&p.steps, diags),
            Item::Places(p) => {
                if let PlacesRule::Ranked(chain) = &p.rule {
                    self::chain(chain, Place::Other, diags);
                }
            }
            _ => {}
        }
    }
    for name in &ctx.scope.stage_order {
        let (Some(info), Some(f)) = (ctx.scope.stages.get(name), ctx.facts.stages.get(*name))
        else {
            continue;
        };
        let effective = ctx.scope.stage_clauses(name);
        let bye_stated = effective.iter().any(|c| {
            matches!(c, StageClause::Bye { params, .. } if params.iter().any(|p| p.key.node == "opponent_score"))
        });
        let byes_possible = match f.entrants {
            None if f.sources_unresolved => None,
            None => Some(("the field is not fixed", "人数不固定")),
            Some(n) if !n.is_multiple_of(2) => Some(("the field is odd", "人数为奇数")),
            Some(_) => None,
        };
        let team = effective.iter().any(|c| {
            matches!(
                c,
                StageClause::Format(xqreg_grammar::ast::Format::Swiss {
                    boards: Some(_),
                    ..
                })
            )
        });
        let place = Place::Stage {
            name,
            format: f.format,
            team,
            byes_possible,
            bye_stated,
        };
        for c in &info.stage.clauses {
            if let StageClause::Tiebreak(t) = c {
                chain(t, place, diags);
            }
        }
        // Whether ties can remain: only standings-based formats rank by a chain.
        if !matches!(
            f.format,
            FormatKind::Swiss | FormatKind::RoundRobin { .. } | FormatKind::TeamRoundRobin { .. }
        ) {
            continue;
        }
        // A playoff never plays for a standings tie (E114 refuses one here): no escape.
        match effective.iter().find_map(|c| match c {
            StageClause::Tiebreak(t) => Some(t),
            _ => None,
        }) {
            None => diags.push(NO_CHAIN.at(info.stage.name.span, &[("stage", name)])),
            Some(t) => {
                let has_lots = t
                    .criteria
                    .iter()
                    .any(|c| lookup(&c.name.node) == Lookup::Crit(Crit::Lots));
                let last_unknown = t
                    .criteria
                    .last()
                    .is_some_and(|c| lookup(&c.name.node) == Lookup::Unknown);
                let shared_at = t
                    .criteria
                    .iter()
                    .find(|c| lookup(&c.name.node) == Lookup::Crit(Crit::Shared));
                if let Some(c) = shared_at {
                    shared_read(ctx, name, c.name.span, diags);
                }
                if !has_lots && !last_unknown && shared_at.is_none() {
                    let span = t.criteria.last().map_or(t.span, |c| c.name.span);
                    diags.push(OPEN_CHAIN.at(span, &[("stage", name)]));
                }
            }
        }
    }
}

/// E421: a stage whose chain ends in `shared` (at `at`) while something takes its places one
/// player each: a place reference (entrants, bracket slot, `places` declaration), its own
/// `split`, or a `same_place` over its groups.
fn shared_read(ctx: &Ctx<'_>, stage: &str, at: Span, diags: &mut Diagnostics) {
    let refs = super::refs::all_refs(ctx);
    let by_ref = refs
        .iter()
        .find(|(_, r)| r.stage.node == stage)
        .map(|(_, r)| (r.span, "a place reference", "名次引用"));
    let split = || {
        ctx.scope
            .stage_clauses(stage)
            .into_iter()
            .find_map(|c| match c {
                StageClause::Split { span, .. } => Some((*span, "its `split`", "其 `split`")),
                _ => None,
            })
    };
    let same_place = || {
        ctx.scope.stage_order.iter().find_map(|other| {
            ctx.scope
                .stage_clauses(other)
                .into_iter()
                .find_map(|c| match c {
                    StageClause::Format(Format::SamePlace { groups, span, .. })
                        if groups.iter().any(|g| g.stage.node == stage) =>
                    {
                        Some((*span, "a `same_place` stage", "`same_place` 阶段"))
                    }
                    _ => None,
                })
        })
    };
    if let Some((span, reader, reader_zh)) = by_ref.or_else(split).or_else(same_place) {
        diags.push(
            SHARED_READ
                .at(
                    at,
                    &[
                        ("stage", stage),
                        ("reader", reader),
                        ("reader_zh", reader_zh),
                    ],
                )
                .with_label(span, READ_HERE.plain()),
        );
    }
}

fn steps(steps: &[PlayoffStep], diags: &mut Diagnostics) {
    for s in steps {
        if let PlayoffStep::Tiebreak(t) = s {
            chain(t, Place::Other, diags);
        }
    }
}

fn options(c: &Criterion, crit: Crit, diags: &mut Diagnostics) {
    let variants = crit.variants();
    for v in &c.variants {
        if variants.is_empty() {
            diags.push(NO_VARIANT.at(v.span, &[("crit", crit.name()), ("word", &v.node)]));
        } else {
            word(diags, v, &Position::new("variant", "变体", variants));
        }
    }
    for p in &c.params {
        if !word(
            diags,
            &p.key,
            &Position::new("option", "选项", crit.params()),
        ) {
            continue;
        }
        if let ("bye", ParamValue::Ident(v)) = (p.key.node.as_str(), &p.value) {
            word(
                diags,
                v,
                &Position::new("bye score", "轮空计分", BYE_SCORES),
            );
        }
    }
}

fn chain(t: &TiebreakChain, place: Place<'_>, diags: &mut Diagnostics) {
    let format = match place {
        Place::Stage { format, .. } => format,
        Place::Other => FormatKind::Unknown,
    };
    let stage = match place {
        Place::Stage { name, .. } => name,
        Place::Other => "",
    };
    let mut lots_at: Option<Span> = None;
    let mut seen: BTreeMap<String, Span> = BTreeMap::new();
    for (i, c) in t.criteria.iter().enumerate() {
        let name = c.name.node.as_str();
        if let Some(at) = lots_at {
            diags.push(
                AFTER_LOTS
                    .at(c.name.span, &[("name", name)])
                    .with_label(at, LOTS_HERE.plain()),
            );
            break;
        }
        let crit = match lookup(name) {
            Lookup::Unknown => {
                let names = criteria::all_names();
                let mut d = UNKNOWN.at(c.name.span, &[("name", name)]);
                let foreign = criteria::FOREIGN_NAMES
                    .iter()
                    .find(|(f, _)| f.eq_ignore_ascii_case(name))
                    .map(|(_, ours)| *ours);
                if let Some(s) =
                    foreign.or_else(|| suggest::did_you_mean(name, names.iter().copied()))
                {
                    d = d.with_help(suggest::DID_YOU_MEAN.fill(&[("name", s)]));
                }
                diags.push(d.with_help(LIBRARY_LIST.plain()));
                continue;
            }
            Lookup::SmallPoints if format == FormatKind::Swiss => {
                diags.push(SMALL_POINTS.at(c.name.span, &[("stage", stage)]));
                continue;
            }
            Lookup::SmallPoints => Crit::SonnebornBerger,
            Lookup::Crit(k) => k,
        };
        options(c, crit, diags);
        if crit == Crit::Lots {
            lots_at = Some(c.name.span);
        }
        if crit == Crit::Shared {
            if matches!(place, Place::Other) {
                diags.push(SHARED_NOT_STAGE.at(c.name.span, &[]));
            } else if i + 1 < t.criteria.len() {
                diags.push(SHARED_NOT_LAST.at(c.name.span, &[]));
            }
        }
        if crit == Crit::Points {
            if i == 0 {
                diags.push(POINTS_FIRST.at(c.name.span, &[]));
            } else {
                diags.push(POINTS_LATER.at(c.name.span, &[]));
            }
            continue;
        }
        let key = match criteria::resolve(c, format) {
            Some(r) => format!("{:?}|{:?}|{:?}|{:?}", r.crit, r.variant, r.cut, r.bye),
            None => continue,
        };
        if let Some(first) = seen.get(&key) {
            diags.push(
                REPEATED
                    .at(c.name.span, &[("name", crit.name())])
                    .with_label(*first, FIRST_HERE.plain()),
            );
            continue;
        }
        seen.insert(key, c.name.span);
        super::fitness::criterion(c, crit, place, diags);
    }
}
