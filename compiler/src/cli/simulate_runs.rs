//! `simulate --runs K`: what each run contributes and the sum over runs that the JSON and the
//! human report print.

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::Outcome;

/// What one run contributes to `--runs`.
pub(super) struct Summary {
    /// Each section's winner (`id name`, and the section in an event of several).
    first: Vec<String>,
    /// Each section's winner's rating rank in the section, with the section's name.
    first_rank: Vec<(Option<String>, u32)>,
    steps: BTreeMap<String, u32>,
    lots: u32,
    games: u32,
}

impl Summary {
    pub(super) fn of(o: &Outcome, first_rank: Vec<(Option<String>, u32)>) -> Summary {
        let mut first: Vec<String> = Vec::new();
        let mut sections: Vec<Option<&str>> = Vec::new();
        for r in o.final_ranking.iter().filter(|r| r.place == 1) {
            if sections.contains(&r.section.as_deref()) {
                continue;
            }
            sections.push(r.section.as_deref());
            first.push(match &r.section {
                Some(s) => format!("{} {} ({s})", r.id, r.player),
                None => format!("{} {}", r.id, r.player),
            });
        }
        Summary {
            first_rank,
            first,
            steps: o.stats.playoff_steps.clone(),
            lots: o.stats.lots_in_standings + o.stats.lots_in_matches,
            games: o.games,
        }
    }
}

#[derive(Default, Serialize)]
pub(super) struct Aggregate {
    pub(super) runs: u32,
    pub(super) completed: u32,
    pub(super) failed: Vec<u64>,
    /// Matches decided at each playoff step, summed over runs.
    pub(super) playoff_steps: BTreeMap<String, u32>,
    /// Runs in which a lot decided a tie or a match.
    pub(super) runs_with_lots: u32,
    /// How often each player of a given roster finished first (empty for generated rosters:
    /// their ids and names differ from run to run; the rating rank below counts instead).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) first_place: BTreeMap<String, u32>,
    /// How often the player of each rating rank (1 = highest rated in the field) finished first.
    pub(super) first_by_rating_rank: BTreeMap<u32, u32>,
    /// In an event of sections: for each section, how often the player of each rating rank in
    /// the section finished first in it (`first_by_rating_rank` is then empty).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) first_by_rating_rank_in_section: BTreeMap<String, BTreeMap<u32, u32>>,
    /// Whether the roster was given (ids name the same players in every run).
    #[serde(skip)]
    pub(super) fixed_roster: bool,
    pub(super) games: u64,
}

impl Aggregate {
    pub(super) fn add(&mut self, s: &Summary) {
        self.completed += 1;
        for (k, v) in &s.steps {
            *self.playoff_steps.entry(k.clone()).or_default() += v;
        }
        if s.lots > 0 {
            self.runs_with_lots += 1;
        }
        for f in s.first.iter().filter(|_| self.fixed_roster) {
            *self.first_place.entry(f.clone()).or_default() += 1;
        }
        for (section, r) in &s.first_rank {
            let ranks = match section {
                Some(name) => self
                    .first_by_rating_rank_in_section
                    .entry(name.clone())
                    .or_default(),
                None => &mut self.first_by_rating_rank,
            };
            *ranks.entry(*r).or_default() += 1;
        }
        self.games += u64::from(s.games);
    }
}
