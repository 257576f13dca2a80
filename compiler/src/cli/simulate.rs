//! `xqreg simulate FILE`: run the whole event on a roster, given or generated. Not written yet.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The regulation file (.xqr).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The roster (CSV with a header).
    #[arg(long, value_name = "CSV", conflicts_with = "players")]
    pub roster: Option<PathBuf>,
    /// Generate a roster of N players.
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Recorded results (CSV) to play before simulating the rest.
    #[arg(long, value_name = "CSV")]
    pub results: Option<PathBuf>,
    /// Seed of every lot and every simulated game.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Number of runs.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub runs: u32,
    /// Write each Swiss stage as a TRF-2026 file into DIR.
    #[arg(long, value_name = "DIR")]
    pub trf: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub format: SimFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimFormat {
    Human,
    Json,
}

pub fn run(_args: Args) -> ExitCode {
    super::not_implemented("simulate")
}
