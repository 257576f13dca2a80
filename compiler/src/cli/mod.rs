//! The `xqreg` command line: parse arguments (clap), run one command, return the exit code.
//!
//! Exit codes are a contract (DESIGN.md): 0 success, 1 the input has errors (or a command's own
//! failure, such as a failing scenario test), 2 usage or I/O. Each command lives in its own
//! module.

mod check;
mod event;
mod explain;
mod fmt;
mod global;
mod help_zh;
mod junit;
mod lsp;
mod manual;
mod output;
mod pair;
mod plan;
mod sheet;
mod simulate;
mod simulate_human;
mod simulate_runs;
mod test;
mod usage;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::diagnostics::render;
use crate::diagnostics::Lang;

/// xqreg: check, compile, print and run xiangqi tournament regulations (.xqr files).
#[derive(Debug, Parser)]
#[command(name = "xqreg", version)]
pub struct Cli {
    #[command(flatten)]
    pub global: global::Global,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse and check regulation files; print every problem found.
    Check(check::Args),
    /// Explain a diagnostic code: what it means, an example, how to fix it.
    Explain(explain::Args),
    /// Compile a regulation to its plan (JSON).
    Plan(plan::Args),
    /// Print the rule sheet of a regulation.
    Sheet(sheet::Args),
    /// Run the whole event on a roster (given or generated).
    Simulate(simulate::Args),
    /// Run the scenario tests written in regulation files.
    Test(test::Args),
    /// Pair the next round of a tournament given as a FIDE TRF file.
    Pair(pair::Args),
    /// Run the language server (LSP over stdin/stdout) for editors.
    Lsp(lsp::Args),
    /// Rewrite regulation files in the canonical layout (`--check`: print a diff, change nothing).
    Fmt(fmt::Args),
    /// Print a shell completion script (bash, zsh, fish, ...).
    Completions(manual::CompletionArgs),
    /// Print the manual page (roff).
    Man(manual::ManArgs),
    /// Run a real event round by round: pair, record results, standings, publish.
    Event(event::Args),
}

/// `--lang`: the language of messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    Zh,
}

/// The language from `--lang`, else from the environment's locale.
/// The choice is kept for messages printed away from the command (I/O errors).
pub(crate) fn lang(arg: Option<LangArg>) -> Lang {
    let lang = match arg {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Zh) => Lang::Zh,
        None => render::lang_from_env(),
    };
    global::set_lang(lang);
    lang
}

/// Report an I/O problem with a path on stderr.
pub(crate) fn io_error(path: &std::path::Path, err: &std::io::Error) {
    let name = global::input_name(path);
    eprintln!(
        "{}",
        global::say(
            format!("xqreg: cannot read `{name}`: {err}"),
            format!("xqreg：无法读取 `{name}`：{}", global::io_error_zh(err))
        )
    );
}

/// A file (or `-`, standard input) read whole; None, with the reason said on stderr, when it
/// cannot be read.
pub(crate) fn read_or_say(path: &std::path::Path) -> Option<Vec<u8>> {
    match global::read_input(path) {
        Ok(b) => Some(b),
        Err(e) => {
            io_error(path, &e);
            None
        }
    }
}

/// Run the command line. A usage error exits with 2 (said in Chinese under `--lang zh`), and
/// `--help` with 0.
pub fn main() -> ExitCode {
    run(usage::parse())
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    global::set(cli.global);
    match cli.command {
        Command::Check(a) => check::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Plan(a) => plan::run(a),
        Command::Sheet(a) => sheet::run(a),
        Command::Simulate(a) => simulate::run(a),
        Command::Test(a) => test::run(a),
        Command::Pair(a) => pair::run(a),
        Command::Lsp(a) => lsp::run(a),
        Command::Fmt(a) => fmt::run(a),
        Command::Completions(a) => manual::completions(a),
        Command::Man(a) => manual::man(a),
        Command::Event(a) => event::run(a),
    }
}
