//! `xqreg test FILE...`: run the scenario tests written in regulation files. Not written yet.

use std::process::ExitCode;

use clap::ValueEnum;

use super::LangArg;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Regulation files (.xqr) holding `test` blocks.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TestFormat::Human)]
    pub format: TestFormat,
    /// Language of messages (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TestFormat {
    Human,
    Json,
}

pub fn run(_args: Args) -> ExitCode {
    super::not_implemented("test")
}
