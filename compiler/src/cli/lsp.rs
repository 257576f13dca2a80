//! `xqreg lsp`: run the language server on stdin/stdout (see `crate::lsp`). Exit 0 after the
//! client's `shutdown` and `exit`, 2 when the connection breaks.

use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    match crate::lsp::serve_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xqreg lsp: {e}");
            ExitCode::from(2)
        }
    }
}
