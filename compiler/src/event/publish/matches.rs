//! A knockout's words in the page's language: its matches' labels (the runtime's English,
//! `semi-final`; 半决赛 in Chinese, as the sheet names the rounds: `labels`), its playoff steps (a
//! time control's id; its title, 超快棋, in Chinese), and a match's line: its points (a team
//! match's board points), how a level match was decided, a stand-in side by the match it waits
//! for. `event standings`, `pair`, `simulate` and the site all say
//! them through here.

use std::collections::BTreeMap;

use xqreg_runtime::engine::{MatchOut, Outcome, StageOutcome, StandIn};
use xqreg_runtime::plan::Plan;

use super::labels::{numbered, stand_in};
use super::model::StagePage;
use super::people::People;
use super::text::{said, Tr};
use crate::diagnostics::{Msg, Template};

// The message catalogue of this module: compiler/messages/event/publish/matches.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/event/publish/matches.rs"
));

/// A playoff step (a game's time control, as the results name it) in language `l`: the time
/// control's title in Chinese (`time blitz "超快棋"`), its English title in English (`en
/// "Blitz"`), else its id.
pub fn step(plan: &Plan, step: &str, l: Tr) -> String {
    let time = plan.time_controls.get(step);
    let title = match l {
        Tr::Zh => time.and_then(|t| t.title.clone()),
        Tr::En => time.and_then(|t| t.title_en.clone()),
    };
    title.unwrap_or_else(|| step.to_string())
}

/// How a match was decided (`decided_by`: a step, `lots`, `forfeit`, ...), both languages.
fn decided_by(plan: &Plan, by: &str) -> Msg {
    let t = match by {
        "earlier_game" => BY_EARLIER_GAME,
        "lots" => BY_LOTS,
        "black" => BY_BLACK,
        "forfeit" => BY_FORFEIT,
        "pending" => BY_PENDING,
        "bye" => BY_BYE,
        _ => {
            let (zh, en) = (step(plan, by, Tr::Zh), step(plan, by, Tr::En));
            return BY_GAME.fill(&[("step_zh", &zh), ("step", &en)]);
        }
    };
    t.plain()
}

/// A match's line in the words of `t`: its label, the two sides, their points, the winner, and
/// how it was decided (`by`, both languages).
fn line(m: &MatchOut, l: Tr, name: &impl Fn(&str) -> String, by: Msg, t: Template) -> String {
    // A side that only stands in for a match still to be played is named by that match.
    let side = |id: &str, stands: &Option<StandIn>| match stands {
        Some(s) => stand_in(s, l),
        None => name(id),
    };
    let (n, of) = m.games_in.unwrap_or_default();
    let args = [
        ("label", numbered(&m.label, m.number, l)),
        ("a", side(&m.a, &m.a_stands_for)),
        ("b", side(&m.b, &m.b_stands_for)),
        ("x", m.score.0.to_string()),
        ("y", m.score.1.to_string()),
        ("winner", name(&m.winner)),
        ("by", by.en),
        ("by_zh", by.zh),
        ("n", n.to_string()),
        ("m", of.to_string()),
    ];
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    said(l, t.fill(&args))
}

/// The playoff step a pending match waits for, its regular games (boards) in and level; None
/// for a match decided, or still in its regular games (`to be played`, after the games in).
fn awaits(m: &MatchOut) -> Option<&str> {
    m.awaits.as_deref().filter(|_| m.decided_by == "pending")
}

/// A team knockout's match as a line (its board points, and how it was decided: on the boards,
/// or level on them and by which playoff step), each team as `name` gives it; None for a match
/// of two players.
pub fn team_match_line(
    m: &MatchOut,
    plan: &Plan,
    l: Tr,
    name: impl Fn(&str) -> String,
) -> Option<String> {
    m.boards?;
    if let Some(step) = awaits(m) {
        return Some(line(m, l, &name, decided_by(plan, step), TEAM_MATCH_AWAITS));
    }
    let t = match m.decided_by.as_str() {
        "board_points" => TEAM_MATCH_ON_BOARDS,
        // The runtime gives a pending match a provisional winner; nothing is decided yet.
        "pending" => TEAM_MATCH_PENDING,
        "forfeit" | "bye" => TEAM_MATCH_OTHER,
        _ => TEAM_MATCH_LEVEL,
    };
    Some(line(m, l, &name, decided_by(plan, &m.decided_by), t))
}

/// A match as a line: a team match as [`team_match_line`] says it, the teams by id; a match of
/// two players, its points in the regular games and how it was decided (by the games, or level
/// and then by a playoff step, lots, ...), each player as `name` gives them. `simulate` and
/// `event standings` list a knockout's matches so.
pub fn match_line(m: &MatchOut, plan: &Plan, l: Tr, name: impl Fn(&str) -> String) -> String {
    if m.boards.is_some() {
        return team_match_line(m, plan, l, str::to_string).unwrap_or_default();
    }
    let by = match awaits(m).unwrap_or(&m.decided_by) {
        "earlier_game" => PLAYER_BY_EARLIER_GAME.plain(),
        "lots" | "black" | "forfeit" | "pending" | "bye" => decided_by(plan, &m.decided_by),
        step => {
            let time = self::step(plan, step, Tr::Zh);
            PLAYER_BY_GAME.fill(&[("step_zh", &time), ("step", step)])
        }
    };
    let t = match m.decided_by.as_str() {
        _ if awaits(m).is_some() => PLAYER_MATCH_AWAITS,
        "pending" if m.games_in.is_some() => PLAYER_MATCH_SO_FAR,
        "games" => PLAYER_MATCH_ON_GAMES,
        "pending" => TEAM_MATCH_PENDING,
        "forfeit" | "bye" => TEAM_MATCH_OTHER,
        _ => PLAYER_MATCH_LEVEL,
    };
    line(m, l, &name, by, t)
}

/// Each player's (or team's) name by id, as the outcome's standings and final ranking give them;
/// and a side of a match in a report's line: `id name`, or the id alone where it is the name (a
/// team of the roster) or no name is known.
pub fn sides(o: &Outcome) -> impl Fn(&str) -> String {
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let rows = o
        .stages
        .iter()
        .flat_map(|st| st.groups.iter().flat_map(|g| g.standings.iter()))
        .map(|r| (&r.id, &r.player));
    for (id, name) in rows.chain(o.final_ranking.iter().map(|r| (&r.id, &r.player))) {
        names.entry(id.clone()).or_insert_with(|| name.clone());
    }
    move |id: &str| match names.get(id) {
        Some(n) if n != id => format!("{id} {n}"),
        _ => id.to_string(),
    }
}

/// A stage page in its language's knockout words: each playoff game's step, each bracket box's
/// label, and under the bracket how each match of a team knockout was decided, and which playoff
/// game a level match (of teams or of two players) waits for (the standings' lines, by name).
pub fn in_words(page: &mut StagePage, st: &StageOutcome, plan: &Plan, people: &People, l: Tr) {
    for g in page.rounds.iter_mut().flat_map(|r| r.games.iter_mut()) {
        g.step = g.step.as_deref().map(|s| step(plan, s, l));
    }
    let Some(b) = page.bracket.as_mut() else {
        return;
    };
    for m in &mut b.boxes {
        m.label = numbered(&m.label, m.number, l);
    }
    let name = |id: &str| super::bracket::name_in(st, people, id);
    b.decided =
        st.matches
            .iter()
            .filter(|m| m.decided_by != "pending" || awaits(m).is_some() || m.games_in.is_some())
            .filter_map(|m| match m.boards {
                Some(_) => team_match_line(m, plan, l, name),
                // A match of two players is listed only while it waits for a playoff game or for
                // the rest of its regular games: its box shows the score and no winner, and cannot
                // say what it waits for.
                None => (awaits(m).is_some() || m.games_in.is_some())
                    .then(|| match_line(m, plan, l, name)),
            })
            .collect();
}

#[cfg(test)]
mod tests {
    use super::super::labels::label;
    use super::*;

    /// Every label the runtime gives a knockout's match (`engine/stages/knockout.rs`
    /// `bracket_label`) has its Chinese; English stays the runtime's.
    #[test]
    fn each_match_label_has_its_chinese() {
        for (en, zh) in [
            ("final", "决赛"),
            ("semi-final", "半决赛"),
            ("quarter-final", "四分之一决赛"),
            ("round of 16", "八分之一决赛"),
            ("match for places 3-4", "第3、4名决赛"),
            ("places 5-8 bracket", "第5至8名排位赛"),
        ] {
            assert_eq!(label(en, Tr::Zh), zh);
            assert_eq!(label(en, Tr::En), en);
        }
        assert_eq!(label("anything else", Tr::Zh), "anything else");
    }
}
