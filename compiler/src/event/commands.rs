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
/// published games must still follow from it: each batch the log published is what the amended
/// regulation pairs from the results recorded before it.
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
            // Every batch published so far must still be what the amended regulation pairs.
            let loaded = load(tx, lang)?;
            history(tx, &loaded)?;
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
        let mut published = boards(&live.next, &loaded.event.games, batch);
        for s in &mut published {
            s.id = tx.publish(s)?;
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

/// The games `pair` publishes as batch `batch`: each takes the next board of its round after
/// the games published before (`existing`).
pub fn boards(next: &[EngineGame], existing: &[StoredGame], batch: i64) -> Vec<StoredGame> {
    let mut last: BTreeMap<(String, u32), u32> = BTreeMap::new();
    for s in existing {
        let b = last.entry((s.stage.clone(), s.round)).or_insert(0);
        *b = (*b).max(s.board);
    }
    next.iter()
        .map(|g| {
            let b = last.entry((g.stage.clone(), g.round)).or_insert(0);
            *b += 1;
            stored_of(g, batch, *b)
        })
        .collect()
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
        // Corrections: each game before and after.
        let mut was: Vec<(StoredGame, StoredGame)> = Vec::new();
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
            let mut logged = game_json(&after);
            logged["red_fouls"] = json!(fouls.0);
            logged["black_fouls"] = json!(fouls.1);
            if reason.is_some() {
                logged["was"] = json!(g.result.as_ref().map(|r| &r.0));
                was.push((g.clone(), after.clone()));
            }
            changed.push(logged);
        }
        // The replay checks what the results imply (a result voided by a withdrawal, a published
        // game that no longer follows): a problem undoes the whole command.
        let reloaded = load(tx, loaded.lang)?;
        let live = reloaded.replay()?;
        let mut text = format!("{} result(s) recorded\n", changed.len());
        let mut log = json!({"results": changed});
        if let (Some(reason), Some(before)) = (reason, before) {
            let moved = changed_standings(&before, &live);
            let kept = kept_rounds(&loaded.event.games, &was);
            log = json!({"results": log["results"], "reason": reason,
                         "standings_changed": moved, "published_kept": kept});
            text = correction_text(reason, &was, &kept, &moved);
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

/// A place in a standings table as (place, shared); None where the player has no row (in or
/// out of the stage's field).
pub type Place = Option<(u32, bool)>;

/// A player whose place or points a correction changed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Moved {
    pub stage: String,
    pub group: Option<String>,
    pub id: String,
    pub player: String,
    /// Before and after.
    pub place: (Place, Place),
    pub points: (Option<i64>, Option<i64>),
}

/// The rows of every stage group's standings that differ between two replays, player by player.
/// A place is compared as the standings give it before any lot: players equal on points and on
/// every tie-break value share the first of their places, so a lot drawn afresh among them is
/// not a change of standings.
fn changed_standings(before: &Live, after: &Live) -> Vec<Moved> {
    let mut out = Vec::new();
    for (a, b) in before.outcome.stages.iter().zip(&after.outcome.stages) {
        for (ga, gb) in a.groups.iter().zip(&b.groups) {
            let (ra, rb) = (places_before_lots(ga), places_before_lots(gb));
            // In the order of the standings after the correction, then whoever left them.
            let ids = gb.standings.iter().map(|r| r.id.as_str()).chain(
                ga.standings
                    .iter()
                    .map(|r| r.id.as_str())
                    .filter(|id| !rb.contains_key(id)),
            );
            for id in ids {
                let (x, y) = (ra.get(id), rb.get(id));
                let place = (x.map(|r| (r.0, r.1)), y.map(|r| (r.0, r.1)));
                let points = (x.and_then(|r| r.2.points), y.and_then(|r| r.2.points));
                if place != (None, None) && (place.0 != place.1 || points.0 != points.1) {
                    out.push(Moved {
                        stage: a.name.clone(),
                        group: ga.name.clone(),
                        id: id.to_string(),
                        player: x.or(y).map(|r| r.2.player.clone()).unwrap_or_default(),
                        place,
                        points,
                    });
                }
            }
        }
    }
    out
}

/// Each row's place before lots (see [`changed_standings`]), whether it is shared, and the row.
fn places_before_lots(
    g: &xqreg_runtime::engine::GroupOutcome,
) -> BTreeMap<&str, (u32, bool, &xqreg_runtime::engine::StandingRow)> {
    let mut out = BTreeMap::new();
    let blocks = g
        .standings
        .chunk_by(|a, b| a.points == b.points && a.tiebreaks == b.tiebreaks);
    for block in blocks {
        let Some(first) = block.first() else { continue };
        let shared = block.len() > 1 || first.shared;
        for r in block {
            out.insert(r.id.as_str(), (first.place, shared, r));
        }
    }
    out
}

/// The published rounds after a corrected game in its stage: they stand as published.
fn kept_rounds(games: &[StoredGame], was: &[(StoredGame, StoredGame)]) -> Vec<(String, u32)> {
    let mut kept = BTreeSet::new();
    for (g, _) in was {
        for p in games
            .iter()
            .filter(|p| p.stage == g.stage && p.round > g.round)
        {
            kept.insert((p.stage.clone(), p.round));
        }
    }
    kept.into_iter().collect()
}

/// What `correct` prints: each game from and to, the published rounds that stand, and every
/// row of the standings that moved.
fn correction_text(
    reason: &str,
    was: &[(StoredGame, StoredGame)],
    kept: &[(String, u32)],
    moved: &[Moved],
) -> String {
    use std::fmt::Write as _;
    let mut s = format!("{} result(s) corrected ({reason})\n", was.len());
    let res = |g: &StoredGame| g.result.as_ref().map_or("-".to_string(), |r| r.0.clone());
    for (b, a) in was {
        let _ = writeln!(
            s,
            "  {} round {} board {} ({} - {}): {} -> {}",
            b.stage,
            b.round,
            b.board,
            b.red,
            b.black,
            res(b),
            res(a)
        );
    }
    for (stage, round) in kept {
        let _ = writeln!(
            s,
            "{stage} round {round} was published already and stands as published"
        );
    }
    if moved.is_empty() {
        s.push_str("no standings changed\n");
    }
    let mut head = String::new();
    let place = |p: Option<(u32, bool)>| match p {
        Some((n, shared)) => format!("{n}{}", if shared { "=" } else { "" }),
        None => "-".to_string(),
    };
    let points = |p: Option<i64>| p.map_or("-".to_string(), |p| p.to_string());
    for m in moved {
        let h = match &m.group {
            Some(g) => format!("{} group {g}", m.stage),
            None => m.stage.clone(),
        };
        if h != head {
            let _ = writeln!(s, "standings changed: {h}");
            head = h;
        }
        let _ = writeln!(
            s,
            "  {} {}: place {} -> {}, points {} -> {}",
            m.id,
            m.player,
            place(m.place.0),
            place(m.place.1),
            points(m.points.0),
            points(m.points.1),
        );
    }
    s
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
        let plan = &loaded.event.plan;
        let at = |stage: &str| plan.stages.iter().position(|s| s.name == stage);
        let from = at(&w.stage);
        let later = |g: &&StoredGame| match (at(&g.stage), from) {
            (Some(a), Some(b)) => a > b || (a == b && g.round > w.after_round),
            _ => false,
        };
        let mine = |g: &&StoredGame| g.red == w.player || g.black == w.player;
        if let Some(g) = loaded.event.games.iter().filter(mine).find(later) {
            let side = if g.red == w.player { "red" } else { "black" };
            return Err(refuse(
                &codes::E838,
                format!(
                    "`{}` is paired in {} round {} board {} ({} - {}), published already: a \
                     published pairing stands",
                    w.player, g.stage, g.round, g.board, g.red, g.black
                ),
                &format!(
                    "record that game as a forfeit (`xqreg event forfeit DIR {} {} {} {side}`) and \
                     withdraw the player after round {}",
                    g.stage, g.round, g.board, g.round
                ),
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

/// `event verify`: replay the log from `new`. At every `pair` the log holds, the engine is run
/// on what the log had recorded before it (the results as they were then, corrected or not, the
/// withdrawals, the rounds published before): the games it gives next must be the ones that
/// `pair` published, board by board. At the end what the log built must be what the store holds,
/// and a replay of the store must give every published game.
pub fn verify(dir: &Path, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        let batches = history(tx, &loaded)?;
        let live = loaded.replay()?;
        Ok(format!(
            "verified: {} log entries, {} published games in {batches} batches, {} results; each \
             batch is what the engine pairs from the results recorded before it, and a fresh \
             replay gives every published game\n",
            tx.log_entries()?.len(),
            loaded.event.games.len(),
            loaded
                .event
                .games
                .iter()
                .filter(|g| g.result.is_some())
                .count(),
        ) + if live.finished() {
            "the event is complete\n"
        } else {
            ""
        })
    })
}

fn tampered(what: String) -> Fail {
    refuse(
        &codes::E836,
        what,
        "the store was edited outside xqreg; restore it from a backup",
    )
}

/// Replay the log entry by entry (see [`verify`]); the number of `pair` batches it checked.
pub fn history(tx: &Tx<'_>, loaded: &Loaded) -> Res<usize> {
    use serde_json::Value;
    // The roster as `new` stored it: late entrants join it where the log enters them.
    let late: BTreeSet<&str> = loaded
        .event
        .entries
        .iter()
        .flat_map(|e| e.players.iter().map(String::as_str))
        .collect();
    let mut roster = loaded.event.roster.clone();
    roster.players.retain(|p| !late.contains(p.id.as_str()));
    let mut ev = super::live::Event {
        plan: loaded.event.plan.clone(),
        roster,
        seed: loaded.event.seed,
        games: Vec::new(),
        withdrawals: Vec::new(),
        entries: Vec::new(),
    };
    let text = |v: &Value| v.as_str().map(str::to_string);
    let num = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    let mut batches = 0;
    for e in tx.log_entries()? {
        match e.command.as_str() {
            "pair" => {
                batches += 1;
                let batch = e.changes["batch"].as_i64().unwrap_or(0);
                let live = super::live::replay(&ev).map_err(|p| loaded.problems(&p))?;
                let want: Vec<Value> = boards(&live.next, &ev.games, batch)
                    .iter()
                    .map(game_json)
                    .collect();
                let logged = e.changes["published"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                if want != logged {
                    return Err(loaded.problems(&[batch_changed(batch, &logged, &want)]));
                }
                for v in &logged {
                    ev.games.push(StoredGame {
                        id: 0,
                        batch,
                        stage: text(&v["stage"]).unwrap_or_default(),
                        round: num(&v["round"]).unwrap_or(0),
                        board: num(&v["board"]).unwrap_or(0),
                        group: text(&v["group"]),
                        step: text(&v["step"]),
                        game_no: num(&v["game"]).unwrap_or(1),
                        red: text(&v["red"]).unwrap_or_default(),
                        black: text(&v["black"]).unwrap_or_default(),
                        result: None,
                    });
                }
            }
            "result" | "correct" => {
                for r in e.changes["results"].as_array().into_iter().flatten() {
                    let (stage, round, board) =
                        (text(&r["stage"]), num(&r["round"]), num(&r["board"]));
                    let g = ev.games.iter_mut().find(|g| {
                        Some(&g.stage) == stage.as_ref()
                            && Some(g.round) == round
                            && Some(g.board) == board
                    });
                    let Some(g) = g else {
                        return Err(tampered(format!(
                            "log entry {}: a result for {} round {} board {}, which the log never published",
                            e.id, r["stage"], r["round"], r["board"]
                        )));
                    };
                    // Logs written before fouls were logged leave them to the store.
                    let stored =
                        loaded.event.games.iter().find(|s| {
                            s.stage == g.stage && s.round == g.round && s.board == g.board
                        });
                    let fouls = |key: &str, k: usize| {
                        num(&r[key]).unwrap_or_else(|| {
                            stored.and_then(|s| s.result.as_ref()).map_or(0, |x| {
                                if k == 0 {
                                    x.1
                                } else {
                                    x.2
                                }
                            })
                        })
                    };
                    g.result = Some((
                        text(&r["result"]).unwrap_or_default(),
                        fouls("red_fouls", 0),
                        fouls("black_fouls", 1),
                    ));
                }
            }
            "enter" => {
                let entry: super::store::StoredEntry =
                    serde_json::from_value(e.changes["entry"].clone()).map_err(|_| {
                        tampered(format!("log entry {}: an unreadable late entry", e.id))
                    })?;
                let more =
                    crate::run::csv_input::read_roster(&entry.csv_name, entry.csv.as_bytes())
                        .map_err(|_| {
                            tampered(format!("log entry {}: an unreadable roster", e.id))
                        })?;
                ev.roster.players.extend(more.players);
                ev.entries.push(entry);
            }
            "withdraw" => ev.withdrawals.push(StoredWithdrawal {
                player: text(&e.changes["player"]).unwrap_or_default(),
                stage: text(&e.changes["stage"]).unwrap_or_default(),
                after_round: num(&e.changes["after_round"]).unwrap_or(0),
            }),
            _ => {}
        }
    }
    // What the log built is what the store holds.
    let key = |g: &StoredGame| (g.batch, g.stage.clone(), g.round, g.board);
    let logged: BTreeMap<_, &StoredGame> = ev.games.iter().map(|g| (key(g), g)).collect();
    let stored: BTreeMap<_, &StoredGame> = loaded.event.games.iter().map(|g| (key(g), g)).collect();
    for (k, s) in &stored {
        let Some(l) = logged.get(k) else {
            return Err(tampered(format!(
                "{} round {} board {}: a published game the log never published",
                s.stage, s.round, s.board
            )));
        };
        let same = |a: &StoredGame, b: &StoredGame| {
            (&a.group, &a.step, a.game_no, &a.red, &a.black)
                == (&b.group, &b.step, b.game_no, &b.red, &b.black)
        };
        if !same(l, s) {
            return Err(tampered(format!(
                "{} round {} board {}: the published game in the store differs from the one the log published",
                s.stage, s.round, s.board
            )));
        }
        if l.result != s.result {
            return Err(tampered(format!(
                "{} round {} board {}: the stored result differs from the log",
                s.stage, s.round, s.board
            )));
        }
    }
    if let Some((_, l)) = logged.iter().find(|(k, _)| !stored.contains_key(*k)) {
        return Err(tampered(format!(
            "{} round {} board {}: the log published a game the store does not hold",
            l.stage, l.round, l.board
        )));
    }
    if ev.entries != loaded.event.entries {
        return Err(tampered(
            "the late entries in the store differ from the ones the log recorded".to_string(),
        ));
    }
    if ev.withdrawals != loaded.event.withdrawals {
        return Err(tampered(
            "the withdrawals in the store differ from the ones the log recorded".to_string(),
        ));
    }
    Ok(batches)
}

/// A batch the log published that the engine, given what was recorded before it, does not pair.
fn batch_changed(
    batch: i64,
    logged: &[serde_json::Value],
    want: &[serde_json::Value],
) -> xqreg_runtime::engine::RuntimeProblem {
    let line = |v: Option<&serde_json::Value>, none: &str| match v {
        Some(v) => format!(
            "{} round {} board {}: {} - {}",
            v["stage"].as_str().unwrap_or(""),
            v["round"],
            v["board"],
            v["red"].as_str().unwrap_or(""),
            v["black"].as_str().unwrap_or("")
        ),
        None => none.to_string(),
    };
    let at = (0..logged.len().max(want.len()))
        .find(|&i| logged.get(i) != want.get(i))
        .unwrap_or(0);
    let (l, w) = (
        line(logged.get(at), "no game"),
        line(want.get(at), "no game"),
    );
    let (lz, wz) = (
        line(logged.get(at), "没有对局"),
        line(want.get(at), "没有对局"),
    );
    xqreg_runtime::engine::RuntimeProblem::new(
        super::live::PUBLISHED_CHANGED,
        format!(
            "batch {batch} was published as {l}, but the engine pairs {w} from the results \
             recorded before it"
        ),
        &xqreg_runtime::plan::Origin::default_rule("the event's log"),
    )
    .zh(format!(
        "第 {batch} 批公布为 {lz}，而引擎按此前已录成绩编排为 {wz}"
    ))
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
