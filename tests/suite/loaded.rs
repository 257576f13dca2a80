//! A regulation as the sheet tests read it: its text, parsed, and its effective form (the
//! supplements applied), once it checks without errors.

use std::path::{Path, PathBuf};

use xqreg::diagnostics::Severity;
use xqreg::sheet::Source;
use xqreg_grammar::ast::File;

use crate::common::rel;

/// A parsed and checked regulation file.
pub struct Loaded {
    pub path: PathBuf,
    pub text: String,
    pub parsed: File,
    pub effective: File,
}

/// `path` read, checked and parsed; the reason it cannot print when it does not read or has
/// check errors.
pub fn load(path: &Path) -> Result<Loaded, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", rel(path)))?;
    let report = xqreg::driver::check_bytes(&rel(path), &bytes);
    let errors = report.count(Severity::Error);
    if errors > 0 {
        return Err(format!("{}: {errors} check errors", rel(path)));
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let parsed = xqreg_grammar::parse(&text).file;
    let effective = xqreg::check::check(&parsed).checked.file;
    Ok(Loaded {
        path: path.to_path_buf(),
        text,
        parsed,
        effective,
    })
}

/// `path` loaded, which must read and check without errors.
pub fn load_clean(path: &Path) -> Loaded {
    load(path).unwrap_or_else(|why| panic!("{why}"))
}

impl Loaded {
    /// What the sheet prints from.
    pub fn source(&self) -> Source<'_> {
        Source::from_checked(&self.effective, &self.parsed)
    }

    /// `line:col` of a byte offset of the text, for failure messages.
    pub fn line_col(&self, offset: u32) -> String {
        let before = self.text.get(..offset as usize).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{line}:{col}")
    }
}
