//! The stages a command names with `--stage` (`event pair --stage youth`, `event standings
//! --stage main`): each must be a stage of the regulation (E852), and `pair` says of each named
//! stage it publishes nothing in why not.

use std::collections::BTreeSet;

use super::super::live::Live;
use super::super::store::StoredGame;
use super::super::{codes, refuse_in, Fail, Loaded, Res};
use crate::diagnostics::{Lang, Msg, Template};
use xqreg_runtime::plan::Plan;

// The message catalogue of this module: compiler/messages/event/commands/stages.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/event/commands/stages.rs"
));

/// The ids of the event's stages, for a help line, each with the title output names it by:
/// `main (Swiss), final` (`main（积分编排）、final`). Commands and rows take the id or a title.
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

/// What a stage a user typed names: the runtime's rule ([`Plan::stage_named`]), which the
/// checker and `simulate` share.
pub use xqreg_runtime::plan::StageNamed as Named;

/// The stage `name` names in `plan` (see [`Named`]). An id wins over another stage's title.
pub fn named<'p>(plan: &'p Plan, name: &str) -> Named<'p> {
    plan.stage_named(name)
}

/// E852: `name`, written at `at` (`--stage 预赛`, a row's cell), is the title of the stages
/// `ids`; the help lists them, each id with its titles.
pub fn shared(plan: &Plan, at: (&str, &str), name: &str, ids: &[&str], lang: Lang) -> Fail {
    let mut only = plan.clone();
    only.stages.retain(|s| ids.contains(&s.name.as_str()));
    let stages = listed(&only);
    let args = [
        ("at", at.0),
        ("at_zh", at.1),
        ("title", &crate::diagnostics::quoted(name)),
        ("ids", &ids.join(", ")),
    ];
    let help = SHARED_TITLE_HELP.fill(&[("stages", &stages.en), ("stages_zh", &stages.zh)]);
    refuse_in(&codes::E852, lang, SHARED_TITLE.fill(&args), help)
}

/// The ids of the stages `names` name (`--stage`, by id or title): E852 for the first that is
/// no stage of the event's plan or a title several stages share.
pub fn known(loaded: &Loaded, names: &[String], lang: Lang) -> Res<Vec<String>> {
    let plan = &loaded.event.plan;
    let mut ids = Vec::new();
    for name in names {
        match named(plan, name) {
            Named::Stage(id) => ids.push(id.to_string()),
            Named::Shared(of) => {
                let at = format!("`--stage {}`", crate::diagnostics::quoted(name));
                return Err(shared(plan, (&at, &at), name, &of, lang));
            }
            Named::Unknown => {
                let stages = listed(plan);
                let help =
                    UNKNOWN_STAGE_HELP.fill(&[("stages", &stages.en), ("stages_zh", &stages.zh)]);
                let quoted = crate::diagnostics::quoted(name);
                let message = UNKNOWN_STAGE.fill(&[("stage", &quoted)]);
                return Err(refuse_in(&codes::E852, lang, message, help));
            }
        }
    }
    Ok(ids)
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
