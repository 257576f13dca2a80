//! `xqreg simulate FILE`: run the whole event on a roster, given (`--roster CSV`) or generated
//! (`--players N`, else the field the regulation declares), with recorded results
//! (`--results CSV`) played, line-ups of team stages (`--lineups CSV`) taken, and the rest
//! simulated from `--seed`. `--runs K` runs K seeded events
//! (seeds S, S+1, ...) on all cores and reports how often each playoff step was needed, how often
//! a lot decided, and who finished first how often. Exit 0 when the event ran to completion, 1
//! with the runtime's diagnostics otherwise, 2 for usage or I/O.

use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use rayon::prelude::*;
use xqreg_runtime::engine::{Outcome, RecordedResults, Roster, RuntimeProblem};

use super::global::say;
use super::output::{refuse_input_as, refuse_input_as_output, write_output};
use super::plan::print_errors;
use super::simulate_runs::{Aggregate, Summary};
use super::{lang, LangArg};
use crate::compile;
use crate::diagnostics::render::{self, Format, Options};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::Lang;
use crate::driver::FileReport;
use crate::run;
use xqreg_runtime::plan::Plan;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The roster (CSV with a header: `id`, `name`, and as the regulation needs them `unit` (the team
    /// in a team event), `federation`, `sex`, `born`, `title`, `rating`, `pool`, `order`, `grade`,
    /// `school_year`, `club`, `residence`, `qualified`; docs/input-files.md).
    #[arg(long, value_name = "CSV", conflicts_with = "players")]
    pub roster: Option<PathBuf>,
    /// Generate a roster of N players.
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Recorded results to play before simulating the rest (CSV: `stage`, `round`, `red`, `black`,
    /// `result`, optionally `board`, `red_fouls`, `black_fouls`, `step`, `game`;
    /// docs/input-files.md).
    #[arg(long, value_name = "CSV")]
    pub results: Option<PathBuf>,
    /// Line-ups handed in for rounds of team stages (CSV: `stage`, `round`, `team`, `board`,
    /// `player`; docs/input-files.md).
    #[arg(long, value_name = "CSV")]
    pub lineups: Option<PathBuf>,
    /// Seed of every lot and every simulated game.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Number of runs (seeds S, S+1, ...), spread over all cores.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub runs: u32,
    /// Write each Swiss stage as a TRF-2026 file into DIR (`<stage>.trf`).
    #[arg(long, value_name = "DIR")]
    pub trf: Option<PathBuf>,
    /// Write the roster the run played (generated, or read with `--roster`) as a roster CSV,
    /// which `--roster` and `event new` read back.
    #[arg(long, value_name = "CSV")]
    pub save_roster: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub format: SimFormat,
    /// Write the output here instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Language of diagnostics (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimFormat {
    Human,
    Json,
}

pub fn run(args: Args) -> ExitCode {
    let msg_lang = lang(args.lang);
    if let Err(code) = refuse_args(&args) {
        return code;
    }
    let Some(bytes) = super::read_or_say(&args.file) else {
        return ExitCode::from(2);
    };
    let name = super::global::input_name(&args.file);
    let compiled = compile::compile_bytes(&name, &bytes);
    let Some(plan) = compiled.plan else {
        print_errors(&compiled.report, msg_lang);
        return ExitCode::from(1);
    };
    let regulation = compiled.report.source;
    let inputs = match Inputs::read(&args, msg_lang) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let report_problems =
        |problems: &[RuntimeProblem]| inputs.report(problems, &regulation, msg_lang);

    // One run, and the rating rank of its winner (each section's) in the field (1 = highest
    // rated; equal ratings share a rank): with rosters generated per seed, ids differ from run
    // to run but rating ranks do not.
    type Ranks = Vec<(Option<String>, u32)>;
    let one = |seed: u64| -> Result<(Outcome, Ranks, Cow<Roster>), Vec<RuntimeProblem>> {
        let roster = match &inputs.roster {
            Some(r) => Cow::Borrowed(r),
            None => Cow::Owned(run::generated_roster(&plan, args.players, seed)?),
        };
        let outcome = run::run_plan(&plan, &roster, &inputs.results, seed)?;
        let rank = winner_rating_ranks(&roster, &outcome);
        Ok((outcome, rank, roster))
    };

    if args.runs <= 1 {
        return match one(args.seed) {
            Ok((outcome, _, roster)) => {
                // Every file asked for can be written before the first is: a mistyped `-o`
                // leaves neither the saved roster nor the TRF files behind (exit 2).
                let outputs = [args.save_roster.as_ref(), args.output.as_ref()];
                if let Err(code) = outputs
                    .into_iter()
                    .try_for_each(super::output::can_write)
                    .and_then(|()| trf_can_write(args.trf.as_ref()))
                {
                    return code;
                }
                if let Some(path) = &args.save_roster {
                    let csv = crate::event::roster_csv::roster_csv(&roster);
                    let code = write_output(Some(path), &csv);
                    if code != ExitCode::SUCCESS {
                        return code;
                    }
                }
                // Warnings of the run (a player no stage takes; with `--trf`, a field the TRF
                // cannot hold) go to stderr; the run stands.
                let mut warnings = outcome.warnings.clone();
                if args.trf.is_some() {
                    warnings.extend(outcome.swiss_trf_warnings.values().flatten().cloned());
                }
                if !warnings.is_empty() {
                    report_problems(&warnings);
                }
                write_one(&args, &plan, &outcome, msg_lang)
            }
            Err(problems) => {
                report_problems(&problems);
                ExitCode::from(1)
            }
        };
    }

    let seeds: Vec<u64> = (0..u64::from(args.runs))
        .map(|i| args.seed.wrapping_add(i))
        .collect();
    let progress = progress_bar(args.runs);
    let outcomes: Vec<(u64, Result<Summary, Vec<RuntimeProblem>>)> = seeds
        .par_iter()
        .map(|&s| (s, one(s).map(|(o, rank, _)| Summary::of(&o, rank))))
        .inspect(|_| progress.inc(1))
        .collect();
    progress.finish_and_clear();
    aggregate(
        (&args, &plan),
        &outcomes,
        inputs.roster.is_some(),
        report_problems,
    )
}

/// Arguments refused before anything is read: an output file that is one of the inputs, and
/// `--trf` with several runs.
fn refuse_args(args: &Args) -> Result<(), ExitCode> {
    let inputs = [
        Some(&args.file),
        args.roster.as_ref(),
        args.results.as_ref(),
        args.lineups.as_ref(),
    ];
    refuse_input_as_output(args.output.as_ref(), &inputs)?;
    let taken = [&inputs[..], &[args.output.as_ref()]].concat();
    refuse_input_as("--save-roster", args.save_roster.as_ref(), &taken)?;
    if args.save_roster.is_some() && args.runs > 1 {
        eprintln!(
            "{}",
            say(
                "xqreg simulate: --save-roster writes one run's roster; use it without --runs"
                    .into(),
                "xqreg simulate：--save-roster 只写出一次模拟的名单；请不要与 --runs 同用".into()
            )
        );
        return Err(ExitCode::from(2));
    }
    if args.trf.is_some() && args.runs > 1 {
        eprintln!(
            "{}",
            say(
                "xqreg simulate: --trf writes one run's Swiss stages; use it without --runs".into(),
                "xqreg simulate：--trf 只写出一次模拟的积分编排阶段；请不要与 --runs 同用".into()
            )
        );
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// The inputs read from files (roster, results with the line-ups added), with their sources
/// for the problems that cite their rows.
struct Inputs {
    roster_source: Option<SourceFile>,
    roster: Option<Roster>,
    results_source: Option<SourceFile>,
    lineups_source: Option<SourceFile>,
    results: RecordedResults,
}

impl Inputs {
    /// Problems in the files stop the run before anything is drawn.
    fn read(args: &Args, msg_lang: Lang) -> Result<Inputs, ExitCode> {
        let (roster_source, roster) =
            read_input(args.roster.as_ref(), msg_lang, run::csv_input::read_roster)?;
        let (results_source, results) = read_input(
            args.results.as_ref(),
            msg_lang,
            run::csv_input::read_results,
        )?;
        let mut results = results.unwrap_or_default();
        let (lineups_source, lineups) = read_input(
            args.lineups.as_ref(),
            msg_lang,
            run::csv_input::read_lineups,
        )?;
        results.lineups.extend(lineups.unwrap_or_default());
        Ok(Inputs {
            roster_source,
            roster,
            results_source,
            lineups_source,
            results,
        })
    }

    /// The run's problems on stderr, each at its place in the regulation or an input file.
    fn report(&self, problems: &[RuntimeProblem], regulation: &SourceFile, msg_lang: Lang) {
        let inputs: Vec<run::Input<'_>> = [
            (self.results_source.as_ref(), ("this result", "此成绩")),
            (self.lineups_source.as_ref(), ("this line-up", "此出场名单")),
        ]
        .into_iter()
        .filter_map(|(source, label)| source.map(|source| run::Input { source, label }))
        .collect();
        let reports =
            run::problem_reports_with(problems, regulation, self.roster_source.as_ref(), &inputs);
        let text = render::render(
            Format::Human,
            &reports,
            Options {
                lang: msg_lang,
                color: super::global::color(super::global::Stream::Stderr),
            },
        );
        eprint!("{text}");
    }
}

/// Many runs summed up: the first failed run's problems on stderr, the aggregate as text or JSON;
/// exit 1 when any run stopped.
fn aggregate(
    (args, plan): (&Args, &Plan),
    outcomes: &[(u64, Result<Summary, Vec<RuntimeProblem>>)],
    fixed_roster: bool,
    report_problems: impl Fn(&[RuntimeProblem]),
) -> ExitCode {
    let mut agg = Aggregate {
        fixed_roster,
        ..Aggregate::default()
    };
    for (seed, result) in outcomes {
        match result {
            Ok(sum) => agg.add(sum),
            Err(problems) => {
                agg.failed.push(*seed);
                if agg.failed.len() == 1 {
                    eprintln!(
                        "{}",
                        say(
                            format!("xqreg simulate: run with seed {seed} stopped:"),
                            format!("xqreg simulate：种子 {seed} 的模拟中止：")
                        )
                    );
                    report_problems(problems);
                }
            }
        }
    }
    agg.runs = args.runs;
    let text = match args.format {
        SimFormat::Json => match super::output::json_text("simulate", &agg) {
            Ok(j) => j,
            Err(code) => return code,
        },
        SimFormat::Human => super::simulate_human::many(plan, &agg, lang(args.lang)),
    };
    let code = write_output(args.output.as_ref(), &text);
    if agg.failed.is_empty() {
        code
    } else {
        ExitCode::from(1)
    }
}

/// A roster or results file read and parsed: its source (for diagnostics that point into it) and
/// what it says; None without the option. A file that cannot be read or parsed ends the run here
/// with its report (exit 2 or 1).
fn read_input<T>(
    path: Option<&PathBuf>,
    msg_lang: Lang,
    parse: impl Fn(&str, &[u8]) -> Result<T, FileReport>,
) -> Result<(Option<SourceFile>, Option<T>), ExitCode> {
    let Some(path) = path else {
        return Ok((None, None));
    };
    let Some(b) = super::read_or_say(path) else {
        return Err(ExitCode::from(2));
    };
    let name = crate::driver::display_name(path);
    let source = SourceFile::new(&name, String::from_utf8_lossy(&b));
    match parse(&name, &b) {
        Ok(r) => Ok((Some(source), Some(r))),
        Err(report) => {
            print_errors(&report, msg_lang);
            Err(ExitCode::from(1))
        }
    }
}

/// The rating rank of a run's winner in the field (1 = highest rated; equal ratings share a
/// rank): with rosters generated per seed, ids differ from run to run but rating ranks do not.
/// In an event of sections each section's winner, ranked among the players of that section (the
/// men's champion among the men, not among the juniors too), with the section's name.
/// A team event's winner is a team (its unit): teams are ranked by their players' mean rating.
fn winner_rating_ranks(roster: &Roster, outcome: &Outcome) -> Vec<(Option<String>, u32)> {
    let rating = |p: &xqreg_runtime::engine::Player| i64::from(p.rating.unwrap_or(0));
    let rank = |top: i64, values: &mut dyn Iterator<Item = i64>| {
        let above = values.filter(|v| *v > top).count();
        u32::try_from(above).unwrap_or(u32::MAX).saturating_add(1)
    };
    let mut out = Vec::new();
    let mut seen: Vec<Option<&str>> = Vec::new();
    for first in outcome.final_ranking.iter().filter(|r| r.place == 1) {
        let section = first.section.as_deref();
        if seen.contains(&section) {
            continue;
        }
        seen.push(section);
        let in_section: std::collections::BTreeSet<&str> = outcome
            .final_ranking
            .iter()
            .filter(|r| r.section.as_deref() == section)
            .map(|r| r.id.as_str())
            .collect();
        let field = roster
            .players
            .iter()
            .filter(|p| section.is_none() || in_section.contains(p.id.as_str()));
        if let Some(p) = roster.players.iter().find(|p| p.id == first.id) {
            out.push((
                section.map(str::to_string),
                rank(rating(p), &mut field.map(rating)),
            ));
        } else if let Some(r) = team_rank(roster, first) {
            out.push((section.map(str::to_string), r));
        }
    }
    out
}

/// A winning team's rank among the teams (the roster's units) by their players' mean rating.
fn team_rank(roster: &Roster, first: &xqreg_runtime::engine::RankingRow) -> Option<u32> {
    let rating = |p: &xqreg_runtime::engine::Player| i64::from(p.rating.unwrap_or(0));
    let mut teams: std::collections::BTreeMap<&str, (i64, i64)> = Default::default();
    for p in &roster.players {
        if let Some(u) = p.unit.as_deref() {
            let t = teams.entry(u).or_default();
            t.0 += rating(p);
            t.1 += 1;
        }
    }
    let mean = |(sum, n): (i64, i64)| if n == 0 { 0 } else { sum / n };
    // The winner's unit named by its id or its name.
    let top = [first.id.as_str(), first.player.as_str()]
        .iter()
        .find_map(|u| teams.get(u).copied())
        .map(mean)?;
    let above = teams
        .values()
        .copied()
        .map(mean)
        .filter(|v| *v > top)
        .count();
    Some(u32::try_from(above).unwrap_or(u32::MAX).saturating_add(1))
}

/// One run's output: its Swiss stages as TRF if asked, the outcome as text or JSON.
fn write_one(args: &Args, plan: &Plan, outcome: &Outcome, msg_lang: Lang) -> ExitCode {
    if let Some(dir) = &args.trf {
        if let Err(e) = write_trf(dir, outcome) {
            let d = dir.display();
            eprintln!(
                "{}",
                say(
                    format!("xqreg simulate: cannot write TRF into `{d}`: {e}"),
                    format!("xqreg simulate：无法把 TRF 写入 `{d}`：{e}")
                )
            );
            return ExitCode::from(2);
        }
    }
    let text = match args.format {
        SimFormat::Json => match super::output::json_text("simulate", outcome) {
            Ok(j) => j,
            Err(code) => return code,
        },
        SimFormat::Human => super::simulate_human::one(plan, outcome, msg_lang),
    };
    write_output(args.output.as_ref(), &text)
}

/// A bar of runs done on stderr, drawn only when stderr is a terminal and not `--quiet`: a
/// pipe or a log file gets no progress text.
fn progress_bar(runs: u32) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if super::global::quiet() || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(u64::from(runs));
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {eta}") {
        bar.set_style(style);
    }
    bar
}

/// Whether `--trf DIR` can be made: DIR is a folder, or the nearest of its folders that exists
/// is one (`create_dir_all` makes the rest), and this user may make files in it.
fn trf_can_write(dir: Option<&PathBuf>) -> Result<(), ExitCode> {
    let Some(dir) = dir else { return Ok(()) };
    // A relative DIR's last ancestor is the empty path: the current folder.
    let found = dir
        .ancestors()
        .map(|a| match a.as_os_str().is_empty() {
            true => std::path::Path::new("."),
            false => a,
        })
        .find_map(|a| std::fs::metadata(a).ok().map(|m| (a, m)));
    let e = match found {
        None => return Ok(()),
        Some((a, m)) if m.is_dir() => match crate::files::may_write_in(a) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        },
        Some(_) => std::io::Error::from(std::io::ErrorKind::NotADirectory),
    };
    let d = dir.display();
    eprintln!(
        "{}",
        say(
            format!("xqreg simulate: cannot write TRF into `{d}`: {e}"),
            format!("xqreg simulate：无法把 TRF 写入 `{d}`：{e}")
        )
    );
    Err(ExitCode::from(2))
}

/// Each finished Swiss stage as `DIR/<stage>.trf` (TRF-2026).
fn write_trf(dir: &PathBuf, outcome: &Outcome) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (stage, text) in &outcome.swiss_trf {
        super::output::write_file(&dir.join(format!("{stage}.trf")), text)?;
    }
    Ok(())
}
