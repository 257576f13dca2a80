//! Place references: inside the standings they name (E206) and taken by one stage or places
//! declaration only (E212). Also the counting helpers other stage checks share: which places a
//! reference takes, and how many places of a stage go on to later stages.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    BracketSlot, EntrantSource, Format, GroupSel, Item, KnockoutClause, PlaceRef, StageClause,
};
use xqreg_grammar::Span;

use super::facts::range_len;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E206, &E212];

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    ranges(ctx, diags);
    taken_twice(ctx, diags);
}

// The message catalogue of this module: compiler/messages/check/refs.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/refs.rs"));

/// Every place reference of stages and places declarations, with the index of the item that
/// writes it.
pub(super) fn all_refs<'a>(ctx: &Ctx<'a>) -> Vec<(usize, &'a PlaceRef)> {
    let mut out = Vec::new();
    for (i, item) in ctx.file.items.iter().enumerate() {
        match item {
            Item::Stage(st) => out.extend(own_refs(st).into_iter().map(|r| (i, r))),
            Item::Places(p) => out.extend(p.sources.iter().map(|r| (i, r))),
            _ => {}
        }
    }
    out
}

/// Whether a reference resolves (stage known, named group known).
fn resolves(ctx: &Ctx<'_>, r: &PlaceRef) -> bool {
    match ctx.scope.stages.get(r.stage.node.as_str()) {
        None => false,
        Some(info) => match &r.group {
            GroupSel::Named(g) => info.has_group(&g.node),
            GroupSel::All | GroupSel::None => true,
        },
    }
}

/// The number of places the referenced standings have, and whose they are (en, zh).
fn standings_size(ctx: &Ctx<'_>, r: &PlaceRef) -> Option<(u32, String, String)> {
    let f = ctx.facts.stages.get(r.stage.node.as_str())?;
    let stage = &r.stage.node;
    if f.groups.is_empty() {
        return f
            .entrants
            .map(|n| (n, format!("stage `{stage}`"), format!("阶段 `{stage}` ")));
    }
    let size = f.group_size?;
    let (en, zh) = match &r.group {
        GroupSel::Named(g) => (
            format!("group `{}` of `{stage}`", g.node),
            format!("`{stage}` 的小组 `{}` ", g.node),
        ),
        _ => (
            format!("each group of `{stage}`"),
            format!("`{stage}` 的每个小组"),
        ),
    };
    Some((size, en, zh))
}

fn ranges(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (_, r) in all_refs(ctx) {
        if !resolves(ctx, r) {
            continue;
        }
        let Some((size, en, zh)) = standings_size(ctx, r) else {
            continue;
        };
        let bad = if r.places.start == 0 {
            Some(0)
        } else if r.places.end > size {
            Some(r.places.end)
        } else {
            None
        };
        if let Some(place) = bad {
            diags.push(OUT_OF_RANGE.at(
                r.places.span,
                &[
                    ("place", &place.to_string()),
                    ("whose", &en),
                    ("whose_zh", &zh),
                    ("size", &size.to_string()),
                ],
            ));
        }
    }
}

/// Expansions are capped: a reference beyond its standings is E206's, and an unknown size with a
/// huge range says nothing useful about overlaps.
const EXPAND_MAX: u32 = 1024;

/// The concrete places a resolvable, in-range reference takes: (stage, group, place).
fn expand(ctx: &Ctx<'_>, r: &PlaceRef) -> Vec<(String, String, u32)> {
    if !resolves(ctx, r) || r.places.start == 0 || range_len(&r.places) > EXPAND_MAX {
        return Vec::new();
    }
    if let Some((size, _, _)) = standings_size(ctx, r) {
        if r.places.end > size {
            return Vec::new();
        }
    }
    let groups: Vec<String> = match &r.group {
        GroupSel::Named(g) => vec![g.node.clone()],
        GroupSel::None => vec![String::new()],
        GroupSel::All => ctx
            .scope
            .stages
            .get(r.stage.node.as_str())
            .map(|i| i.groups.iter().map(|g| g.node.clone()).collect())
            .unwrap_or_default(),
    };
    let mut out = Vec::new();
    for g in &groups {
        for p in r.places.start..=r.places.end {
            out.push((r.stage.node.clone(), g.clone(), p));
        }
    }
    out
}

fn describe(stage: &str, group: &str, place: u32) -> (String, String) {
    if group.is_empty() {
        (
            format!("place {place} of `{stage}`"),
            format!("`{stage}` 的第 {place} 名"),
        )
    } else {
        (
            format!("place {place} of group `{group}` of `{stage}`"),
            format!("`{stage}` 小组 `{group}` 的第 {place} 名"),
        )
    }
}

fn taken_twice(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    // A repeat inside one stage is a bracket slot used twice (E205) or a repeated source; only
    // places that go two ways (two stages, or a stage and a declaration) are this check's.
    let mut taken: BTreeMap<(String, String, u32), (Span, usize)> = BTreeMap::new();
    for (owner, r) in all_refs(ctx) {
        let mut clash = None;
        for key in expand(ctx, r) {
            match taken.get(&key) {
                Some((first, first_owner)) => {
                    if clash.is_none() && *first_owner != owner {
                        clash = Some((key.clone(), *first));
                    }
                }
                None => {
                    taken.insert(key, (r.span, owner));
                }
            }
        }
        if let Some(((stage, group, place), first)) = clash {
            let (en, zh) = describe(&stage, &group, place);
            diags.push(
                TAKEN_TWICE
                    .at(r.span, &[("what", &en), ("what_zh", &zh)])
                    .with_label(first, TAKEN_FIRST.plain()),
            );
        }
    }
}

/// Players a reference names when its stage resolves (the group count is known).
pub(super) fn facts_count(ctx: &Ctx<'_>, r: &PlaceRef) -> Option<u32> {
    if !resolves(ctx, r) {
        return None;
    }
    super::facts::ref_count(ctx.scope, r)
}

/// How many distinct places of `stage` later stages take (entrants, bracket slots).
pub(super) fn onward_count(ctx: &Ctx<'_>, stage: &str) -> u32 {
    let mut taken = std::collections::BTreeSet::new();
    for item in &ctx.file.items {
        let Item::Stage(st) = item else { continue };
        if st.name.node == stage {
            continue;
        }
        for r in own_refs(st) {
            if r.stage.node == stage {
                taken.extend(expand(ctx, r));
            }
        }
    }
    taken.len() as u32
}

/// Every place reference a stage writes itself (entrants, bracket slots).
pub(crate) fn own_refs(st: &xqreg_grammar::ast::Stage) -> Vec<&PlaceRef> {
    let mut out = Vec::new();
    for c in &st.clauses {
        match c {
            StageClause::Entrants { sources, .. } => {
                for s in sources {
                    if let EntrantSource::Places(r) = s {
                        out.push(r);
                    }
                }
            }
            StageClause::Format(Format::Knockout(k)) => {
                for kc in &k.clauses {
                    if let KnockoutClause::Bracket { pairs, .. } = kc {
                        for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                            if let BracketSlot::Place(r) = slot {
                                out.push(r);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}
