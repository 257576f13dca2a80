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
use super::{io, load, refuse_in as refuse, rendered, with_event, Res};
use crate::diagnostics::Lang;

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

/// The stage that admits late entries and its clause.
fn late_stage(plan: &xqreg_runtime::Plan) -> Option<(&str, &LateEntry)> {
    plan.stages.iter().find_map(|s| match &s.format {
        StageFormat::Swiss(sw) => sw.late_entry.as_ref().map(|l| (s.name.as_str(), l)),
        _ => None,
    })
}

/// `event enter`: store the players of `file` as late entrants of the next round (or `round`).
pub fn enter(dir: &Path, file: &Path, round: Option<u32>, lang: Lang) -> Res<String> {
    let bytes = crate::files::read_input(file)
        .map_err(|e| io(format!("cannot read `{}`: {e}", file.display())))?;
    let name = crate::driver::display_name(file);
    let given = crate::run::csv_input::read_roster(&name, &bytes)
        .map_err(|r| rendered(std::slice::from_ref(&r), lang))?;
    if given.players.is_empty() {
        return Err(super::no_rows(&name, lang));
    }
    let csv = String::from_utf8_lossy(&bytes).into_owned();
    with_event(dir, lang, |tx, loaded| {
        let plan = &loaded.event.plan;
        let Some((stage, clause)) = late_stage(plan) else {
            return Err(refuse(
                &codes::E839,
                lang,
                (
                    "the regulation allows no late entries: no Swiss stage has a `late_entry` clause".into(),
                    "规程不允许补报：没有哪个积分编排阶段写有 `late_entry` 条款".into(),
                ),
                (
                    "add `late_entry until round N missed zero|half` to the Swiss stage and record the change with `xqreg event amend`".into(),
                    "在积分编排阶段加上 `late_entry until round N missed zero|half`，再用 `xqreg event amend` 记录修改".into(),
                ),
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
        if let Err(problems) = super::live::replay(&reloaded.event) {
            let source =
                crate::diagnostics::source::SourceFile::new(name.clone(), entry.csv.clone());
            return Err(reloaded.problems_in(&problems, Some(&source)));
        }
        let (missed, word, points) = match clause.missed {
            MissedRound::Half => {
                let s = plan.stages.iter().find(|s| s.name == stage);
                ("half", "half-point", s.map_or(1, |s| s.scoring.draw))
            }
            MissedRound::Zero => ("zero", "zero-point", 0),
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
        let names: Vec<String> = given
            .players
            .iter()
            .map(|p| format!("{} {}", p.id, p.name))
            .collect();
        let rounds = if at == 2 {
            "round 1 counts".to_string()
        } else {
            format!("rounds 1-{} count", at - 1)
        };
        Ok(match lang {
            Lang::Zh => format!(
                "{} 名棋手在 `{stage}` 第 {at} 轮前补报：{}\n  此前未赛各轮按{}轮空计（每轮 {points} 分）\n",
                given.players.len(),
                names.join("、"),
                if missed == "half" { "和棋分" } else { "零分" }
            ),
            _ => format!(
                "{} player(s) enter `{stage}` before round {at}: {}\n  {rounds} as a {word} bye ({points} {} each)\n",
                given.players.len(),
                names.join(", "),
                if points == 1 { "point" } else { "points" },
            ),
        })
    })
}

/// E844 for a published round, E842 for round 1 or a round past the clause's `until round N`.
fn check_round(stage: &str, clause: &LateEntry, published: u32, at: u32, lang: Lang) -> Res<()> {
    let next = published + 1;
    if at == 0 {
        return Err(refuse(
            &codes::E842,
            lang,
            (
                format!("`{stage}` has no round 0: rounds count from 1"),
                format!("`{stage}` 没有第 0 轮：轮次从 1 起"),
            ),
            (
                format!("enter the players before round {next} (`--round {next}`), the next round to be paired"),
                format!("让棋手在下一轮即第 {next} 轮前补报（`--round {next}`）"),
            ),
        ));
    }
    if at <= published {
        return Err(refuse(
            &codes::E844,
            lang,
            (
                format!("`{stage}` round {at} is published already: a published pairing stands"),
                format!("`{stage}` 第 {at} 轮已公布：已公布的编排不变"),
            ),
            (
                format!("enter the players before round {next} (`--round {next}`), the next round to be paired"),
                format!("让棋手在下一轮即第 {next} 轮前补报（`--round {next}`）"),
            ),
        ));
    }
    if at < 2 || at > clause.until_round {
        let why = if at < 2 {
            (
                format!(
                    "`{stage}` round 1 is not published yet: an entry before round 1 is not late"
                ),
                format!("`{stage}` 第 1 轮尚未公布：第 1 轮前报名不算补报"),
            )
        } else {
            (
                format!(
                    "the regulation allows late entries into `{stage}` until round {}: round {at} is too late",
                    clause.until_round
                ),
                format!(
                    "规程只允许在 `{stage}` 第 {} 轮前补报：第 {at} 轮已太晚",
                    clause.until_round
                ),
            )
        };
        return Err(refuse(
            &codes::E842,
            lang,
            why,
            (
                "late entries stop at the round the regulation's `late_entry until round N` names; a change must be amended into the regulation (`xqreg event amend`)".into(),
                "补报截止于规程 `late_entry until round N` 所写的轮次；如需更改，须修改规程（`xqreg event amend`）".into(),
            ),
        ));
    }
    Ok(())
}

/// E843: an id twice in the file, or one a player of the event has, at its row and column.
fn check_new_ids(
    name: &str,
    bytes: &[u8],
    given: &xqreg_runtime::Roster,
    roster: &xqreg_runtime::Roster,
    lang: Lang,
) -> Res<()> {
    let places = id_places(bytes);
    let mut seen = BTreeSet::new();
    for p in &given.players {
        let (line, col) = places
            .iter()
            .find(|(id, _, _)| *id == p.id)
            .map_or((0, 1), |(_, l, c)| (*l, *c));
        let twice = !seen.insert(p.id.clone());
        if twice || roster.index_of(&p.id).is_some() {
            let (en, zh) = if twice {
                ("twice in the file", "在文件中出现两次")
            } else {
                ("already in the event", "已在赛事中")
            };
            return Err(refuse(
                &codes::E843,
                lang,
                (
                    format!("{name}:{line}:{col}: the id `{}` is {en}", p.id),
                    format!("{name}:{line}:{col}：编号 `{}` {zh}", p.id),
                ),
                (
                    "give each new player an id no player of the event has (`xqreg event status DIR` and the roster list them)".into(),
                    "为每名新棋手取一个赛事中没有的编号（见 `xqreg event status DIR` 和名单）".into(),
                ),
            ));
        }
    }
    Ok(())
}
