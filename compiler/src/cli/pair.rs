//! `xqreg pair --system dutch|cxa FILE.trf`: pair the next round of a tournament given as a FIDE
//! TRF file, in the text of the FIDE-endorsed engines (the number of pairs, then `white black`
//! per board, `N 0` for the bye). The runtime does the pairing; this module reads the file and
//! maps failures to exit codes: 2 for I/O, usage and what is not available yet, 1 for a TRF that
//! is malformed or cannot be paired.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ValueEnum;
use xqreg_runtime::pairing::swiss::{pair_trf_with, PairTrfError, SwissSystem};

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

pub fn run(args: Args) -> ExitCode {
    // The stage's parameters when a regulation names them; its errors stop the pairing.
    let plan = match &args.regulation {
        Some(path) => {
            let bytes = match std::fs::read(path) {
                Ok(b) => b,
                Err(e) => {
                    super::io_error(path, &e);
                    return ExitCode::from(2);
                }
            };
            let compiled =
                crate::compile::compile_bytes(&crate::driver::display_name(path), &bytes);
            match compiled.plan {
                Some(p) => Some(p),
                None => {
                    super::plan::print_errors(&compiled.report, super::lang(None));
                    return ExitCode::from(1);
                }
            }
        }
        None => None,
    };
    let stage = match (&plan, &args.stage) {
        (Some(plan), Some(name)) => match plan.stages.iter().find(|s| &s.name == name) {
            Some(st) => match &st.format {
                xqreg_runtime::plan::StageFormat::Swiss(sw) => Some((sw, &st.scoring)),
                _ => {
                    eprintln!("xqreg pair: stage `{name}` is not a Swiss stage");
                    return ExitCode::from(2);
                }
            },
            None => {
                let names: Vec<&str> = plan.stages.iter().map(|s| s.name.as_str()).collect();
                eprintln!(
                    "xqreg pair: the regulation has no stage `{name}` (stages: {})",
                    names.join(", ")
                );
                return ExitCode::from(2);
            }
        },
        _ => None,
    };
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            super::io_error(&args.file, &e);
            return ExitCode::from(2);
        }
    };
    // TRF files are ASCII in their numeric fields; a name in another encoding must not stop the
    // pairing, so bad bytes become U+FFFD.
    let text = String::from_utf8_lossy(&bytes);
    let system = match args.system {
        PairSystem::Dutch => SwissSystem::Dutch,
        PairSystem::Cxa => SwissSystem::Cxa,
    };
    match pair_trf_with(&text, system, stage) {
        Ok(out) => {
            let mut text = out;
            if !text.ends_with('\n') {
                text.push('\n');
            }
            super::output::write_output(None, &text)
        }
        Err(e @ PairTrfError::Unsupported(_)) => {
            eprintln!("xqreg pair: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("xqreg pair: {}: {e}", args.file.display());
            ExitCode::from(1)
        }
    }
}
