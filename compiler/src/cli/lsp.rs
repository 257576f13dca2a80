//! `xqreg lsp`: run the language server on stdin/stdout (see `crate::lsp`). Exit 0 after the
//! client's `shutdown` and `exit`, 2 when the connection breaks.

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    match crate::lsp::serve_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A protocol error quotes the offending message, which may hold a whole document.
            let text = e.to_string();
            let short: String = text.chars().take(300).collect();
            let more = if short.len() < text.len() { "…" } else { "" };
            eprintln!("xqreg lsp: {short}{more}");
            ExitCode::from(2)
        }
    }
}
