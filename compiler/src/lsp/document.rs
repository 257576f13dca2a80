//! One open document and everything the server knows about its current text: the checker's
//! report (what `xqreg check` prints for it), the syntax tree and the name index. All of it is
//! rebuilt on every change; a regulation is a few hundred lines and checks in milliseconds.

use lsp_types::Url;
use xqreg_grammar::ast::File;

use super::index::Index;
use super::position::LineIndex;
use crate::driver::{self, FileReport};

pub struct Document {
    pub text: String,
    pub lines: LineIndex,
    /// The same report `xqreg check` renders for this text.
    pub report: FileReport,
    pub file: File,
    pub index: Index,
}

impl Document {
    pub fn new(uri: &Url, text: String) -> Document {
        let report = driver::check_bytes(&display_name(uri), text.as_bytes());
        // A text past what a regulation holds is refused (E016) and not read: no outline, no
        // names, nothing to hover.
        let read = if driver::too_large(text.as_bytes()) {
            ""
        } else {
            text.as_str()
        };
        let file = xqreg_grammar::parse(read).file;
        let index = Index::build(&file);
        Document {
            lines: LineIndex::new(&text),
            text,
            report,
            file,
            index,
        }
    }
}

/// How diagnostics name the file: its path for a `file:` URI (as `xqreg check` names a path),
/// else the URI itself.
fn display_name(uri: &Url) -> String {
    match uri.to_file_path() {
        Ok(p) => driver::display_name(&p),
        Err(()) => uri.to_string(),
    }
}
