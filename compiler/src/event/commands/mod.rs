//! The commands of `xqreg event`, each one transaction on the store: it writes everything it
//! changes and a log entry, or nothing.

mod games;
mod record;
pub mod stages;
mod verify;

pub use games::{boards, game_json};
pub use record::{record, At, Entry, Moved, Place};
pub use verify::{history, verify};

use std::path::Path;

use serde_json::json;

use super::codes;
use super::store::{self, sha256, Store, StoredGame, StoredWithdrawal, Tx};
use super::{cannot, io, load, refuse, rendered, with_event, Loaded, Res};
use super::{CANNOT_CREATE, CANNOT_READ, CANNOT_RESOLVE, CANNOT_WRITE};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::syntax::E001;
use crate::diagnostics::{quoted, Lang, Msg, Template};
use crate::run::codes::E801;

// The message catalogue of this module: compiler/messages/event/commands/mod.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/commands/mod.rs"));

/// `event new`: store the regulation, the roster and the seed once the replay accepts them.
/// Returns the run's warnings rendered (W202 a player in no stage, W205 a stage no one entered):
/// the event starts, and the arbiter sees what deserves a look.
pub fn new(dir: &Path, regulation: &Path, roster: &Path, seed: u64, lang: Lang) -> Res<String> {
    let reg = crate::files::read_input(regulation)
        .map_err(|e| cannot(CANNOT_READ, regulation, e, lang))?;
    let ros = crate::files::read_input(roster).map_err(|e| cannot(CANNOT_READ, roster, e, lang))?;
    let reg_name = crate::driver::display_name(regulation);
    let ros_name = crate::driver::display_name(roster);
    // A file that is not UTF-8 is refused by its reader, which says where (file:line:column).
    let reg_text = String::from_utf8(reg.clone()).map_err(|_| {
        let compiled = crate::compile::compile_bytes(&reg_name, &reg);
        match compiled.report.diagnostics.is_empty() {
            false => rendered(std::slice::from_ref(&compiled.report), lang),
            true => refuse(&E001, lang, REGULATION_NOT_UTF8.plain(), SAVE_AS_UTF8),
        }
    })?;
    let ros_text = String::from_utf8(ros.clone()).map_err(|_| {
        match crate::run::csv_input::read_roster(&ros_name, &ros) {
            Err(report) => rendered(std::slice::from_ref(&report), lang),
            Ok(_) => refuse(&E801, lang, ROSTER_NOT_UTF8.plain(), SAVE_AS_UTF8),
        }
    })?;
    let abs = std::fs::canonicalize(regulation)
        .map_err(|e| cannot(CANNOT_RESOLVE, regulation, e, lang))?;
    // Check everything in memory first: a refused event leaves no directory behind.
    let mut mem = Store::memory()?;
    let check = |tx: &Tx<'_>| -> Result<(), String> {
        tx.init()?;
        tx.set_meta("format", "1")?;
        tx.set_meta("regulation", &reg_text)?;
        tx.set_meta("regulation_name", &reg_name)?;
        tx.set_meta("regulation_sha256", &sha256(&reg))?;
        tx.set_meta("regulation_path", &abs.to_string_lossy())?;
        tx.set_meta("roster", &ros_text)?;
        tx.set_meta("roster_name", &ros_name)?;
        tx.set_meta("roster_sha256", &sha256(&ros))?;
        tx.set_meta("seed", &seed.to_string())?;
        // Each stage draws its lots from a stream of its own (as `simulate` does).
        tx.set_meta("lots", "per_stage")?;
        tx.log(
            "new",
            &json!({"regulation": reg_name, "regulation_sha256": sha256(&reg),
                    "roster": ros_name, "roster_sha256": sha256(&ros), "seed": seed}),
        )
    };
    let mut fail = None;
    let mut warnings = String::new();
    mem.transaction(|tx| {
        check(tx)?;
        let replayed = load(tx, lang).and_then(|l| {
            let live = l.replay()?;
            let roster = SourceFile::new(ros_name.clone(), ros_text.clone());
            let reports =
                crate::run::problem_reports(&live.outcome.warnings, &l.regulation, Some(&roster));
            if !live.outcome.warnings.is_empty() {
                warnings = rendered(&reports, lang).text;
            }
            Ok(())
        });
        match replayed {
            Ok(()) => Ok(()),
            Err(f) => {
                fail = Some(f);
                Err(String::new())
            }
        }
    })
    .map_err(|e| fail.take().unwrap_or_else(|| io(e)))?;
    // The store is built under a name of its own and linked to `event.sqlite` once whole: an
    // `event new` killed midway left a store without tables, refused by every command (E850)
    // and by `event new` again (the directory "holds an event"). One left by a kill is removed
    // (`Store::create`): claimed by the `event new` building it, as a temporary file is.
    let (mut st, claim) = Store::create(dir, store::BUILDING, lang)?;
    st.transaction(check)?;
    drop(st);
    // A link, not a rename: it never replaces a store another `event new` linked meanwhile.
    let building = dir.join(store::BUILDING);
    let file = dir.join(crate::event::store::FILE);
    if let Err(e) = std::fs::hard_link(&building, &file) {
        // Our store is not the event's: removed while still claimed, nothing of it left.
        let _ = std::fs::remove_file(&building);
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            // Another `event new` linked its store since this one began.
            return Err(super::taken(dir, store::FILE, lang).into());
        }
        return Err(cannot(CANNOT_CREATE, &file, e, lang));
    }
    std::fs::remove_file(&building).map_err(|e| cannot(CANNOT_CREATE, &file, e, lang))?;
    drop(claim);
    Ok(warnings)
}

/// `event amend`: the regulation file changed; record the new text as a dated supplement. The
/// published games must still follow from it: each batch the log published is what the amended
/// regulation pairs from the results recorded before it.
pub fn amend(dir: &Path, note: &str, lang: Lang) -> Res<String> {
    let mut st = Store::open(dir, lang)?;
    let mut fail = None;
    let out = st.transaction(|tx| {
        let run = || -> Res<String> {
            let path = super::meta(tx, "regulation_path")?;
            let now = crate::files::read_input(&path)
                .map_err(|e| cannot(CANNOT_READ, Path::new(&path), e, lang))?;
            let old = super::meta(tx, "regulation_sha256")?;
            let new = sha256(&now);
            if new == old {
                return Ok(format!("{}\n", UNCHANGED.plain().get(lang)));
            }
            let text = String::from_utf8(now)
                .map_err(|_| refuse(&E001, lang, REGULATION_NOT_UTF8.plain(), SAVE_AS_UTF8))?;
            tx.set_meta("regulation", &text)?;
            tx.set_meta("regulation_sha256", &new)?;
            // Every batch published so far must still be what the amended regulation pairs.
            let loaded = load(tx, lang)?;
            history(tx, &loaded)?;
            loaded.replay()?;
            tx.log(
                "amend",
                &json!({"note": note, "from_sha256": old, "to_sha256": new}),
            )?;
            Ok(format!("{}\n", AMENDED.fill(&[("note", note)]).get(lang)))
        };
        run().map_err(|f| {
            fail = Some(f);
            String::new()
        })
    });
    out.map_err(|e| fail.take().unwrap_or_else(|| io(e)))
}

/// What `pair` did: the games it published now, or why there is nothing to publish.
pub struct Paired {
    pub published: Vec<StoredGame>,
    /// The ids of the stages `--stage` named (by id or title).
    pub only: Vec<String>,
    pub waiting: usize,
    pub finished: bool,
    /// The replay the games were published from (its fields say who sits a round out).
    pub live: super::live::Live,
}

/// `event pair`: publish the next games the recorded results allow; with `only`, those of the
/// stages it names (`--stage`), each a stage of the regulation (E852).
pub fn pair(dir: &Path, only: &[String], lang: Lang) -> Res<(Paired, Loaded)> {
    with_event(dir, lang, |tx, loaded| {
        let only = stages::known(&loaded, only, lang)?;
        let mut live = loaded.replay()?;
        if !only.is_empty() {
            live.next.retain(|g| only.contains(&g.game.stage));
        }
        // A Swiss round the results so far leave with no pairing (R016): refused, nothing
        // published; `event pair DIR STAGE` still pairs the other stages.
        let unpairable: Vec<_> = (live.outcome.unpairable.iter())
            .filter(|(stage, _)| only.is_empty() || only.contains(stage))
            .map(|(_, p)| p.clone())
            .collect();
        if !unpairable.is_empty() {
            return Err(loaded.problems(&unpairable));
        }
        let batch = loaded
            .event
            .games
            .iter()
            .map(|g| g.batch)
            .max()
            .unwrap_or(0)
            + 1;
        let mut published = boards(&live.next, &loaded.event.games, batch);
        for s in &mut published {
            s.id = tx.publish(s)?;
        }
        if !published.is_empty() {
            let games: Vec<_> = published.iter().map(game_json).collect();
            tx.log("pair", &json!({"batch": batch, "published": games}))?;
        }
        let paired = Paired {
            only,
            waiting: live.waiting,
            finished: live.finished(),
            published,
            live,
        };
        Ok((paired, loaded))
    })
}

/// `event withdraw`: the player plays no game after `after_round` of `stage`; in a team stage,
/// `w.player` may name a team (its unit, or a declared team's id or name): every player of it
/// not withdrawn yet withdraws, all or none.
pub fn withdraw(dir: &Path, mut w: StoredWithdrawal, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        // A stage typed by its title is stored and logged by its id; a name that is no stage's
        // is the replay's to refuse (R011, at `--stage`).
        match stages::named(&loaded.event.plan, &w.stage) {
            stages::Named::Stage(id) => w.stage = id.to_string(),
            stages::Named::Shared(of) => {
                let at = format!("`--stage {}`", quoted(&w.stage));
                let plan = &loaded.event.plan;
                return Err(stages::shared(plan, (&at, &at), &w.stage, &of, lang));
            }
            stages::Named::Unknown => {}
        }
        let players = withdrawing(&loaded, &w)?;
        let mut said = String::new();
        for player in players {
            let one = StoredWithdrawal {
                player,
                ..w.clone()
            };
            withdraw_one(tx, &loaded, &one)?;
            let round = one.after_round.to_string();
            let args = [("player", one.player.as_str()), ("round", &round)];
            let stage = super::stage_args(&loaded.event.plan, &one.stage);
            said.push_str(WITHDRAWS.fill(&[&args[..], &stage[..]].concat()).get(lang));
            said.push('\n');
        }
        replay_withdrawal(tx, &w, loaded.lang)?;
        Ok(said)
    })
}

/// The replay after a withdrawal. A stage the plan does not have (R011) or a round the stage
/// does not play (R076) said of this withdrawal is the command's own argument: said so, not
/// shown against a clause of the regulation. Said of anything else (a stored game's stage edited
/// outside xqreg), it is not the argument's.
fn replay_withdrawal(tx: &Tx<'_>, w: &StoredWithdrawal, lang: Lang) -> Res<()> {
    let reloaded = super::load_with(tx, lang, Some(w))?;
    let Err(problems) = super::live::replay(&reloaded.event) else {
        return Ok(());
    };
    let (in_stage, after) = (
        format!("withdrawal in stage `{}`", w.stage),
        format!(
            "withdrawal of `{}` after round {} ",
            w.player, w.after_round
        ),
    );
    let argument = |p: &xqreg_runtime::engine::RuntimeProblem| match p.code.as_str() {
        _ if !matches!(p.origin, xqreg_runtime::plan::Origin::Default(_)) => None,
        "R011" if p.message.starts_with(&in_stage) => Some(format!("--stage {}", quoted(&w.stage))),
        "R076" if p.message.starts_with(&after) => Some(format!("--after {}", w.after_round)),
        _ => None,
    };
    let Some((p, arg)) = problems.iter().find_map(|p| argument(p).map(|a| (p, a))) else {
        return Err(reloaded.problems(&problems));
    };
    let code = crate::run::codes::lookup(&p.code).unwrap_or(&crate::run::codes::R019);
    let stages = stages::listed(&reloaded.event.plan);
    let zh = if p.message_zh.is_empty() {
        p.message.as_str()
    } else {
        &p.message_zh
    };
    // A paste into `--stage` is quoted by its first characters in the runtime's words too (a
    // short stage is left alone: its name may be a word of the message).
    let short = |m: &str| match w.stage.chars().count() > crate::diagnostics::QUOTED {
        true => m.replace(w.stage.as_str(), &quoted(&w.stage)),
        false => m.to_string(),
    };
    let (en, zh) = (short(&p.message), short(zh));
    let message = [("arg", arg.as_str()), ("message", &en), ("message_zh", &zh)];
    let fix = &code.explain.fix;
    let help = [
        ("fix", fix.en),
        ("fix_zh", fix.zh),
        ("stages", &stages.en),
        ("stages_zh", &stages.zh),
    ];
    let help = ARGUMENT_HELP.fill(&help);
    Err(super::refuse_in(code, lang, ARGUMENT.fill(&message), help))
}

/// The players a withdrawal names: the player, or the players of the team in a team stage.
fn withdrawing(loaded: &Loaded, w: &StoredWithdrawal) -> Res<Vec<String>> {
    let event = &loaded.event;
    if event.roster.index_of(&w.player).is_some() {
        return Ok(vec![w.player.clone()]);
    }
    let team_stage = event
        .plan
        .stages
        .iter()
        .any(|s| s.name == w.stage && s.format.team_boards().is_some());
    // A declared team is named by its id or its name; a roster row's unit by either.
    let names: Vec<&str> = match event.plan.entry.team(&w.player) {
        Some(t) => vec![t.id.as_str(), t.name.as_str()],
        None => vec![w.player.as_str()],
    };
    let members: Vec<String> = event
        .roster
        .players
        .iter()
        .filter(|p| p.unit.as_deref().is_some_and(|u| names.contains(&u)))
        .map(|p| p.id.clone())
        .collect();
    if !team_stage || members.is_empty() {
        // `P1` for the roster's `p1`: refused, saying which id it was read as.
        let mut said = NOT_IN_ROSTER.fill(&[("player", &quoted(&w.player))]);
        let (en, zh) = xqreg_runtime::engine::as_the_roster_writes(&event.roster, &w.player);
        said.en.push_str(&en);
        said.zh.push_str(&zh);
        return Err(refuse(&codes::E833, loaded.lang, said, NOT_IN_ROSTER_HELP));
    }
    let out: Vec<String> = members
        .into_iter()
        .filter(|p| !event.withdrawals.iter().any(|x| &x.player == p))
        .collect();
    if out.is_empty() {
        return Err(refuse(
            &codes::E835,
            loaded.lang,
            TEAM_WITHDRAWN.fill(&[("team", &w.player)]),
            TEAM_WITHDRAWN_HELP,
        ));
    }
    Ok(out)
}

/// One player's withdrawal, checked (E835, E838), stored and logged.
fn withdraw_one(tx: &Tx<'_>, loaded: &Loaded, w: &StoredWithdrawal) -> Res<()> {
    if loaded
        .event
        .withdrawals
        .iter()
        .any(|x| x.player == w.player)
    {
        return Err(refuse(
            &codes::E835,
            loaded.lang,
            WITHDRAWN.fill(&[("player", &w.player)]),
            WITHDRAWN_HELP,
        ));
    }
    let plan = &loaded.event.plan;
    let at = |stage: &str| plan.stages.iter().position(|s| s.name == stage);
    let from = at(&w.stage);
    let later = |g: &&StoredGame| match (at(&g.game.stage), from) {
        (Some(a), Some(b)) => a > b || (a == b && g.game.round > w.after_round),
        _ => false,
    };
    let mine = |g: &&StoredGame| g.game.red == w.player || g.game.black == w.player;
    if let Some(g) = loaded.event.games.iter().filter(mine).find(later) {
        let side = if g.game.red == w.player {
            "red"
        } else {
            "black"
        };
        return Err(paired_after(w, g, side, loaded.lang));
    }
    tx.withdraw(w)?;
    tx.log(
        "withdraw",
        &json!({"player": w.player, "stage": w.stage, "after_round": w.after_round}),
    )?;
    Ok(())
}

/// E838: the player is on a board of a published round after the one withdrawn from.
fn paired_after(w: &StoredWithdrawal, g: &StoredGame, side: &str, lang: Lang) -> super::Fail {
    let (round, board) = (g.game.round.to_string(), g.board.to_string());
    let at = [
        ("stage", g.game.stage.as_str()),
        ("round", &round),
        ("board", &board),
    ];
    let game = super::board_of(g);
    let players = [("red", g.game.red.as_str()), ("black", &g.game.black)];
    let named = [
        ("player", w.player.as_str()),
        ("game", &game.en),
        ("game_zh", &game.zh),
    ];
    let message = PAIRED_AFTER.fill(&[&named[..], &players[..]].concat());
    let help = PAIRED_AFTER_HELP.fill(&[&at[..], &[("side", side)]].concat());
    super::refuse_in(&codes::E838, lang, message, help)
}

/// `event export`: DIR/export/results.csv (every recorded result, the format `result` reads),
/// log.jsonl (the log, one JSON object a line) and `<stage>.trf` for every finished Swiss stage
/// (the TRF-2026 writer `simulate --trf` uses).
/// The stored games in their order, each forfeit of `forfeits` (marked `true`) after the last
/// stored game of its stage and round, or at the end when its round has none stored.
fn export_rows(stored: &[StoredGame], forfeits: Vec<StoredGame>) -> Vec<(StoredGame, bool)> {
    let mut rows: Vec<(StoredGame, bool)> = stored.iter().map(|g| (g.clone(), false)).collect();
    for f in forfeits {
        let same = |g: &StoredGame| g.game.stage == f.game.stage && g.game.round == f.game.round;
        let at = rows
            .iter()
            .rposition(|(g, _)| same(g))
            .map_or(rows.len(), |i| i + 1);
        rows.insert(at, (f, true));
    }
    rows
}

pub fn export(dir: &Path, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        let live = loaded.replay()?;
        let out = dir.join("export");
        let mut w = csv::Writer::from_writer(Vec::new());
        let header = [
            "stage",
            "round",
            "board",
            "red",
            "black",
            "result",
            "step",
            "game",
            "red_fouls",
            "black_fouls",
        ];
        w.write_record(header).map_err(|e| io(e.to_string()))?;
        // Every game the standings count: the recorded ones, and the forfeits a withdrawal
        // decided (no board of them is published, so their `board` is empty), each after the
        // games of its round (`+-` or `-+`, Red's or Black's forfeit win).
        let rows = export_rows(
            &loaded.event.games,
            live.counted_forfeits(&loaded.event.games),
        );
        let mut n = 0;
        for (g, forfeit) in &rows {
            let Some((r, rf, bf)) = &g.result else {
                continue;
            };
            n += 1;
            w.write_record([
                g.game.stage.clone(),
                g.game.round.to_string(),
                if *forfeit {
                    String::new()
                } else {
                    g.board.to_string()
                },
                g.game.red.clone(),
                g.game.black.clone(),
                r.clone(),
                g.game.step.clone().unwrap_or_default(),
                g.game.game_no.to_string(),
                rf.to_string(),
                bf.to_string(),
            ])
            .map_err(|e| io(e.to_string()))?;
        }
        let csv_bytes = w.into_inner().map_err(|e| io(e.to_string()))?;
        // Everything is read before anything is written: a store that cannot give its log
        // (E850) leaves the last export as it was, not a new results.csv beside an old log.
        let mut log = String::new();
        for e in tx.log_entries()? {
            log.push_str(&serde_json::to_string(&e).map_err(|e| io(e.to_string()))?);
            log.push('\n');
        }
        let mut files: Vec<(String, Vec<u8>)> = vec![
            ("results.csv".into(), csv_bytes),
            ("log.jsonl".into(), log.into_bytes()),
        ];
        let mut cut = Vec::new();
        // A finished Swiss stage without a text (W206) is written no file; its warning is said.
        for (stage, warnings) in &live.outcome.swiss_trf_warnings {
            let done = !live
                .games
                .iter()
                .any(|g| &g.game.stage == stage && g.pending);
            if !done {
                continue;
            }
            if let Some(text) = live.outcome.swiss_trf.get(stage) {
                files.push((format!("{stage}.trf"), text.clone().into_bytes()));
            }
            cut.extend(warnings);
        }
        std::fs::create_dir_all(&out).map_err(|e| cannot(CANNOT_CREATE, &out, e, lang))?;
        for (name, bytes) in &files {
            write_atomic(&out.join(name), bytes)
                .map_err(|e| cannot(CANNOT_WRITE, Path::new(name), e, lang))?;
        }
        let (n, dir) = (n.to_string(), out.display().to_string());
        let mut said = format!("{}\n", EXPORTED.fill(&[("n", &n), ("dir", &dir)]).get(lang));
        // What a TRF could not hold (W204: the file is written) or why a stage has none (W206):
        // the arbiter is told.
        for w in cut {
            let row = w.row.map_or(Msg::new("", ""), |r| {
                ROSTER_ROW.fill(&[("r", &r.to_string())])
            });
            let zh: &str = if w.message_zh.is_empty() {
                &w.message
            } else {
                &w.message_zh
            };
            let args = [
                ("code", w.code.as_str()),
                ("message", &w.message),
                ("message_zh", zh),
            ];
            let rows = [("row", row.en.as_str()), ("row_zh", &row.zh)];
            said.push_str(
                EXPORT_WARNING
                    .fill(&[&args[..], &rows[..]].concat())
                    .get(lang),
            );
            said.push('\n');
        }
        Ok(said)
    })
}

/// Write beside the target and rename over it: an interrupted export leaves no truncated file
/// (the file gets the mode a new file gets, or the one of the file it replaces).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    crate::files::write_atomic(path, bytes, |e| e)
}
