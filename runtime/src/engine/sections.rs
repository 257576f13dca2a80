//! Sections of an event: stages linked by the players they share (a group stage and the final
//! its qualifiers play, a Swiss and the knockout its leaders leave for) form one section; stages
//! with disjoint fields (seed 002's age sections, each `entrants category X`) are sections of
//! their own. Each section has its own final ranking, so places repeat across sections and are
//! never merged into one list.

use super::problem::{codes, RuntimeProblem};
use super::roster::Player;
use super::StageRun;
use crate::plan::{Category, EntrantSource, Plan};
use std::collections::BTreeSet;

/// One section: its stages (indices into the run, in declaration order) and its players.
pub(crate) struct Section {
    pub stages: Vec<usize>,
    pub players: BTreeSet<usize>,
}

fn players_of(run: &StageRun) -> BTreeSet<usize> {
    run.groups
        .iter()
        .flat_map(|g| g.members.iter().chain(g.ranking.iter().map(|r| &r.2)))
        .copied()
        .collect()
}

/// The sections of the stages that ran, ordered by their first stage.
pub(crate) fn sections(stages: &[StageRun]) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (k, run) in stages.iter().enumerate() {
        let players = players_of(run);
        // Every section this stage shares a player with merges into one, with the stage.
        let (linked, rest): (Vec<Section>, Vec<Section>) = out
            .into_iter()
            .partition(|s| !s.players.is_disjoint(&players));
        out = rest;
        let mut merged = Section {
            stages: vec![k],
            players,
        };
        for s in linked {
            merged.stages.extend(s.stages);
            merged.players.extend(s.players);
        }
        merged.stages.sort_unstable();
        out.push(merged);
    }
    out.sort_by_key(|s| s.stages.first().copied());
    out
}

/// The sections by birth date: the categories by birth date a stage takes its players from
/// (`entrants category junior`). A category by birth date only a prize table or a quota names
/// (少年奖 beside an open Swiss) is no section: a player born outside it plays, and is not in it;
/// nor is any when a stage takes the whole roster.
fn birth_sections(plan: &Plan) -> Vec<&Category> {
    // A stage of the whole roster (or of the rest) plays everyone: no birth date plays nowhere.
    let everyone = plan
        .stages
        .iter()
        .flat_map(|s| &s.entrants)
        .any(|e| matches!(e, EntrantSource::Roster { .. } | EntrantSource::Rest { .. }));
    if everyone {
        return Vec::new();
    }
    let drawn: BTreeSet<&str> = plan
        .stages
        .iter()
        .flat_map(|s| &s.entrants)
        .filter_map(|e| match e {
            EntrantSource::Category { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    plan.categories
        .values()
        .filter(|c| c.born_from.is_some() || c.born_to.is_some())
        .filter(|c| drawn.contains(c.name.as_str()))
        .collect()
}

/// A row's birth date against the sections by birth date: missing, or inside none.
pub(crate) fn check_born(plan: &Plan, p: &Player, row: u32, problems: &mut Vec<RuntimeProblem>) {
    let sections = birth_sections(plan);
    if !sections.is_empty() {
        match p.born {
            None => problems.push(
                RuntimeProblem::new(
                    codes::ROSTER_FIELD_MISSING,
                    "the regulation has sections by birth date; this player has no birth date",
                    &sections[0].origin,
                )
                .zh("规程按出生日期分组，此棋手没有出生日期")
                .at(row, "born"),
            ),
            Some(born) => {
                let inside = sections.iter().any(|c| {
                    c.born_from.is_none_or(|f| born >= f) && c.born_to.is_none_or(|t| born <= t)
                });
                if !inside {
                    let names: Vec<&str> = sections.iter().map(|c| c.name.as_str()).collect();
                    problems.push(
                        RuntimeProblem::new(
                            codes::BORN_OUTSIDE_SECTIONS,
                            format!("born {born}: inside no section ({})", names.join(", ")),
                            &sections[0].origin,
                        )
                        .zh(format!(
                            "出生于 {born}：不属于任何组别（{}）",
                            names.join("、")
                        ))
                        .at(row, "born"),
                    );
                }
            }
        }
    }
}
