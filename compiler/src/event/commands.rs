//! The commands of `xqreg event`, each one transaction on the store: it writes everything it
//! changes and a log entry, or nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::json;
use xqreg_runtime::engine::GameResult;

use super::codes;
use super::live::{game_id, EngineGame, GameId, Live};
use super::store::{sha256, Store, StoredGame, StoredWithdrawal, Tx};
use super::{io, load, refuse, with_event, Fail, Loaded, Res};
use crate::diagnostics::syntax::E001;
use crate::diagnostics::Lang;
use crate::run::codes::E801;

/// `event new`: store the regulation, roster and seed, after checking that the regulation
/// compiles and the roster fits it (the engine's own roster check).
pub fn new(dir: &Path, regulation: &Path, roster: &Path, seed: u64, lang: Lang) -> Res<()> {
    let reg = std::fs::read(regulation)
        .map_err(|e| io(format!("cannot read `{}`: {e}", regulation.display())))?;
    let ros = std::fs::read(roster)
        .map_err(|e| io(format!("cannot read `{}`: {e}", roster.display())))?;
    let reg_text = String::from_utf8(reg.clone())
        .map_err(|_| refuse(&E001, "the regulation is not UTF-8", "save it as UTF-8"))?;
    let ros_text = String::from_utf8(ros.clone())
        .map_err(|_| refuse(&E801, "the roster is not UTF-8", "save it as UTF-8"))?;
    let reg_name = crate::driver::display_name(regulation);
    let ros_name = crate::driver::display_name(roster);
    let abs = std::fs::canonicalize(regulation)
        .map_err(|e| io(format!("cannot resolve `{}`: {e}", regulation.display())))?;
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
        tx.log(
            "new",
            &json!({"regulation": reg_name, "regulation_sha256": sha256(&reg),
                    "roster": ros_name, "roster_sha256": sha256(&ros), "seed": seed}),
        )
    };
    let mut fail = None;
    mem.transaction(|tx| {
        check(tx)?;
        match load(tx, lang).and_then(|l| l.replay().map(|_| ())) {
            Ok(()) => Ok(()),
            Err(f) => {
                fail = Some(f);
                Err(String::new())
            }
        }
    })
    .map_err(|e| fail.take().unwrap_or_else(|| io(e)))?;
    let mut st = Store::create(dir)?;
    st.transaction(check)?;
    Ok(())
}

/// `event amend`: the regulation file changed; record the new text as a dated supplement. The
/// published games must still follow from it.
pub fn amend(dir: &Path, note: &str, lang: Lang) -> Res<String> {
    let mut st = Store::open(dir)?;
    let mut fail = None;
    let out = st.transaction(|tx| {
        let run = || -> Res<String> {
            let path = super::meta(tx, "regulation_path")?;
            let now = std::fs::read(&path).map_err(|e| io(format!("cannot read `{path}`: {e}")))?;
            let old = super::meta(tx, "regulation_sha256")?;
            let new = sha256(&now);
            if new == old {
                return Ok("the regulation is unchanged; nothing recorded\n".to_string());
            }
            let text = String::from_utf8(now)
                .map_err(|_| refuse(&E001, "the regulation is not UTF-8", "save it as UTF-8"))?;
            tx.set_meta("regulation", &text)?;
            tx.set_meta("regulation_sha256", &new)?;
            let loaded = load(tx, lang)?;
            loaded.replay()?;
            tx.log(
                "amend",
                &json!({"note": note, "from_sha256": old, "to_sha256": new}),
            )?;
            Ok(format!("amendment recorded: {note}\n"))
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
    pub waiting: usize,
    pub finished: bool,
}

/// `event pair`: publish the next games the recorded results allow.
pub fn pair(dir: &Path, lang: Lang) -> Res<(Paired, Loaded)> {
    with_event(dir, lang, |tx, loaded| {
        let live = loaded.replay()?;
        let batch = loaded
            .event
            .games
            .iter()
            .map(|g| g.batch)
            .max()
            .unwrap_or(0)
            + 1;
        let mut published = Vec::new();
        // The last board of each round so far: a new game takes the next.
        let mut last: BTreeMap<(String, u32), u32> = BTreeMap::new();
        for s in &loaded.event.games {
            let b = last.entry((s.stage.clone(), s.round)).or_insert(0);
            *b = (*b).max(s.board);
        }
        for g in &live.next {
            let b = last.entry((g.stage.clone(), g.round)).or_insert(0);
            *b += 1;
            let board = *b;
            let mut s = stored_of(g, batch, board);
            s.id = tx.publish(&s)?;
            published.push(s);
        }
        if !published.is_empty() {
            let games: Vec<_> = published.iter().map(game_json).collect();
            tx.log("pair", &json!({"batch": batch, "published": games}))?;
        }
        let paired = Paired {
            waiting: live.waiting,
            finished: live.finished(),
            published,
        };
        Ok((paired, loaded))
    })
}

fn stored_of(g: &EngineGame, batch: i64, board: u32) -> StoredGame {
    StoredGame {
        id: 0,
        batch,
        stage: g.stage.clone(),
        round: g.round,
        board,
        group: g.group.clone(),
        step: g.step.clone(),
        game_no: g.game_no,
        red: g.red.clone(),
        black: g.black.clone(),
        result: None,
    }
}

pub fn game_json(g: &StoredGame) -> serde_json::Value {
    json!({"stage": g.stage, "round": g.round, "board": g.board, "group": g.group,
           "step": g.step, "game": g.game_no, "red": g.red, "black": g.black,
           "result": g.result.as_ref().map(|r| &r.0)})
}

/// One result to record: which game (by players or by board) and what happened.
pub struct Entry {
    pub stage: String,
    pub round: u32,
    pub at: At,
    pub result: GameResult,
    pub red_fouls: u32,
    pub black_fouls: u32,
    /// Where it was written, for messages (`file.csv line 3`).
    pub place: String,
}

pub enum At {
    Board(u32),
    Players {
        red: String,
        black: String,
        step: Option<String>,
        game: u32,
    },
}

/// The stored game an entry is for, and the result in that game's colours.
/// The published games by identity and by board, and the roster's ids: built once per command,
/// so a results file of a thousand games does not search the store a thousand times.
struct Lookup<'g> {
    by_id: BTreeMap<GameId, &'g StoredGame>,
    by_board: BTreeMap<(&'g str, u32, u32), &'g StoredGame>,
    players: BTreeSet<&'g str>,
}

impl<'g> Lookup<'g> {
    fn new(games: &'g [StoredGame], l: &'g Loaded) -> Lookup<'g> {
        Lookup {
            by_id: games.iter().map(|g| (g.id_key(), g)).collect(),
            by_board: games
                .iter()
                .map(|g| ((g.stage.as_str(), g.round, g.board), g))
                .collect(),
            players: l
                .event
                .roster
                .players
                .iter()
                .map(|p| p.id.as_str())
                .collect(),
        }
    }
}

fn find<'g>(look: &Lookup<'g>, e: &Entry) -> Res<(&'g StoredGame, GameResult, (u32, u32))> {
    match &e.at {
        At::Board(b) => {
            let g = look
                .by_board
                .get(&(e.stage.as_str(), e.round, *b))
                .copied()
                .ok_or_else(|| unpublished(e, &format!("board {b}")))?;
            Ok((g, e.result, (e.red_fouls, e.black_fouls)))
        }
        At::Players {
            red,
            black,
            step,
            game,
        } => {
            for id in [red, black] {
                if !look.players.contains(id.as_str()) {
                    return Err(refuse(
                        &codes::E833,
                        format!("{}: `{id}` is not in the event's roster", e.place),
                        "write the player's id as the roster has it",
                    ));
                }
            }
            let want = game_id(&e.stage, e.round, red, black, step.as_deref(), *game);
            let g = look
                .by_id
                .get(&want)
                .copied()
                .ok_or_else(|| unpublished(e, &format!("{red} - {black}")))?;
            if g.red == *red {
                Ok((g, e.result, (e.red_fouls, e.black_fouls)))
            } else {
                Ok((g, e.result.flipped(), (e.black_fouls, e.red_fouls)))
            }
        }
    }
}

fn unpublished(e: &Entry, what: &str) -> Fail {
    refuse(
        &codes::E831,
        format!(
            "{}: no published game {} round {} {what}",
            e.place, e.stage, e.round
        ),
        "record results only for published games (`xqreg event status DIR` lists them)",
    )
}

/// `event result` / `event correct`: record results (all or none). With `reason`, each entry
/// corrects a game that has a result; the output says which standings changed.
pub fn record(dir: &Path, entries: &[Entry], reason: Option<&str>, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        let before = reason.map(|_| loaded.replay()).transpose()?;
        let mut changed = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        let look = Lookup::new(&loaded.event.games, &loaded);
        for e in entries {
            let (g, result, fouls) = find(&look, e)?;
            match (&g.result, reason) {
                (Some(_), None) => {
                    return Err(refuse(
                        &codes::E832,
                        format!(
                            "{}: {} round {} board {} ({} - {}) already has a result",
                            e.place, g.stage, g.round, g.board, g.red, g.black
                        ),
                        "use `xqreg event correct ... --reason TEXT` to change a recorded result",
                    ))
                }
                (None, Some(_)) => {
                    return Err(refuse(
                        &codes::E834,
                        format!(
                            "{}: {} round {} board {} has no result to correct",
                            e.place, g.stage, g.round, g.board
                        ),
                        "record it with `xqreg event result`",
                    ))
                }
                _ => {}
            }
            if !seen.insert(g.id) {
                return Err(refuse(
                    &codes::E832,
                    format!(
                        "{}: a second result for {} round {} board {}",
                        e.place, g.stage, g.round, g.board
                    ),
                    "give each game's result once",
                ));
            }
            tx.set_result(g.id, result.notation(), fouls, reason.is_some())?;
            let mut after = g.clone();
            after.result = Some((result.notation().to_string(), fouls.0, fouls.1));
            changed.push(game_json(&after));
        }
        // The replay checks what the results imply (a result voided by a withdrawal, a published
        // game that no longer follows): a problem undoes the whole command.
        let reloaded = load(tx, loaded.lang)?;
        let live = reloaded.replay()?;
        let mut text = format!("{} result(s) recorded\n", changed.len());
        let mut log = json!({"results": changed});
        if let (Some(reason), Some(before)) = (reason, before) {
            let moved = changed_standings(&before, &live);
            log = json!({"results": log["results"], "reason": reason, "standings_changed": moved});
            text = format!("{} result(s) corrected ({reason})\n", entries.len());
            if moved.is_empty() {
                text.push_str("no standings changed\n");
            }
            for m in &moved {
                text.push_str(&format!("standings changed: {m}\n"));
            }
        }
        tx.log(
            if reason.is_some() {
                "correct"
            } else {
                "result"
            },
            &log,
        )?;
        Ok(text)
    })
}

/// The stage groups whose standings differ between two replays.
fn changed_standings(before: &Live, after: &Live) -> Vec<String> {
    let mut out = Vec::new();
    for (a, b) in before.outcome.stages.iter().zip(&after.outcome.stages) {
        for (ga, gb) in a.groups.iter().zip(&b.groups) {
            if ga.standings != gb.standings {
                out.push(match &ga.name {
                    Some(g) => format!("{} group {g}", a.name),
                    None => a.name.clone(),
                });
            }
        }
    }
    out
}

/// `event withdraw`: the player plays no game after `after_round` of `stage`.
pub fn withdraw(dir: &Path, w: StoredWithdrawal, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        if loaded.event.roster.index_of(&w.player).is_none() {
            return Err(refuse(
                &codes::E833,
                format!("`{}` is not in the event's roster", w.player),
                "write the player's id as the roster has it",
            ));
        }
        if loaded
            .event
            .withdrawals
            .iter()
            .any(|x| x.player == w.player)
        {
            return Err(refuse(
                &codes::E835,
                format!("`{}` has withdrawn already", w.player),
                "a player withdraws once",
            ));
        }
        tx.withdraw(&w)?;
        load(tx, loaded.lang)?.replay()?;
        tx.log(
            "withdraw",
            &json!({"player": w.player, "stage": w.stage, "after_round": w.after_round}),
        )?;
        Ok(format!(
            "{} withdraws after {} round {}\n",
            w.player, w.stage, w.after_round
        ))
    })
}

/// `event verify`: replay the log from `new` and compare every published game and result with a
/// fresh replay of the store.
pub fn verify(dir: &Path, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        let live = loaded.replay()?;
        let entries = tx.log_entries()?;
        let mut from_log: Vec<serde_json::Value> = Vec::new();
        for e in &entries {
            if e.command == "pair" {
                if let Some(list) = e.changes["published"].as_array() {
                    from_log.extend(list.iter().cloned());
                }
            }
        }
        let stored: Vec<serde_json::Value> = loaded
            .event
            .games
            .iter()
            .map(|g| {
                let mut v = game_json(g);
                v["result"] = serde_json::Value::Null;
                v
            })
            .collect();
        if from_log != stored {
            return Err(refuse(
                &codes::E836,
                "the published games in the store differ from the ones the log published",
                "the store was edited outside xqreg; restore it from a backup",
            ));
        }
        // Results: the last entry the log holds for each game is the stored one.
        let mut last = std::collections::BTreeMap::new();
        for e in &entries {
            if e.command == "result" || e.command == "correct" {
                for r in e.changes["results"].as_array().into_iter().flatten() {
                    last.insert(
                        (
                            r["stage"].to_string(),
                            r["round"].to_string(),
                            r["board"].to_string(),
                        ),
                        r["result"].clone(),
                    );
                }
            }
        }
        for g in &loaded.event.games {
            let key = (
                json!(g.stage).to_string(),
                json!(g.round).to_string(),
                json!(g.board).to_string(),
            );
            let logged = last.get(&key).cloned().unwrap_or(serde_json::Value::Null);
            if logged != json!(g.result.as_ref().map(|r| &r.0)) {
                return Err(refuse(
                    &codes::E836,
                    format!(
                        "{} round {} board {}: the stored result differs from the log",
                        g.stage, g.round, g.board
                    ),
                    "the store was edited outside xqreg; restore it from a backup",
                ));
            }
        }
        Ok(format!(
            "verified: {} log entries, {} published games, {} results; every published game follows \
             from a fresh replay\n",
            entries.len(),
            loaded.event.games.len(),
            loaded.event.games.iter().filter(|g| g.result.is_some()).count(),
        ) + if live.finished() { "the event is complete\n" } else { "" })
    })
}

/// `event export`: DIR/export/results.csv (every recorded result, the format `result` reads),
/// log.jsonl (the log, one JSON object a line) and `<stage>.trf` for every finished Swiss stage
/// (the TRF-2026 writer `simulate --trf` uses).
pub fn export(dir: &Path, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        let live = loaded.replay()?;
        let out = dir.join("export");
        std::fs::create_dir_all(&out)
            .map_err(|e| io(format!("cannot create `{}`: {e}", out.display())))?;
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
        let mut n = 0;
        for g in &loaded.event.games {
            let Some((r, rf, bf)) = &g.result else {
                continue;
            };
            n += 1;
            w.write_record([
                g.stage.clone(),
                g.round.to_string(),
                g.board.to_string(),
                g.red.clone(),
                g.black.clone(),
                r.clone(),
                g.step.clone().unwrap_or_default(),
                g.game_no.to_string(),
                rf.to_string(),
                bf.to_string(),
            ])
            .map_err(|e| io(e.to_string()))?;
        }
        let csv_bytes = w.into_inner().map_err(|e| io(e.to_string()))?;
        let write = |name: &str, bytes: &[u8]| {
            write_atomic(&out.join(name), bytes)
                .map_err(|e| io(format!("cannot write `{name}`: {e}")))
        };
        write("results.csv", &csv_bytes)?;
        let mut log = String::new();
        for e in tx.log_entries()? {
            log.push_str(&serde_json::to_string(&e).map_err(|e| io(e.to_string()))?);
            log.push('\n');
        }
        write("log.jsonl", log.as_bytes())?;
        for (stage, text) in &live.outcome.swiss_trf {
            let done = !live.games.iter().any(|g| &g.stage == stage && g.pending);
            if done {
                write(&format!("{stage}.trf"), text.as_bytes())?;
            }
        }
        Ok(format!(
            "exported {n} results, the log and the finished Swiss stages to `{}`\n",
            out.display()
        ))
    })
}

/// Write beside the target and rename over it: an interrupted export leaves no truncated file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".xqreg-")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
