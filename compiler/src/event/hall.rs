//! Colours chosen in the hall: a playoff game under `colours black_chooses`, whose colours the
//! winner of a lot chooses. It is published with the choice the simulation models (an
//! armageddon's winner takes Black and the draw odds, any other game's Red); the player may
//! choose otherwise, and a result records the choice (`event result`, `--red`).

use xqreg_runtime::plan::{ColourRule, Plan, PlayoffStepKind};

use super::store::StoredGame;

/// The player who won the lot and chooses the colours of `g` in the hall, as published (an
/// armageddon's Black, another playoff game's Red); None for a game whose colours nobody
/// chooses.
pub fn chooser<'g>(plan: &Plan, g: &'g StoredGame) -> Option<&'g str> {
    let (step, stage) = (g.game.step.as_deref()?, plan.stage(&g.game.stage)?);
    let steps = stage.playoff.iter().flat_map(|c| &c.steps);
    steps.into_iter().find_map(|s| match &s.kind {
        PlayoffStepKind::Armageddon { time, colours, .. }
            if (time == step || step == "armageddon") && *colours == ColourRule::BlackChooses =>
        {
            Some(g.game.black.as_str())
        }
        PlayoffStepKind::Game { time, colours, .. }
            if time == step && *colours == ColourRule::BlackChooses =>
        {
            Some(g.game.red.as_str())
        }
        _ => None,
    })
}
