//! `xqreg fmt`: print a regulation in its one canonical layout.
//!
//! The layout (docs/language.md, "Layout"): two spaces of indentation per brace level; one
//! clause per line; an opening brace on its clause's line and a closing brace on a line of its
//! own; exactly one blank line between top-level blocks, and inside a block at most one blank
//! line where the source had some; the columns of prize tables, schedule days and `by_entries`
//! tables aligned; single spaces between tokens (none before `,` `:` `;` `)`, none after `(`,
//! none around the `-` of `14:00-16:00`). Where the language lets a clause continue on the next
//! line (`en "..."`, the second text of a `note`, after a `,` in a list), a line break of the
//! source is kept and the continuation indented one level deeper. Every comment stays where it
//! was: a trailing comment after the same token, a comment on its own line before the same
//! token. Formatting changes neither the syntax tree (spans aside) nor any comment, and is
//! idempotent; tests/suite/fmt.rs proves the three on every example, fixture and docs block.
//!
//! How: the concrete tree of the grammar ([`xqreg_grammar::cst`]) says where clauses and
//! braces are; [`layout`] walks it into tokens, each with the break that comes before it;
//! [`comments`] puts the comments between those tokens; [`render`] joins them into lines.

mod comments;
mod layout;
mod render;

use xqreg_grammar::SyntaxError;

/// Why a source cannot be formatted: it has syntax errors (a file is formatted only when it
/// parses, so that formatting can never change what it says).
#[derive(Clone, Debug)]
pub struct FormatError {
    /// The errors [`xqreg_grammar::parse`] reports, in file order.
    pub errors: Vec<SyntaxError>,
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} syntax error(s)", self.errors.len())
    }
}

impl std::error::Error for FormatError {}

/// Format one `.xqr` source text in the canonical layout (see the module documentation).
///
/// Returns the formatted text (ending with one line end), or the syntax errors when the source
/// does not parse; the source is then left as it is. `format_source(&format_source(s)?)` equals
/// `format_source(s)`. The language server calls this for `textDocument/formatting`.
pub fn format_source(source: &str) -> Result<String, FormatError> {
    let parsed = xqreg_grammar::parse(source);
    if !parsed.errors.is_empty() {
        return Err(FormatError {
            errors: parsed.errors,
        });
    }
    let Some(items) = xqreg_grammar::cst::parse(source) else {
        // `parse` found no error, so every chunk parses; this guards the invariant.
        return Err(FormatError { errors: Vec::new() });
    };
    let tokens = layout::tokens(source, &parsed.file.comments, &items);
    let tokens = comments::merge(tokens, &parsed.file.comments);
    Ok(render::lines(source, &tokens))
}
