//! `event lineup DIR FILE.csv`: the line-ups teams hand in before a round of a team stage whose
//! regulation says `lineup each_round` (临时定台制), in the CSV of `simulate --lineups`
//! (`stage, round, team, board, player`). They are stored (the store's `lineups`), the log entry
//! holds them, and every replay gives them to the engine as handed in: the round's matches seat
//! them on their boards, and a team that hands in none plays its default. A line-up handed in
//! again for the same team and round, before the round is published, replaces the earlier one.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::json;
use xqreg_runtime::engine::RecordedLineup;

use super::codes;
use super::publish::people::Teams;
use super::publish::text::Tr;
use super::{live, load, refuse, rendered, with_event, Fail, Res};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Lang, Msg, Template};

// The message catalogue of this module: compiler/messages/event/lineup.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/lineup.rs"));

/// The identity of a line-up: one team's, for one round of one stage.
fn key(l: &RecordedLineup) -> (&str, u32, &str) {
    (&l.stage, l.round, &l.team)
}

/// `event lineup`: store the line-ups of `file`, each replacing one handed in before for its team
/// and round; refused (nothing stored) for a published round or where the engine refuses one.
pub fn lineup(dir: &Path, file: &Path, lang: Lang) -> Res<String> {
    let bytes = crate::files::read_input(file)
        .map_err(|e| super::cannot(super::CANNOT_READ, file, e, lang))?;
    let name = crate::driver::display_name(file);
    let mut given = crate::run::csv_input::read_lineups(&name, &bytes)
        .map_err(|r| rendered(std::slice::from_ref(&r), lang))?;
    if given.is_empty() {
        return Err(super::no_rows(&name, lang));
    }
    let source = SourceFile::new(name.clone(), String::from_utf8_lossy(&bytes).into_owned());
    with_event(dir, lang, |tx, loaded| {
        by_id(&mut given, &loaded.event.plan, &source, lang)?;
        if let Some(l) = given.iter().find(|l| {
            loaded
                .event
                .games
                .iter()
                .any(|g| g.game.stage == l.stage && g.game.round == l.round)
        }) {
            return Err(published(l, &source, lang));
        }
        let mut event = loaded.event;
        let replaced = hand_in(&mut event.lineups, &given);
        // The engine checks each line-up against the stage and the teams (R060-R065), at its
        // cell of this file.
        if let Err(problems) = live::replay(&event) {
            let input = crate::run::Input {
                source: &source,
                label: (THIS_LINEUP.en, THIS_LINEUP.zh),
            };
            let reports = crate::run::problem_reports_with(
                &problems,
                &loaded.regulation,
                None,
                std::slice::from_ref(&input),
            );
            return Err(rendered(&reports, lang));
        }
        tx.set_lineups(&event.lineups)?;
        load(tx, lang)?.replay()?;
        tx.log(
            "lineup",
            &json!({"lineups": given, "replaced": replaced, "file": name}),
        )?;
        Ok(said(&event.plan, (&given, &replaced), lang))
    })
}

/// Add the line-ups `given` to `all`, each replacing the one of its team and round handed in
/// before; the replaced ones. `event lineup` and `event verify`'s replay of the log share it.
pub fn hand_in(all: &mut Vec<RecordedLineup>, given: &[RecordedLineup]) -> Vec<RecordedLineup> {
    let new: BTreeSet<_> = given.iter().map(key).collect();
    let (replaced, kept): (Vec<_>, Vec<_>) = std::mem::take(all)
        .into_iter()
        .partition(|l| new.contains(&key(l)));
    *all = kept;
    all.extend(given.iter().cloned());
    replaced
}

/// `file:line:column` of a cell of the line-ups file.
fn cell(origin: &xqreg_runtime::plan::Origin, source: &SourceFile) -> String {
    match origin {
        xqreg_runtime::plan::Origin::Clause { span, .. } => {
            let p = source.position(span.start as usize);
            format!("{}:{}:{}", source.name, p.line, p.column)
        }
        _ => source.name.clone(),
    }
}

/// Each line-up's stage by its id, where a row names it by the title of one stage (E852 at the
/// cell for a title several stages share); the rows of one team's line-up that named its stage
/// in different ways are one line-up again. A name that is no stage's is the engine's to refuse.
fn by_id(
    given: &mut Vec<RecordedLineup>,
    plan: &xqreg_runtime::plan::Plan,
    source: &SourceFile,
    lang: Lang,
) -> Res<()> {
    use super::commands::stages::{named, shared, Named};
    let mut out: Vec<RecordedLineup> = Vec::new();
    for mut l in std::mem::take(given) {
        match named(plan, &l.stage) {
            Named::Stage(id) => l.stage = id.to_string(),
            Named::Shared(of) => {
                let at = cell(&l.stage_origin, source);
                return Err(shared(plan, (&at, &at), &l.stage, &of, lang));
            }
            Named::Unknown => {}
        }
        match out.iter_mut().find(|o| key(o) == key(&l)) {
            Some(o) => o.seats.append(&mut l.seats),
            None => out.push(l),
        }
    }
    *given = out;
    Ok(())
}

/// E845: a line-up for a round that is published: its boards are seated already.
fn published(l: &RecordedLineup, source: &SourceFile, lang: Lang) -> Fail {
    let at = cell(&l.round_origin, source);
    let round = l.round.to_string();
    let args = [
        ("at", at.as_str()),
        ("stage", &l.stage),
        ("round", &round),
        ("team", &l.team),
    ];
    refuse(
        &codes::E845,
        lang,
        ROUND_PUBLISHED.fill(&args),
        ROUND_PUBLISHED_HELP,
    )
}

/// What the command says: each line-up stored, its boards in order, and which replaced one. A
/// declared team is named as `pair` names it (广州 / Guangzhou), however the file wrote it (`gz`).
fn said(
    plan: &xqreg_runtime::plan::Plan,
    (given, replaced): (&[RecordedLineup], &[RecordedLineup]),
    lang: Lang,
) -> String {
    let teams = Teams::new(&plan.entry, Tr::of(lang));
    let mut out = String::new();
    for l in given {
        let team = teams.name(&l.team).unwrap_or(&l.team);
        let mut seats: Vec<_> = l.seats.iter().collect();
        seats.sort_by_key(|s| s.board);
        let players: Vec<&str> = seats.iter().map(|s| s.player.as_str()).collect();
        let again = replaced.iter().any(|r| key(r) == key(l));
        let again = if again {
            REPLACES.plain()
        } else {
            Msg::new("", "")
        };
        let (round, players) = (l.round.to_string(), players.join(" "));
        let args = [("round", round.as_str()), ("team", team)];
        let stage = super::stage_args(plan, &l.stage);
        let more = [("again", again.en.as_str()), ("again_zh", &again.zh)];
        let said =
            STORED.fill(&[&args[..], &stage[..], &more[..], &[("players", &players)]].concat());
        out.push_str(said.get(lang));
        out.push('\n');
    }
    out
}
