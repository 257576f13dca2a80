//! The stages a command names with `--stage` (`event pair --stage youth`, `event standings
//! --stage main`): each must be a stage of the regulation (E852), and `pair` says of each named
//! stage it publishes nothing in why not.

use std::collections::BTreeSet;

use super::super::live::Live;
use super::super::store::StoredGame;
use super::super::{codes, refuse_in, Loaded, Res};
use crate::diagnostics::{Lang, Msg, Template};
use xqreg_runtime::plan::Plan;

// The message catalogue of this module: compiler/messages/event/commands/stages.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/event/commands/stages.rs"
));

/// The ids of the event's stages, for a help line, each with the title output names it by:
/// `main (Swiss), final` (`main（积分编排）、final`). Commands and rows take the id.
pub fn listed(plan: &Plan) -> Msg {
    let with = |id: &str, title: Option<&String>, (open, close): (&str, &str)| match title {
        Some(t) if t != id => format!("{id}{open}{t}{close}"),
        _ => id.to_string(),
    };
    let en: Vec<String> = plan
        .stages
        .iter()
        .map(|s| with(&s.name, s.title_en.as_ref(), (" (", ")")))
        .collect();
    let zh: Vec<String> = plan
        .stages
        .iter()
        .map(|s| with(&s.name, s.title.as_ref(), ("（", "）")))
        .collect();
    Msg::new(en.join(", "), zh.join("、"))
}

/// The id of the stage whose title (Chinese or English) is `name`, when `name` is no stage's
/// id: a user who typed the title output names a stage by is told the id to type.
pub fn id_of_title<'p>(plan: &'p Plan, name: &str) -> Option<&'p str> {
    if plan.stages.iter().any(|s| s.name == name) {
        return None;
    }
    plan.stages
        .iter()
        .find(|s| s.title.as_deref() == Some(name) || s.title_en.as_deref() == Some(name))
        .map(|s| s.name.as_str())
}

/// E852 for the first of `names` that is no stage of the event's plan.
pub fn known(loaded: &Loaded, names: &[String], lang: Lang) -> Res<()> {
    let plan = &loaded.event.plan;
    let Some(unknown) = names
        .iter()
        .find(|n| !plan.stages.iter().any(|s| &s.name == *n))
    else {
        return Ok(());
    };
    let stages = listed(plan);
    let help = match id_of_title(plan, unknown) {
        Some(id) => {
            TITLE_NOT_ID.fill(&[("title", &crate::diagnostics::quoted(unknown)), ("id", id)])
        }
        None => UNKNOWN_STAGE_HELP.fill(&[("stages", &stages.en), ("stages_zh", &stages.zh)]),
    };
    Err(refuse_in(
        &codes::E852,
        lang,
        UNKNOWN_STAGE.fill(&[("stage", &crate::diagnostics::quoted(unknown))]),
        help,
    ))
}

/// Why `pair` published nothing in `stage`: its published games wait for results, it is
/// complete, or its next round waits for the stages before it.
pub fn why_nothing(live: &Live, published: &[StoredGame], stage: &str) -> Msg {
    let keys: BTreeSet<_> = published.iter().map(|g| g.game.key()).collect();
    let pending = || {
        live.games
            .iter()
            .filter(move |g| g.pending && g.game.stage == stage)
    };
    let waiting = pending().filter(|g| keys.contains(&g.game.key())).count();
    if waiting > 0 {
        NOTHING_WAITING.fill(&[("stage", stage), ("n", &waiting.to_string())])
    } else if pending().next().is_none() {
        NOTHING_COMPLETE.fill(&[("stage", stage)])
    } else {
        NOTHING_BEHIND.fill(&[("stage", stage)])
    }
}
