//! `xqreg plan FILE [-o OUT]`: compile a regulation to its plan (JSON). Not written yet.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write the plan here instead of stdout.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

pub fn run(_args: Args) -> ExitCode {
    super::not_implemented("plan")
}
