//! The check both targets make on a report: the JSON renderer's output parses back, with one
//! entry per diagnostic, each with a four-character code and a line and a column of at least 1,
//! as the command-line contract promises.

use xqreg::diagnostics::render::{render, Format, Options};
use xqreg::driver::FileReport;

/// Renders `report` as JSON with `opts` and asserts that every diagnostic has a code and a place.
pub fn assert_json_placed(report: &FileReport, opts: Options) {
    let json = render(Format::Json, std::slice::from_ref(report), opts);
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
