//! What the event commands print: pairing lists (human, JSON, CSV), status and standings.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde_json::json;
use xqreg_runtime::engine::RecordedLineup;
use xqreg_runtime::plan::Plan;

use super::publish::text::Tr;

use super::live::{Event, Live};
use super::publish::people::{People, Teams};
use super::store::{StoredEntry, StoredGame, StoredWithdrawal};
use crate::diagnostics::{Lang, Msg, Template};

// The message catalogue of this module: compiler/messages/event/view.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/view.rs"));

mod points;
mod standings;
use points::points_before;
pub use standings::standings;

/// A pairing line: the game and, for each side, name, unit and points before the round.
pub struct Line<'g> {
    pub game: &'g StoredGame,
    pub red: Side,
    pub black: Side,
}

pub struct Side {
    pub name: String,
    pub unit: String,
    pub points: i64,
}

/// The pairing lines of `shown`, each player with the points before the round: from `all`
/// the published games and the forfeits a withdrawal decided ([`Live::forfeits`]).
pub fn lines<'g>(
    event: &Event,
    all: (&[StoredGame], &[StoredGame]),
    shown: &'g [StoredGame],
    lang: Lang,
) -> Vec<Line<'g>> {
    let people = People::new(&event.roster, &event.plan.entry, Tr::of(lang));
    let side = |id: &str, pts: &BTreeMap<String, i64>| {
        let who = people.get(id);
        Side {
            name: who.name,
            unit: who.unit,
            points: pts.get(id).copied().unwrap_or(0),
        }
    };
    // The points before a round are the same for every game of it: computed once a round, not
    // once a game, which read every game again (a 2,000-player event's 11,000 games took over a
    // minute to list).
    let mut before: BTreeMap<(&str, u32), BTreeMap<String, i64>> = BTreeMap::new();
    shown
        .iter()
        .map(|g| {
            let pts = before
                .entry((g.game.stage.as_str(), g.game.round))
                .or_insert_with(|| points_before(event, all, &g.game.stage, g.game.round));
            Line {
                game: g,
                red: side(&g.game.red, pts),
                black: side(&g.game.black, pts),
            }
        })
        .collect()
}

/// A stored game's group, or the team match its board belongs to: the engine gives a team
/// match's boards the match's label (`金华队 v 绍兴队`) where a group game has its group, and a
/// match is no group. (group, match).
fn group_or_match(g: &StoredGame) -> (Option<&str>, Option<&str>) {
    match g.game.group.as_deref() {
        Some(gr) if gr.contains(" v ") => (None, Some(gr)),
        other => (other, None),
    }
}

/// A stage's round: `main round 2`.
fn round_of(stage: [(&str, &str); 2], round: u32) -> Msg {
    let round = round.to_string();
    ROUND.fill(&[&stage[..], &[("round", &round)]].concat())
}

/// The heading of a game's round in a pairing list: its stage and round, and its team match,
/// group or playoff game.
/// `step` names a playoff game's step (its time control) in `lang`.
/// A team match's declared teams are named in `lang` (`teams`).
fn where_(
    (g, stage): (&StoredGame, [(&str, &str); 2]),
    lang: Lang,
    step: &dyn Fn(&str) -> String,
    teams: &Teams,
) -> String {
    let mut s = round_of(stage, g.game.round).get(lang).to_string();
    match group_or_match(g) {
        (_, Some(m)) => {
            let m = teams.match_label(m, Tr::of(lang));
            s.push_str(MATCH.fill(&[("match", &m)]).get(lang))
        }
        (Some(gr), None) => s.push_str(GROUP.fill(&[("group", gr)]).get(lang)),
        (None, None) => {}
    }
    if let Some(id) = &g.game.step {
        let game = g.game.game_no.to_string();
        s.push_str(
            PLAYOFF
                .fill(&[("step", &step(id)), ("game", &game)])
                .get(lang),
        );
    }
    s
}

pub fn human(lines: &[Line<'_>], plan: &Plan, lang: Lang) -> String {
    let mut s = String::new();
    let mut head = String::new();
    // A playoff game's step by its time control's title in Chinese (加赛 超快棋 第 1 局).
    let step = |id: &str| super::publish::matches::step(plan, id, Tr::of(lang));
    let teams = Teams::new(&plan.entry, Tr::of(lang));
    for l in lines {
        let stage = super::stage_args(plan, &l.game.game.stage);
        let h = where_((l.game, stage), lang, &step, &teams);
        // A knockout's match points say little of a pairing (who won the match is what
        // counts): a knockout's lines give the unit alone.
        let knockout = plan
            .stage(&l.game.game.stage)
            .is_some_and(|st| matches!(st.format, xqreg_runtime::plan::StageFormat::Knockout(_)));
        let shown = |p: &i64| (!knockout).then_some(*p);
        if h != head {
            let _ = writeln!(s, "{h}");
            head = h;
        }
        // A waiting game whose colours the lot's winner chooses in the hall: listed as the
        // simulation models the choice, which is still to be made.
        let choice = super::hall::chooser(plan, l.game)
            .filter(|_| l.game.result.is_none())
            .map(|id| CHOICE_PENDING.fill(&[("id", id)]).get(lang).to_string());
        let _ = writeln!(
            s,
            "  {:>3}  {} {} {}  -  {} {} {}{}",
            l.game.board,
            l.game.game.red,
            l.red.name,
            unit_and_points(&l.red.unit, shown(&l.red.points)),
            l.game.game.black,
            l.black.name,
            unit_and_points(&l.black.unit, shown(&l.black.points)),
            choice.unwrap_or_default(),
        );
    }
    s
}

/// `(北京, 2)` after a player's name in a pairing list, `(2)` for a player of no unit; without
/// points (a knockout) `(北京)`, or nothing.
fn unit_and_points(unit: &str, points: Option<i64>) -> String {
    match (unit.is_empty(), points) {
        (true, Some(p)) => format!("({p})"),
        (false, Some(p)) => format!("({unit}, {p})"),
        (true, None) => String::new(),
        (false, None) => format!("({unit})"),
    }
}

/// The players (or teams) of each round of `shown` who sit it out, after its pairing list:
/// `main round 1: bye  s08 黄丽华 (滨江区)` (轮空 in Chinese), or withdrawn, or a late entrant
/// before the round of entry; `all` holds every board of the round.
pub fn sitting_out(
    live: &Live,
    event: &Event,
    all: &[StoredGame],
    shown: &[StoredGame],
    lang: Lang,
) -> String {
    let mut s = String::new();
    for (stage, round, b) in sitting_out_rows(live, event, all, shown, lang) {
        // A team (or a player without a unit) has no unit to bracket.
        let unit = match b.who.unit.as_str() {
            "" => String::new(),
            u => format!(" ({u})"),
        };
        let round = round.to_string();
        let stage = super::stage_args(&event.plan, &stage);
        let at = [("round", round.as_str()), ("why", &b.why)];
        // A team of the roster is its unit: its id is its name, said once (`上海`, not `上海 上海`).
        let name = if b.who.name == b.who.id {
            String::new()
        } else {
            format!(" {}", b.who.name)
        };
        let who = [("id", b.who.id.as_str()), ("name", &name), ("unit", &unit)];
        let _ = writeln!(
            s,
            "{}",
            SITS_OUT
                .fill(&[&stage[..], &at[..], &who[..]].concat())
                .get(lang)
        );
    }
    s
}

/// Who sits out each round of `shown`, by stage and round, each with why.
fn sitting_out_rows(
    live: &Live,
    event: &Event,
    all: &[StoredGame],
    shown: &[StoredGame],
    lang: Lang,
) -> Vec<(String, u32, super::publish::model::Bye)> {
    use super::publish::model::{playing, Field};
    let l = Tr::of(lang);
    let people = People::new(&event.roster, &event.plan.entry, l);
    // A batch of playoff games alone (a knockout's level matches) says no round's field again.
    let rounds: std::collections::BTreeSet<(&str, u32)> = shown
        .iter()
        .filter(|g| g.game.step.is_none())
        .map(|g| (g.game.stage.as_str(), g.game.round))
        .collect();
    let mut out = Vec::new();
    for (stage, round) in rounds {
        let Some(ix) = live.outcome.stages.iter().position(|st| st.name == stage) else {
            continue;
        };
        let boards = all
            .iter()
            .filter(|g| g.game.stage == stage && g.game.round == round && g.game.step.is_none());
        let on = playing(boards.map(|g| {
            (
                g.game.red.as_str(),
                g.game.black.as_str(),
                g.game.group.as_deref(),
            )
        }));
        for b in Field::of(live, ix).sitting_out(round, &on, &people, l) {
            out.push((stage.to_string(), round, b));
        }
    }
    out
}

/// `event pair --format json`: the games published now, and who sits each of their rounds out
/// (`reason` `bye`, `withdrawn` or `late`), which the CSV, the results file to fill in, leaves out.
pub fn pair_json(
    lines: &[Line<'_>],
    (live, event, all, shown): (&Live, &Event, &[StoredGame], &[StoredGame]),
    lang: Lang,
) -> String {
    let sits_out: Vec<_> = sitting_out_rows(live, event, all, shown, lang)
        .into_iter()
        .map(|(stage, round, b)| {
            let mut row = json!({"stage": stage, "round": round, "id": b.who.id,
                   "name": b.who.name, "unit": b.who.unit, "reason": b.reason});
            if let Some(opponent) = b.opponent {
                row["opponent"] = json!(opponent);
            }
            row
        })
        .collect();
    let v = json!({"games": games_json(lines), "sits_out": sits_out});
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// `event games --format json`: the games, as `pair` lists them under `games`.
pub fn json(lines: &[Line<'_>]) -> String {
    serde_json::to_string_pretty(&games_json(lines)).unwrap_or_default() + "\n"
}

fn games_json(lines: &[Line<'_>]) -> Vec<serde_json::Value> {
    lines
        .iter()
        .map(|l| {
            let (group, team_match) = group_or_match(l.game);
            json!({"stage": l.game.game.stage, "round": l.game.game.round, "board": l.game.board,
                   "group": group, "match": team_match, "step": l.game.game.step, "game": l.game.game.game_no,
                   "red": {"id": l.game.game.red, "name": l.red.name, "unit": l.red.unit, "points": l.red.points},
                   "black": {"id": l.game.game.black, "name": l.black.name, "unit": l.black.unit, "points": l.black.points},
                   "result": l.game.result.as_ref().map(|r| &r.0)})
        })
        .collect()
}

/// The pairing list as the results CSV `event result` reads: `result` left empty until the game
/// is played, so the arbiter fills in the list `pair` printed.
pub fn csv(lines: &[Line<'_>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record([
        "stage", "round", "board", "red", "black", "result", "step", "game",
    ]);
    for l in lines {
        let g = l.game;
        let _ = w.write_record([
            g.game.stage.clone(),
            g.game.round.to_string(),
            g.board.to_string(),
            g.game.red.clone(),
            g.game.black.clone(),
            g.result.as_ref().map(|r| r.0.clone()).unwrap_or_default(),
            g.game.step.clone().unwrap_or_default(),
            g.game.game_no.to_string(),
        ]);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// `event status`: what is published, what waits for results, what comes next.
pub fn status(
    plan: &Plan,
    games: &[StoredGame],
    entries: &[StoredEntry],
    withdrawals: &[StoredWithdrawal],
    lineups: &[RecordedLineup],
    live: &Live,
    lang: Lang,
) -> String {
    let mut said = Vec::new();
    let mut rounds: BTreeMap<(i64, String, u32), (usize, usize)> = BTreeMap::new();
    for g in games {
        let e = rounds
            .entry((g.batch, g.game.stage.clone(), g.game.round))
            .or_default();
        e.0 += 1;
        if g.result.is_some() {
            e.1 += 1;
        }
    }
    // A batch publishes one round of each stage it pairs (sections side by side: several).
    let batches: BTreeSet<i64> = games.iter().map(|g| g.batch).collect();
    let (n, b) = (games.len().to_string(), batches.len().to_string());
    said.push(PUBLISHED.fill(&[("games", &n), ("batches", &b)]));
    for ((batch, stage, round), (n, done)) in &rounds {
        let [batch, round, n, done] = [
            batch.to_string(),
            round.to_string(),
            n.to_string(),
            done.to_string(),
        ];
        let at = [("batch", batch.as_str()), ("round", &round)];
        let stage = super::stage_args(plan, stage);
        let counts = [("done", done.as_str()), ("n", &n)];
        said.push(BATCH.fill(&[&at[..], &stage[..], &counts[..]].concat()));
    }
    for e in entries {
        let (players, round) = (e.players.join(" "), e.round.to_string());
        let at = [("players", players.as_str()), ("round", &round)];
        said.push(LATE_ENTRY.fill(&[&at[..], &super::stage_args(plan, &e.stage)[..]].concat()));
    }
    for w in withdrawals {
        let round = w.after_round.to_string();
        let at = [("player", w.player.as_str()), ("round", &round)];
        said.push(WITHDRAWN.fill(&[&at[..], &super::stage_args(plan, &w.stage)[..]].concat()));
    }
    // The line-ups handed in for rounds not yet published: the teams of each, the rest play
    // their default.
    let mut handed: BTreeMap<(&str, u32), Vec<&str>> = BTreeMap::new();
    for l in lineups {
        if !games
            .iter()
            .any(|g| g.game.stage == l.stage && g.game.round == l.round)
        {
            handed.entry((&l.stage, l.round)).or_default().push(&l.team);
        }
    }
    // A declared team by its name, as `pair` names it, however the file wrote it.
    let (en, zh) = (
        Teams::new(&plan.entry, Tr::En),
        Teams::new(&plan.entry, Tr::Zh),
    );
    for ((stage, round), teams) in handed {
        let named = |t: &Teams| {
            let names: Vec<&str> = teams.iter().map(|&x| t.name(x).unwrap_or(x)).collect();
            names.join(" ")
        };
        let (round, teams_en, teams_zh) = (round.to_string(), named(&en), named(&zh));
        let at = [
            ("round", round.as_str()),
            ("teams", &teams_en),
            ("teams_zh", &teams_zh),
        ];
        said.push(LINEUPS.fill(&[&at[..], &super::stage_args(plan, stage)[..]].concat()));
    }
    said.push(WAITING.fill(&[("n", &live.waiting.to_string())]));
    said.push(next(live, plan));
    Msg::lines(&said, lang)
}

/// What `status` says comes next: nothing, the rounds `pair` publishes, or results to enter.
fn next(live: &Live, plan: &Plan) -> Msg {
    if live.finished() {
        return NEXT_COMPLETE.plain();
    }
    if live.next.is_empty() && live.waiting == 0 {
        // Nothing waits and nothing can be paired: a Swiss round without a pairing (R016).
        if let Some(problem) = live.outcome.unpairable.values().next() {
            let why = [("why", problem.message.as_str())];
            let zh = match &*problem.message_zh {
                "" => problem.message.as_str(),
                zh => zh,
            };
            let why_zh = [("why_zh", zh)];
            return NEXT_UNPAIRABLE.fill(&[&why[..], &why_zh[..]].concat());
        }
    }
    if live.next.is_empty() {
        return NEXT_RESULTS.plain();
    }
    // One round of each stage `pair` publishes, in plan order.
    let mut of: Vec<(&str, u32, usize)> = Vec::new();
    for g in &live.next {
        match of.last_mut() {
            Some((st, r, n)) if *st == g.game.stage && *r == g.game.round => *n += 1,
            _ => of.push((&g.game.stage, g.game.round, 1)),
        }
    }
    let rounds: Vec<Msg> = of
        .iter()
        .map(|(st, r, n)| {
            let (r, n) = (r.to_string(), n.to_string());
            let at = [("n", n.as_str()), ("round", &r)];
            NEXT_ROUND.fill(&[&at[..], &super::stage_args(plan, st)[..]].concat())
        })
        .collect();
    let en: Vec<&str> = rounds.iter().map(|m| m.en.as_str()).collect();
    let zh: Vec<&str> = rounds.iter().map(|m| m.zh.as_str()).collect();
    let (en, zh) = (en.join(", "), zh.join("，"));
    NEXT_PAIR.fill(&[("rounds", &en), ("rounds_zh", &zh)])
}

#[cfg(test)]
mod where_tests {
    use super::*;
    use crate::event::store::Pairing;

    /// Stage `league`, as `stage_args` names it without a title.
    const LEAGUE: [(&str, &str); 2] = [("stage", "league"), ("stage_zh", "league")];

    fn game(group: Option<&str>) -> StoredGame {
        StoredGame {
            id: 1,
            batch: 1,
            board: 1,
            game: Pairing {
                stage: "league".into(),
                round: 1,
                group: group.map(str::to_string),
                step: None,
                game_no: 1,
                red: "a1".into(),
                black: "b1".into(),
            },
            result: None,
        }
    }

    /// A team match is no group: `league round 1 match 金华队 v 绍兴队` (it read `group 金华队 v
    /// 绍兴队`); a group is still a group.
    #[test]
    fn a_team_match_is_named_a_match() {
        assert_eq!(
            where_(
                (&game(Some("金华队 v 绍兴队")), LEAGUE),
                Lang::En,
                &str::to_string,
                &Teams::default()
            ),
            "league round 1 match 金华队 v 绍兴队"
        );
        assert_eq!(
            where_(
                (&game(Some("A")), LEAGUE),
                Lang::En,
                &str::to_string,
                &Teams::default()
            ),
            "league round 1 group A"
        );
        assert_eq!(
            where_(
                (&game(None), [("stage", "league"), ("stage_zh", "联赛")]),
                Lang::En,
                &str::to_string,
                &Teams::default()
            ),
            "league round 1"
        );
        // In Chinese a stage is named by its title, as the site names it.
        assert_eq!(
            where_(
                (&game(None), [("stage", "league"), ("stage_zh", "联赛")]),
                Lang::Zh,
                &str::to_string,
                &Teams::default()
            ),
            "联赛 第 1 轮"
        );
    }

    /// In JSON too: a team match's boards carry `match`, never `group`.
    #[test]
    fn a_team_match_is_a_match_in_json() {
        assert_eq!(
            group_or_match(&game(Some("金华队 v 绍兴队"))),
            (None, Some("金华队 v 绍兴队"))
        );
        assert_eq!(group_or_match(&game(Some("A"))), (Some("A"), None));
    }
}
