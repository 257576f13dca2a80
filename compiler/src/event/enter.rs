//! `event enter DIR FILE.csv`: late entrants, in the roster's own CSV format, join the Swiss whose
//! `late_entry until round N missed zero|half` allows it, before the next round is paired. The
//! rows are stored as given beside the roster (the store's `late_entries`), the log entry holds
//! them, and every replay reads them as the runtime's recorded entries: each round before the
//! entry is the clause's bye, and the players are paired from the entry round on.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::json;
use xqreg_runtime::plan::{LateEntry, MissedRound, StageFormat};

use super::codes;
use super::store::StoredEntry;
use super::{load, refuse, rendered, with_event, Res};
use crate::diagnostics::{Lang, Msg, Template};
use xqreg_runtime::engine::{folded_id, Player, Roster, RuntimeProblem};

// The message catalogue of this module: compiler/messages/event/enter.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/enter.rs"));

/// The line and column (1-based) of the id of each data row of a CSV, by id.
fn id_places(bytes: &[u8]) -> Vec<(String, u64, usize)> {
    let mut r = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let col = r
        .headers()
        .ok()
        .and_then(|h| h.iter().position(|c| c.trim() == "id"))
        .unwrap_or(0);
    r.records()
        .filter_map(Result::ok)
        .map(|rec| {
            let line = rec.position().map_or(0, |p| p.line());
            (rec.get(col).unwrap_or("").trim().to_string(), line, col + 1)
        })
        .collect()
}

/// The stage a file of late entrants enters, and its clause: of the stages that admit late
/// entries (a Swiss section and the sections played beside it may each say so), the first whose
/// field takes the file's first player (its category or pool), else the first of them (the
/// replay then says that its field does not take the player, R031).
fn late_stage<'p>(
    plan: &'p xqreg_runtime::Plan,
    first: Option<&Player>,
) -> Option<(&'p str, &'p LateEntry)> {
    let late: Vec<(&xqreg_runtime::plan::Stage, &LateEntry)> = plan
        .stages
        .iter()
        .filter_map(|s| match &s.format {
            StageFormat::Swiss(sw) => sw.late_entry.as_ref().map(|l| (s, l)),
            _ => None,
        })
        .collect();
    let takes = |s: &xqreg_runtime::plan::Stage| {
        first.is_some_and(|p| xqreg_runtime::engine::source_admits(plan, &s.entrants, p))
    };
    late.iter()
        .find(|(s, _)| takes(s))
        .or_else(|| late.first())
        .map(|(s, l)| (s.name.as_str(), *l))
}

/// `event enter`: store the players of `file` as late entrants of the next round (or `round`).
pub fn enter(dir: &Path, file: &Path, round: Option<u32>, lang: Lang) -> Res<String> {
    let bytes = crate::files::read_input(file)
        .map_err(|e| super::cannot(super::CANNOT_READ, file, e, lang))?;
    let name = crate::driver::display_name(file);
    let given = crate::run::csv_input::read_roster(&name, &bytes)
        .map_err(|r| rendered(std::slice::from_ref(&r), lang))?;
    if given.players.is_empty() {
        return Err(super::no_rows(&name, lang));
    }
    let csv = String::from_utf8_lossy(&bytes).into_owned();
    with_event(dir, lang, |tx, loaded| {
        let plan = &loaded.event.plan;
        let Some((stage, clause)) = late_stage(plan, given.players.first()) else {
            return Err(refuse(
                &codes::E839,
                lang,
                NO_LATE_ENTRY.fill(&[("file", &name)]),
                NO_LATE_ENTRY_HELP,
            ));
        };
        let published = loaded
            .event
            .games
            .iter()
            .filter(|g| g.game.stage == stage)
            .map(|g| g.game.round)
            .max()
            .unwrap_or(0);
        let next = published + 1;
        let at = round.unwrap_or(next);
        check_round(stage, clause, published, at, lang)?;
        check_new_ids(&name, &bytes, &given, &loaded.event.roster, lang)?;
        let entry = StoredEntry {
            stage: stage.to_string(),
            round: at,
            players: given.players.iter().map(|p| p.id.clone()).collect(),
            csv,
            csv_name: name.clone(),
        };
        tx.enter(&entry)?;
        // The replay checks the rest: the cap, the entry conditions, the stage's field. The event
        // replayed clean before this command, so a problem with a roster row is one of this
        // file's rows (each player's row is its line in its own file): it points there.
        let reloaded = load(tx, lang)?;
        if let Err(mut problems) = super::live::replay(&reloaded.event) {
            let roster_name = super::meta(tx, "roster_name")?;
            let files = Files {
                roster: &roster_name,
                entries: &loaded.event.entries,
                this: &name,
            };
            files.name_repeated(&mut problems, &loaded.event.roster, &given);
            let source =
                crate::diagnostics::source::SourceFile::new(name.clone(), entry.csv.clone());
            return Err(reloaded.problems_in(&problems, Some(&source)));
        }
        let (missed, points) = match clause.missed {
            MissedRound::Half => {
                let s = plan.stage(stage);
                ("half", s.map_or(1, |s| s.scoring.draw))
            }
            MissedRound::Zero => ("zero", 0),
        };
        let players: Vec<_> = given
            .players
            .iter()
            .map(|p| json!({"id": p.id, "name": p.name}))
            .collect();
        tx.log(
            "enter",
            &json!({"stage": stage, "round": at, "players": players, "missed": missed,
                    "missed_points": points, "entry": entry}),
        )?;
        Ok(entered(
            &given,
            super::stage_args(plan, stage),
            at,
            (clause.missed, points),
        )
        .get(lang)
        .to_string())
    })
}

/// What `event enter` says: the players who enter, and what the rounds they missed score.
fn entered(
    given: &Roster,
    stage: [(&str, &str); 2],
    at: u32,
    (missed, points): (MissedRound, i64),
) -> Msg {
    let names: Vec<String> = given
        .players
        .iter()
        .map(|p| format!("{} {}", p.id, p.name))
        .collect();
    let (n, round) = (given.players.len().to_string(), at.to_string());
    let (en, zh) = (names.join(", "), names.join("、"));
    let args = [("n", n.as_str()), ("round", &round)];
    let names = [("names", en.as_str()), ("names_zh", &zh)];
    let who = ENTERED.fill(&[&args[..], &stage[..], &names[..]].concat());
    let rounds = match at {
        2 => MISSED_ONE.plain(),
        _ => MISSED_MANY.fill(&[("last", &(at - 1).to_string())]),
    };
    let unit = if points == 1 { POINT } else { POINTS }.plain();
    let bye = match missed {
        MissedRound::Half => MISSED_HALF,
        MissedRound::Zero => MISSED_ZERO,
    };
    let args = [("rounds", rounds.en.as_str()), ("rounds_zh", &rounds.zh)];
    let points = points.to_string();
    let more = [("points", points.as_str()), ("unit", &unit.en)];
    let bye = bye.fill(&[&args[..], &more[..]].concat());
    Msg::new(
        format!("{}\n{}\n", who.en, bye.en),
        format!("{}\n{}\n", who.zh, bye.zh),
    )
}

/// The files the players of an event come from: the roster, the late entries' files, and the
/// file being entered.
struct Files<'a> {
    roster: &'a str,
    entries: &'a [StoredEntry],
    this: &'a str,
}

impl Files<'_> {
    /// R002 of an entrant whose id repeats an earlier player's says that player's line, which
    /// may be in the roster or an earlier entry's file as well as in this one: name the file.
    fn name_repeated(&self, problems: &mut [RuntimeProblem], event: &Roster, given: &Roster) {
        let earlier: Vec<(&str, &Player)> = event
            .players
            .iter()
            .map(|p| (self.file_of(&p.id), p))
            .chain(given.players.iter().map(|p| (self.this, p)))
            .collect();
        for problem in problems.iter_mut().filter(|p| p.code == "R002") {
            let Some(k) = given.players.iter().position(|p| p.row == problem.row) else {
                continue;
            };
            let id = &given.players[k].id;
            let before = &earlier[..event.players.len() + k];
            let Some((file, first)) = before
                .iter()
                .find(|(_, q)| folded_id(&q.id) == folded_id(id))
            else {
                continue;
            };
            let line = first.row.unwrap_or(0).to_string();
            let args = [
                ("id", id.as_str()),
                ("first", &first.id),
                ("line", &line),
                ("file", file),
            ];
            let said = if first.id == *id {
                DUPLICATE_ID.fill(&args)
            } else {
                FOLDED_ID.fill(&args)
            };
            problem.message = said.en;
            problem.message_zh = said.zh.into();
        }
    }

    fn file_of(&self, id: &str) -> &str {
        self.entries
            .iter()
            .find(|e| e.players.iter().any(|p| p == id))
            .map_or(self.roster, |e| e.csv_name.as_str())
    }
}

/// E844 for a published round, E842 for round 1 or a round past the clause's `until round N`.
fn check_round(stage: &str, clause: &LateEntry, published: u32, at: u32, lang: Lang) -> Res<()> {
    let next_help = ENTER_BEFORE_NEXT.fill(&[("next", &(published + 1).to_string())]);
    if at == 0 {
        let why = NO_ROUND_ZERO.fill(&[("stage", stage)]);
        return Err(super::refuse_in(&codes::E842, lang, why, next_help));
    }
    if at <= published {
        let why = ROUND_PUBLISHED.fill(&[("stage", stage), ("round", &at.to_string())]);
        return Err(super::refuse_in(&codes::E844, lang, why, next_help));
    }
    if at < 2 || at > clause.until_round {
        let why = if at < 2 {
            BEFORE_ROUND_ONE.fill(&[("stage", stage)])
        } else {
            let (until, round) = (clause.until_round.to_string(), at.to_string());
            TOO_LATE.fill(&[("stage", stage), ("until", &until), ("round", &round)])
        };
        return Err(refuse(&codes::E842, lang, why, TOO_LATE_HELP));
    }
    Ok(())
}

/// E843: an id twice in the file, or one a player of the event has, at its row and column.
fn check_new_ids(name: &str, bytes: &[u8], given: &Roster, roster: &Roster, lang: Lang) -> Res<()> {
    let places = id_places(bytes);
    let mut seen = BTreeSet::new();
    for p in &given.players {
        let (line, col) = places
            .iter()
            .find(|(id, _, _)| *id == p.id)
            .map_or((0, 1), |(_, l, c)| (*l, *c));
        let twice = !seen.insert(p.id.clone());
        if twice || roster.index_of(&p.id).is_some() {
            let at = format!("{name}:{line}:{col}");
            let said = if twice { ID_TWICE } else { ID_IN_EVENT };
            return Err(refuse(
                &codes::E843,
                lang,
                said.fill(&[("at", &at), ("id", &p.id)]),
                NEW_ID_HELP,
            ));
        }
    }
    Ok(())
}
