//! One file through the front end: bytes in, a [`FileReport`] out (the source as renderers need
//! it and every diagnostic, sorted). Reading the file is the caller's business only as far as
//! I/O errors go; everything a file can *contain*, including bytes that are not UTF-8, becomes
//! diagnostics here.

use std::path::Path;

use xqreg_grammar::{Span, SyntaxErrorKind};

use crate::diagnostics::source::SourceFile;
use crate::diagnostics::{syntax, Code, Diagnostic, Diagnostics, Report, Severity};

/// The outcome of checking one file.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub source: SourceFile,
    /// Sorted by place, then code.
    pub diagnostics: Vec<Diagnostic>,
}

impl FileReport {
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity() == severity)
            .count()
    }
}

/// The most bytes a regulation file holds (4 MiB; docs/language.md). A real regulation is tens
/// of kilobytes; a file past this is another file given by mistake or text generated without
/// end, and its sheet would take minutes (a PDF of 120 MB took over a minute): refused (E016)
/// before it is parsed, by every command that reads a regulation and by the language server.
pub const LONGEST_REGULATION: usize = 4 << 20;

/// Whether `bytes` are more than a regulation file holds ([`LONGEST_REGULATION`]).
pub fn too_large(bytes: &[u8]) -> bool {
    bytes.len() > LONGEST_REGULATION
}

/// `report` (E016, E860) for the file `name` of `bytes`, more than the `most` its kind holds,
/// at the last character within the limit. Only the bytes up to there are kept as the file's text
/// (its place is shown, not the rest). Its message is given `size` (`67108864+` for a file read
/// only to [`crate::files::READ_MOST`]) and `most`.
pub fn too_large_report(name: &str, bytes: &[u8], most: usize, report: &Report) -> FileReport {
    let text = String::from_utf8_lossy(&bytes[..most.min(bytes.len())]).into_owned();
    let last = text.chars().next_back().map_or(0, char::len_utf8);
    let span = Span::new(text.len() - last, text.len());
    // A read stops at `READ_MOST` bytes (`/dev/zero` never ends): the size is at least that.
    let cut = bytes.len() as u64 >= crate::files::READ_MOST;
    let size = format!("{}{}", bytes.len(), if cut { "+" } else { "" });
    let most = most.to_string();
    let d = report.at(span, &[("size", &size), ("most", &most)]);
    FileReport {
        source: SourceFile::new(name, text),
        diagnostics: vec![d],
    }
}

/// Parse and check one source given as bytes. `name` is how the file is shown (the path as given
/// on the command line).
pub fn check_bytes(name: &str, bytes: &[u8]) -> FileReport {
    if too_large(bytes) {
        return too_large_report(name, bytes, LONGEST_REGULATION, syntax::FILE_TOO_LARGE);
    }
    let parsed = xqreg_grammar::parse_bytes(bytes);
    // A non-UTF-8 file is shown with replacement characters; the bytes before the first bad one
    // are valid, so offsets up to it mean the same in both texts.
    let text = String::from_utf8_lossy(bytes).into_owned();
    let source = SourceFile::new(name, text);
    let mut diags = Diagnostics::default();
    for err in &parsed.errors {
        let mut err = err.clone();
        if let SyntaxErrorKind::InvalidUtf8 { offset } = err.kind {
            // The bad byte became U+FFFD (three bytes) in the shown text: label that character.
            err.span = Span::new(offset, offset + '\u{FFFD}'.len_utf8());
        }
        diags.push(syntax::to_diagnostic(&err, &source));
    }
    // A file that is not text (another encoding, a control character, an escape of one) was
    // not read at all.
    let utf8 = !parsed.errors.iter().any(|e| {
        matches!(
            e.kind,
            SyntaxErrorKind::InvalidUtf8 { .. }
                | SyntaxErrorKind::ControlChar { .. }
                | SyntaxErrorKind::EscapedControl { .. }
        )
    });
    if utf8 {
        // While a block is broken, warnings and notes about what was read of it mislead (a
        // stage whose misspelt `tiebrake` was skipped "has no tie-break chain"): only the
        // checker's errors are reported until the syntax is fixed.
        let broken = !parsed.errors.is_empty();
        for d in run_checks(&parsed) {
            if !broken || d.severity() == Severity::Error {
                diags.push(d);
            }
        }
    }
    FileReport {
        source,
        diagnostics: diags.sorted(),
    }
}

/// Read and check one file. An I/O error (missing, unreadable, a directory) is returned for the
/// command line to report with exit code 2; it is not a diagnostic of the file's content.
pub fn check_path(path: &Path) -> std::io::Result<FileReport> {
    let bytes = crate::files::read_input(path)?;
    Ok(check_bytes(&display_name(path), &bytes))
}

/// How every output names a file given on the command line: `./` components dropped, so that
/// `examples/x.xqr` and `./examples/x.xqr` give the same bytes (diagnostics, plan origins).
pub fn display_name(path: &Path) -> String {
    use std::path::Component;
    let kept: std::path::PathBuf = path
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect();
    if kept.as_os_str().is_empty() {
        ".".to_string()
    } else {
        kept.display().to_string()
    }
}

/// The checker's diagnostics for a parsed file (text no block could hold counts as a broken
/// block, so the checker does not also report a missing header for it).
fn run_checks(parsed: &xqreg_grammar::Parsed) -> Vec<Diagnostic> {
    crate::check::check_parsed(parsed).diagnostics.list
}

/// The checker's codes, for the registry.
pub fn check_codes() -> Vec<&'static Code> {
    crate::check::codes()
}
