//! Players the regulation admits but no stage takes: when every stage that draws from the roster
//! takes categories or pools, a player in none of them would play nothing. Never silent: a
//! transcript line and a warning (W202) at the player's roster row.

use super::entrants::source_admits;
use super::problem::RuntimeProblem;
use super::roster::Roster;
use super::transcript::{EntryKind, Transcript};
use crate::plan::{EntrantSource, Plan};

/// The warning code: an eligible player in no stage's entrants.
pub const IN_NO_STAGE: &str = "W202";

/// One warning per player no stage takes; each also a transcript line.
pub(crate) fn check(
    plan: &Plan,
    roster: &Roster,
    transcript: &mut Transcript,
) -> Vec<RuntimeProblem> {
    let whole = plan.stages.iter().any(|s| {
        s.entrants
            .iter()
            .any(|e| matches!(e, EntrantSource::Roster { .. } | EntrantSource::Rest { .. }))
    });
    let drawing: Vec<&crate::plan::Stage> = plan
        .stages
        .iter()
        .filter(|s| {
            s.entrants.iter().any(|e| {
                matches!(
                    e,
                    EntrantSource::Category { .. } | EntrantSource::Pool { .. }
                )
            })
        })
        .collect();
    let Some(first) = drawing.first() else {
        return Vec::new();
    };
    if whole {
        return Vec::new();
    }
    let origin = first
        .entrants
        .iter()
        .find_map(|e| match e {
            EntrantSource::Category { origin, .. } | EntrantSource::Pool { origin, .. } => {
                Some(origin)
            }
            _ => None,
        })
        .unwrap_or(&plan.entry.origin);
    // What the stages take, in English and in Chinese.
    let takes: Vec<(String, String)> = drawing
        .iter()
        .flat_map(|s| &s.entrants)
        .filter_map(|e| match e {
            EntrantSource::Category { name, .. } => {
                Some((format!("category {name}"), format!("组别 {name}")))
            }
            EntrantSource::Pool { name, .. } => {
                Some((format!("pool {name}"), format!("名额来源 {name}")))
            }
            _ => None,
        })
        .collect();
    let en: Vec<&str> = takes.iter().map(|(en, _)| en.as_str()).collect();
    let zh: Vec<&str> = takes.iter().map(|(_, zh)| zh.as_str()).collect();
    let mut out = Vec::new();
    for (i, p) in roster.players.iter().enumerate() {
        if drawing.iter().any(|s| source_admits(plan, &s.entrants, p)) {
            continue;
        }
        let text = format!(
            "{} ({}) plays in no stage: the stages take {}, and this player is in none of them",
            p.id,
            p.name,
            en.join(", ")
        );
        transcript.push(EntryKind::Entry, text.clone(), origin);
        let text_zh = format!(
            "{} ({}) 不参加任何阶段：各阶段收 {}，此棋手不在其中",
            p.id,
            p.name,
            zh.join("、")
        );
        out.push(
            RuntimeProblem::new(IN_NO_STAGE, text, origin)
                .zh(text_zh)
                .at(roster.row_of(i), "id"),
        );
    }
    out
}
