//! A FIDE TRF file in for `xqreg pair`: every problem a diagnostic with the file's line and
//! column: an empty file (E809), one with no player line (E810), a tournament whose declared
//! rounds are all played (E811), a malformed line (E813), a repeated starting rank (E814), a
//! file that is not UTF-8 text (E816: another encoding, or a control character such as NUL).

use xqreg_grammar::Span;
use xqreg_runtime::trf::{self, Trf, TrfErrorKind};

use super::codes::{E809, E810, E811, E813, E814, E815, E816};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Code, Diagnostic, Msg, Report, Template};
use crate::driver::FileReport;

// The message catalogue of this module: compiler/messages/run/trf_input.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run/trf_input.rs"));

/// A diagnostic of `code` whose help is the code's fix.
fn with_fix(code: &'static Code, message: Msg, span: Span, label: Msg) -> Diagnostic {
    Diagnostic::new(code, message, span, label).with_help(code.explain.fix.plain())
}

/// [`with_fix`] for a report of this module's catalogue.
fn reported(report: &Report, span: Span) -> Diagnostic {
    let (message, label, _) = report.texts(&[]);
    with_fix(report.code, message, span, label)
}

/// The text of a TRF file; a file that is not UTF-8 is refused (E816) at its first bad byte,
/// never paired with U+FFFD in a name or with its columns shifted by the bad bytes.
pub fn source(name: &str, bytes: &[u8]) -> Result<SourceFile, FileReport> {
    super::too_large(name, bytes)?;
    let source = SourceFile::new(name, String::from_utf8_lossy(bytes).into_owned());
    let Err(e) = std::str::from_utf8(bytes) else {
        let Some((at, c)) = super::first_control_char(&source.text) else {
            return Ok(source);
        };
        let shown = format!("U+{:04X}", u32::from(c));
        let d = Diagnostic::new(
            &E816,
            Msg::new(
                format!("the TRF file holds the control character {shown}, which no text file has"),
                format!("TRF 文件中有控制字符 {shown}，文本文件中不应出现"),
            ),
            Span::new(at, at + c.len_utf8()),
            Msg::new(format!("{shown} here"), format!("此处为 {shown}")),
        )
        .with_help(if c == '\0' {
            UTF16_HELP.plain()
        } else {
            E816.explain.fix.plain()
        });
        return Err(FileReport {
            source,
            diagnostics: vec![d],
        });
    };
    // The lossy text is the same up to the first bad byte, which is one U+FFFD there.
    let at = e.valid_up_to();
    let span = Span::new(at, at + '\u{FFFD}'.len_utf8());
    // UTF-16 (its byte-order mark first) is converted from UTF-16, not from GB18030.
    let d = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        let (message, label, _) = NOT_UTF8_BUT_UTF16.texts(&[]);
        Diagnostic::new(&E816, message, span, label).with_help(UTF16_HELP.plain())
    } else {
        reported(&NOT_UTF8, span)
    };
    Err(FileReport {
        source,
        diagnostics: vec![d],
    })
}

/// Read a TRF file that has a next round to pair.
pub fn read_trf(source: &SourceFile) -> Result<Trf, FileReport> {
    let text = source.text.as_str();
    let fail = |d: Diagnostic| FileReport {
        source: source.clone(),
        diagnostics: vec![d],
    };
    if text.trim().is_empty() {
        return Err(fail(reported(&EMPTY, Span::new(0, 0))));
    }
    let t = match trf::parse(text) {
        Ok(t) => t,
        Err(e) => {
            let span = at(source, e.line, e.column);
            let code = match e.kind {
                TrfErrorKind::DuplicatePlayer(_) => &E814,
                _ => &E813,
            };
            let what = e.kind.to_string();
            return Err(fail(with_fix(
                code,
                Msg::new(what.clone(), what),
                span,
                HERE.plain(),
            )));
        }
    };
    if t.players.is_empty() {
        return Err(fail(reported(&NOT_A_TRF, Span::new(0, 0))));
    }
    if let Some(declared) = t.rounds_declared {
        let played = t.rounds_played();
        if played >= declared {
            let line = rounds_line(text).unwrap_or(1);
            // Inline, not a template: Template::fill would make `all 1 rounds` singular.
            let message = Msg::new(
                format!("all {declared} rounds are played ({played} have results): there is no next round"),
                format!("{declared} 轮已全部赛完（{played} 轮有成绩）：没有下一轮"),
            );
            let label = DECLARED_ROUNDS.plain();
            return Err(fail(with_fix(&E811, message, at(source, line, 1), label)));
        }
    }
    Ok(t)
}

/// E815: the next round cannot be paired (the pairing engine says why).
pub fn cannot_pair(source: &SourceFile, why: &str) -> FileReport {
    FileReport {
        source: source.clone(),
        diagnostics: vec![with_fix(
            &E815,
            Msg::new(why, why),
            Span::new(0, 0),
            TOURNAMENT.plain(),
        )],
    }
}

/// The 1-based line of the rounds count (`XXR` or `142`).
fn rounds_line(text: &str) -> Option<usize> {
    text.split('\n')
        .position(|l| l.starts_with("XXR") || l.starts_with("142"))
        .map(|i| i + 1)
}

/// The one-character span at a 1-based line and column (columns count characters).
fn at(source: &SourceFile, line: usize, column: usize) -> Span {
    let text = source.text.as_str();
    let mut start = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let body = l.trim_end_matches(['\n', '\r']);
            let off = body
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(body.len(), |(o, _)| o);
            let end = body
                .get(off..)
                .and_then(|r| r.chars().next())
                .map_or(off, |c| off + c.len_utf8());
            return Span::new(start + off, start + end);
        }
        start += l.len();
    }
    Span::new(text.len(), text.len())
}
