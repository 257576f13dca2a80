//! A FIDE TRF file in for `xqreg pair`: every problem a diagnostic with the file's line and
//! column: an empty file (E809), one with no player line (E810), a tournament whose declared
//! rounds are all played (E811), a malformed line (E813), a repeated starting rank (E814), a
//! file that is not UTF-8 text (E816: another encoding, or a control character such as NUL).

use xqreg_grammar::Span;
use xqreg_runtime::trf::{self, Trf, TrfErrorKind};

use super::codes::{E809, E810, E811, E813, E814, E815, E816};
use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{Diagnostic, Msg};
use crate::driver::FileReport;

/// The text of a TRF file; a file that is not UTF-8 is refused (E816) at its first bad byte,
/// never paired with U+FFFD in a name or with its columns shifted by the bad bytes.
pub fn source(name: &str, bytes: &[u8]) -> Result<SourceFile, FileReport> {
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
        .with_help(E816.explain.fix.plain());
        return Err(FileReport {
            source,
            diagnostics: vec![d],
        });
    };
    // The lossy text is the same up to the first bad byte, which is one U+FFFD there.
    let at = e.valid_up_to();
    let d = Diagnostic::new(
        &E816,
        Msg::new("the TRF file is not UTF-8", "TRF 文件不是 UTF-8 编码"),
        Span::new(at, at + '\u{FFFD}'.len_utf8()),
        Msg::new("not UTF-8 from here", "此处起不是 UTF-8"),
    )
    .with_help(E816.explain.fix.plain());
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
        return Err(fail(
            Diagnostic::new(
                &E809,
                Msg::new("the TRF file is empty", "TRF 文件为空"),
                Span::new(0, 0),
                Msg::new("nothing here", "此处无内容"),
            )
            .with_help(E809.explain.fix.plain()),
        ));
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
            return Err(fail(
                Diagnostic::new(
                    code,
                    Msg::new(what.clone(), what),
                    span,
                    Msg::new("here", "此处"),
                )
                .with_help(code.explain.fix.plain()),
            ));
        }
    };
    if t.players.is_empty() {
        return Err(fail(
            Diagnostic::new(
                &E810,
                Msg::new(
                    "no player line (`001`): this is not a TRF file",
                    "没有棋手行（`001`）：这不是 TRF 文件",
                ),
                Span::new(0, 0),
                Msg::new("the file starts here", "文件从此处开始"),
            )
            .with_help(E810.explain.fix.plain()),
        ));
    }
    if let Some(declared) = t.rounds_declared {
        let played = t.rounds_played();
        if played >= declared {
            let line = rounds_line(text).unwrap_or(1);
            return Err(fail(
                Diagnostic::new(
                    &E811,
                    Msg::new(
                        format!("all {declared} rounds are played ({played} have results): there is no next round"),
                        format!("{declared} 轮已全部赛完（{played} 轮有成绩）：没有下一轮"),
                    ),
                    at(source, line, 1),
                    Msg::new("the rounds the file declares", "文件声明的轮数"),
                )
                .with_help(E811.explain.fix.plain()),
            ));
        }
    }
    Ok(t)
}

/// E815: the next round cannot be paired (the pairing engine says why).
pub fn cannot_pair(source: &SourceFile, why: &str) -> FileReport {
    FileReport {
        source: source.clone(),
        diagnostics: vec![Diagnostic::new(
            &E815,
            Msg::new(why, why),
            Span::new(0, 0),
            Msg::new("the tournament in this file", "本文件中的比赛"),
        )
        .with_help(E815.explain.fix.plain())],
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
