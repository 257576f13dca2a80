//! `xqreg event`: run a real event round by round on the engine `simulate` uses. The store
//! ([`store`]) keeps what the arbiter was given and what was published and recorded; the live
//! driver ([`live`]) replays it on every command; [`commands`] are the commands, [`view`] prints.

pub mod codes;
pub mod commands;
pub mod enter;
pub mod hall;
pub mod lineup;
pub mod live;
pub mod logged;
pub mod publish;
pub mod roster_csv;
pub mod store;
pub mod stored;
pub mod view;

use std::path::Path;

use xqreg_runtime::engine::{LotStreams, RuntimeProblem};

use crate::diagnostics::render::{self, Format, Options};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Code, Lang, Msg, Template};
use crate::driver::FileReport;
use live::Event;
use store::{StoredWithdrawal, Tx};

// The message catalogue of this module: compiler/messages/event/mod.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/mod.rs"));

/// Why a command stopped: the exit code (1 input, 2 usage or I/O) and the text for stderr.
#[derive(Debug)]
pub struct Fail {
    pub exit: u8,
    pub text: String,
}

pub type Res<T> = Result<T, Fail>;

/// A refusal in the command's language, its texts from a catalogue: code, message and help.
pub(crate) fn refuse(code: &Code, lang: Lang, message: Msg, help: Template) -> Fail {
    refuse_in(code, lang, message, help.plain())
}

/// A refusal in the command's language: code, message and help line (English, Chinese), exit 1.
pub(crate) fn refuse_in(code: &Code, lang: Lang, message: Msg, help: Msg) -> Fail {
    let text = match lang {
        Lang::Zh => format!("错误[{}]: {}\n  帮助：{}\n", code.code, message.zh, help.zh),
        _ => format!(
            "error[{}]: {}\n  help: {}\n",
            code.code, message.en, help.en
        ),
    };
    Fail { exit: 1, text }
}

/// E854: `event new` on a directory whose `name` exists, the store ([`store::FILE`]: an event is
/// there) or the one being built ([`store::BUILDING`], held by the `event new` building it).
pub(crate) fn taken(dir: &Path, name: &str, lang: Lang) -> String {
    let (path, dir) = (
        dir.join(name).display().to_string(),
        dir.display().to_string(),
    );
    let args = [("path", path.as_str()), ("dir", &dir)];
    let (said, help) = if name == store::FILE {
        (HOLDS_AN_EVENT, HOLDS_AN_EVENT_HELP)
    } else {
        (BEING_BUILT, BEING_BUILT_HELP)
    };
    let help = help.fill(&args);
    refuse_in(&codes::E854, lang, said.fill(&args), help).text
}

/// Why `event new` could not create `dir/name`: E854 when it exists (held by the `event new`
/// building it, or no file of ours), else the I/O error.
pub(crate) fn not_created(dir: &Path, name: &str, e: std::io::Error, lang: Lang) -> String {
    match e.kind() {
        std::io::ErrorKind::AlreadyExists => taken(dir, name, lang),
        _ => cannot_say(CANNOT_CREATE, &dir.join(name), e, lang),
    }
}

/// E849: a file of rows to record (results, late entrants, line-ups) that has only its header;
/// refused before the store is opened, so no empty command is logged.
pub(crate) fn no_rows(name: &str, lang: Lang) -> Fail {
    refuse(
        &codes::E849,
        lang,
        NO_ROWS.fill(&[("name", name)]),
        NO_ROWS_HELP,
    )
}

/// A stage as the output names it: `stage`, in English, its English title (`stage main "联赛"
/// en "League"`), else its id, which the commands take; `stage_zh`, its title (积分编排), in
/// Chinese, as the site names it (its id when it has none).
pub(crate) fn stage_args<'a>(
    plan: &'a xqreg_runtime::plan::Plan,
    id: &'a str,
) -> [(&'static str, &'a str); 2] {
    let stage = plan.stage(id);
    [
        ("stage", stage.map_or(id, xqreg_runtime::plan::Stage::said)),
        (
            "stage_zh",
            stage.and_then(|s| s.title.as_deref()).unwrap_or(id),
        ),
    ]
}

/// A game as the commands name it: `main round 1 board 3` (`main 第 1 轮第 3 台`), by the id as
/// given (a row's or an argument's stage, which may be no stage of the plan).
pub(crate) fn game_at(
    stage: &str,
    round: impl std::fmt::Display,
    board: impl std::fmt::Display,
) -> Msg {
    game_named([("stage", stage), ("stage_zh", stage)], round, board)
}

/// A game of a stage of `plan`: `main round 1 board 3` (`积分编排 第 1 轮第 3 台`).
pub(crate) fn game_of(plan: &xqreg_runtime::plan::Plan, g: &store::StoredGame) -> Msg {
    game_named(stage_args(plan, &g.game.stage), g.game.round, g.board)
}

fn game_named(
    stage: [(&str, &str); 2],
    round: impl std::fmt::Display,
    board: impl std::fmt::Display,
) -> Msg {
    let (round, board) = (round.to_string(), board.to_string());
    GAME.fill(&[&stage[..], &[("round", round.as_str()), ("board", &board)]].concat())
}

/// [`game_at`] of a published game of the store.
pub(crate) fn board_of(g: &store::StoredGame) -> Msg {
    game_at(&g.game.stage, g.game.round, g.board)
}

/// A file `what` says cannot be read, created or written (exit 2), in the command's language.
pub(crate) fn cannot(what: Template, path: &Path, why: impl std::fmt::Display, lang: Lang) -> Fail {
    io(cannot_say(what, path, why, lang))
}

/// [`cannot`]'s text alone (the store's errors are texts until a command turns them into a
/// [`Fail`]).
pub(crate) fn cannot_say(
    what: Template,
    path: &Path,
    why: impl std::fmt::Display,
    lang: Lang,
) -> String {
    let (path, why) = (path.display().to_string(), why.to_string());
    what.fill(&[("path", &path), ("why", &why)])
        .get(lang)
        .to_string()
}

/// A store or I/O problem (exit 2).
pub fn io(text: impl std::fmt::Display) -> Fail {
    Fail {
        exit: 2,
        text: format!("xqreg event: {text}\n"),
    }
}

impl From<String> for Fail {
    fn from(text: String) -> Fail {
        // A damaged store (E850) or none (E853) is refused like any damaged or missing input,
        // not an I/O failure.
        if store::is_refusal(&text) {
            return Fail { exit: 1, text };
        }
        io(text)
    }
}

pub(crate) fn rendered(reports: &[FileReport], lang: Lang) -> Fail {
    Fail {
        exit: 1,
        text: render::render(Format::Human, reports, Options { lang, color: false }),
    }
}

/// An event as loaded from its store: the replay's inputs and the regulation's source.
pub struct Loaded {
    pub event: Event,
    pub regulation: SourceFile,
    pub lang: Lang,
}

impl Loaded {
    /// Runtime problems as diagnostics, against the stored regulation.
    pub fn problems(&self, problems: &[RuntimeProblem]) -> Fail {
        self.problems_in(problems, None)
    }

    /// [`Loaded::problems`], with a problem of a roster row pointing into `roster` (a late-entry
    /// CSV) rather than at the regulation's clause it follows.
    pub fn problems_in(&self, problems: &[RuntimeProblem], roster: Option<&SourceFile>) -> Fail {
        // R050 and E836 are the event's own: printed as one line, not against a clause of the
        // regulation.
        let own =
            |p: &RuntimeProblem| p.code == live::PUBLISHED_CHANGED || p.code == codes::E836.code;
        let engine: Vec<RuntimeProblem> = problems.iter().filter(|p| !own(p)).cloned().collect();
        let reports = crate::run::problem_reports(&engine, &self.regulation, roster);
        let mut fail = rendered(&reports, self.lang);
        for p in problems.iter().filter(|p| own(p)) {
            let help = if p.code == codes::E836.code {
                TAMPERED_HELP
            } else {
                PUBLISHED_CHANGED_HELP
            };
            let line = match self.lang {
                Lang::Zh if !p.message_zh.is_empty() => {
                    format!("错误[{}]: {}\n  帮助：{}\n", p.code, p.message_zh, help.zh)
                }
                _ => format!("error[{}]: {}\n  help: {}\n", p.code, p.message, help.en),
            };
            fail.text.push_str(&line);
        }
        fail
    }

    pub fn replay(&self) -> Res<live::Live> {
        live::replay(&self.event).map_err(|p| self.problems(&p))
    }
}

/// A value every event stores; none is a damaged store (E850).
fn meta(tx: &Tx<'_>, key: &str) -> Res<String> {
    tx.meta(key)?
        .ok_or_else(|| Fail::from(tx.damaged_by(NO_META.fill(&[("key", key)]))))
}

/// E850 unless the stored text (`what`, the regulation or the roster) still has the SHA-256
/// stored with it: a byte changed inside the text is damage SQLite's page check does not see,
/// and the text would still compile or read, into another event (a round count, a rating).
fn same_text(tx: &Tx<'_>, text: &str, sha: &str, what: Template) -> Res<()> {
    if store::sha256(text.as_bytes()) == sha {
        return Ok(());
    }
    let why = TEXT_CHANGED.fill(&[("what", what.en), ("what_zh", what.zh)]);
    Err(Fail::from(tx.damaged_by(why)))
}

/// Load the event: the stored regulation (refused when its file changed without `amend`), the
/// roster, the seed, the published games, results and withdrawals.
pub fn load(tx: &Tx<'_>, lang: Lang) -> Res<Loaded> {
    load_with(tx, lang, None)
}

/// [`load`] within the command that has just stored withdrawal `fresh`: that one is the
/// command's argument, which its replay judges (R011, R076 said of the argument), not a stored
/// withdrawal edited outside xqreg.
pub fn load_with(tx: &Tx<'_>, lang: Lang, fresh: Option<&StoredWithdrawal>) -> Res<Loaded> {
    // Every store is of format 1 (`event new` writes it): another value is damage, or a store
    // another xqreg wrote, which this one would misread.
    let format = meta(tx, "format")?;
    if format != "1" {
        let why = BAD_FORMAT.fill(&[("word", &format)]);
        return Err(Fail::from(tx.damaged_by(why)));
    }
    let text = meta(tx, "regulation")?;
    let name = meta(tx, "regulation_name")?;
    let sha = meta(tx, "regulation_sha256")?;
    same_text(tx, &text, &sha, REGULATION_WHAT)?;
    // The file the event was started from (every store names it: without the key, a change of
    // the file would go unseen): edited since, it must be recorded by `amend`. A file no longer
    // there (moved, deleted) leaves the event to its stored text.
    let path = meta(tx, "regulation_path")?;
    if let Ok(now) = crate::files::read_input(&path) {
        if store::sha256(&now) != sha {
            return Err(refuse(
                &codes::E830,
                lang,
                REGULATION_CHANGED.fill(&[("path", &path)]),
                REGULATION_CHANGED_HELP,
            ));
        }
    }
    let compiled = crate::compile::compile_bytes(&name, text.as_bytes());
    let Some(plan) = compiled.plan else {
        return Err(rendered(std::slice::from_ref(&compiled.report), lang));
    };
    let roster_text = meta(tx, "roster")?;
    let roster_name = meta(tx, "roster_name")?;
    same_text(tx, &roster_text, &meta(tx, "roster_sha256")?, ROSTER_WHAT)?;
    let mut roster = crate::run::csv_input::read_roster(&roster_name, roster_text.as_bytes())
        .map_err(|r| rendered(std::slice::from_ref(&r), lang))?;
    // Late entrants follow the roster, in the order they entered.
    let entries = tx.entries()?;
    for e in &entries {
        let more = crate::run::csv_input::read_roster(&e.csv_name, e.csv.as_bytes())
            .map_err(|r| rendered(std::slice::from_ref(&r), lang))?;
        roster.players.extend(more.players);
    }
    let seed = meta(tx, "seed")?
        .parse()
        .map_err(|_| Fail::from(tx.damaged_by(BAD_SEED.plain())))?;
    // An event started before streams of lots per stage has no `lots`: its draws came from one
    // stream, and its replay keeps drawing them so. Any other word is damage: read as no word,
    // the replay would draw other lots than the ones published.
    let lot_streams = match tx.meta("lots")?.as_deref() {
        Some("per_stage") => LotStreams::PerStage,
        None => LotStreams::OneStream,
        Some(word) => {
            let why = BAD_LOTS.fill(&[("word", word)]);
            return Err(Fail::from(tx.damaged_by(why)));
        }
    };
    let games = tx.games()?;
    let withdrawals = tx.withdrawals()?;
    let damage = (games.iter().find_map(|g| live::stored_damage(g, &roster))).or_else(|| {
        (withdrawals.iter().filter(|w| Some(*w) != fresh))
            .find_map(|w| live::withdrawal_damage(w, &plan, &roster))
    });
    // Then every game as the log published it: its colours, board, round, stage and group.
    let damage = match damage {
        Some(why) => Some(why),
        None => logged::unlogged(tx, &games)?,
    };
    if let Some(why) = damage {
        return Err(refuse(&codes::E836, lang, why, TAMPERED_HELP));
    }
    Ok(Loaded {
        event: Event {
            plan,
            roster,
            seed,
            lot_streams,
            games,
            withdrawals,
            entries,
            lineups: tx.lineups()?,
        },
        regulation: compiled.report.source,
        lang,
    })
}

/// Run `f` on the event in `dir` inside one transaction.
pub fn with_event<T>(dir: &Path, lang: Lang, f: impl FnOnce(&Tx<'_>, Loaded) -> Res<T>) -> Res<T> {
    let mut st = store::Store::open(dir, lang)?;
    let mut fail = None;
    let out = st.transaction(|tx| {
        let loaded = load(tx, lang).map_err(|e| {
            fail = Some(e);
            String::new()
        })?;
        f(tx, loaded).map_err(|e| {
            fail = Some(e);
            String::new()
        })
    });
    match (out, fail) {
        (Ok(v), _) => Ok(v),
        (Err(_), Some(f)) => Err(f),
        (Err(e), None) => Err(Fail::from(e)),
    }
}
