//! `xqreg pair --system dutch|cxa FILE.trf`: pair the next round of a tournament given as a FIDE
//! TRF file. Not wired yet: it calls the runtime's Swiss pairing once that exists.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pairing system.
    #[arg(long, value_enum)]
    pub system: PairSystem,
    /// The tournament so far (FIDE TRF).
    #[arg(value_name = "FILE.trf")]
    pub file: PathBuf,
    /// Take the pairing parameters from this regulation...
    #[arg(long, value_name = "FILE.xqr", requires = "stage")]
    pub regulation: Option<PathBuf>,
    /// ...and this stage of it.
    #[arg(long, value_name = "NAME", requires = "regulation")]
    pub stage: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PairSystem {
    /// FIDE Dutch system (C.04.3).
    Dutch,
    /// 积分编排 of the 2011 CXA rules.
    Cxa,
}

pub fn run(_args: Args) -> ExitCode {
    super::not_implemented("pair")
}
