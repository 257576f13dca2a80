//! `xqreg pair --system dutch|cxa FILE.trf`: pair the next round of a tournament given as a FIDE
//! TRF file, in the text of the FIDE-endorsed engines (the number of pairs, then `white black`
//! per board, `N 0` for the bye). The runtime does the pairing; this module reads the file and
//! maps failures to exit codes: 2 for I/O, usage and what is not available (accelerations or
//! forbidden pairs for the CXA pairer), 1 with a code and a place for a TRF that is empty, not a
//! TRF, malformed (also a bad `XXA`, `250`, `XXP`, `260` record), fully played or cannot be
//! paired (also the Baku method asked of a scoring it is not for), and for `--stage` naming a
//! stage of another system (E809-E815).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use xqreg_grammar::Span;
use xqreg_runtime::pairing::swiss::{pair_trf_with, PairTrfError, SwissSystem};
use xqreg_runtime::plan::{Origin, Stage, StageFormat};

use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Report, Template};
use crate::driver::FileReport;
use crate::run::codes::E812;
use crate::run::trf_input;

// The message catalogue of this module: compiler/messages/cli/pair.toml.
include!(concat!(env!("OUT_DIR"), "/messages/cli/pair.rs"));

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pairing system.
    #[arg(long, value_enum)]
    pub system: PairSystem,
    /// The tournament so far (FIDE TRF).
    #[arg(value_name = "FILE.trf")]
    pub file: PathBuf,
    /// Take the pairing parameters from this regulation...
    #[arg(long, value_name = "FILE.xqr", requires = "stage")]
    pub regulation: Option<PathBuf>,
    /// ...and this stage of it.
    #[arg(long, value_name = "NAME", requires = "regulation")]
    pub stage: Option<String>,
    /// `engine` (the FIDE engines' text, the default), `human` (boards with names, points and
    /// colours) or `json`.
    #[arg(long, value_enum, default_value = "engine")]
    pub format: PairFormat,
    /// Language of diagnostics (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<super::LangArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PairFormat {
    /// The number of pairs, then `white black` per board, `N 0` for the bye.
    Engine,
    /// One board a line: board, Red (white) player, points, Black player, points.
    Human,
    /// `{"round": R, "boards": [{"board", "red", "black"}], "bye"}`.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PairSystem {
    /// FIDE Dutch system (C.04.3).
    Dutch,
    /// 积分编排 of the 2011 CXA rules.
    Cxa,
}

pub fn run(args: Args) -> ExitCode {
    let msg_lang = super::lang(args.lang);
    // The stage's parameters when a regulation names them; its errors stop the pairing.
    let plan = match &args.regulation {
        Some(path) => {
            let bytes = match crate::files::read_input(path) {
                Ok(b) => b,
                Err(e) => {
                    super::io_error(path, &e);
                    return ExitCode::from(2);
                }
            };
            let compiled =
                crate::compile::compile_bytes(&crate::driver::display_name(path), &bytes);
            match compiled.plan {
                Some(p) => Some((p, compiled.report.source)),
                None => {
                    super::plan::print_errors(&compiled.report, msg_lang);
                    return ExitCode::from(1);
                }
            }
        }
        None => None,
    };
    let stage = match (&plan, &args.stage) {
        (Some((plan, source)), Some(name)) => match plan.stages.iter().find(|s| &s.name == name) {
            Some(st) => match &st.format {
                StageFormat::Swiss(sw) if same_system(sw.system, args.system) => {
                    Some((sw, &st.scoring))
                }
                _ => {
                    let report = other_system(source, st, args.system);
                    super::plan::print_errors(&report, msg_lang);
                    return ExitCode::from(1);
                }
            },
            None => {
                let names: Vec<&str> = plan.stages.iter().map(|s| s.name.as_str()).collect();
                eprintln!(
                    "xqreg pair: the regulation has no stage `{name}` (stages: {})",
                    names.join(", ")
                );
                return ExitCode::from(2);
            }
        },
        _ => None,
    };
    let bytes = match crate::files::read_input(&args.file) {
        Ok(b) => b,
        Err(e) => {
            super::io_error(&args.file, &e);
            return ExitCode::from(2);
        }
    };
    let source = match trf_input::source(&crate::driver::display_name(&args.file), &bytes) {
        Ok(s) => s,
        Err(report) => {
            super::plan::print_errors(&report, msg_lang);
            return ExitCode::from(1);
        }
    };
    if let Err(report) = trf_input::read_trf(&source) {
        super::plan::print_errors(&report, msg_lang);
        return ExitCode::from(1);
    }
    let text = source.text.as_str();
    let system = match args.system {
        PairSystem::Dutch => SwissSystem::Dutch,
        PairSystem::Cxa => SwissSystem::Cxa,
    };
    match pair_trf_with(text, system, stage) {
        Ok(out) => {
            let mut text = match args.format {
                PairFormat::Engine => out,
                f => for_people(text, &out, f == PairFormat::Json),
            };
            if !text.ends_with('\n') {
                text.push('\n');
            }
            super::output::write_output(None, &text)
        }
        Err(e @ (PairTrfError::Unsupported(_) | PairTrfError::NotAvailable(_))) => {
            eprintln!("xqreg pair: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            let report = trf_input::cannot_pair(&source, &e.to_string());
            super::plan::print_errors(&report, msg_lang);
            ExitCode::from(1)
        }
    }
}

/// The engine text `out` as boards with names and points (`json` or a table). The TRF was read
/// without error above, so parsing it again cannot fail; a player it lacks is shown by number.
fn for_people(trf_text: &str, out: &str, json: bool) -> String {
    let t = xqreg_runtime::trf::parse(trf_text).unwrap_or_default();
    let round = t.rounds_played() + 1;
    let who = |id: u32| {
        let p = t.players.iter().find(|p| p.id == id);
        let name = p.map(|p| p.name.clone()).unwrap_or_default();
        let points = p.map_or(0, |p| p.points);
        (id, name, points)
    };
    let pts = |v: u32| format!("{}.{}", v / 10, v % 10);
    let mut boards = Vec::new();
    let mut bye = None;
    for line in out.lines().skip(1) {
        let ids: Vec<u32> = line
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        match ids.as_slice() {
            [a, 0] => bye = Some(who(*a)),
            [a, b] => boards.push((who(*a), who(*b))),
            _ => {}
        }
    }
    if json {
        let player = |(id, name, points): &(u32, String, u32)| serde_json::json!({"id": id, "name": name, "points": pts(*points)});
        let v = serde_json::json!({
            "round": round,
            "boards": boards.iter().enumerate().map(|(i, (w, b))| serde_json::json!({
                "board": i + 1, "red": player(w), "black": player(b)
            })).collect::<Vec<_>>(),
            "bye": bye.as_ref().map(player),
        });
        return serde_json::to_string_pretty(&v).unwrap_or_default();
    }
    let mut s = format!(
        "Round {round}\n{:>5}  {:<31}  black\n",
        "board", "red (white)"
    );
    for (i, (w, b)) in boards.iter().enumerate() {
        s.push_str(&format!(
            "{:>5}  {:>4} {:<20} {:>5}  {:>4} {:<20} {:>5}\n",
            i + 1,
            w.0,
            w.1,
            pts(w.2),
            b.0,
            b.1,
            pts(b.2)
        ));
    }
    if let Some((id, name, points)) = bye {
        s.push_str(&format!("  bye  {id:>4} {name:<20} {:>5}\n", pts(points)));
    }
    s
}

fn same_system(plan: xqreg_runtime::plan::SwissSystem, arg: PairSystem) -> bool {
    use xqreg_runtime::plan::SwissSystem as S;
    matches!(
        (plan, arg),
        (S::Dutch, PairSystem::Dutch) | (S::Cxa, PairSystem::Cxa)
    )
}

/// E812 at the stage's clause: `--stage` names a stage that is not a Swiss of `--system`.
fn other_system(source: &SourceFile, stage: &Stage, system: PairSystem) -> FileReport {
    let span = match &stage.origin {
        Origin::Clause { span, file, .. } if *file == source.name => {
            Span::new(span.start as usize, span.end as usize)
        }
        _ => Span::new(0, 0),
    };
    let sys = match system {
        PairSystem::Dutch => "dutch",
        PairSystem::Cxa => "cxa",
    };
    let (kind, kind_zh) = match &stage.format {
        StageFormat::Swiss(sw) => match sw.system {
            xqreg_runtime::plan::SwissSystem::Dutch => {
                ("a `swiss dutch` stage", "是 `swiss dutch` 阶段")
            }
            xqreg_runtime::plan::SwissSystem::Cxa => ("a `swiss cxa` stage", "是 `swiss cxa` 阶段"),
        },
        _ => ("not a Swiss stage", "不是积分编排阶段"),
    };
    FileReport {
        source: source.clone(),
        diagnostics: vec![SYSTEM_MISMATCH
            .at(
                span,
                &[
                    ("system", sys),
                    ("kind", kind),
                    ("kind_zh", kind_zh),
                    ("stage", &stage.name),
                ],
            )
            .with_help(E812.explain.fix.plain())],
    }
}
