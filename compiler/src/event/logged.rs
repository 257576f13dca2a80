//! The games the log published against the games the store holds, read when any command opens
//! the event (E836): a game whose colours, board, round, stage or group were edited outside
//! xqreg, a game deleted or one added, is refused before a command prints it, counts it or pairs
//! from it; and so is a result (or its fouls) edited, added or deleted. Only `verify` compared
//! them, by a replay that runs the engine on every batch; this reads the `pair`, `result` and
//! `correct` entries alone, into typed values (benches/event_2000, "check the finished event's
//! games against its log", results included; docs/event.md gives the figures).

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::store::{Pairing, StoredGame, Tx};
use crate::diagnostics::{Msg, Template};

// The message catalogue of this module: compiler/messages/event/logged.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/logged.rs"));

/// A `pair` entry as the log holds it: its batch and the games it published.
#[derive(Deserialize)]
struct Batch<'a> {
    batch: i64,
    #[serde(borrow)]
    published: Vec<Published<'a>>,
}

/// A published game as a `pair` entry logs it (`commands::games::game_json`), its texts
/// borrowed from the entry where they hold no escape. A log of an older xqreg may lack the
/// game's number among the games of the same two players (1) and its group and step (none), as
/// `verify` reads them.
#[derive(Deserialize)]
struct Published<'a> {
    #[serde(borrow)]
    stage: Cow<'a, str>,
    round: u32,
    board: u32,
    #[serde(default)]
    group: Option<String>,
    #[serde(default)]
    step: Option<String>,
    #[serde(default = "first")]
    game: u32,
    #[serde(borrow)]
    red: Cow<'a, str>,
    #[serde(borrow)]
    black: Cow<'a, str>,
}

fn first() -> u32 {
    1
}

impl Published<'_> {
    /// Whether the store's game `g` is this one, published in `batch`.
    fn is(&self, batch: i64, g: &StoredGame) -> bool {
        let p = &g.game;
        (batch, self.round, self.board, self.game) == (g.batch, p.round, g.board, p.game_no)
            && (&*self.stage, &*self.red, &*self.black) == (&p.stage, &p.red, &p.black)
            && (&self.group, &self.step) == (&p.group, &p.step)
    }

    fn stored(self, batch: i64) -> StoredGame {
        StoredGame {
            id: 0,
            batch,
            board: self.board,
            game: Pairing {
                stage: self.stage.into_owned(),
                round: self.round,
                group: self.group,
                step: self.step,
                game_no: self.game,
                red: self.red.into_owned(),
                black: self.black.into_owned(),
            },
            result: None,
        }
    }
}

/// A `result` or `correct` entry as the log holds it: the results it recorded.
#[derive(Deserialize)]
struct Recorded<'a> {
    #[serde(borrow)]
    results: Vec<RecordedResult<'a>>,
}

/// A result as a `result` or `correct` entry logs it (`commands::record`), on the game of its
/// stage, round and board (one game in the store has them). A log of an older xqreg may lack
/// the fouls: the store's stand, as `verify` reads them.
#[derive(Deserialize)]
struct RecordedResult<'a> {
    #[serde(borrow)]
    stage: Cow<'a, str>,
    round: u32,
    board: u32,
    #[serde(borrow)]
    result: Cow<'a, str>,
    #[serde(default)]
    red_fouls: Option<u32>,
    #[serde(default)]
    black_fouls: Option<u32>,
    /// The winner of a lot chose the game's colours the other way round from the published
    /// ones (`colours black_chooses`): the game was played, and its result recorded, so.
    #[serde(default)]
    colours_chosen: bool,
}

impl RecordedResult<'_> {
    /// Whether `stored` (a result and Red's and Black's fouls) is this one.
    fn is(&self, stored: &(String, u32, u32)) -> bool {
        let (result, red, black) = stored;
        *self.result == **result
            && self.red_fouls.is_none_or(|f| f == *red)
            && self.black_fouls.is_none_or(|f| f == *black)
    }
}

/// What is wrong between the games the store holds and the games its log published, if
/// anything: a `pair` entry whose games cannot be read, a game the log never published, one
/// published otherwise (other players or colours, another group, step or number), one the
/// store lost; then a result the log did not record ([`unrecorded`]).
pub fn unlogged(tx: &Tx<'_>, games: &[StoredGame]) -> Result<Option<Msg>, String> {
    let entries = tx.game_entries()?;
    let (pairs, results): (Vec<_>, Vec<_>) = entries.iter().partition(|(_, c, _)| c == "pair");
    let mut read = Vec::with_capacity(results.len());
    for (id, command, changes) in &results {
        match serde_json::from_str::<Recorded<'_>>(changes) {
            Ok(r) => read.push(r),
            Err(e) => return Ok(Some(unreadable(*id, command, changes, &e.to_string()))),
        }
    }
    Ok(unpublished(&pairs, games, &read).or_else(|| unrecorded(&read, games)))
}

/// A log entry as [`Tx::game_entries`] reads it: its id, command and changes.
type Entry = (i64, String, String);

/// The games half of [`unlogged`]: each stored game against the `pair` entries.
fn unpublished(entries: &[&Entry], games: &[StoredGame], results: &[Recorded<'_>]) -> Option<Msg> {
    let mut logged = Vec::with_capacity(games.len());
    for (id, _, changes) in entries {
        match serde_json::from_str::<Batch<'_>>(changes) {
            Ok(b) => logged.extend(b.published.into_iter().map(|p| (b.batch, p))),
            Err(e) => return Some(unreadable(*id, "pair", changes, &e.to_string())),
        }
    }
    // A game whose colours the winner of a lot chose the other way round was played so.
    for r in results
        .iter()
        .flat_map(|r| &r.results)
        .filter(|r| r.colours_chosen)
    {
        let at = (&*r.stage, r.round, r.board);
        if let Some((_, p)) = logged
            .iter_mut()
            .find(|(_, p)| (&*p.stage, p.round, p.board) == at)
        {
            std::mem::swap(&mut p.red, &mut p.black);
        }
    }
    // `pair` stores its games in the order it logs them: one pass finds a whole store so.
    let same = logged.len() == games.len()
        && (logged.iter().zip(games)).all(|((batch, p), g)| p.is(*batch, g));
    if same {
        return None;
    }
    let logged: Vec<StoredGame> = logged.into_iter().map(|(b, p)| p.stored(b)).collect();
    differs(games, &logged)
}

/// The first stored game whose result is not the last one the log's `result` and `correct`
/// entries recorded for it (a result edited, its fouls changed, a result added or deleted
/// outside xqreg); [`unlogged`] reads the entries (a `result` entry whose results cannot be read
/// is said there). The games are the ones the log published ([`unpublished`]): a game is found
/// by its stage, round and board.
fn unrecorded(read: &[Recorded<'_>], games: &[StoredGame]) -> Option<Msg> {
    // Each logged result by its game's place, the stage numbered among the stored games'
    // stages (a few): sorted by integers, not strings, and stably, so that the last one logged
    // for a game (a correction) comes last among its equals (a map keyed by the stage's name
    // took as long as the rest of the check; benches/event_2000).
    let mut stages: Vec<&str> = Vec::new();
    let mut keys = Vec::with_capacity(games.len());
    for g in games {
        let s = stages
            .iter()
            .position(|s| *s == g.game.stage)
            .unwrap_or_else(|| {
                stages.push(&g.game.stage);
                stages.len() - 1
            });
        keys.push((s, g.game.round, g.board));
    }
    let mut logged: Vec<_> = (read.iter().flat_map(|r| &r.results))
        .filter_map(|r| {
            let s = stages.iter().position(|s| *s == r.stage)?;
            Some(((s, r.round, r.board), r))
        })
        .collect();
    logged.sort_by_key(|(key, _)| *key);
    for (g, key) in games.iter().zip(&keys) {
        let last = logged.partition_point(|(k, _)| k <= key).checked_sub(1);
        let last = last.map(|i| &logged[i]).filter(|(k, _)| k == key);
        let same = match (&g.result, last) {
            (None, None) => true,
            (Some(stored), Some((_, logged))) => logged.is(stored),
            _ => false,
        };
        if !same {
            let game = super::board_of(g);
            return Some(RESULT_DIFFERS.fill(&[("game", &game.en), ("game_zh", &game.zh)]));
        }
    }
    None
}

/// An entry of `command` that is JSON (the store's opening read all of it) but not of its
/// command: the key it lacks, as `verify` says it, else why what it logged cannot be read.
fn unreadable(id: i64, command: &str, changes: &str, why: &str) -> Msg {
    let v: Value = serde_json::from_str(changes).unwrap_or(Value::Null);
    lacks(id, command, &v).unwrap_or_else(|| {
        let id = id.to_string();
        let what = if command == "pair" {
            UNREADABLE_BATCH
        } else {
            UNREADABLE_RESULTS
        };
        what.fill(&[("id", id.as_str()), ("command", command), ("why", why)])
    })
}

/// The first game `stored` and `logged` (the games the log published, as `verify` or
/// [`unlogged`] read them) do not share, by batch, stage, round and board, or share with another
/// pairing. Results are not compared: `verify` replays them.
pub(crate) fn differs(stored: &[StoredGame], logged: &[StoredGame]) -> Option<Msg> {
    fn key(g: &StoredGame) -> (i64, &str, u32, u32) {
        (g.batch, g.game.stage.as_str(), g.game.round, g.board)
    }
    let by_key: BTreeMap<_, &StoredGame> = logged.iter().map(|g| (key(g), g)).collect();
    let said = |what: Template, g: &StoredGame| {
        let game = super::board_of(g);
        Some(what.fill(&[("game", &game.en), ("game_zh", &game.zh)]))
    };
    for s in stored {
        match by_key.get(&key(s)) {
            None => return said(NOT_LOGGED, s),
            // Stage and round are the same by the key: the rest of the pairing must be too.
            Some(l) if l.game != s.game => return said(GAME_DIFFERS, s),
            Some(_) => {}
        }
    }
    if stored.len() != by_key.len() || logged.len() != by_key.len() {
        let held: BTreeMap<_, ()> = stored.iter().map(|g| (key(g), ())).collect();
        if let Some(l) = logged.iter().find(|g| !held.contains_key(&key(g))) {
            return said(NOT_STORED, l);
        }
    }
    None
}

/// A value a log entry must hold: its key, and what kind of value it is.
type Needed = (&'static str, fn(&Value) -> bool);

/// What a log entry lacks of the values its command logs, of their kind: read as missing, a
/// `pair` without its games would publish nothing and a `result` without its results record
/// nothing, and the log would pass for one that says so.
pub(crate) fn lacks(id: i64, command: &str, changes: &Value) -> Option<Msg> {
    let need: &[Needed] = match command {
        "new" => &[
            ("regulation_sha256", Value::is_string),
            ("roster_sha256", Value::is_string),
            ("seed", Value::is_u64),
        ],
        "amend" => &[
            ("from_sha256", Value::is_string),
            ("to_sha256", Value::is_string),
        ],
        "pair" => &[("batch", Value::is_i64), ("published", Value::is_array)],
        "result" | "correct" => &[("results", Value::is_array)],
        "withdraw" => &[
            ("player", Value::is_string),
            ("stage", Value::is_string),
            ("after_round", Value::is_u64),
        ],
        _ => &[],
    };
    let (key, _) = need.iter().find(|(k, is)| !is(&changes[*k]))?;
    let id = id.to_string();
    let args = [("id", id.as_str()), ("command", command), ("key", key)];
    Some(ENTRY_WITHOUT.fill(&args))
}
