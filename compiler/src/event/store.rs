//! The event store: one SQLite file (`DIR/event.sqlite`) holding the regulation and roster as
//! given, the published games, their results, withdrawals and the log. Every command runs in one
//! transaction (`BEGIN IMMEDIATE` ... `COMMIT`): a command killed half-way leaves the state
//! before it, and SQLite's journal makes the commit itself atomic.

use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, ErrorCode, OptionalExtension, Transaction};
use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};
use xqreg_runtime::engine::RecordedLineup;

use crate::diagnostics::{Lang, Msg, Template};

pub use super::stored::{LogEntry, Pairing, StoredEntry, StoredGame, StoredWithdrawal};

// The message catalogue of this module: compiler/messages/event/store.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/store.rs"));

/// The store's file inside an event directory.
pub const FILE: &str = "event.sqlite";
/// The name `event new` builds the store under, beside [`FILE`], and links to it once whole.
pub const BUILDING: &str = ".event.sqlite.new";

const SCHEMA: &str = "
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
  id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, stage TEXT NOT NULL, round INTEGER NOT NULL,
  board INTEGER NOT NULL, grp TEXT, step TEXT, game_no INTEGER NOT NULL,
  red TEXT NOT NULL, black TEXT NOT NULL,
  UNIQUE (stage, round, board));
CREATE TABLE results (
  game INTEGER PRIMARY KEY REFERENCES games(id), result TEXT NOT NULL,
  red_fouls INTEGER NOT NULL, black_fouls INTEGER NOT NULL);
CREATE TABLE withdrawals (player TEXT PRIMARY KEY, stage TEXT NOT NULL, after_round INTEGER NOT NULL);
CREATE TABLE log (id INTEGER PRIMARY KEY, command TEXT NOT NULL, changes TEXT NOT NULL, at TEXT NOT NULL);
";

/// The meta key of the late entries (a JSON list; an event store without it has none).
const ENTRIES: &str = "late_entries";

/// The meta key of the line-ups handed in (a JSON list of the runtime's recorded line-ups, with
/// their places in the CSV they came in; an event store without it has none).
const LINEUPS: &str = "lineups";

/// The hex SHA-256 of some bytes.
pub fn sha256(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// An open event store.
pub struct Store {
    pub dir: PathBuf,
    conn: Connection,
    /// The language of E850 when a value read turns out damaged (see [`Tx::err`]).
    lang: Lang,
}

/// How long a command waits for another on the same event before it gives up: a `pair` of a
/// 2,000-player Swiss takes a few seconds on a quiet machine, several times that on a busy one.
const BUSY_WAIT_SECONDS: u64 = 60;

fn open_conn(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    // A rollback journal on disk with full syncs: a commit survives a kill of the process and of
    // the machine; the busy timeout lets two commands on one event queue instead of failing.
    conn.execute_batch("PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;")?;
    conn.busy_timeout(std::time::Duration::from_secs(BUSY_WAIT_SECONDS))?;
    Ok(conn)
}

impl Store {
    /// A new store as `dir/file` (`dir` created if missing, holding no event yet: E854), claimed
    /// (`files::claim_new`: a leftover there is removed first, one being built is E854) until the
    /// file returned is dropped; `event new` then links it to [`FILE`].
    pub fn create(dir: &Path, file: &str, lang: Lang) -> Result<(Store, std::fs::File), String> {
        if dir.join(FILE).exists() {
            return Err(super::taken(dir, FILE, lang));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| super::cannot_say(super::CANNOT_CREATE, dir, e, lang))?;
        let path = dir.join(file);
        let claim = crate::files::claim_new(&path, &[dir.join(format!("{file}-journal"))])
            .map_err(|e| super::not_created(dir, file, e, lang))?;
        let conn = open_conn(&path).map_err(|e| failed(e, &path, lang))?;
        let store = Store {
            dir: dir.to_path_buf(),
            conn,
            lang,
        };
        Ok((store, claim))
    }

    /// A store in memory: `event new` checks its inputs there before it creates anything.
    pub fn memory() -> Result<Store, String> {
        Ok(Store {
            dir: PathBuf::new(),
            conn: Connection::open_in_memory()
                .map_err(|e| failed(e, Path::new(":memory:"), Lang::En))?,
            lang: Lang::En,
        })
    }

    /// Open the store of an existing event; what is wrong said in `lang`.
    pub fn open(dir: &Path, lang: Lang) -> Result<Store, String> {
        let path = dir.join(FILE);
        if !path.is_file() {
            // A directory never started, misspelt, or whose store was lost: refused as a missing
            // input (exit 1), both ways out in its help.
            let (dir, at) = (dir.display().to_string(), path.display().to_string());
            let no = NO_EVENT.fill(&[("path", &at), ("dir", &dir), ("file", FILE)]);
            let help = NO_EVENT_HELP.fill(&[("file", FILE)]);
            return Err(super::refuse_in(&super::codes::E853, lang, no, help).text);
        }
        let conn = open_conn(&path).map_err(|e| match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
                let why = e.to_string();
                damaged(&path, Msg::new(why.clone(), why), lang)
            }
            _ => failed(e, &path, lang),
        })?;
        whole(&conn, &path).map_err(|why| damaged(&path, why, lang))?;
        // The name an `event new` killed between its link and its removal left (docs/event.md).
        crate::files::sweep_one(&dir.join(BUILDING), &[]);
        let mut store = Store {
            dir: dir.to_path_buf(),
            conn,
            lang,
        };
        store.read_log()?;
        Ok(store)
    }

    /// Read the whole log once before any command acts: SQLite's check of the pages does not
    /// read the text inside them, and only `verify` and `export` read the log, so a log entry
    /// no longer JSON (a zeroed page of a long entry, a flipped byte) was found by them alone
    /// while `pair` and `result` acted on the store. E850 if an entry cannot be read.
    fn read_log(&mut self) -> Result<(), String> {
        let tx = Tx {
            tx: self
                .conn
                .transaction()
                .map_err(|e| failed(e, &self.dir.join(FILE), self.lang))?,
            path: self.dir.join(FILE),
            lang: self.lang,
        };
        tx.check_log()
    }

    /// One transaction: everything `f` writes, or nothing.
    pub fn transaction<T>(
        &mut self,
        f: impl FnOnce(&Tx<'_>) -> Result<T, String>,
    ) -> Result<T, String> {
        let tx = Tx {
            tx: self
                .conn
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
                .map_err(|e| failed(e, &self.dir.join(FILE), self.lang))?,
            path: self.dir.join(FILE),
            lang: self.lang,
        };
        // An error drops the transaction unfinished: SQLite rolls it back.
        let value = f(&tx)?;
        let (path, lang) = (tx.path.clone(), tx.lang);
        tx.tx.commit().map_err(|e| failed(e, &path, lang))?;
        Ok(value)
    }
}

/// Why the store is not a whole event store, if it is not: its length against the pages its
/// header counts, SQLite's own check of its pages (a file cut short or overwritten in part),
/// then the tables every event has (an empty file is an empty database to SQLite). A few
/// milliseconds on the store of a 2,000-player event.
fn whole(conn: &Connection, path: &Path) -> Result<(), Msg> {
    let pages = |pragma: &str| conn.query_row(pragma, [], |r| r.get::<_, u64>(0));
    let counted = pages("PRAGMA page_count")
        .and_then(|n| Ok(n * pages("PRAGMA page_size")?))
        .map_err(|e| Msg::new(e.to_string(), e.to_string()))?;
    let len = std::fs::metadata(path).map(|m| m.len()).unwrap_or(counted);
    // SQLite reads the pages its header counts: a file cut inside its last page, or grown past
    // it, passes its check until a command reads the page cut (a half-written `export`).
    if len != counted {
        let (len, counted) = (len.to_string(), counted.to_string());
        return Err(NOT_ITS_LENGTH.fill(&[("len", len.as_str()), ("pages", counted.as_str())]));
    }
    let check: Vec<String> = conn
        .prepare("PRAGMA quick_check(3)")
        .and_then(|mut st| {
            st.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<_, _>>()
        })
        .map_err(|e| Msg::new(e.to_string(), e.to_string()))?;
    if check != ["ok"] {
        let why = check.join("; ").replace('\n', " ");
        return Err(Msg::new(why.clone(), why));
    }
    let tables: u32 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('meta', 'games', 'log')",
            [],
            |r| r.get(0),
        )
        .map_err(|e| Msg::new(e.to_string(), e.to_string()))?;
    if tables < 3 {
        return Err(LACKS_TABLES.plain());
    }
    Ok(())
}

/// The text of E850 for the store at `path`: a refusal with its help, which [`super::Fail`] keeps
/// as one (exit 1); every other store error is an I/O problem (exit 2).
fn damaged(path: &Path, why: Msg, lang: Lang) -> String {
    let path = path.display().to_string();
    let args = [
        ("path", path.as_str()),
        ("why", &why.en),
        ("why_zh", &why.zh),
    ];
    super::refuse(&super::codes::E850, lang, DAMAGED.fill(&args), DAMAGED_HELP).text
}

/// Whether a store error is a refusal (E850 [`damaged`], E853 no store, E854 `event new` where an
/// event is): exit 1, where every other store error is an I/O problem.
pub(crate) fn is_refusal(text: &str) -> bool {
    use super::codes::{E850, E853, E854};
    [&E850, &E853, &E854].iter().any(|c| {
        text.starts_with(&format!("error[{}]", c.code))
            || text.starts_with(&format!("错误[{}]", c.code))
    })
}

/// The transaction a command works in, with what E850 names (the store's file, the language).
pub struct Tx<'c> {
    tx: Transaction<'c>,
    path: PathBuf,
    lang: Lang,
}

/// An error of SQLite's on the store `path` that is no damage (a busy or read-only file, a full
/// disk): an I/O problem (exit 2), in `lang` the store's path and then SQLite's own words, which
/// alone do not say which file it could not write ("attempt to write a readonly database": the
/// store or its folder another user's, or read-only).
fn failed(e: rusqlite::Error, path: &Path, lang: Lang) -> String {
    if e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) {
        let wait = BUSY_WAIT_SECONDS.to_string();
        return STORE_BUSY.fill(&[("seconds", &wait)]).get(lang).to_string();
    }
    let (why, path) = (e.to_string(), path.display().to_string());
    STORE_FAILED
        .fill(&[("why", &why), ("path", &path)])
        .get(lang)
        .to_string()
}

impl Tx<'_> {
    fn c(&self) -> &Transaction<'_> {
        &self.tx
    }

    /// [`failed`] in this command's language.
    fn failed(&self, e: rusqlite::Error) -> String {
        failed(e, &self.path, self.lang)
    }

    /// A value read that no xqreg wrote is damage SQLite's check of the pages does not see (a
    /// flipped byte inside a text, or in the schema): E850, as for a damaged page; any other
    /// error (a busy or read-only file) is SQLite's.
    fn err(&self, e: rusqlite::Error) -> String {
        use rusqlite::Error::*;
        match e {
            FromSqlConversionFailure(..)
            | InvalidColumnType(..)
            | IntegralValueOutOfRange(..)
            | Utf8Error(..) => self.unreadable(e.to_string()),
            // SQLite's plain error on xqreg's own statements: a table or column they name is
            // not in the store (a byte of the schema flipped), which the page check passes.
            SqliteFailure(f, _) if f.code == ErrorCode::Unknown => self.unreadable(e.to_string()),
            // Its words alone: the statement it quotes is xqreg's, not the store's.
            SqlInputError { error, msg, .. } if error.code == ErrorCode::Unknown => {
                self.unreadable(msg)
            }
            e => self.failed(e),
        }
    }

    /// E850 for a value of the store that cannot be read, `why` said as it is in both languages.
    fn unreadable(&self, why: String) -> String {
        self.damaged_by(Msg::new(why.clone(), why))
    }

    /// E850 for this store, `why` (a value missing or not one xqreg writes) in both languages.
    pub(crate) fn damaged_by(&self, why: Msg) -> String {
        damaged(&self.path, why, self.lang)
    }

    /// The raw connection, for the few statements only one command needs.
    pub fn execute(&self, sql: &str, values: &[&dyn rusqlite::ToSql]) -> Result<usize, String> {
        self.c().execute(sql, values).map_err(|e| self.failed(e))
    }

    pub fn init(&self) -> Result<(), String> {
        self.c().execute_batch(SCHEMA).map_err(|e| self.failed(e))
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<(), String> {
        self.c()
            .execute(
                "INSERT INTO meta (key, value) VALUES (?1, ?2)
                 ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                params![key, value],
            )
            .map(|_| ())
            .map_err(|e| self.failed(e))
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>, String> {
        self.c()
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(|e| match e {
                rusqlite::Error::SqliteFailure(..) => self.damaged_by(LACKS_TABLES.plain()),
                e => self.err(e),
            })
    }

    pub fn games(&self) -> Result<Vec<StoredGame>, String> {
        self.rows(
            "SELECT g.id, g.batch, g.stage, g.round, g.board, g.grp, g.step, g.game_no, g.red,
                        g.black, r.result, r.red_fouls, r.black_fouls
                 FROM games g LEFT JOIN results r ON r.game = g.id ORDER BY g.id",
            |r| {
                let result: Option<String> = r.get(10)?;
                Ok(StoredGame {
                    id: r.get(0)?,
                    batch: r.get(1)?,
                    board: r.get(4)?,
                    game: Pairing {
                        stage: r.get(2)?,
                        round: r.get(3)?,
                        group: r.get(5)?,
                        step: r.get(6)?,
                        game_no: r.get(7)?,
                        red: r.get(8)?,
                        black: r.get(9)?,
                    },
                    result: match result {
                        Some(res) => Some((res, r.get(11)?, r.get(12)?)),
                        None => None,
                    },
                })
            },
        )
    }

    /// The id, command and changes (JSON text) of every log entry that published games or
    /// recorded results (`pair`, `result`, `correct`), in order.
    pub fn game_entries(&self) -> Result<Vec<(i64, String, String)>, String> {
        let sql = "SELECT id, command, changes FROM log \
                   WHERE command IN ('pair', 'result', 'correct') ORDER BY id";
        self.rows(sql, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
    }

    /// Every row `sql` selects, each read by `row`.
    fn rows<T>(
        &self,
        sql: &str,
        row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, String> {
        let mut st = self.c().prepare(sql).map_err(|e| self.err(e))?;
        let rows = st.query_map([], row).map_err(|e| self.err(e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| self.err(e))
    }

    /// Store a published game; its id.
    pub fn publish(&self, g: &StoredGame) -> Result<i64, String> {
        self.c()
            .execute(
                "INSERT INTO games (batch, stage, round, board, grp, step, game_no, red, black)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    g.batch,
                    g.game.stage,
                    g.game.round,
                    g.board,
                    g.game.group,
                    g.game.step,
                    g.game.game_no,
                    g.game.red,
                    g.game.black
                ],
            )
            .map_err(|e| self.failed(e))?;
        Ok(self.c().last_insert_rowid())
    }

    /// Record (or, with `replace`, correct) the result of game `g.id`, on the colours `g` was
    /// played with (a lot's winner's choice, `black_chooses`, may turn the published ones round).
    pub fn set_result(&self, g: &StoredGame, replace: bool) -> Result<(), String> {
        let Some((result, rf, bf)) = &g.result else {
            return Ok(());
        };
        let sql = if replace {
            "UPDATE results SET result = ?2, red_fouls = ?3, black_fouls = ?4 WHERE game = ?1"
        } else {
            "INSERT INTO results (game, result, red_fouls, black_fouls) VALUES (?1, ?2, ?3, ?4)"
        };
        let colours = "UPDATE games SET red = ?2, black = ?3 WHERE id = ?1";
        (self.c().execute(sql, params![g.id, result, rf, bf]))
            .and_then(|_| (self.c()).execute(colours, params![g.id, g.game.red, g.game.black]))
            .map(|_| ())
            .map_err(|e| self.failed(e))
    }

    pub fn withdrawals(&self) -> Result<Vec<StoredWithdrawal>, String> {
        self.rows(
            "SELECT player, stage, after_round FROM withdrawals ORDER BY rowid",
            |r| {
                Ok(StoredWithdrawal {
                    player: r.get(0)?,
                    stage: r.get(1)?,
                    after_round: r.get(2)?,
                })
            },
        )
    }

    pub fn withdraw(&self, w: &StoredWithdrawal) -> Result<(), String> {
        self.c()
            .execute(
                "INSERT INTO withdrawals (player, stage, after_round) VALUES (?1, ?2, ?3)",
                params![w.player, w.stage, w.after_round],
            )
            .map(|_| ())
            .map_err(|e| self.failed(e))
    }

    /// The late entries, in the order they were made.
    pub fn entries(&self) -> Result<Vec<StoredEntry>, String> {
        self.json_list(ENTRIES, ENTRIES_WHAT)
    }

    /// Add a late entry.
    pub fn enter(&self, e: &StoredEntry) -> Result<(), String> {
        let mut all = self.entries()?;
        all.push(e.clone());
        self.set_json_list(ENTRIES, &all)
    }

    /// The line-ups handed in, one per team and round.
    pub fn lineups(&self) -> Result<Vec<RecordedLineup>, String> {
        self.json_list(LINEUPS, LINEUPS_WHAT)
    }

    /// Replace the line-ups handed in.
    pub fn set_lineups(&self, all: &[RecordedLineup]) -> Result<(), String> {
        self.set_json_list(LINEUPS, all)
    }

    /// A list kept as JSON under a meta `key` (none yet: empty); `what` names it in the error.
    fn json_list<T: DeserializeOwned>(&self, key: &str, what: Template) -> Result<Vec<T>, String> {
        match self.meta(key)? {
            Some(text) => serde_json::from_str(&text).map_err(|e| {
                let why = e.to_string();
                let args = [("what", what.en), ("what_zh", what.zh), ("why", &why)];
                self.damaged_by(LIST_UNREADABLE.fill(&args))
            }),
            None => Ok(Vec::new()),
        }
    }

    /// Replace the list kept as JSON under a meta `key`.
    fn set_json_list<T: Serialize>(&self, key: &str, all: &[T]) -> Result<(), String> {
        let text = serde_json::to_string(all).map_err(|e| e.to_string())?;
        self.set_meta(key, &text)
    }

    /// Append a log entry: the command, what it changed, and the wall-clock time.
    pub fn log(&self, command: &str, changes: &serde_json::Value) -> Result<(), String> {
        // The one time stamp the project writes (issue 10: the log's wall-clock time).
        #[allow(clippy::disallowed_methods)]
        let at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        self.c()
            .execute(
                "INSERT INTO log (command, changes, at) VALUES (?1, ?2, ?3)",
                params![command, changes.to_string(), at.to_string()],
            )
            .map(|_| ())
            .map_err(|e| self.failed(e))
    }

    pub fn log_entries(&self) -> Result<Vec<LogEntry>, String> {
        let rows = self.rows(
            "SELECT id, command, changes, at FROM log ORDER BY id",
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get(1)?,
                    r.get::<_, String>(2)?,
                    r.get(3)?,
                ))
            },
        )?;
        rows.into_iter()
            .map(|(id, command, changes, at)| {
                Ok(LogEntry {
                    changes: self.log_json(id, &changes)?,
                    id,
                    command,
                    at,
                })
            })
            .collect()
    }

    /// That every log entry's changes are JSON, without building them (what opening the store
    /// asks: 5.5 ms against [`Tx::log_entries`]'s 43 ms on a 2,000-player event's log,
    /// benches/event_2000).
    pub fn check_log(&self) -> Result<(), String> {
        let rows = self.rows("SELECT id, changes FROM log ORDER BY id", |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })?;
        for (id, changes) in rows {
            self.log_json::<serde::de::IgnoredAny>(id, &changes)?;
        }
        Ok(())
    }

    /// Log entry `id`'s changes read as JSON. An entry that is not JSON is damage, not an entry
    /// that changed nothing: `verify` would pass over the batch it cannot read.
    fn log_json<T: serde::de::DeserializeOwned>(
        &self,
        id: i64,
        changes: &str,
    ) -> Result<T, String> {
        serde_json::from_str(changes).map_err(|e| {
            let (id, why) = (id.to_string(), e.to_string());
            self.damaged_by(LOG_UNREADABLE.fill(&[("id", &id), ("why", &why)]))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store another command holds past the wait is said as such, not as SQLite's `database is
    /// locked`: what happened and what to do.
    #[test]
    fn a_busy_store_says_another_command_holds_it() {
        let busy = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
            Some("database is locked".into()),
        );
        let said = failed(busy, Path::new("ev/event.sqlite"), Lang::En);
        assert!(
            said.contains("in use by another xqreg command on this event"),
            "{said}"
        );
        assert!(
            said.contains("over 60 s") && !said.contains("database is locked"),
            "{said}"
        );
        let said = failed(
            rusqlite::Error::InvalidQuery,
            Path::new("ev/event.sqlite"),
            Lang::Zh,
        );
        assert!(said.starts_with("赛事存储 `ev/event.sqlite`："), "{said}");
    }
}
