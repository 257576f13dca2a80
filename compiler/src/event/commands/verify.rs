//! `event verify`: the log replayed batch by batch against what the engine pairs from the results
//! recorded before each batch, and the store against the log.

use std::collections::BTreeSet;
use std::path::Path;

use crate::diagnostics::{Lang, Msg, Template};
use crate::event::codes;
use crate::event::store::{Pairing, StoredGame, StoredWithdrawal, Tx};
use crate::event::{refuse, with_event, Fail, Loaded, Res};

use super::games::{boards, game_json};

/// `event verify`: replay the log from `new`. At every `pair` the log holds, the engine is run
/// on what the log had recorded before it (the results as they were then, corrected or not, the
/// withdrawals, the rounds published before): the games it gives next must be the ones that
/// `pair` published, board by board. At the end what the log built must be what the store holds,
/// and a replay of the store must give every published game.
pub fn verify(dir: &Path, lang: Lang) -> Res<String> {
    with_event(dir, lang, |tx, loaded| {
        let batches = history(tx, &loaded)?;
        let live = loaded.replay()?;
        let games = &loaded.event.games;
        let results = games.iter().filter(|g| g.result.is_some()).count();
        let counts =
            [tx.log_entries()?.len(), games.len(), batches, results].map(|n| n.to_string());
        let keys = ["entries", "games", "batches", "results"];
        let args: Vec<(&str, &str)> = keys
            .into_iter()
            .zip(counts.iter().map(String::as_str))
            .collect();
        let mut said = format!("{}\n", VERIFIED.fill(&args).get(lang));
        if live.finished() {
            said.push_str(COMPLETE.plain().get(lang));
            said.push('\n');
        }
        Ok(said)
    })
}

// The message catalogue of this module: compiler/messages/event/commands/verify.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/event/commands/verify.rs"
));

fn tampered(lang: Lang, what: Msg) -> Fail {
    refuse(&codes::E836, lang, what, TAMPERED_HELP)
}

/// E836 of a log entry that cannot be read.
fn unreadable(lang: Lang, what: Template, id: i64) -> Fail {
    tampered(lang, what.fill(&[("id", &id.to_string())]))
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
    let mut ev = crate::event::live::Event {
        plan: loaded.event.plan.clone(),
        roster,
        seed: loaded.event.seed,
        lot_streams: loaded.event.lot_streams,
        games: Vec::new(),
        withdrawals: Vec::new(),
        entries: Vec::new(),
        lineups: Vec::new(),
    };
    let mut batches = 0;
    for (n, e) in tx.log_entries()?.into_iter().enumerate() {
        in_sequence(n, &e, loaded.lang)?;
        whole_entry(&e, loaded.lang)?;
        match e.command.as_str() {
            "pair" => {
                batches += 1;
                let batch = e.changes["batch"].as_i64().unwrap_or(0);
                let live = crate::event::live::replay(&ev).map_err(|p| loaded.problems(&p))?;
                let logged = e.changes["published"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                // A batch holds a round of each stage it paired, each as the engine pairs it. A
                // batch of an older xqreg, which paired one stage at a time, holds fewer stages
                // than the engine pairs now (sections side by side): those it holds must match.
                let stages: BTreeSet<&str> =
                    logged.iter().filter_map(|v| v["stage"].as_str()).collect();
                let want: Vec<Value> = boards(&live.next, &ev.games, batch)
                    .iter()
                    .filter(|g| stages.contains(g.game.stage.as_str()))
                    .map(game_json)
                    .collect();
                if want != logged {
                    return Err(loaded.problems(&[batch_changed(batch, &logged, &want)]));
                }
                for v in &logged {
                    ev.games.push(StoredGame {
                        id: 0,
                        batch,
                        board: num(&v["board"]).unwrap_or(0),
                        game: Pairing {
                            stage: text(&v["stage"]).unwrap_or_default(),
                            round: num(&v["round"]).unwrap_or(0),
                            group: text(&v["group"]),
                            step: text(&v["step"]),
                            game_no: num(&v["game"]).unwrap_or(1),
                            red: text(&v["red"]).unwrap_or_default(),
                            black: text(&v["black"]).unwrap_or_default(),
                        },
                        result: None,
                    });
                }
            }
            "result" | "correct" => {
                for r in e.changes["results"].as_array().into_iter().flatten() {
                    replay_result(&mut ev, e.id, r, loaded)?;
                }
            }
            "enter" => {
                let entry: crate::event::store::StoredEntry =
                    serde_json::from_value(e.changes["entry"].clone())
                        .map_err(|_| unreadable(loaded.lang, UNREADABLE_ENTRY, e.id))?;
                let more =
                    crate::run::csv_input::read_roster(&entry.csv_name, entry.csv.as_bytes())
                        .map_err(|_| unreadable(loaded.lang, UNREADABLE_ROSTER, e.id))?;
                ev.roster.players.extend(more.players);
                ev.entries.push(entry);
            }
            "lineup" => {
                let given: Vec<xqreg_runtime::engine::RecordedLineup> =
                    serde_json::from_value(e.changes["lineups"].clone())
                        .map_err(|_| unreadable(loaded.lang, UNREADABLE_LINEUPS, e.id))?;
                crate::event::lineup::hand_in(&mut ev.lineups, &given);
            }
            "withdraw" => ev.withdrawals.push(StoredWithdrawal {
                player: text(&e.changes["player"]).unwrap_or_default(),
                stage: text(&e.changes["stage"]).unwrap_or_default(),
                after_round: num(&e.changes["after_round"]).unwrap_or(0),
            }),
            // What the event was started from and its amendments are the stored regulation's.
            "new" | "amend" => {}
            // No command logs anything else: an entry passed over would be a change unseen.
            other => {
                let id = e.id.to_string();
                let what = UNKNOWN_COMMAND.fill(&[("id", id.as_str()), ("command", other)]);
                return Err(tampered(loaded.lang, what));
            }
        }
    }
    same_as_store(&ev, loaded)?;
    Ok(batches)
}

/// E836 unless the `n`-th entry of the log (from 0) is numbered `n + 1` and is `new` where the
/// log begins, and only there: xqreg numbers the entries one by one and never removes one, so a
/// gap is an entry deleted (the `new` entry deleted was passed over: its record of what the event
/// was started from gone unseen).
fn in_sequence(n: usize, e: &crate::event::store::LogEntry, lang: Lang) -> Res<()> {
    let want = i64::try_from(n).map_or(i64::MAX, |n| n.saturating_add(1));
    let (id, want_s) = (e.id.to_string(), want.to_string());
    let args = [
        ("id", id.as_str()),
        ("want", want_s.as_str()),
        ("command", e.command.as_str()),
    ];
    if e.id != want {
        return Err(tampered(lang, ENTRY_MISSING.fill(&args)));
    }
    if (n == 0) != (e.command == "new") {
        return Err(tampered(lang, NEW_NOT_FIRST.fill(&args)));
    }
    Ok(())
}

/// E836 unless a log entry holds every value its command logs, of its kind.
fn whole_entry(e: &crate::event::store::LogEntry, lang: Lang) -> Res<()> {
    match crate::event::logged::lacks(e.id, &e.command, &e.changes) {
        Some(why) => Err(tampered(lang, why)),
        None => Ok(()),
    }
}

/// A logged result (or correction) recorded on the game the log published for it.
fn replay_result(
    ev: &mut crate::event::live::Event,
    entry_id: i64,
    r: &serde_json::Value,
    loaded: &Loaded,
) -> Res<()> {
    let (stage, round, board) = (text(&r["stage"]), num(&r["round"]), num(&r["board"]));
    let g = ev.games.iter_mut().find(|g| {
        Some(&g.game.stage) == stage.as_ref()
            && Some(g.game.round) == round
            && Some(g.board) == board
    });
    let Some(g) = g else {
        let what = at_logged(RESULT_NOT_PUBLISHED, entry_id, r);
        return Err(tampered(loaded.lang, what));
    };
    // Logs written before fouls were logged leave them to the store.
    let stored = loaded.event.games.iter().find(|s| {
        s.game.stage == g.game.stage && s.game.round == g.game.round && s.board == g.board
    });
    let fouls = |key: &str, k: usize| {
        num(&r[key]).unwrap_or_else(|| {
            stored
                .and_then(|s| s.result.as_ref())
                .map_or(0, |x| if k == 0 { x.1 } else { x.2 })
        })
    };
    // The colours a lot's winner chose in the hall, the other way round from the published ones:
    // only where a player chooses them (a log and store edited alike would turn any game round).
    if r["colours_chosen"] == serde_json::Value::Bool(true) {
        if g.result.is_some() || crate::event::hall::chooser(&loaded.event.plan, g).is_none() {
            let what = at_logged(COLOURS_NOT_CHOSEN, entry_id, r);
            return Err(tampered(loaded.lang, what));
        }
        std::mem::swap(&mut g.game.red, &mut g.game.black);
    }
    g.result = Some((
        text(&r["result"]).unwrap_or_default(),
        fouls("red_fouls", 0),
        fouls("black_fouls", 1),
    ));
    Ok(())
}

/// `t` said of the logged result `r` of entry `entry_id`: its game's values as the log has them
/// (a stage in quotes).
fn at_logged(t: Template, entry_id: i64, r: &serde_json::Value) -> Msg {
    let id = entry_id.to_string();
    let [stage, round, board] = ["stage", "round", "board"].map(|k| r[k].to_string());
    let args = [
        ("id", id.as_str()),
        ("stage", &stage),
        ("round", &round),
        ("board", &board),
    ];
    t.fill(&args)
}

/// What the log built is what the store holds: the same games, results, entries, line-ups,
/// withdrawals.
fn same_as_store(ev: &crate::event::live::Event, loaded: &Loaded) -> Res<()> {
    let stored = &loaded.event.games;
    if let Some(why) = crate::event::logged::differs(stored, &ev.games) {
        return Err(tampered(loaded.lang, why));
    }
    // The same games; their results are the ones the log recorded, as every command's load
    // found (`logged::unlogged`). Else the first record that differs is named.
    let (log, stored) = (ev, &loaded.event);
    let differ = apart(
        &log.entries,
        &stored.entries,
        ENTRY_AT,
        ENTRIES_DIFFER,
        |e| (e.players.join(", "), e.stage.clone(), e.round),
    )
    .or_else(|| {
        apart(
            &log.lineups,
            &stored.lineups,
            LINEUP_AT,
            LINEUPS_DIFFER,
            |l| (l.team.clone(), l.stage.clone(), l.round),
        )
    })
    .or_else(|| {
        apart(
            &log.withdrawals,
            &stored.withdrawals,
            WITHDRAWAL_AT,
            WITHDRAWALS_DIFFER,
            |w| (w.player.clone(), w.stage.clone(), w.after_round),
        )
    });
    match differ {
        Some(why) => Err(tampered(loaded.lang, why)),
        None => Ok(()),
    }
}

/// The first record where what the log built (`logged`) and the store (`stored`) part, named
/// (`at`, filled with the record's `who`, stage and round) in the kind's message `what`, with
/// the side it is on; None when they agree.
fn apart<T: PartialEq>(
    logged: &[T],
    stored: &[T],
    at: Template,
    what: Template,
    who: impl Fn(&T) -> (String, String, u32),
) -> Option<Msg> {
    let i = (0..logged.len().max(stored.len())).find(|&i| logged.get(i) != stored.get(i))?;
    let (record, side) = match (stored.get(i), logged.get(i)) {
        (Some(s), _) if !logged.contains(s) => (s, ONLY_IN_STORE),
        (_, Some(l)) if !stored.contains(l) => (l, ONLY_IN_LOG),
        (Some(s), _) => (s, IN_ANOTHER_ORDER),
        (None, l) => (l?, IN_ANOTHER_ORDER),
    };
    let (who, stage, round) = who(record);
    let round = round.to_string();
    let place = at.fill(&[("who", who.as_str()), ("stage", &stage), ("round", &round)]);
    let side = side.plain();
    let args = [
        ("at", place.en.as_str()),
        ("at_zh", &place.zh),
        ("side", &side.en),
        ("side_zh", &side.zh),
    ];
    Some(what.fill(&args))
}

/// A text field of a logged JSON value.
fn text(v: &serde_json::Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

/// A number field of a logged JSON value (a round, a board, a count of fouls).
fn num(v: &serde_json::Value) -> Option<u32> {
    v.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// A batch the log published that the engine, given what was recorded before it, does not pair.
fn batch_changed(
    batch: i64,
    logged: &[serde_json::Value],
    want: &[serde_json::Value],
) -> xqreg_runtime::engine::RuntimeProblem {
    let line = |v: Option<&serde_json::Value>| match v {
        Some(v) => {
            let text = |k: &str| v[k].as_str().unwrap_or("").to_string();
            let (stage, red, black) = (text("stage"), text("red"), text("black"));
            let game = crate::event::game_at(&stage, &v["round"], &v["board"]);
            let args = [("game", game.en.as_str()), ("game_zh", &game.zh)];
            BOARD_PLAYERS.fill(&[&args[..], &[("red", red.as_str()), ("black", &black)]].concat())
        }
        None => NO_GAME.plain(),
    };
    let at = (0..logged.len().max(want.len()))
        .find(|&i| logged.get(i) != want.get(i))
        .unwrap_or(0);
    let (l, w) = (line(logged.get(at)), line(want.get(at)));
    let batch = batch.to_string();
    let args = [
        ("batch", batch.as_str()),
        ("logged", &l.en),
        ("logged_zh", &l.zh),
    ];
    let said =
        BATCH_CHANGED.fill(&[&args[..], &[("want", w.en.as_str()), ("want_zh", &w.zh)]].concat());
    xqreg_runtime::engine::RuntimeProblem::new(
        crate::event::live::PUBLISHED_CHANGED,
        said.en,
        &xqreg_runtime::plan::Origin::default_rule("the event's log"),
    )
    .zh(said.zh)
}
