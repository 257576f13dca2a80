//! The codes `xqreg event` refuses with (E83x). They are registered beside every other code
//! (`diagnostics::registry`) so that `xqreg explain E832` explains them and the suite checks that
//! each has both languages; the test of each is in `tests/suite/event_cli.rs`. The event's one
//! runtime problem, R050 (a published game the replay no longer gives), is in `run::codes`.

use crate::diagnostics::{Code, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/event/codes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/codes.rs"));

/// Every code of `xqreg event`, sorted.
pub fn codes() -> Vec<&'static Code> {
    vec![
        &E830, &E831, &E832, &E833, &E834, &E835, &E836, &E837, &E838, &E839, &E842, &E843, &E844,
        &E845, &E846, &E847, &E848, &E849, &E850, &E851, &E852, &E853, &E854, &E855, &E861,
    ]
}
