//! `xqreg event` refuses bad input with a code and its place, and stores nothing: a roster that
//! is not UTF-8 (GBK, UTF-16) is refused at file:line:column with no control byte echoed.

use std::path::Path;

use crate::common::xqreg;

/// A Swiss of twelve (w01..w12), five rounds.
pub const SWISS: &str = "regulation \"录入测试赛\" {\n  dates 2026-07-20 .. 2026-07-22\n}\n\
scoring { win 2  draw 1  loss 0 }\n\
time standard { base 30min increment 10s flag loses }\n\
entry {\n  field 12\n}\n\
stage main \"主赛\" {\n  swiss cxa rounds 5\n  entrants roster\n  time standard\n  tiebreak { wins, lots }\n}\n";

/// The roster of [`SWISS`]: w01..w12 in four units.
pub fn roster12() -> String {
    let mut csv = String::from("id,name,unit,born\n");
    for i in 1..=12 {
        csv.push_str(&format!("w{i:02},棋手{i},U{},1990-01-01\n", i % 4));
    }
    csv
}

/// `event new` of `regulation` and the roster bytes in `dir/event`: the output.
pub fn new_event(dir: &Path, regulation: &str, roster: &[u8]) -> (String, std::process::Output) {
    let reg = dir.join("regulation.xqr");
    let csv = dir.join("roster.csv");
    std::fs::write(&reg, regulation).expect("writes");
    std::fs::write(&csv, roster).expect("writes");
    let ev = dir.join("event").to_string_lossy().into_owned();
    let out = xqreg(&[
        "event",
        "new",
        &ev,
        "--regulation",
        &reg.to_string_lossy(),
        "--roster",
        &csv.to_string_lossy(),
        "--seed",
        "1",
    ]);
    (ev, out)
}

#[test]
fn a_roster_not_in_utf8_is_refused_at_its_place_without_control_bytes() {
    let tmp = tempfile::tempdir().expect("tmp");
    // 张三 in GBK on line 2, column 5.
    let gbk = b"id,name,unit,born\nw01,\xd5\xc5\xc8\xfd,U,1990-01-01\n";
    let (ev, out) = new_event(tmp.path(), SWISS, gbk);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("E801") && err.contains("roster.csv:2:5"),
        "{err}"
    );
    assert!(!Path::new(&ev).exists(), "nothing stored");
    // UTF-16 (with its byte-order mark): named, and its NUL bytes never reach the terminal.
    let mut utf16 = vec![0xFF, 0xFE];
    for u in roster12().encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    let (ev, out) = new_event(tmp.path(), SWISS, &utf16);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        !out.stderr.iter().any(|&b| b < 0x20 && b != b'\n'),
        "control bytes echoed: {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("UTF-16") && err.contains("roster.csv:1:1"),
        "{err}"
    );
    assert!(!Path::new(&ev).exists(), "nothing stored");
}
