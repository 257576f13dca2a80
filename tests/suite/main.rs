//! The one test binary of the workspace. Test cases are data files: fixtures under
//! `tests/fixtures/` (a header says which codes they expect; the `plain` rendering is
//! snapshotted under `tests/snapshots/`), the examples under `examples/`, and the `xqr` blocks of
//! `docs/language.md`. A new case is a new file, not new Rust.

mod avoid_federation;
mod categories_by_rule;
mod cli;
mod cli_habits;
mod cli_lang;
mod cli_outputs;
mod codes;
mod common;
mod contract;
mod cxa_property;
mod declared_teams;
mod deletion;
mod docs;
mod eligibility;
mod entry_quota;
mod event_browser;
mod event_cli;
mod event_enter;
mod event_live;
mod event_publish;
mod event_rosters;
mod examples;
mod fixtures;
mod fmt;
mod fmt_cli;
mod fmt_editors;
mod generated;
mod honesty;
mod inputs;
mod issue8_checks;
mod lsp;
mod module_cycles;
mod mutants;
mod open_values;
mod pair_inputs;
mod plan_json;
mod pool_categories;
mod regressions;
mod robustness;
mod rosters;
mod scenarios;
mod sheet;
mod sheet_diagram;
mod sheet_english;
mod sheet_pdf;
mod simulate_seeds;
mod small_rooms;
mod stage_caps;
mod swiss_seeds;
mod team_lineups;
mod team_tiebreaks;
mod trf_out;
