//! `event standings`: each stage group's standings with their tie-break values, and a knockout
//! match's line (its points, or a team match's board points, and how it was decided).

use serde_json::json;

use super::*;
use crate::event::publish::{matches, text};
use xqreg_runtime::plan::Plan;

/// `event standings`: each stage group's standings with their tie-break values.
pub fn standings(
    live: &Live,
    plan: &Plan,
    stage: Option<&str>,
    as_json: bool,
    lang: Lang,
) -> String {
    let stages: Vec<_> = live
        .outcome
        .stages
        .iter()
        .filter(|s| stage.is_none_or(|n| n == s.name))
        // A playoff held only if tied and not needed has no game: its places are final once
        // the runtime says so (the points it compares are all in).
        .filter(|s| {
            s.kind == "not_needed"
                || live
                    .games
                    .iter()
                    .any(|g| g.game.stage == s.name && !g.pending)
        })
        .collect();
    if as_json {
        let v: Vec<_> = stages
            .iter()
            .map(|s| json!({"stage": s.name, "groups": s.groups.iter().map(|g| json!({"group": g.name, "standings": g.standings})).collect::<Vec<_>>(), "complete": !live.games.iter().any(|g| g.game.stage == s.name && g.pending), "after_round": live.standings_after(&s.name)}))
            .collect();
        return serde_json::to_string_pretty(&v).unwrap_or_default() + "\n";
    }
    if stages.is_empty() {
        // Said, not an empty page: the standings begin with the first result.
        let none = match stage {
            Some(name) => NO_RESULTS_YET_IN.fill(&[("stage", name)]),
            None => NO_RESULTS_YET.plain(),
        };
        return format!("{}\n", none.get(lang));
    }
    let teams = Teams::new(&plan.entry, text::Tr::of(lang));
    let side = matches::sides(&live.outcome);
    let mut s = String::new();
    for st in stages {
        let done = !live
            .games
            .iter()
            .any(|g| g.game.stage == st.name && g.pending);
        let state = match live.standings_after(&st.name) {
            Some(0) => NO_ROUND_COMPLETE.plain(),
            Some(n) => AFTER_ROUND.fill(&[("n", &n.to_string())]),
            None if done && live.lot_to_draw(&st.name) => COMPLETE_LOT_LATER.plain(),
            None if done => Msg::new("", ""),
            None => SO_FAR.plain(),
        };
        for g in &st.groups {
            let group = g
                .name
                .as_ref()
                .map_or(Msg::new("", ""), |n| GROUP.fill(&[("group", n)]));
            let args = [("group", group.en.as_str()), ("group_zh", &group.zh)];
            let more = [("state", state.en.as_str()), ("state_zh", &state.zh)];
            let stage = crate::event::stage_args(plan, &st.name);
            let head = STANDINGS_HEAD.fill(&[&stage[..], &args[..], &more[..]].concat());
            let _ = writeln!(s, "{}", head.get(lang));
            // A knockout with a match still to play ranks its players level (1=, 1= before the
            // final): the engine names no winner of a match still to play.
            for r in &g.standings {
                let tbs: Vec<String> = r
                    .tiebreaks
                    .iter()
                    .map(|t| {
                        let name = text::criterion(text::Tr::of(lang), &t.column());
                        format!("{name} {}", t.value.display())
                    })
                    .collect();
                // A team of the roster is its unit: its id is its name, said once.
                let name = teams.name(&r.id).unwrap_or(&r.player);
                let who = if r.id == name {
                    r.id.clone()
                } else {
                    format!("{} {name}", r.id)
                };
                // A knockout's row (a title playoff's, one not needed or still to be played) has
                // no points and no tie-break: its place and who, no blank column after them.
                let mut line =
                    format!("  {:>3}{} {who}", r.place, if r.shared { "=" } else { " " });
                if let Some(p) = r.points {
                    let _ = write!(line, " {p}");
                }
                if !tbs.is_empty() {
                    let sep = if lang == Lang::Zh { "，" } else { ", " };
                    let _ = write!(line, "  {}", tbs.join(sep));
                }
                let _ = writeln!(s, "{}", line.trim_end());
            }
        }
        if st.kind == "not_needed" {
            let _ = writeln!(s, "  {}", text::words(text::Tr::of(lang)).not_needed);
        }
        // A knockout says how each of its matches was decided (a team match on board points).
        for m in &st.matches {
            let line = matches::match_line(m, plan, text::Tr::of(lang), &side);
            let _ = writeln!(s, "  {line}");
        }
    }
    s
}
