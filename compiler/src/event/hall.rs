//! Colours chosen in the hall: a playoff game under `colours black_chooses`, whose colours the
//! winner of a lot chooses. It is published with the choice the simulation models (an
//! armageddon's winner takes Black and the draw odds, any other game's Red); the player may
//! choose otherwise, and a result records the choice (`event result`, `--red`).

use xqreg_runtime::plan::{ColourRule, Plan, PlayoffStepKind};

use super::store::StoredGame;
use super::{board_of, codes, refuse, Fail};
use crate::diagnostics::{quoted, Lang, Template};

// The message catalogue of this module: compiler/messages/event/hall.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/hall.rs"));

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

/// E861: `--red ID` (given at `at`, English and Chinese) names neither player of game `g`.
pub fn not_of_game(g: &StoredGame, red: &str, at: (&str, &str), lang: Lang) -> Fail {
    let (game, (r, b)) = (board_of(g), (&g.game.red, &g.game.black));
    let args = [
        ("at", at.0),
        ("at_zh", at.1),
        ("id", &quoted(red)),
        ("game", &game.en),
        ("game_zh", &game.zh),
        ("r", r),
        ("b", b),
    ];
    refuse(
        &codes::E861,
        lang,
        NOT_OF_GAME.fill(&args),
        NOT_OF_GAME_HELP,
    )
}
