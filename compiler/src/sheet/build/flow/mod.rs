//! The stage-flow diagram of a multi-stage event, laid out as boxes and arrows: one column per
//! level (a stage's level is one more than the stages it takes players from), a box per stage
//! with its format, its groups and the places it decides, a dashed box per places declaration,
//! and an arrow for each stage-to-stage route labelled with the places that take it. The
//! coordinates are computed here; the SVG is written by the template, which escapes every text.

mod layout;

use super::Ctx;
use crate::sheet::catalogue::words;
use crate::sheet::catalogue::M;
use crate::sheet::fmt;
use crate::sheet::model::Diagram;
use crate::sheet::Lang;
use layout::Node;
use std::collections::BTreeMap;
use xqreg_grammar::ast::{Format, GroupSel, PlaceRef, Stage, StageClause, SwissRounds};

/// Where players of a stage come from: every place reference it writes itself (entrants,
/// bracket slots), as the checker reads them.
fn sources(s: &Stage) -> Vec<&PlaceRef> {
    crate::check::refs::own_refs(s)
}

/// Stage names this stage takes whole groups from (same-place matches).
fn group_sources(s: &Stage) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for c in &s.clauses {
        if let StageClause::Format(Format::SamePlace { groups, .. }) = c {
            for g in groups {
                out.push((g.stage.node.clone(), g.group.node.clone()));
            }
        }
    }
    out
}

/// Groups and the place ranges they send along one route.
type GroupPlaces = (Vec<String>, Vec<(u32, u32)>);

/// A short label for places in the diagram: `A、B组第1名`, `各组第3、4名` / `A, B 1st`.
fn label(lang: Lang, refs: &[&PlaceRef]) -> String {
    // places → groups (None = whole stage, "*" = every group).
    let mut by_places: BTreeMap<(u32, u32), Vec<String>> = BTreeMap::new();
    for r in refs {
        let g = match &r.group {
            GroupSel::None => String::new(),
            GroupSel::All => "*".to_string(),
            GroupSel::Named(g) => g.node.clone(),
        };
        let v = by_places.entry((r.places.start, r.places.end)).or_default();
        if !v.contains(&g) {
            v.push(g);
        }
    }
    for groups in by_places.values_mut() {
        groups.sort();
    }
    // Places with the same groups print together: A、B组第1、2名.
    let mut by_groups: Vec<GroupPlaces> = Vec::new();
    for (range, groups) in by_places {
        match by_groups.iter_mut().find(|(g, _)| *g == groups) {
            Some((_, ranges)) => ranges.push(range),
            None => by_groups.push((groups, vec![range])),
        }
    }
    let mut parts = Vec::new();
    for (groups, ranges) in by_groups {
        let p = match ranges.as_slice() {
            [(a, b)] => fmt::stage_places(
                lang,
                xqreg_grammar::ast::PlaceRange {
                    start: *a,
                    end: *b,
                    span: Default::default(),
                },
            ),
            _ => {
                let ns: Vec<String> = ranges
                    .iter()
                    .map(|(a, b)| {
                        if a == b {
                            a.to_string()
                        } else {
                            format!("{a}-{b}")
                        }
                    })
                    .collect();
                match lang {
                    Lang::Zh => format!("第{}名", ns.join("、")),
                    Lang::En => format!("places {}", ns.join(", ")),
                }
            }
        };
        let named: Vec<String> = groups
            .iter()
            .filter(|g| !g.is_empty() && *g != "*")
            .cloned()
            .collect();
        let text = if groups.iter().any(|g| g == "*") {
            match lang {
                Lang::Zh => format!("各组{p}"),
                Lang::En => format!("{p} of each group"),
            }
        } else if named.is_empty() {
            p
        } else {
            match lang {
                Lang::Zh => format!("{}组{p}", named.join("、")),
                Lang::En => format!("{} {p}", named.join(", ")),
            }
        };
        parts.push(text);
    }
    fmt::join(lang, &parts)
}

/// The stage's format in a box's words: its own, or the one it copies (`same_as`), which the
/// box of a group written `same_as` another says as the other's box does.
fn format_line(ctx: &Ctx<'_>, name: &str) -> Option<String> {
    let lang = ctx.lang;
    ctx.format_of(name).map(|f| match f {
        Format::RoundRobin {
            cycles,
            groups,
            size,
            ..
        } => {
            let rr = ctx.in_words(words::cycles, &cycles.node);
            match (groups.len(), size) {
                (0, Some(n)) => format!("{rr} · {}", fmt::persons(lang, u64::from(n.node))),
                (0, None) => rr,
                (k, Some(n)) => match lang {
                    Lang::Zh => format!("{rr} · {k}组×{}人", n.node),
                    Lang::En => format!("{rr} · {k} × {}", n.node),
                },
                (k, None) => match lang {
                    Lang::Zh => format!("{rr} · {k}组"),
                    Lang::En => format!("{rr} · {k} groups"),
                },
            }
        }
        Format::Swiss { system, rounds, .. } => {
            let sys = ctx.in_words(words::swiss, &system.node);
            match rounds {
                SwissRounds::Fixed(n) => match lang {
                    Lang::Zh => format!("{sys} · {}轮", n.node),
                    Lang::En => format!("{sys} · {} rounds", n.node),
                },
                SwissRounds::ByEntries(_) | SwissRounds::Tbd(_) => sys,
            }
        }
        Format::Knockout(_) => ctx.m(M::KnockoutBox).to_string(),
        Format::SamePlace { .. } => match lang {
            Lang::Zh => "同名次比赛".to_string(),
            Lang::En => "same-place matches".to_string(),
        },
        Format::TeamRoundRobin { cycles, .. } => ctx.in_words(words::cycles, &cycles.node),
    })
}

/// Each stage's column: one more than the stages it takes players from (or splits from).
fn levels<'a>(ctx: &Ctx<'a>) -> BTreeMap<&'a str, usize> {
    let names = &ctx.names;
    // Levels: repeated relaxation, bounded by the number of stages (cycles are checker errors).
    let mut level: BTreeMap<&str, usize> = names.stage_order.iter().map(|s| (*s, 0)).collect();
    for _ in 0..=names.stage_order.len() {
        let mut changed = false;
        for name in &names.stage_order {
            let Some(stage) = names.stages.get(name) else {
                continue;
            };
            let mut want = 0;
            for r in sources(stage) {
                if let Some(l) = level.get(r.stage.node.as_str()) {
                    want = want.max(l + 1);
                }
            }
            for (src, _) in group_sources(stage) {
                if let Some(l) = level.get(src.as_str()) {
                    want = want.max(l + 1);
                }
            }
            for c in &stage.clauses {
                if let StageClause::Split { to, .. } = c {
                    let mine = level.get(name).copied().unwrap_or(0);
                    if let Some(t) = level.get_mut(to.node.as_str()) {
                        if *t < mine + 1 && *t <= names.stage_order.len() {
                            *t = mine + 1;
                            changed = true;
                        }
                    }
                }
            }
            if let Some(l) = level.get_mut(name) {
                if *l < want && want <= names.stage_order.len() {
                    *l = want;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    level
}

pub fn diagram(ctx: &Ctx<'_>) -> Option<Diagram> {
    let lang = ctx.lang;
    let names = &ctx.names;
    if names.stage_order.len() < 2 && names.places.is_empty() {
        return None;
    }
    let level = levels(ctx);
    let mut nodes: Vec<Node> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    // (from node, to node) → place refs
    let mut edges: BTreeMap<(usize, usize), Vec<&PlaceRef>> = BTreeMap::new();
    let mut group_edges: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
    let mut split_edges: BTreeMap<(usize, usize), String> = BTreeMap::new();
    for name in &names.stage_order {
        if !names.stages.contains_key(name) {
            continue;
        }
        let mut lines = Vec::new();
        if let Some(f) = format_line(ctx, name) {
            lines.push(f);
        }
        // A stage that copies another (`same_as`) plays its format and decides its places
        // unless it writes its own.
        let places = ctx.clause_owner(name, |c| matches!(c, StageClause::Places(_)));
        for c in places.map(|p| p.clauses.as_slice()).unwrap_or_default() {
            if let StageClause::Places(r) = c {
                lines.push(ctx.mf(M::PlacesDecided, &[&fmt::places(lang, *r)]));
            }
        }
        let groups = match ctx.format_of(name) {
            Some(Format::RoundRobin { groups: gs, .. })
            | Some(Format::TeamRoundRobin { groups: gs, .. }) => {
                gs.iter().map(|g| g.node.clone()).collect()
            }
            _ => Vec::new(),
        };
        index.insert(name.to_string(), nodes.len());
        nodes.push(Node {
            title: ctx.stage_title(name),
            lines,
            groups,
            level: level.get(name).copied().unwrap_or(0),
            dashed: false,
        });
    }
    for name in &names.stage_order {
        let Some(stage) = names.stages.get(name) else {
            continue;
        };
        let Some(&to) = index.get(*name) else {
            continue;
        };
        for r in sources(stage) {
            if let Some(&from) = index.get(&r.stage.node) {
                edges.entry((from, to)).or_default().push(r);
            }
        }
        for (src, g) in group_sources(stage) {
            if let Some(&from) = index.get(&src) {
                group_edges.entry((from, to)).or_default().push(g);
            }
        }
        for c in &stage.clauses {
            if let StageClause::Split {
                top, to: target, ..
            } = c
            {
                if let Some(&t) = index.get(&target.node) {
                    let l = match lang {
                        Lang::Zh => format!("前{}名", top.node),
                        Lang::En => format!("top {}", top.node),
                    };
                    split_edges.entry((to, t)).or_insert(l);
                }
            }
        }
    }
    for p in &names.places {
        let mut lvl = 0;
        for r in &p.sources {
            if let Some(&from) = index.get(&r.stage.node) {
                lvl = lvl.max(nodes.get(from).map(|n| n.level + 1).unwrap_or(1));
            }
        }
        let me = nodes.len();
        let rule = match &p.rule {
            xqreg_grammar::ast::PlacesRule::Shared(_) => match lang {
                Lang::Zh => "并列",
                Lang::En => "shared",
            },
            xqreg_grammar::ast::PlacesRule::Ranked(_) => match lang {
                Lang::Zh => "排定",
                Lang::En => "ranked",
            },
        };
        nodes.push(Node {
            title: fmt::places(lang, p.places),
            lines: vec![rule.to_string()],
            groups: Vec::new(),
            level: lvl,
            dashed: true,
        });
        for r in &p.sources {
            if let Some(&from) = index.get(&r.stage.node) {
                edges.entry((from, me)).or_default().push(r);
            }
        }
    }
    let routes = route_labels(lang, &edges, split_edges, &group_edges);
    layout::diagram(lang, &nodes, &routes)
}

/// Every route (from node, to node) with its label: the places that take it, else the split's
/// or the groups' label.
fn route_labels(
    lang: Lang,
    edges: &BTreeMap<(usize, usize), Vec<&PlaceRef>>,
    split_edges: BTreeMap<(usize, usize), String>,
    group_edges: &BTreeMap<(usize, usize), Vec<String>>,
) -> Vec<((usize, usize), String)> {
    let mut all: BTreeMap<(usize, usize), String> = BTreeMap::new();
    for ((a, b), refs) in edges {
        all.insert((*a, *b), label(lang, refs));
    }
    // A split's route usually repeats the entrants' places (积分编排第1至8名): label it only
    // when nothing else does.
    for (k, l) in split_edges {
        all.entry(k).or_insert(l);
    }
    for ((a, b), gs) in group_edges {
        let l = match lang {
            Lang::Zh => format!("{}组", gs.join("、")),
            Lang::En => gs.join(", "),
        };
        let e = all.entry((*a, *b)).or_default();
        if e.is_empty() {
            *e = l;
        } else {
            *e = format!("{e}、{l}");
        }
    }
    all.into_iter().collect()
}
