//! Any bytes through the whole front end: parse, check, and every renderer in both languages.
//! A panic anywhere is a finding. The JSON rendering must parse back with a code, a line and a
//! column on every diagnostic, as the command-line contract promises.

#![no_main]

use libfuzzer_sys::fuzz_target;
use xqreg::diagnostics::render::{render, Format, Options};
use xqreg::diagnostics::Lang;

fuzz_target!(|data: &[u8]| {
    let report = xqreg::driver::check_bytes("fuzz.xqr", data);
    let reports = std::slice::from_ref(&report);
    for lang in [Lang::En, Lang::Zh] {
        let opts = Options { lang, color: false };
        for format in [Format::Plain, Format::Github, Format::Human] {
            let _ = render(format, reports, opts);
        }
        let json = render(Format::Json, reports, opts);
        let v: serde_json::Value = match serde_json::from_str(&json) {
            Ok(v) => v,
            Err(e) => panic!("json renderer wrote invalid JSON: {e}\n{json}"),
        };
        let list = v["diagnostics"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        assert_eq!(list.len(), report.diagnostics.len());
        for d in list {
            assert!(d["code"].as_str().is_some_and(|c| c.len() == 4), "{d}");
            assert!(d["line"].as_u64().is_some_and(|l| l >= 1), "{d}");
            assert!(d["column"].as_u64().is_some_and(|c| c >= 1), "{d}");
        }
    }
});
