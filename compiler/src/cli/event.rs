//! `xqreg event ...`: run a real event round by round (issue 10). The commands live in
//! `crate::event`; this file is their command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Subcommand, ValueEnum};
use xqreg_runtime::engine::GameResult;

use super::{lang, LangArg};
use crate::diagnostics::{Lang, Template};
use crate::event::commands::{self, At, Entry};
use crate::event::store::StoredWithdrawal;
use crate::event::{io, refuse, view, with_event, Fail, Res};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: EventCommand,
    /// Language of diagnostics (default: from the locale).
    #[arg(long, value_enum, global = true)]
    pub lang: Option<LangArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Human,
    Json,
    Csv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Human,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Start an event in DIR from a regulation and a roster.
    New {
        dir: PathBuf,
        #[arg(long, value_name = "FILE")]
        regulation: PathBuf,
        #[arg(long, value_name = "CSV")]
        roster: PathBuf,
        /// Seed of every lot the regulation leaves to the runtime.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
    },
    /// Record a change of the regulation file (a dated supplement).
    Amend {
        dir: PathBuf,
        #[arg(long, value_name = "TEXT")]
        note: String,
    },
    /// Publish every draw and pairing the recorded results allow.
    Pair {
        dir: PathBuf,
        #[arg(long, value_enum, default_value_t = ListFormat::Human)]
        format: ListFormat,
        /// Publish only this stage's next round (repeatable); without it every stage that may go
        /// ahead is paired.
        #[arg(long = "stage", value_name = "STAGE")]
        stages: Vec<String>,
    },
    /// Record results: a results CSV, or STAGE ROUND BOARD RESULT.
    Result {
        dir: PathBuf,
        /// A results CSV, or the stage name followed by ROUND BOARD RESULT.
        #[arg(num_args = 1..=4, required = true)]
        what: Vec<String>,
        /// With STAGE ROUND BOARD RESULT: who took Red in the hall, where the winner of a lot
        /// chose the colours (`colours black_chooses`); RESULT is from that player's side. A
        /// results CSV gives it as its row's `red`.
        #[arg(long, value_name = "ID")]
        red: Option<String>,
    },
    /// Correct a recorded result: STAGE ROUND BOARD RESULT --reason TEXT (published Swiss rounds stand).
    Correct {
        dir: PathBuf,
        stage: String,
        round: u32,
        board: u32,
        result: String,
        #[arg(long, value_name = "TEXT")]
        reason: String,
    },
    /// Record a forfeit: STAGE ROUND BOARD and the side that did not appear.
    Forfeit {
        dir: PathBuf,
        stage: String,
        round: u32,
        board: u32,
        #[arg(value_enum)]
        absent: Absent,
    },
    /// A player withdraws: plays no game after ROUND of STAGE (in a team stage, a team: all its players).
    Withdraw {
        dir: PathBuf,
        /// The player's id, or in a team stage the team's name.
        player: String,
        #[arg(long)]
        stage: String,
        #[arg(long, value_name = "ROUND")]
        after: u32,
    },
    /// Late entrants (rows of a roster CSV) join the Swiss before its next round, where the regulation allows it.
    Enter {
        dir: PathBuf,
        /// The new players, in the roster's own CSV format.
        file: PathBuf,
        /// The round they enter before (default: the next round to be paired).
        #[arg(long, value_name = "ROUND")]
        round: Option<u32>,
    },
    /// Line-ups handed in for a round of a team stage (`lineup each_round`), before it is paired.
    Lineup {
        dir: PathBuf,
        /// The line-ups: stage, round, team, board, player (the CSV of `simulate --lineups`).
        file: PathBuf,
    },
    /// List the published games (with their results).
    Games {
        dir: PathBuf,
        /// Only the games that wait for a result.
        #[arg(long)]
        waiting: bool,
        #[arg(long, value_enum, default_value_t = ListFormat::Human)]
        format: ListFormat,
    },
    /// What is published, what waits for results, what comes next.
    Status { dir: PathBuf },
    /// Standings with their tie-break values.
    Standings {
        dir: PathBuf,
        #[arg(long)]
        stage: Option<String>,
        #[arg(long, value_enum, default_value_t = TableFormat::Human)]
        format: TableFormat,
    },
    /// Replay the log: each published batch must be what the engine pairs from the results recorded before it.
    Verify { dir: PathBuf },
    /// Write the results CSV and the log (JSON lines) of the event into DIR/export.
    Export { dir: PathBuf },
    /// Write the event as a static web site in Chinese and English into SITE (replaced whole).
    Publish {
        dir: PathBuf,
        /// The site's directory, replaced whole.
        #[arg(short = 'o', long = "output", value_name = "SITE")]
        output: PathBuf,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Absent {
    Red,
    Black,
    Both,
}

pub fn run(args: Args) -> ExitCode {
    let l = lang(args.lang);
    match exec(args.command, l) {
        Ok(text) => {
            // A closed pipe (`| head`) ends the output, not the program with a panic.
            use std::io::Write as _;
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(Fail { exit, text }) => {
            eprint!("{text}");
            ExitCode::from(exit)
        }
    }
}

// The message catalogue of this module: compiler/messages/cli/event.toml.
include!(concat!(env!("OUT_DIR"), "/messages/cli/event.rs"));

/// RESULT of the game STAGE ROUND BOARD given on the command line; a result that is not one is
/// E837 at that game (the place of a command line's refusal).
fn result_of(stage: &str, round: u32, board: u32, text: &str, l: Lang) -> Res<GameResult> {
    GameResult::parse(text).ok_or_else(|| {
        // A paste into an argument is quoted by its first characters.
        let game = crate::event::game_at(&crate::diagnostics::quoted(stage), round, board);
        let text = crate::diagnostics::quoted(text);
        let args = [
            ("game", game.en.as_str()),
            ("game_zh", &game.zh),
            ("text", &text),
        ];
        refuse(
            &crate::event::codes::E837,
            l,
            BAD_RESULT.fill(&args),
            BAD_RESULT_HELP,
        )
    })
}

fn board_entry(stage: String, round: u32, board: u32, result: GameResult) -> Entry {
    let place = crate::event::game_at(&crate::diagnostics::quoted(&stage), round, board);
    Entry {
        place: place.en,
        place_zh: place.zh,
        cells: Vec::new(),
        stage,
        round,
        at: At::Board { board, red: None },
        result,
        red_fouls: 0,
        black_fouls: 0,
    }
}

fn exec(cmd: EventCommand, l: Lang) -> Res<String> {
    match cmd {
        EventCommand::New {
            dir,
            regulation,
            roster,
            seed,
        } => {
            let warnings = commands::new(&dir, &regulation, &roster, seed, l)?;
            eprint!("{warnings}");
            let (dir, seed) = (dir.display().to_string(), seed.to_string());
            let started = STARTED.fill(&[("dir", &dir), ("seed", &seed)]);
            Ok(format!("{}\n", started.get(l)))
        }
        EventCommand::Amend { dir, note } => commands::amend(&dir, &note, l),
        EventCommand::Pair {
            dir,
            format,
            stages,
        } => pair(&dir, format, &stages, l),
        EventCommand::Result { dir, what, red } => {
            let entries = result_entries(&what, red, l)?;
            commands::record(&dir, &entries, None, l)
        }
        EventCommand::Correct {
            dir,
            stage,
            round,
            board,
            result,
            reason,
        } => {
            let r = result_of(&stage, round, board, &result, l)?;
            let e = board_entry(stage, round, board, r);
            commands::record(&dir, &[e], Some(&reason), l)
        }
        EventCommand::Forfeit {
            dir,
            stage,
            round,
            board,
            absent,
        } => {
            let r = match absent {
                Absent::Red => GameResult::BlackWinsForfeit,
                Absent::Black => GameResult::RedWinsForfeit,
                Absent::Both => GameResult::DoubleForfeit,
            };
            commands::record(&dir, &[board_entry(stage, round, board, r)], None, l)
        }
        EventCommand::Withdraw {
            dir,
            player,
            stage,
            after,
        } => commands::withdraw(
            &dir,
            StoredWithdrawal {
                player,
                stage,
                after_round: after,
            },
            l,
        ),
        EventCommand::Enter { dir, file, round } => {
            crate::event::enter::enter(&dir, &file, round, l)
        }
        EventCommand::Lineup { dir, file } => crate::event::lineup::lineup(&dir, &file, l),
        EventCommand::Games {
            dir,
            waiting,
            format,
        } => games(&dir, waiting, format, l),
        EventCommand::Status { dir } => with_event(&dir, l, |_, loaded| {
            let live = loaded.replay()?;
            Ok(view::status(
                &loaded.event.plan,
                &loaded.event.games,
                &loaded.event.entries,
                &loaded.event.withdrawals,
                &loaded.event.lineups,
                &live,
                l,
            ))
        }),
        EventCommand::Standings { dir, stage, format } => with_event(&dir, l, |_, loaded| {
            let stage = commands::stages::known(&loaded, stage.as_slice(), l)?;
            let live = loaded.replay()?;
            Ok(view::standings(
                &live,
                &loaded.event.plan,
                stage.first().map(String::as_str),
                format == TableFormat::Json,
                l,
            ))
        }),
        EventCommand::Verify { dir } => commands::verify(&dir, l),
        EventCommand::Export { dir } => commands::export(&dir, l),
        EventCommand::Publish { dir, output } => crate::event::publish::publish(&dir, &output, l),
    }
}

/// `event pair`: the next round's boards, or on stderr why there is nothing to pair.
fn pair(dir: &Path, format: ListFormat, only: &[String], l: Lang) -> Res<String> {
    let (paired, loaded) = commands::pair(dir, only, l)?;
    let mut all = loaded.event.games.clone();
    all.extend(paired.published.iter().cloned());
    let forfeits = paired.live.forfeits();
    let lines = view::lines(&loaded.event, (&all, &forfeits), &paired.published, l);
    // A stage named with `--stage` that gets nothing: why, stage by stage.
    for stage in &paired.only {
        if !paired.published.iter().any(|g| &g.game.stage == stage) {
            let why = commands::stages::why_nothing(&paired.live, &loaded.event.games, stage);
            eprintln!("{}", why.get(l));
        }
    }
    if paired.published.is_empty() && only.is_empty() {
        let why = if paired.finished {
            NOTHING_TO_PAIR_COMPLETE.plain()
        } else {
            NOTHING_TO_PAIR_WAITING.fill(&[("n", &paired.waiting.to_string())])
        };
        eprintln!("{}", why.get(l));
    }
    let event = &loaded.event;
    Ok(match format {
        ListFormat::Human => {
            view::human(&lines, &event.plan, l)
                + &view::sitting_out(&paired.live, event, &all, &paired.published, l)
        }
        ListFormat::Json => {
            view::pair_json(&lines, (&paired.live, event, &all, &paired.published), l)
        }
        ListFormat::Csv => view::csv(&lines),
    })
}

/// `event result`'s entries: from a results CSV, or one board on the command line.
fn result_entries(what: &[String], red: Option<String>, l: Lang) -> Res<Vec<Entry>> {
    Ok(match what {
        [file] if red.is_none() => file_entries(&PathBuf::from(file), l)?,
        [stage, round, board, result] => {
            let n = |s: &str| {
                s.parse::<u32>()
                    .map_err(|_| io(NOT_A_NUMBER.fill(&[("text", s)]).get(l)))
            };
            let (round, board) = (n(round)?, n(board)?);
            let r = result_of(stage, round, board, result, l)?;
            let mut e = board_entry(stage.clone(), round, board, r);
            e.at = At::Board { board, red };
            vec![e]
        }
        _ => return Err(io(RESULT_USAGE.plain().get(l))),
    })
}

/// `event games`: the published games, or only those waiting for a result.
fn games(dir: &Path, waiting: bool, format: ListFormat, l: Lang) -> Res<String> {
    with_event(dir, l, |_, loaded| {
        let all = &loaded.event.games;
        let shown: Vec<_> = all
            .iter()
            .filter(|g| !waiting || g.result.is_none())
            .cloned()
            .collect();
        // The points before each round count the forfeits a withdrawal decided (recorded, or
        // by the conduct's forfeit count), which only a replay knows: no board of them is stored.
        let forfeits = loaded.replay()?.forfeits();
        let lines = view::lines(&loaded.event, (all, &forfeits), &shown, l);
        Ok(match format {
            ListFormat::Human => view::human(&lines, &loaded.event.plan, l),
            ListFormat::Json => view::json(&lines),
            ListFormat::Csv => view::csv(&lines),
        })
    })
}

/// The entries of a results CSV, read by the roster and results reader `simulate` uses.
fn file_entries(path: &PathBuf, l: Lang) -> Res<Vec<Entry>> {
    let bytes = crate::files::read_input(path)
        .map_err(|e| crate::event::cannot(crate::event::CANNOT_READ, path, e, l))?;
    let name = crate::driver::display_name(path);
    let results = crate::run::csv_input::read_results(&name, &bytes).map_err(|r| Fail {
        exit: 1,
        text: crate::diagnostics::render::render(
            crate::diagnostics::render::Format::Human,
            std::slice::from_ref(&r),
            crate::diagnostics::render::Options {
                lang: l,
                color: false,
            },
        ),
    })?;
    if results.games.is_empty() {
        return Err(crate::event::no_rows(&name, l));
    }
    let text = String::from_utf8_lossy(&bytes);
    let header = crate::run::csv_header::header_cells(&text);
    Ok(results
        .games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let place = match &g.origin {
                xqreg_runtime::plan::Origin::Clause { line, .. } => {
                    let at = format!("{name}:{line}");
                    crate::diagnostics::Msg::new(at.clone(), at)
                }
                _ => RESULTS_ROW.fill(&[("file", &name), ("row", &(i + 2).to_string())]),
            };
            Entry {
                place: place.en,
                place_zh: place.zh,
                cells: cells_of(&text, &header, &g.origin),
                stage: g.stage,
                round: g.round,
                at: At::Players {
                    red: g.red,
                    black: g.black,
                    step: g.step,
                    game: g.game.unwrap_or(1),
                    board: g.board,
                },
                result: g.result,
                red_fouls: g.red_fouls,
                black_fouls: g.black_fouls,
            }
        })
        .collect())
}

/// The cells of the results row at `origin` by column name, each with its column on the line:
/// a refusal points at the cell it is about (`r.csv:3:12`, the `black` id), not the row alone.
fn cells_of(
    text: &str,
    header: &[(String, xqreg_grammar::Span)],
    origin: &xqreg_runtime::plan::Origin,
) -> Vec<(String, usize)> {
    let xqreg_runtime::plan::Origin::Clause { span, .. } = origin else {
        return Vec::new();
    };
    // The whole line from the row's start (the span's end may fall short of a quoted field).
    let row = text.get(span.start as usize..).unwrap_or("");
    let row = row.split(['\n', '\r']).next().unwrap_or("");
    crate::run::csv_header::fields_of(row)
        .into_iter()
        .zip(header)
        .map(|((start, _), (name, _))| {
            let column = row.get(..start).map_or(0, |before| before.chars().count());
            (name.clone(), column + 1)
        })
        .collect()
}
