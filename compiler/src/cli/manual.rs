//! `xqreg completions SHELL` and `xqreg man`: the shell completion script and the manual page,
//! both generated from the clap definition of the command line, so they never drift from it.

use std::process::ExitCode;

use clap::CommandFactory;

#[derive(Debug, clap::Args)]
pub struct CompletionArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, clap::Args)]
pub struct ManArgs {}

pub fn completions(args: CompletionArgs) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut super::Cli::command(), "xqreg", &mut out);
    super::output::write_output(None, &String::from_utf8_lossy(&out))
}

pub fn man(_args: ManArgs) -> ExitCode {
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(super::Cli::command()).render(&mut out) {
        eprintln!("xqreg man: {e}");
        return ExitCode::from(2);
    }
    super::output::write_output(None, &String::from_utf8_lossy(&out))
}
