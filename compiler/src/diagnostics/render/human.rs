//! `human`: miette's graphical report, for a person at a terminal. Each diagnostic is converted
//! to a miette report here and nowhere else; colour only when the caller says the output is a
//! terminal.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};

use super::window::Window;
use super::Options;
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Diagnostic, Lang, Severity};
use crate::driver::FileReport;

/// A project diagnostic as miette sees it: owned strings and spans, the source attached.
#[derive(Debug)]
struct Report {
    message: String,
    code: String,
    severity: miette::Severity,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    /// None when a label's line is too long to show ([`LONGEST_SHOWN`]).
    source: Option<Window>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|w| w as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// Lines of source shown above and below each label.
const CONTEXT: usize = 1;

/// The longest line (in bytes) a report shows. A longer one (a cell of a million characters, a
/// file of one line) is named by its place alone: miette cannot draw a label past column 65,535
/// (it panicked, "Formatting argument out of range"), and no terminal shows such a line.
const LONGEST_SHOWN: usize = 2000;

/// The length in characters of the longest line a label of `ranges` is on, if over
/// [`LONGEST_SHOWN`] bytes.
fn too_long(source: &SourceFile, ranges: &[std::ops::Range<usize>]) -> Option<usize> {
    ranges
        .iter()
        .flat_map(|r| source.line_of(r.start)..=source.line_of(r.end))
        .map(|l| {
            let (a, b) = (source.line_start(l), source.line_start(l + 1));
            (
                b - a,
                source.text.get(a..b).map_or(0, |t| t.chars().count()),
            )
        })
        .filter(|&(bytes, _)| bytes > LONGEST_SHOWN)
        .map(|(_, chars)| chars)
        .max()
}

/// A label over more lines than this (a whole block named as "also used here") is shown by its
/// first line only: the place is what the reader needs, not a hundred lines of the block.
const MAX_LABEL_LINES: usize = 3;

/// The byte range a label shows: its span, cut to the end of its first line when it runs over
/// more than [`MAX_LABEL_LINES`] lines.
fn shown_range(source: &SourceFile, span: xqreg_grammar::Span) -> std::ops::Range<usize> {
    let r = source.clamp(span);
    let (first, last) = (source.line_of(r.start), source.line_of(r.end));
    if last - first < MAX_LABEL_LINES {
        return r;
    }
    let line_end = source.line_start(first + 1).saturating_sub(1).max(r.start);
    r.start..source.floor_boundary(line_end)
}

fn convert(report: &FileReport, d: &Diagnostic, lang: Lang) -> Report {
    let ranges: Vec<_> = d
        .labels
        .iter()
        .map(|l| shown_range(&report.source, l.span))
        .collect();
    let labels = d
        .labels
        .iter()
        .zip(&ranges)
        .map(|(l, r)| {
            let span = SourceSpan::new(r.start.into(), r.end - r.start);
            let text = Some(l.message.get(lang).to_string());
            if l.primary {
                LabeledSpan::new_primary_with_span(text, span)
            } else {
                LabeledSpan::new_with_span(text, span)
            }
        })
        .collect();
    let help: Vec<&str> = d.help.iter().map(|h| h.get(lang)).collect();
    // miette would count the header's column in bytes; the place is named here instead, with
    // the column in characters like every other format.
    let at = report.source.position(report.source.clamp(d.span()).start);
    let name = format!("{}:{}:{}", report.source.name, at.line, at.column);
    let mut message = super::printable(d.message.get(lang)).into_owned();
    let long = too_long(&report.source, &ranges);
    if let Some(n) = long {
        let n = n.to_string();
        let at = crate::diagnostics::LINE_NOT_SHOWN.fill(&[("place", &name), ("n", &n)]);
        message = format!("{message}\n{}", at.get(lang));
    }
    Report {
        message,
        code: format!("{} {}", d.code.code, d.code.name),
        severity: match d.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        },
        // miette words its help line "help:" in English; Chinese help is added after the
        // report instead (see `render`).
        help: (!help.is_empty() && lang == Lang::En).then(|| help.join("\n")),
        labels: if long.is_some() { Vec::new() } else { labels },
        source: long
            .is_none()
            .then(|| Window::around(&report.source, name, &ranges, CONTEXT)),
    }
}

pub(super) fn render(reports: &[FileReport], opts: Options) -> String {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_context_lines(CONTEXT)
        .without_primary_span_start();
    let mut out = String::new();
    for report in reports {
        for d in &report.diagnostics {
            let r = convert(report, d, opts.lang);
            if handler.render_report(&mut out, &r).is_err() {
                out.push_str(&format!("{}: {}\n", r.code, r.message));
            }
            if opts.lang == Lang::Zh {
                for h in &d.help {
                    out.push_str(&format!("  {}：{}\n", super::help_word(Lang::Zh), h.zh));
                }
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::{registry, Msg};
    use xqreg_grammar::Span;

    /// A conflict whose other side is a 100-line block far above: the report shows the
    /// block's first line and the primary place, not the 100 lines between.
    /// One diagnostic of a file, rendered without colour.
    fn rendered(name: &str, text: String, d: Diagnostic, lang: Lang) -> String {
        let report = FileReport {
            source: SourceFile::new(name, text),
            diagnostics: vec![d],
        };
        render(
            std::slice::from_ref(&report),
            Options { lang, color: false },
        )
    }

    #[test]
    fn a_far_long_label_shows_its_first_line_only() {
        let mut text = String::from("stage far \"远\" {\n");
        for i in 0..100 {
            text.push_str(&format!("  note \"line {i}\"\n"));
        }
        text.push_str("}\nstage far \"近\" { }\n");
        let second = text.rfind("far").expect("second name");
        let code = registry::lookup("E101").expect("a registered code");
        let d = Diagnostic::new(
            code,
            Msg::new("duplicate", "重复"),
            Span::new(second, second + 3),
            Msg::new("again", "再次"),
        )
        .with_label(
            Span::new(0, text.find('}').expect("end") + 1),
            Msg::new("first here", "首次"),
        );
        let out = rendered("a.xqr", text, d, Lang::En);
        assert!(out.contains("first here") && out.contains("again"), "{out}");
        assert!(!out.contains("line 50"), "{out}");
        assert!(out.lines().count() < 20, "{out}");
    }

    /// A label past column 65,535 of its line (a NUL after a cell of 100,000 characters): the
    /// report names the place and leaves the line out; miette panicked drawing it.
    #[test]
    fn a_label_far_along_a_very_long_line_is_named_not_drawn() {
        let text = format!("id,name\np1,{}\0\n", "x".repeat(100_000));
        let at = text.find('\0').expect("the NUL");
        let code = registry::lookup("E801").expect("a registered code");
        let d = Diagnostic::new(
            code,
            Msg::new("a NUL", "NUL"),
            Span::new(at, at + 1),
            Msg::new("here", "此处"),
        );
        for lang in [Lang::En, Lang::Zh] {
            let out = rendered("r.csv", text.clone(), d.clone(), lang);
            assert!(out.contains("r.csv:2:100004"), "{out}");
            assert!(out.len() < 2000, "{out}");
        }
    }
}
