//! The data of the published pages, built from a replay: plain, serialisable rows that the
//! templates print (and escape). Pending games are shown as waiting, never with the placeholder
//! result the replay scores them with.

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::results::GameKey;
use xqreg_runtime::engine::{GameOut, Outcome, StageOutcome};
use xqreg_runtime::plan::Plan;

use super::text::{numbered, said, Tr};
use crate::diagnostics::Template;

// The message catalogue of this module: compiler/messages/event/publish/model.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/publish/model.rs"));
use crate::event::live::Live;

pub use super::cross::StandRow;
pub use super::field::{playing, withdrawal_forfeits, Bye, Field};
pub use super::people::{People, Person};

#[derive(Debug, Serialize)]
pub struct GameRow {
    pub board: u32,
    pub group: Option<String>,
    pub step: Option<String>,
    pub red: Person,
    pub black: Person,
    /// The notation (`1-0`), or empty while the game waits for its result.
    pub result: String,
}

#[derive(Debug, Serialize)]
pub struct RoundView {
    pub round: u32,
    pub heading: String,
    pub games: Vec<GameRow>,
    /// The games' column beside the board names each one's team match (对阵), not its group.
    pub team_matches: bool,
    pub byes: Vec<Bye>,
    pub waiting: usize,
}

#[derive(Debug, Serialize)]
pub struct GroupView {
    pub heading: String,
    pub criteria: Vec<String>,
    /// Whether any row has a unit: a team stage's rows (teams) have none, and no Unit column.
    pub units: bool,
    pub rows: Vec<StandRow>,
    pub cross: Option<super::cross::Cross>,
}

#[derive(Debug, Serialize)]
pub struct StagePage {
    pub file: String,
    pub title: String,
    pub kind: String,
    pub complete: bool,
    /// What the standings count while the stage waits for results (a Swiss ranks the rounds
    /// before its first round waiting): the note above them says so.
    pub counted: Option<String>,
    pub rounds: Vec<RoundView>,
    pub groups: Vec<GroupView>,
    pub bracket: Option<super::bracket::Bracket>,
}

#[derive(Debug, Serialize)]
pub struct AwardRow {
    pub place: String,
    pub category: String,
    pub who: Person,
    pub prize: String,
}

#[derive(Debug, Serialize)]
pub struct IndexPage {
    pub finished: bool,
    pub published: usize,
    pub recorded: usize,
    pub ranking: Vec<AwardRow>,
    /// Whether the final ranking has a unit column: a team event ranks teams, which have none
    /// (the column stood empty), as a stage's standings leave it out.
    pub units: bool,
    pub prizes: Vec<AwardRow>,
    /// Prize places given up under `one_cash_prize highest`, each a sentence with the place kept.
    pub given_up: Vec<String>,
    pub qualifiers: Vec<AwardRow>,
}

/// The stage's games with whether each waits for a result; `live.games` lists the outcome's
/// games in the same order, stage by stage.
pub fn stage_games(live: &Live, ix: usize) -> Vec<(&GameOut, bool)> {
    let before: usize = live.outcome.stages[..ix]
        .iter()
        .map(|s| s.games.len())
        .sum();
    live.outcome.stages[ix]
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| (g, live.games.get(before + i).is_some_and(|e| e.pending)))
        .collect()
}

/// A game of a stage, and whether it waits for its result ([`stage_games`]).
type StageGame<'a> = (&'a GameOut, bool);

/// The published games of the event, each with the board `pair` published it on.
pub type Published = BTreeMap<GameKey, u32>;

/// The identity of each of the stage's games, in [`stage_games`]' order.
fn stage_keys(live: &Live, ix: usize) -> Vec<Option<GameKey>> {
    let before: usize = live.outcome.stages[..ix]
        .iter()
        .map(|s| s.games.len())
        .sum();
    (0..live.outcome.stages[ix].games.len())
        .map(|i| live.games.get(before + i).map(|e| e.game.key()))
        .collect()
}

fn halves(points: i64, halves: bool) -> String {
    if halves {
        let whole = points / 2;
        if points % 2 == 0 {
            whole.to_string()
        } else {
            format!("{whole}½")
        }
    } else {
        points.to_string()
    }
}

/// The rounds of a stage: its published games (those a replay has not yet decided are shown only
/// when published) and the players of the stage's field who sit the round out.
fn rounds(
    (st, games, keys): (&StageOutcome, &[StageGame<'_>], &[Option<GameKey>]),
    published: &Published,
    field: &Field,
    people: &People,
    l: Tr,
) -> Vec<RoundView> {
    let mut by_round: BTreeMap<u32, Vec<(&GameOut, bool, u32)>> = BTreeMap::new();
    // A game no one plays (its player withdrawn) is said after the round, as `pair` says it.
    let forfeits = withdrawal_forfeits(st);
    let listed = games
        .iter()
        .zip(keys)
        .filter(|((g, _), _)| !forfeits.iter().any(|f| std::ptr::eq(*f, *g)));
    for (&(g, pending), key) in listed {
        // A published game on the board `pair` published it on (the engine's board skips the
        // forfeits nobody plays, and a playoff game takes the round's next board).
        let board = key.as_ref().and_then(|k| published.get(k)).copied();
        let row = (g, pending, board.unwrap_or(g.board));
        by_round.entry(g.round).or_default().push(row);
    }
    let mut out = Vec::new();
    for (round, gs) in by_round {
        if !published.keys().any(|k| k.0 == st.name && k.1 == round) {
            continue;
        }
        let playing = playing(
            gs.iter()
                .map(|(g, ..)| (g.red.as_str(), g.black.as_str(), g.team_match.as_deref())),
        );
        let byes = field.sitting_out(round, &playing, people, l);
        out.push(RoundView {
            round,
            heading: said(l, numbered(ROUND_HEADING, round, &[])),
            waiting: gs.iter().filter(|(_, p, _)| *p).count(),
            team_matches: gs
                .first()
                .is_some_and(|(g, ..)| g.group.is_none() && g.team_match.is_some()),
            games: gs
                .iter()
                .map(|(g, pending, board)| GameRow {
                    board: *board,
                    group: g.label().map(|m| people.teams().match_label(m, l)),
                    step: g.step.clone(),
                    red: people.get(&g.red),
                    black: people.get(&g.black),
                    result: if *pending {
                        String::new()
                    } else {
                        g.result.to_string()
                    },
                })
                .collect(),
            byes,
        });
    }
    out
}

/// The page of one stage.
pub fn stage_page(
    (live, plan): (&Live, &xqreg_runtime::plan::Plan),
    ix: usize,
    published: &Published,
    people: &People,
    l: Tr,
) -> StagePage {
    let st = &live.outcome.stages[ix];
    // What a game scores on this stage's standings: its crosstable's cells count the same.
    let scoring = plan
        .stages
        .iter()
        .find(|p| p.name == st.name)
        .map_or(&plan.scoring, |p| &p.scoring);
    let games = stage_games(live, ix);
    // A section finished ahead of a stage still waiting before it: its lots are not yet final.
    let lot_to_draw = live.lot_to_draw(&st.name);
    let complete = !games.iter().any(|(_, p)| *p) && !lot_to_draw;
    let field = Field::of(live, ix);
    let keys = stage_keys(live, ix);
    let rounds = rounds((st, &games, &keys), published, &field, people, l);
    // The crosstable shows the rounds its totals count: a Swiss waiting for results, the rounds
    // before the first one waiting (its results so far are in the round's pairing list).
    let after = live.standings_after(&st.name);
    let played: Vec<u32> = rounds
        .iter()
        .map(|r| r.round)
        .filter(|&r| after.is_none_or(|a| r <= a))
        .collect();
    let lot_note = lot_to_draw.then(|| said(l, LOT_LATER.plain()));
    let counted = lot_note.or_else(|| {
        after.map(|a| {
            let next = (a + 1).to_string();
            let next_zh = crate::sheet::fmt::zh_numeral(u64::from(a + 1));
            let more = [("next", next.as_str()), ("next_zh", &next_zh)];
            said(l, numbered(AFTER_ROUND, a, &more))
        })
    });
    let halves_of = |tb: &xqreg_runtime::engine::tiebreak::TbValue| {
        tb.parts
            .iter()
            .map(|p| halves(*p, tb.halves))
            .collect::<Vec<_>>()
            .join("/")
    };
    let groups = if st.kind == "knockout" || played.is_empty() {
        Vec::new()
    } else {
        st.groups
            .iter()
            .map(|g| {
                // A contextual criterion (head to head) has a value only where it was applied:
                // the columns are every criterion of any row, a row's missing value blank.
                let ids = xqreg_runtime::engine::tiebreak_columns(&g.standings);
                let rows: Vec<StandRow> = g
                    .standings
                    .iter()
                    .map(|r| StandRow {
                        place: format!("{}{}", r.place, if r.shared { "=" } else { "" }),
                        number: r.number.map(|n| n.to_string()).unwrap_or_default(),
                        who: people.get(&r.id),
                        points: r.points.map(|p| p.to_string()).unwrap_or_default(),
                        tiebreaks: ids
                            .iter()
                            .map(|c| {
                                r.tiebreaks
                                    .iter()
                                    .find(|t| &t.column() == c)
                                    .map(|t| halves_of(&t.value))
                                    .unwrap_or_default()
                            })
                            .collect(),
                    })
                    .collect();
                let criteria = ids.iter().map(|c| super::text::criterion(l, c)).collect();
                // A team stage's boards carry their match: its crosstable is of matches.
                let team = games.iter().any(|(g, _)| g.team_match.is_some());
                let table = super::cross::Table {
                    rows: &rows,
                    people,
                    names: &g.standings,
                    team,
                    scoring,
                };
                let cross = Some(super::cross::cross(
                    &table,
                    &games,
                    g.name.as_deref(),
                    &played,
                    l,
                ));
                GroupView {
                    heading: match &g.name {
                        Some(n) => said(l, GROUP_HEADING.fill(&[("group", n)])),
                        None => String::new(),
                    },
                    criteria,
                    units: rows.iter().any(|r| !r.who.unit.is_empty()),
                    rows,
                    cross,
                }
            })
            .collect()
    };
    let bracket = (st.kind == "knockout" && !st.matches.is_empty())
        .then(|| super::bracket::layout(st, &games, people, l));
    StagePage {
        file: format!("stage-{}.html", ix + 1),
        title: stage_title(live, ix),
        kind: st.kind.clone(),
        complete,
        counted,
        rounds,
        groups,
        bracket,
    }
}

pub fn stage_title(live: &Live, ix: usize) -> String {
    live.outcome.stages[ix].name.clone()
}

/// A name of the regulation as the site shows it: its title on the Chinese site, `id (title)` on
/// the English one (the title is the regulation's Chinese), the id when it has no title.
pub fn labelled(id: &str, title: Option<&String>, l: Tr) -> String {
    match title {
        Some(t) if l == Tr::Zh => t.clone(),
        Some(t) => format!("{id} ({t})"),
        None => id.to_string(),
    }
}

/// A stage of `plan` as the site names it: on the English site by its English title
/// (`stage main "联赛" en "League"`) when it has one, else as [`labelled`].
pub fn stage_label(plan: &Plan, id: &str, l: Tr) -> String {
    let stage = plan.stage(id);
    match stage.and_then(|s| s.title_en.as_ref()) {
        Some(en) if l == Tr::En => en.clone(),
        _ => labelled(id, stage.and_then(|p| p.title.as_ref()), l),
    }
}

/// What a prize or a qualifier is paid in (a category, a derived ranking, a best-board table),
/// named as the navigation names a stage: on the English site by its English title when it has
/// one (`category a55 "55至64岁组" en "Ages 55-64"`: `Ages 55-64`), else as [`labelled`].
pub fn group_label(plan: &Plan, id: &str, l: Tr) -> String {
    let (title, title_en) = group_titles(plan, id);
    match title_en {
        Some(en) if l == Tr::En => en.clone(),
        _ => labelled(id, title, l),
    }
}

/// The prizes of the whole event's ranking, named by their table's title where one table pays
/// them (`prizes "总名次奖" en "Overall"`: 总名次奖, `Overall` on the English site), else
/// 总成绩 / `Overall`.
fn overall_label(plan: &Plan, l: Tr) -> String {
    let mut overall = plan.prizes.iter().filter(|t| t.category.is_none());
    let title = match (overall.next(), overall.next()) {
        (Some(t), None) => match l {
            Tr::En => t.title_en.clone(),
            Tr::Zh => t.title.clone(),
        },
        _ => None,
    };
    title.unwrap_or_else(|| said(l, OVERALL.plain()))
}

/// The event a quota qualifies for, in the page's language: its `en` title in English
/// (`qualification "全国总决赛" en "National final"`), else as written (the outcome carries the
/// title as written). The site and `simulate`'s report both name it so.
pub fn qualification_title<'a>(plan: &'a Plan, title: &'a str, l: Tr) -> &'a str {
    let en = plan
        .qualification
        .iter()
        .find(|q| q.title == title)
        .and_then(|q| q.title_en.as_deref());
    match (l, en) {
        (Tr::En, Some(en)) => en,
        _ => title,
    }
}

/// The Chinese and English titles of the category, derived ranking or best-board table `id`
/// (they never share a name, E536).
fn group_titles<'p>(plan: &'p Plan, id: &str) -> (Option<&'p String>, Option<&'p String>) {
    if let Some(c) = plan.categories.get(id) {
        return (c.title.as_ref(), c.title_en.as_ref());
    }
    if let Some(r) = plan.rankings.iter().find(|r| r.name == id) {
        return (r.title.as_ref(), r.title_en.as_ref());
    }
    match plan.board_prizes.iter().find(|b| b.name == id) {
        Some(b) => (b.title.as_ref(), b.title_en.as_ref()),
        None => (None, None),
    }
}

/// The front page: how far the event is, and once it is over the ranking, prizes and qualifiers.
pub fn index_page(
    (o, plan): (&Outcome, &Plan),
    live: &Live,
    published: usize,
    people: &People,
    l: Tr,
) -> IndexPage {
    let finished = live.finished();
    let cat = |c: &Option<String>| match c {
        Some(c) => group_label(plan, c, l),
        None => overall_label(plan, l),
    };
    let section = |s: &Option<String>| match s {
        Some(s) => stage_label(plan, s, l),
        None => String::new(),
    };
    let place = |p: u32, shared: bool| format!("{p}{}", if shared { "=" } else { "" });
    let (ranking, prizes, qualifiers) = if finished {
        (
            o.final_ranking
                .iter()
                .map(|r| AwardRow {
                    place: place(r.place, r.shared),
                    category: section(&r.section),
                    who: people.get(&r.id),
                    prize: String::new(),
                })
                .collect(),
            o.prizes
                .iter()
                .map(|p| {
                    let items: Vec<String> =
                        p.items.iter().map(|i| super::text::item(l, i)).collect();
                    // As the rule sheet beside it says money: 120,000元 / CNY 120,000.
                    let mut prize = if p.amount > 0 {
                        crate::sheet::fmt::money(l.sheet(), p.amount, Some(&p.currency))
                    } else {
                        String::new()
                    };
                    if !items.is_empty() {
                        prize = [prize, items.join(", ")]
                            .iter()
                            .filter(|s| !s.is_empty())
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(" · ");
                    }
                    // A best-board prize pays each board's places: the board is named.
                    let category = match p.board {
                        Some(b) => said(
                            l,
                            BOARD_PRIZE
                                .fill(&[("table", &cat(&p.category)), ("n", &b.to_string())]),
                        ),
                        None => cat(&p.category),
                    };
                    AwardRow {
                        place: place(p.place, p.shared),
                        category,
                        who: people.get(&p.id),
                        prize,
                    }
                })
                .collect(),
            o.qualifiers
                .iter()
                .map(|q| AwardRow {
                    place: q.place.to_string(),
                    // A quota of the whole ranking (`overall 2`) is no prize table's: it is
                    // named as the ranking, not by the overall prize table's title.
                    category: match &q.category {
                        Some(c) => group_label(plan, c, l),
                        None => said(l, OVERALL.plain()),
                    },
                    who: people.get(&q.id),
                    prize: qualification_title(plan, &q.title, l).to_string(),
                })
                .collect(),
        )
    } else {
        (Vec::new(), Vec::new(), Vec::new())
    };
    let given_up = if finished {
        o.prizes_given_up
            .iter()
            .map(|g| {
                let who = people.get(&g.id).name;
                let (place, kept_place) = (g.place.to_string(), g.kept_place.to_string());
                let args = [
                    ("name", who.as_str()),
                    ("table", &cat(&g.category)),
                    ("place", &place),
                    ("kept", &cat(&g.kept_category)),
                    ("kept_place", &kept_place),
                ];
                said(l, GIVEN_UP.fill(&args))
            })
            .collect()
    } else {
        Vec::new()
    };
    IndexPage {
        finished,
        published,
        recorded: live.games.iter().filter(|g| !g.pending).count(),
        units: ranking.iter().any(|r: &AwardRow| !r.who.unit.is_empty()),
        ranking,
        prizes,
        given_up,
        qualifiers,
    }
}
