//! Running a compiled regulation: roster and results files in, the runtime's outcome out; and
//! runtime problems turned into diagnostics with their codes and places (the regulation's
//! clause, or the CSV row and column).

pub mod codes;
pub mod csv_header;
pub mod csv_input;
pub mod scenario;
pub mod trf_input;

use xqreg_grammar::Span;
use xqreg_runtime::engine::{self, Outcome, RecordedResults, Roster, RunOptions, RuntimeProblem};
use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
use xqreg_runtime::plan::{Origin, Plan};

use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Diagnostic, Diagnostics, Msg, Template};
use crate::driver::FileReport;
use csv_header::fields_of;

// The message catalogue of this module: compiler/messages/run.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run.rs"));

/// Run a plan once; Swiss stages use the pairing system their regulation names.
pub fn run_plan(
    plan: &Plan,
    roster: &Roster,
    results: &RecordedResults,
    seed: u64,
) -> Result<Outcome, Vec<RuntimeProblem>> {
    // No override: each Swiss stage runs the system its regulation names (Dutch or CXA).
    engine::run_with(plan, roster, results, seed, &RunOptions::default())
}

/// A roster of `n` players (or of the field the regulation declares) generated from the seed.
pub fn generated_roster(
    plan: &Plan,
    n: Option<u32>,
    seed: u64,
) -> Result<Roster, Vec<RuntimeProblem>> {
    let Some(n) = n.or_else(|| plan.entry.field.simulated_size()) else {
        return Err(vec![RuntimeProblem::new(
            xqreg_runtime::engine::problem::codes::CANNOT_GENERATE,
            "the regulation fixes no field size: give --players N or --roster CSV",
            &plan.entry.origin,
        )]);
    };
    // The roster stream of the seed: generating a roster never shifts a lot or a result.
    let mut rng = Lots::new(seed, STREAM_ROSTER);
    engine::generate_roster(plan, n, &mut rng)
}

/// A runtime problem's details in both languages. Where the runtime words them in English only,
/// the Chinese leads with what the code means and keeps the English details (ids, numbers).
pub fn problem_message(p: &RuntimeProblem) -> Msg {
    let zh = if p.message_zh.is_empty() {
        let code = codes::lookup(&p.code).unwrap_or(&codes::R019);
        format!("{}：{}", zh_summary(code), p.message)
    } else {
        p.message_zh.to_string()
    };
    Msg::new(crate::diagnostics::singular_counts(&p.message), zh)
}

/// Runtime problems as diagnostics, grouped by the file they point into: the regulation (by the
/// clause's span) or the roster CSV (by row, when the problem carries one and a roster file was
/// read).
pub fn problem_reports(
    problems: &[RuntimeProblem],
    regulation: &SourceFile,
    roster: Option<&SourceFile>,
) -> Vec<FileReport> {
    problem_reports_in(problems, regulation, roster, None)
}

/// [`problem_reports`], with the results CSV too: a problem whose origin is a line of the results
/// file (a result for a game that does not exist, a second result) points at that line.
pub fn problem_reports_in(
    problems: &[RuntimeProblem],
    regulation: &SourceFile,
    roster: Option<&SourceFile>,
    results: Option<&SourceFile>,
) -> Vec<FileReport> {
    let inputs: Vec<Input<'_>> = results
        .map(|source| Input {
            source,
            label: ("this result", "此成绩"),
        })
        .into_iter()
        .collect();
    problem_reports_with(problems, regulation, roster, &inputs)
}

/// A file of recorded input besides the roster (results, line-ups): a problem whose origin is
/// in it points there, labelled so.
pub struct Input<'a> {
    pub source: &'a SourceFile,
    /// The caret's label, English and Chinese (`this result`).
    pub label: (&'static str, &'static str),
}

/// [`problem_reports_in`] with any number of recorded-input files (results, line-ups).
pub fn problem_reports_with(
    problems: &[RuntimeProblem],
    regulation: &SourceFile,
    roster: Option<&SourceFile>,
    inputs: &[Input<'_>],
) -> Vec<FileReport> {
    let mut in_regulation = Diagnostics::default();
    let mut in_roster = Diagnostics::default();
    let mut in_inputs: Vec<Diagnostics> = inputs.iter().map(|_| Diagnostics::default()).collect();
    for p in problems {
        let code = codes::lookup(&p.code).unwrap_or(&codes::R019);
        let message = problem_message(p);
        let input_span = match &p.origin {
            Origin::Clause { span, file, .. } => inputs
                .iter()
                .position(|i| i.source.name == *file)
                .map(|k| (k, Span::new(span.start as usize, span.end as usize))),
            _ => None,
        };
        match (p.row, roster, input_span) {
            (_, _, Some((k, span))) => {
                let label = inputs
                    .get(k)
                    .map_or(HERE.plain(), |i| Msg::new(i.label.0, i.label.1));
                if let Some(d) = in_inputs.get_mut(k) {
                    d.push(
                        Diagnostic::new(code, message, span, label)
                            .with_help(code.explain.fix.plain()),
                    );
                }
            }
            (Some(row), Some(src), None) => {
                let column = p.column.clone().unwrap_or_default();
                let span = cell_span(src, row, &column).unwrap_or_else(|| line_span(src, row));
                in_roster.push(
                    Diagnostic::new(
                        code,
                        message,
                        span,
                        ROW_COLUMN.fill(&[("row", &row.to_string()), ("column", &column)]),
                    )
                    .with_help(code.explain.fix.plain())
                    .with_help(THE_RULE.fill(&[("rule", &p.origin.cite())])),
                )
            }
            _ => {
                let span = match &p.origin {
                    Origin::Clause { span, file, .. } if *file == regulation.name => {
                        Span::new(span.start as usize, span.end as usize)
                    }
                    _ => Span::new(0, 0),
                };
                let mut d = Diagnostic::new(code, message, span, FOLLOWS.plain())
                    .with_help(code.explain.fix.plain());
                if let Origin::Default(text) = &p.origin {
                    d = d.with_help(Msg::new(text.clone(), text.clone()));
                }
                if let Some(row) = p.row {
                    d = d.with_help(GENERATED_ROW.fill(&[("row", &row.to_string())]));
                }
                in_regulation.push(d)
            }
        }
    }
    let mut out = Vec::new();
    if !in_regulation.list.is_empty() {
        out.push(FileReport {
            source: regulation.clone(),
            diagnostics: in_regulation.sorted(),
        });
    }
    let inputs = in_inputs
        .into_iter()
        .zip(inputs.iter().map(|i| Some(i.source)));
    for (diags, src) in std::iter::once((in_roster, roster)).chain(inputs) {
        if let (false, Some(src)) = (diags.list.is_empty(), src) {
            out.push(FileReport {
                source: src.clone(),
                diagnostics: diags.sorted(),
            });
        }
    }
    out
}

/// The first clause of a code's Chinese meaning (up to its first `：` or `。`): a short title.
pub(crate) fn zh_summary(code: &crate::diagnostics::Code) -> &'static str {
    let zh = code.explain.meaning.zh;
    let end = zh.find(['：', '。']).unwrap_or(zh.len());
    zh.get(..end).unwrap_or(zh)
}

/// The span of the field under header `column` in 1-based line `row`, when the header has that
/// column and the row that field; an empty field spans the place it would be.
fn cell_span(src: &SourceFile, row: u32, column: &str) -> Option<Span> {
    let mut lines = src.text.split_inclusive('\n');
    let header = lines.next()?.trim_end_matches(['\n', '\r']);
    let index = fields_of(header).iter().position(|&(a, b)| {
        header
            .get(a..b)
            .is_some_and(|h| h.trim().trim_matches('"').eq_ignore_ascii_case(column))
    })?;
    let line = line_span(src, row);
    let text = src.text.get(line.start as usize..line.end as usize)?;
    let (a, b) = *fields_of(text).get(index)?;
    Some(Span::new(line.start as usize + a, line.start as usize + b))
}

/// The span of 1-based line `row` of a source (its first character to its end).
fn line_span(src: &SourceFile, row: u32) -> Span {
    let mut start = 0;
    for (i, line) in src.text.split_inclusive('\n').enumerate() {
        if i + 1 == row as usize {
            let end = start + line.trim_end_matches(['\n', '\r']).len();
            return Span::new(start, end);
        }
        start += line.len();
    }
    Span::new(0, 0)
}

/// The most bytes a roster, results, line-ups or TRF file holds (8 MiB; docs/input-files.md):
/// some 80 000 rows, where the largest open has a few thousand players and its results file
/// a few tens of thousands of games. A larger file is another file given by mistake, or rows
/// generated without end, whose event would take hours to pair.
pub const LONGEST_TABLE: usize = 8 << 20;

/// E860 for an input file past [`LONGEST_TABLE`], before it is read.
pub(crate) fn too_large(name: &str, bytes: &[u8]) -> Result<(), FileReport> {
    if bytes.len() <= LONGEST_TABLE {
        return Ok(());
    }
    Err(crate::driver::too_large_report(
        name,
        bytes,
        LONGEST_TABLE,
        codes::FILE_TOO_LARGE,
    ))
}

/// The first control character of an input text other than tab and line ends (a NUL byte of a
/// damaged file, or of UTF-16 without its byte-order mark), with its offset: no roster, results,
/// line-up or TRF file has one, and a reader would carry it into an id or a name.
pub(crate) fn first_control_char(text: &str) -> Option<(usize, char)> {
    text.char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}
