//! The `xqreg` binary: everything is in the library's `cli` module.

fn main() -> std::process::ExitCode {
    xqreg::cli::main()
}
