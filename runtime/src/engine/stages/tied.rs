//! `knockout { bracket (final#1 v final#2)  only_if_tied }`: a playoff for a place that is held
//! only when its two players are level on points in the stage their places come from (第一名积分
//! 相同时才加赛). When they are not, the points have already decided: the match is not played,
//! the better place of that stage takes the stage's first place, and the transcript says why.

use super::super::outcome::StandingRow;
use super::super::transcript::EntryKind;
use super::super::{Ctx, StageRun};
use super::match_stage_run;
use crate::plan::{Bracket, BracketSlot, GroupSel, Knockout, PlaceRef, Stage};
use std::collections::BTreeMap;

/// The stage as not needed when it says `only_if_tied` and its one match's two players are not
/// level on points; None when the match is to be played (level, or the clause absent). The
/// checker (E227) holds the bracket to one pair of single places of one round robin or Swiss.
pub(super) fn not_needed(
    ctx: &mut Ctx<'_>,
    stage: &Stage,
    ko: &Knockout,
    slots: &[Option<usize>],
) -> Option<StageRun> {
    let origin = ko.only_if_tied.as_ref()?;
    let Bracket::Pairs { pairs } = &ko.bracket else {
        return None;
    };
    let [(BracketSlot::Place(ra), BracketSlot::Place(rb))] = pairs.as_slice() else {
        return None;
    };
    let [Some(a), Some(b)] = *slots else {
        return None;
    };
    let (pa, pb) = (points_in(ctx, ra, a)?, points_in(ctx, rb, b)?);
    let who =
        |r: &PlaceRef, p: usize, points: i64| format!("`{r}` {} ({points} points)", ctx.id(p));
    let (sa, sb) = (who(ra, a, pa), who(rb, b, pb));
    if pa == pb {
        let text = format!(
            "stage `{}` is played: {sa} and {sb} are level on points (`only_if_tied`)",
            stage.name
        );
        ctx.transcript.push(EntryKind::Places, text, origin);
        return None;
    }
    let text = format!(
        "stage `{}` is not played: {sa} and {sb} are not level on points (`only_if_tied`); its places go by stage `{}`'s ranking",
        stage.name, ra.stage
    );
    ctx.transcript.push(EntryKind::Places, text, origin);
    let (first, second) = if ra.places.from <= rb.places.from {
        (a, b)
    } else {
        (b, a)
    };
    let ranking = vec![(1, false, first), (2, false, second)];
    Some(match_stage_run(
        ctx,
        stage,
        "not_needed",
        ranking,
        BTreeMap::new(),
        Vec::new(),
        Vec::new(),
    ))
}

/// The points player `p` finished with in the stage (and group) that place `r` names.
fn points_in(ctx: &Ctx<'_>, r: &PlaceRef, p: usize) -> Option<i64> {
    let run = ctx.stages.iter().find(|s| s.name == r.stage)?;
    let id = ctx.id(p);
    let in_group = |name: &Option<String>| match &r.group {
        GroupSel::Named(g) => name.as_deref() == Some(g.as_str()),
        GroupSel::None | GroupSel::All => true,
    };
    run.out
        .groups
        .iter()
        .filter(|g| in_group(&g.name))
        .flat_map(|g| &g.standings)
        .find(|row: &&StandingRow| row.id == id)
        .and_then(|row| row.points)
}
