//! What the schedule checks need to know of each stage beyond its facts: where its entrants
//! come from, computed from the effective file alone.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{self, EntrantSource, Format, KnockoutClause, StageClause};

use super::super::Ctx;

/// What the schedule checks need of one stage beyond [`super::facts::StageFacts`].
pub(super) struct StageLinks {
    /// Stages this one takes entrants from.
    pub(super) sources: Vec<String>,
    /// Sources that split their leaders off after a round: the stage may start after that round.
    pub(super) split_after: BTreeMap<String, u32>,
    /// Its time control (named, or the only one declared).
    pub(super) time: Option<String>,
}

pub(super) fn stage_links(ctx: &Ctx<'_>) -> BTreeMap<String, StageLinks> {
    let mut out = BTreeMap::new();
    for name in &ctx.scope.stage_order {
        let clauses = ctx.scope.stage_clauses(name);
        let time = clauses
            .iter()
            .find_map(|c| match c {
                StageClause::Time(t) => Some(t.node.clone()),
                _ => None,
            })
            .or_else(|| {
                ctx.scope
                    .default_time_control()
                    .map(|t| t.name.node.clone())
            });
        let mut sources = sources_of(&clauses);
        let mut split_after = BTreeMap::new();
        // A split sends its leaders on after a round while the rest play on: the target depends
        // on the splitting stage up to that round only.
        for other in &ctx.scope.stage_order {
            for c in ctx.scope.stage_clauses(other) {
                if let StageClause::Split {
                    to, after_round, ..
                } = c
                {
                    if to.node == *name {
                        if !sources.iter().any(|s| s == other) {
                            sources.push(other.to_string());
                        }
                        split_after.insert(other.to_string(), after_round.node);
                    }
                }
            }
        }
        out.insert(
            name.to_string(),
            StageLinks {
                sources,
                split_after,
                time,
            },
        );
    }
    out
}

/// Stages a stage's clauses take entrants from (entrants, bracket slots, same-place groups).
pub(crate) fn sources_of(clauses: &[&StageClause]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    };
    for c in clauses {
        match c {
            StageClause::Entrants { sources, .. } => {
                for s in sources {
                    if let EntrantSource::Places(r) = s {
                        add(&r.stage.node);
                    }
                }
            }
            StageClause::Format(Format::Knockout(k)) => {
                for kc in &k.clauses {
                    if let KnockoutClause::Bracket { pairs, .. } = kc {
                        for (a, b) in pairs {
                            for slot in [a, b] {
                                if let ast::BracketSlot::Place(r) = slot {
                                    add(&r.stage.node);
                                }
                            }
                        }
                    }
                }
            }
            StageClause::Format(Format::SamePlace { groups, .. }) => {
                for g in groups {
                    add(&g.stage.node);
                }
            }
            _ => {}
        }
    }
    out
}
