//! `xqreg simulate FILE`: run the whole event on a roster, given (`--roster CSV`) or generated
//! (`--players N`, else the field the regulation declares), with recorded results
//! (`--results CSV`) played and the rest simulated from `--seed`. `--runs K` runs K seeded events
//! (seeds S, S+1, ...) on all cores and reports how often each playoff step was needed, how often
//! a lot decided, and who finished first how often. Exit 0 when the event ran to completion, 1
//! with the runtime's diagnostics otherwise, 2 for usage or I/O.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use rayon::prelude::*;
use serde::Serialize;
use unicode_width::UnicodeWidthStr;
use xqreg_runtime::engine::{Outcome, PrizeAward, RecordedResults, Roster, RuntimeProblem};
use xqreg_runtime::plan::{Plan, PrizeItem};

use super::output::{refuse_input_as_output, write_output};
use super::plan::print_errors;
use super::{io_error, lang, LangArg};
use crate::compile;
use crate::diagnostics::render::{self, Format, Options};
use crate::diagnostics::source::SourceFile;
use crate::run;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The roster (CSV with a header).
    #[arg(long, value_name = "CSV", conflicts_with = "players")]
    pub roster: Option<PathBuf>,
    /// Generate a roster of N players.
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Recorded results (CSV) to play before simulating the rest.
    #[arg(long, value_name = "CSV")]
    pub results: Option<PathBuf>,
    /// Seed of every lot and every simulated game.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Number of runs (seeds S, S+1, ...), spread over all cores.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub runs: u32,
    /// Write each Swiss stage as a TRF-2026 file into DIR (`<stage>.trf`).
    #[arg(long, value_name = "DIR")]
    pub trf: Option<PathBuf>,
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
    let inputs = [
        Some(&args.file),
        args.roster.as_ref(),
        args.results.as_ref(),
    ];
    if let Err(code) = refuse_input_as_output(args.output.as_ref(), &inputs) {
        return code;
    }
    if args.trf.is_some() && args.runs > 1 {
        eprintln!("xqreg simulate: --trf writes one run's Swiss stages; use it without --runs");
        return ExitCode::from(2);
    }
    let Some(bytes) = read(&args.file) else {
        return ExitCode::from(2);
    };
    let name = crate::driver::display_name(&args.file);
    let compiled = compile::compile_bytes(&name, &bytes);
    let Some(plan) = compiled.plan else {
        print_errors(&compiled.report, msg_lang);
        return ExitCode::from(1);
    };
    let regulation = compiled.report.source;

    // Inputs read from files: problems in them stop the run before anything is drawn.
    let mut roster_source = None;
    let given_roster = match &args.roster {
        Some(path) => {
            let Some(b) = read(path) else {
                return ExitCode::from(2);
            };
            let name = crate::driver::display_name(path);
            roster_source = Some(SourceFile::new(&name, String::from_utf8_lossy(&b)));
            match run::csv_input::read_roster(&name, &b) {
                Ok(r) => Some(r),
                Err(report) => {
                    print_errors(&report, msg_lang);
                    return ExitCode::from(1);
                }
            }
        }
        None => None,
    };
    let mut results_source = None;
    let results = match &args.results {
        Some(path) => {
            let Some(b) = read(path) else {
                return ExitCode::from(2);
            };
            let name = crate::driver::display_name(path);
            results_source = Some(SourceFile::new(&name, String::from_utf8_lossy(&b)));
            match run::csv_input::read_results(&name, &b) {
                Ok(r) => r,
                Err(report) => {
                    print_errors(&report, msg_lang);
                    return ExitCode::from(1);
                }
            }
        }
        None => RecordedResults::default(),
    };

    let report_problems = |problems: &[RuntimeProblem]| {
        let reports = run::problem_reports_in(
            problems,
            &regulation,
            roster_source.as_ref(),
            results_source.as_ref(),
        );
        let text = render::render(
            Format::Human,
            &reports,
            Options {
                lang: msg_lang,
                color: std::io::stderr().is_terminal(),
            },
        );
        eprint!("{text}");
    };

    // One run, and the rating rank of its winner in the field (1 = highest rated; equal
    // ratings share a rank): with rosters generated per seed, ids differ from run to run but
    // rating ranks do not.
    let one = |seed: u64| -> Result<(Outcome, Option<u32>), Vec<RuntimeProblem>> {
        let generated;
        let roster: &Roster = match &given_roster {
            Some(r) => r,
            None => {
                generated = run::generated_roster(&plan, args.players, seed)?;
                &generated
            }
        };
        let outcome = run::run_plan(&plan, roster, &results, seed)?;
        let rating = |id: &str| {
            roster
                .players
                .iter()
                .find(|p| p.id == id)
                .and_then(|p| p.rating)
                .unwrap_or(0)
        };
        let rank = outcome
            .final_ranking
            .iter()
            .find(|r| r.place == 1)
            .map(|r| {
                let top = rating(&r.id);
                let above = roster
                    .players
                    .iter()
                    .filter(|p| p.rating.unwrap_or(0) > top)
                    .count();
                u32::try_from(above).unwrap_or(u32::MAX).saturating_add(1)
            });
        Ok((outcome, rank))
    };

    if args.runs <= 1 {
        return match one(args.seed) {
            Ok((outcome, _)) => {
                // Warnings of the run (a player no stage takes) go to stderr; the run stands.
                if !outcome.warnings.is_empty() {
                    report_problems(&outcome.warnings);
                }
                if let Some(dir) = &args.trf {
                    if let Err(e) = write_trf(dir, &outcome) {
                        eprintln!(
                            "xqreg simulate: cannot write TRF into `{}`: {e}",
                            dir.display()
                        );
                        return ExitCode::from(2);
                    }
                }
                let text = match args.format {
                    SimFormat::Json => match serde_json::to_string_pretty(&outcome) {
                        Ok(j) => j + "\n",
                        Err(e) => {
                            eprintln!("xqreg simulate: internal error while writing JSON: {e}");
                            return ExitCode::from(2);
                        }
                    },
                    SimFormat::Human => human(&plan, &outcome),
                };
                write_output(args.output.as_ref(), &text)
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
    let outcomes: Vec<(u64, Result<Summary, Vec<RuntimeProblem>>)> = seeds
        .par_iter()
        .map(|&s| (s, one(s).map(|(o, rank)| Summary::of(&o, rank))))
        .collect();
    let mut agg = Aggregate::default();
    for (seed, result) in &outcomes {
        match result {
            Ok(sum) => agg.add(sum),
            Err(problems) => {
                agg.failed.push(*seed);
                if agg.failed.len() == 1 {
                    eprintln!("xqreg simulate: run with seed {seed} stopped:");
                    report_problems(problems);
                }
            }
        }
    }
    agg.runs = args.runs;
    agg.fixed_roster = given_roster.is_some();
    let text = match args.format {
        SimFormat::Json => match serde_json::to_string_pretty(&agg) {
            Ok(j) => j + "\n",
            Err(e) => {
                eprintln!("xqreg simulate: internal error while writing JSON: {e}");
                return ExitCode::from(2);
            }
        },
        SimFormat::Human => agg.human(),
    };
    let code = write_output(args.output.as_ref(), &text);
    if agg.failed.is_empty() {
        code
    } else {
        ExitCode::from(1)
    }
}

/// Each finished Swiss stage as `DIR/<stage>.trf` (TRF-2026).
fn write_trf(dir: &PathBuf, outcome: &Outcome) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (stage, text) in &outcome.swiss_trf {
        super::output::write_file(&dir.join(format!("{stage}.trf")), text)?;
    }
    Ok(())
}

fn read(path: &PathBuf) -> Option<Vec<u8>> {
    match std::fs::read(path) {
        Ok(b) => Some(b),
        Err(e) => {
            io_error(path, &e);
            None
        }
    }
}

/// What one prize line gives a player: the money (none for a trophy-only line), the awards, and
/// the knockout round a losers' prize is for.
fn award_text(p: &PrizeAward) -> String {
    let mut parts = Vec::new();
    if p.amount > 0 || p.items.is_empty() {
        parts.push(format!("{:>9} {}", p.amount, p.currency));
    }
    for item in &p.items {
        parts.push(match item {
            PrizeItem::Trophy => "trophy".to_string(),
            PrizeItem::Medal { metal: Some(m) } => format!("{m} medal"),
            PrizeItem::Medal { metal: None } => "medal".to_string(),
            PrizeItem::Plaque => "plaque".to_string(),
            PrizeItem::Certificate => "certificate".to_string(),
            PrizeItem::Other { name } => format!("\"{name}\""),
        });
    }
    let mut text = parts.join(", ");
    if let Some(e) = &p.eliminated {
        text.push_str(&format!(" (losers of {} round {})", e.stage, e.round));
    }
    text
}

/// The human report of one run: ranking, prizes, qualifiers, how matches were decided.
fn human(plan: &Plan, o: &Outcome) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} (seed {})", plan.meta.title, o.seed);
    let _ = writeln!(s, "\nFinal ranking");
    let id_w = width_of(o.final_ranking.iter().map(|r| r.id.as_str()));
    let mut section: Option<&str> = None;
    for r in &o.final_ranking {
        if let Some(name) = r.section.as_deref().filter(|n| section != Some(*n)) {
            // Several sections: each has its own ranking, under its name.
            let _ = writeln!(s, "  [{name}]");
            section = Some(name);
        }
        let shared = if r.shared { "=" } else { " " };
        let _ = writeln!(
            s,
            "  {:>3}{shared} {} {}",
            r.place,
            pad(&r.id, id_w),
            r.player
        );
    }
    if !o.prizes.is_empty() {
        let _ = writeln!(s, "\nPrizes");
        let cat_w = width_of(
            o.prizes
                .iter()
                .map(|p| p.category.as_deref().unwrap_or("overall")),
        );
        let id_w = width_of(o.prizes.iter().map(|p| p.id.as_str()));
        let name_w = width_of(o.prizes.iter().map(|p| p.player.as_str()));
        for p in &o.prizes {
            let cat = p.category.as_deref().unwrap_or("overall");
            let _ = writeln!(
                s,
                "  {} {:>3}{} {} {} {}",
                pad(cat, cat_w),
                p.place,
                if p.shared { "=" } else { " " },
                pad(&p.id, id_w),
                pad(&p.player, name_w),
                award_text(p)
            );
        }
        for (cur, total) in &o.prize_totals {
            let _ = writeln!(s, "  total {total} {cur}");
        }
    }
    if !o.qualifiers.is_empty() {
        let _ = writeln!(s, "\nQualifiers");
        for q in &o.qualifiers {
            let _ = writeln!(
                s,
                "  {} {} {} ({})",
                q.title,
                q.place,
                q.player,
                q.category.as_deref().unwrap_or("overall")
            );
        }
    }
    for stage in &o.stages {
        for m in &stage.matches {
            if m.decided_by != "games" {
                let _ = writeln!(
                    s,
                    "  {} {}: {} beat {} ({})",
                    stage.name, m.label, m.winner, m.loser, m.decided_by
                );
            }
        }
    }
    let _ = writeln!(s, "\n{} games", o.games);
    s
}

/// `n` of `total` in percent.
fn pct(n: u32, total: u32) -> f64 {
    if total == 0 {
        0.0
    } else {
        f64::from(n) * 100.0 / f64::from(total)
    }
}

/// The widest display width among `texts` (a CJK character is two columns).
fn width_of<'a>(texts: impl Iterator<Item = &'a str>) -> usize {
    texts.map(UnicodeWidthStr::width).max().unwrap_or(0)
}

/// `text` padded with spaces to `width` display columns.
fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(UnicodeWidthStr::width(text));
    format!("{text}{}", " ".repeat(fill))
}

/// What one run contributes to `--runs`.
struct Summary {
    first: Option<String>,
    first_rank: Option<u32>,
    steps: BTreeMap<String, u32>,
    lots: u32,
    games: u32,
}

impl Summary {
    fn of(o: &Outcome, first_rank: Option<u32>) -> Summary {
        Summary {
            first_rank,
            first: o
                .final_ranking
                .iter()
                .find(|r| r.place == 1)
                .map(|r| format!("{} {}", r.id, r.player)),
            steps: o.stats.playoff_steps.clone(),
            lots: o.stats.lots_in_standings + o.stats.lots_in_matches,
            games: o.games,
        }
    }
}

#[derive(Default, Serialize)]
struct Aggregate {
    runs: u32,
    completed: u32,
    failed: Vec<u64>,
    /// Matches decided at each playoff step, summed over runs.
    playoff_steps: BTreeMap<String, u32>,
    /// Runs in which a lot decided a tie or a match.
    runs_with_lots: u32,
    /// How often each player (by generated or given id) finished first.
    first_place: BTreeMap<String, u32>,
    /// How often the player of each rating rank (1 = highest rated in the field) finished first.
    first_by_rating_rank: BTreeMap<u32, u32>,
    /// Whether the roster was given (ids name the same players in every run).
    #[serde(skip)]
    fixed_roster: bool,
    games: u64,
}

impl Aggregate {
    fn add(&mut self, s: &Summary) {
        self.completed += 1;
        for (k, v) in &s.steps {
            *self.playoff_steps.entry(k.clone()).or_default() += v;
        }
        if s.lots > 0 {
            self.runs_with_lots += 1;
        }
        if let Some(f) = &s.first {
            *self.first_place.entry(f.clone()).or_default() += 1;
        }
        if let Some(r) = s.first_rank {
            *self.first_by_rating_rank.entry(r).or_default() += 1;
        }
        self.games += u64::from(s.games);
    }

    fn human(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} runs, {} completed, {} stopped",
            self.runs,
            self.completed,
            self.failed.len()
        );
        let _ = writeln!(s, "\nMatches decided by playoff step (all runs)");
        for (k, v) in &self.playoff_steps {
            let _ = writeln!(s, "  {k:<12} {v}");
        }
        let _ = writeln!(s, "\nRuns in which a lot decided: {}", self.runs_with_lots);
        let _ = writeln!(
            s,
            "\nFinished first, by rating rank in the field (1 = highest rated)"
        );
        let shown = self.first_by_rating_rank.iter().take(10);
        for (rank, n) in shown {
            let _ = writeln!(s, "  {rank:>4}  {n:>6}  {:>5.1}%", pct(*n, self.completed));
        }
        let rest: u32 = self.first_by_rating_rank.values().skip(10).sum();
        if rest > 0 {
            let _ = writeln!(s, "   11+  {rest:>6}  {:>5.1}%", pct(rest, self.completed));
        }
        if self.fixed_roster {
            let mut firsts: Vec<_> = self.first_place.iter().collect();
            firsts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let _ = writeln!(s, "\nFinished first (top 10)");
            for (who, n) in firsts.into_iter().take(10) {
                let _ = writeln!(s, "  {n:>6}  {who}");
            }
        }
        s
    }
}
