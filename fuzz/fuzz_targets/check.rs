//! Any bytes through the whole front end: parse, check, every renderer in both languages, and
//! for a clean file the lowering to the plan and the plan's JSON round trip. A panic anywhere is
//! a finding. The JSON rendering must parse back with a code, a line and a column on every
//! diagnostic, as the command-line contract promises; a plan read back from its JSON must be the
//! same plan.

#![no_main]

mod json_check;

use libfuzzer_sys::fuzz_target;
use xqreg::diagnostics::render::{render, Format, Options};
use xqreg::diagnostics::Lang;
use xqreg_runtime::plan::Plan;

fuzz_target!(|data: &[u8]| {
    // compile_bytes checks first and lowers only a file without errors.
    let compiled = xqreg::compile::compile_bytes("fuzz.xqr", data);
    let report = &compiled.report;
    let reports = std::slice::from_ref(report);
    for lang in [Lang::En, Lang::Zh] {
        let opts = Options { lang, color: false };
        for format in [Format::Plain, Format::Github, Format::Human] {
            let _ = render(format, reports, opts);
        }
        json_check::assert_json_placed(report, opts);
    }
    if let Some(plan) = &compiled.plan {
        let json = match serde_json::to_string(plan) {
            Ok(j) => j,
            Err(e) => panic!("the plan does not serialise: {e}"),
        };
        let back: Plan = match serde_json::from_str(&json) {
            Ok(p) => p,
            Err(e) => panic!("the plan's JSON does not read back: {e}\n{json}"),
        };
        assert_eq!(&back, plan, "the plan changed through JSON");
    }
});
