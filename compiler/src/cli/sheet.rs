//! `xqreg sheet FILE`: print the rule sheet (HTML or Markdown). Not written yet.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;

use super::LangArg;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Language of the sheet (default: from the locale).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SheetFormat::Html)]
    pub format: SheetFormat,
    /// Write the sheet here instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    Html,
    Md,
}

pub fn run(_args: Args) -> ExitCode {
    super::not_implemented("sheet")
}
