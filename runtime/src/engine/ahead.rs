//! Sections played side by side (the live driver, `xqreg event`): which stages may be paired
//! while an earlier stage waits for results. The engine replays stages in plan order; a later
//! stage may go ahead of one that waits only when nothing the waiting stage still decides can
//! reach it:
//!
//! - its field comes from the roster alone ([`from_roster_alone`]): `roster`, categories, pools
//!   or `rest`, never places of another stage, a split into it or another stage's groups;
//! - it shares no player with a stage that waits before it ([`field_bounds`]): a withdrawal after
//!   forfeits or a foul count in one would change the other;
//! - in an event of one stream of lots ([`super::LotStreams::OneStream`], started before each
//!   stage drew its own), its games follow no lot of its own
//!   ([`super::Outcome::lots_before_games`]): there a stage's place in the stream moves with
//!   every lot the stages before it draw, so a lot drawn ahead would not be `simulate`'s lot.
//!
//! What cannot be shown is taken as a dependence: such a stage waits, as before.

use super::entrants::source_admits;
use super::roster::Roster;
use crate::plan::{Bracket, BracketSlot, EntrantSource, Plan, Stage, StageFormat};
use std::collections::BTreeSet;

/// Does the stage take its field from the roster alone? False for a stage with places of another
/// stage among its entrants, with no entrants at all, that a Swiss splits into, that pairs
/// another stage's groups, or whose bracket names places.
pub fn from_roster_alone(plan: &Plan, stage: &Stage) -> bool {
    let roster_sources = !stage.entrants.is_empty()
        && stage
            .entrants
            .iter()
            .all(|s| !matches!(s, EntrantSource::Places { .. }));
    roster_sources && referenced(plan, stage).is_empty()
}

/// Every player each stage (in plan order) can ever hold, as roster indices; None where any
/// player might (a stage whose field cannot be bounded from the plan and the roster).
pub fn field_bounds(plan: &Plan, roster: &Roster) -> Vec<Option<BTreeSet<usize>>> {
    // Units read as the declared teams' names, as the run reads them (a category rule may ask).
    let named = super::declared_teams::named(plan, roster).ok().flatten();
    let roster = named.as_ref().unwrap_or(roster);
    let mut out: Vec<Option<BTreeSet<usize>>> = Vec::with_capacity(plan.stages.len());
    for (ix, stage) in plan.stages.iter().enumerate() {
        let earlier = plan.stages.get(..ix).unwrap_or_default();
        let mut field = admitted(plan, roster, earlier, stage);
        let bound_of = |name: &str, out: &[Option<BTreeSet<usize>>]| {
            let k = earlier.iter().position(|s| s.name == name)?;
            out.get(k).cloned().flatten()
        };
        for name in referenced(plan, stage) {
            field = match (field, bound_of(&name, &out)) {
                (Some(mut f), Some(b)) => {
                    f.extend(b);
                    Some(f)
                }
                _ => None,
            };
        }
        if stage.entrants.is_empty() && referenced(plan, stage).is_empty() {
            field = None;
        }
        out.push(field);
    }
    out
}

/// The roster players the stage's own sources admit (places of other stages aside); None when a
/// source names a player the roster does not hold in a way that cannot be told here.
fn admitted(
    plan: &Plan,
    roster: &Roster,
    earlier: &[Stage],
    stage: &Stage,
) -> Option<BTreeSet<usize>> {
    let mut field = BTreeSet::new();
    for (i, p) in roster.players.iter().enumerate() {
        let by_source = stage.entrants.iter().any(|s| match s {
            EntrantSource::Rest { .. } => {
                !earlier.iter().any(|e| source_admits(plan, &e.entrants, p))
            }
            other => source_admits(plan, std::slice::from_ref(other), p),
        });
        if by_source {
            field.insert(i);
        }
    }
    if let StageFormat::Knockout(ko) = &stage.format {
        if let Bracket::Pairs { pairs } = &ko.bracket {
            for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                if let BracketSlot::Player(id) = slot {
                    field.insert(roster.index_of(id)?);
                }
            }
        }
    }
    Some(field)
}

/// The other stages whose players the stage takes: places among its entrants, a Swiss splitting
/// into it, the groups it pairs (same-place matches), places in its bracket.
fn referenced(plan: &Plan, stage: &Stage) -> Vec<String> {
    let mut names: Vec<String> = stage
        .entrants
        .iter()
        .filter_map(|s| match s {
            EntrantSource::Places { place, .. } => Some(place.stage.clone()),
            _ => None,
        })
        .collect();
    for s in &plan.stages {
        if let StageFormat::Swiss(sw) = &s.format {
            if sw.split.as_ref().is_some_and(|sp| sp.to == stage.name) {
                names.push(s.name.clone());
            }
        }
    }
    match &stage.format {
        StageFormat::SamePlace(sp) => names.extend(sp.groups.iter().map(|(s, _)| s.clone())),
        StageFormat::Knockout(ko) => {
            if let Bracket::Pairs { pairs } = &ko.bracket {
                for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                    if let BracketSlot::Place(place) = slot {
                        names.push(place.stage.clone());
                    }
                }
            }
        }
        _ => {}
    }
    names
}
