//! A section nobody entered: a stage that takes its field from the roster (the whole roster,
//! categories, pools, the rest) and finds no player there is not held. The regulation declared
//! it (a women's section, an age group) and the roster has no one for it: the event runs without
//! it, as an arbiter cancels a section with no entries, and says so in the transcript and with a
//! warning (W205) at the stage's entrants, so that a roster that lost a column or a category
//! that no one meets is seen, never a silent empty section. Its prize tables pay no one.

use super::super::entrants;
use super::super::outcome::StageOutcome;
use super::super::problem::RuntimeProblem;
use super::super::transcript::EntryKind;
use super::super::{Ctx, StageRun};
use crate::plan::{EntrantSource, Stage};
use std::collections::BTreeMap;

/// The warning code: a stage drawing from the roster found no player.
pub const NO_PLAYERS: &str = "W205";

/// The stage as not held when it draws from the roster alone and no roster player is in its
/// field; None when it has players or takes them from another stage (places, a split, groups).
pub(super) fn not_held(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
) -> Result<Option<StageRun>, Vec<RuntimeProblem>> {
    let Some(first) = stage.entrants.first() else {
        return Ok(None);
    };
    let from_roster = stage
        .entrants
        .iter()
        .all(|s| !matches!(s, EntrantSource::Places { .. }));
    if !from_roster || !entrants::resolve(ctx, stage)?.is_empty() {
        return Ok(None);
    }
    let origin = match first {
        EntrantSource::Roster { origin }
        | EntrantSource::Category { origin, .. }
        | EntrantSource::Pool { origin, .. }
        | EntrantSource::Places { origin, .. }
        | EntrantSource::Rest { origin } => origin,
    };
    let text = format!(
        "stage `{}` has no players: no roster player is in its entrants, so it is not held and its prizes go to no one",
        stage.name
    );
    ctx.transcript.push(EntryKind::Entry, text.clone(), origin);
    ctx.warnings
        .push(RuntimeProblem::new(NO_PLAYERS, text, origin).zh(format!(
            "阶段 `{}` 没有参赛者：名单中无人属于其参赛范围，该阶段不举行，其奖项空缺",
            stage.name
        )));
    Ok(Some(StageRun {
        name: stage.name.clone(),
        groups: Vec::new(),
        eliminated: BTreeMap::new(),
        out: StageOutcome {
            name: stage.name.clone(),
            kind: "not_held".to_string(),
            groups: Vec::new(),
            matches: Vec::new(),
            games: Vec::new(),
        },
    }))
}
