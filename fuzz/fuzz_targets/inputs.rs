//! Any bytes as a roster CSV, a results CSV and a TRF file, through the readers `xqreg simulate`
//! and `xqreg pair` use. A panic is a finding; so is a refused file whose report is empty, or a
//! diagnostic without a four-character code and a line and column of at least 1.

#![no_main]

mod json_check;

use libfuzzer_sys::fuzz_target;
use xqreg::diagnostics::render::{render, Format, Options};
use xqreg::diagnostics::Lang;
use xqreg::driver::FileReport;
use xqreg::run::{csv_input, trf_input};

/// Every diagnostic of a refused file has a code and a place.
fn placed(report: &FileReport) {
    assert!(!report.diagnostics.is_empty(), "refused without a diagnostic");
    let opts = Options {
        lang: Lang::En,
        color: false,
    };
    let _ = render(Format::Human, std::slice::from_ref(report), opts);
    json_check::assert_json_placed(report, opts);
}

fuzz_target!(|data: &[u8]| {
    if let Err(report) = csv_input::read_roster("fuzz.csv", data) {
        placed(&report);
    }
    if let Err(report) = csv_input::read_results("fuzz.results.csv", data) {
        placed(&report);
    }
    match trf_input::source("fuzz.trf", data) {
        Ok(source) => {
            if let Err(report) = trf_input::read_trf(&source) {
                placed(&report);
            }
        }
        Err(report) => placed(&report),
    }
});
