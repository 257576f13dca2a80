//! Sections of an event: stages linked by the players they share (a group stage and the final
//! its qualifiers play, a Swiss and the knockout its leaders leave for) form one section; stages
//! with disjoint fields (seed 002's age sections, each `entrants category X`) are sections of
//! their own. Each section has its own final ranking, so places repeat across sections and are
//! never merged into one list.

use super::StageRun;
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
