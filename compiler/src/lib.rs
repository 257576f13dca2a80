//! The xqreg compiler: a parsed regulation in, diagnostics, a plan and a rule sheet out.
//!
//! `check/` resolves names and proves what LANGUAGE.md asks (one module per domain, each owning
//! its codes and messages); `diagnostics/` holds the one diagnostic type, the code registry and
//! the renderers; `compile/` lowers a checked regulation to the runtime's plan; `sheet/` prints
//! the rule sheet; `cli/` is the command line.

pub mod check;
pub mod cli;
pub mod compile;
pub mod contract;
pub mod diagnostics;
pub mod driver;
pub mod event;
pub mod files;
pub mod fmt;
pub mod lsp;
pub mod run;
pub mod sheet;
