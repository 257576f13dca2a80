//! The codes of run input and of running: E8xx for roster and results CSV files, R0xx for the
//! problems the runtime reports (their ids are the runtime's `engine::problem::codes`; the
//! explanations and the Chinese are in `compiler/messages/run/codes.toml`, beside the other
//! codes of the compiler).

use crate::diagnostics::{Code, Explain, Report, Severity, Template};

// The message catalogue of this module: compiler/messages/run/codes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run/codes.rs"));

/// E860's report, for the readers that refuse an input file past what one holds
/// ([`super::LONGEST_TABLE`]).
pub(crate) const FILE_TOO_LARGE: &Report = &TABLE_TOO_LARGE;

/// Every E8 and R code, sorted.
pub fn codes() -> Vec<&'static Code> {
    vec![
        &E801, &E802, &E803, &E804, &E805, &E806, &E807, &E808, &E809, &E810, &E811, &E812, &E813,
        &E814, &E815, &E816, &E860, &R001, &R002, &R003, &R004, &R005, &R006, &R007, &R008, &R009,
        &R010, &R011, &R012, &R013, &R014, &R015, &R016, &R017, &R018, &R019, &R020, &R021, &R022,
        &R030, &R031, &R032, &R033, &R035, &R036, &R040, &R041, &R042, &R043, &R044, &R050, &R055,
        &R060, &R061, &R062, &R063, &R064, &R065, &R070, &R071, &R072, &R073, &R074, &R075, &R076,
        &R080, &W202, &W204, &W205, &W206, &W260,
    ]
}

/// The registered code for a runtime problem's id (`R005`), if any.
pub fn lookup(id: &str) -> Option<&'static Code> {
    codes().into_iter().find(|c| c.code == id)
}
