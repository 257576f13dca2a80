//! The command-line contract of DESIGN.md, run on the built binary: exit codes 0/1/2, the JSON
//! shape, GitHub annotations, non-UTF-8 and missing files, `--deny-warnings`, `--lang` and the
//! locale, `explain`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common::{examples, files_under, header, rel, root, xqreg};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write temp file");
    p
}

/// A fixture whose header expects exactly `pred` codes, relative to the root.
fn fixture_where(pred: impl Fn(&[String]) -> bool) -> Option<String> {
    files_under(&root().join("tests/fixtures"), "xqr")
        .into_iter()
        .find(|p| {
            std::fs::read(p)
                .ok()
                .and_then(|b| header(&String::from_utf8_lossy(&b)))
                .is_some_and(|h| {
                    let v: Vec<String> = h.expect.into_iter().collect();
                    !v.is_empty() && pred(&v)
                })
        })
        .map(|p| rel(&p))
}

fn error_fixture() -> String {
    fixture_where(|c| c.iter().any(|c| c.starts_with('E'))).expect("a fixture with an error")
}

/// `xqreg check ARGS FIXTURE` on a fixture with an error, which exits 1: the fixture and the
/// output.
fn error_fixture_checked(args: &[&str]) -> (String, Output) {
    let f = error_fixture();
    let o = xqreg(&[&["check"], args, &[f.as_str()]].concat());
    assert_eq!(o.status.code(), Some(1));
    (f, o)
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).expect("stdout is one JSON object")
}

#[test]
fn clean_example_exits_0() {
    let ex = examples();
    let first = ex.first().expect("at least one example");
    let o = xqreg(&["check", "--format", "json", "--lang", "en", &rel(first)]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let v = json(&o);
    assert_eq!(v["errors"], 0);
}

#[test]
fn errors_exit_1_with_json_shape() {
    let (f, o) = error_fixture_checked(&["--format", "json", "--lang", "en"]);
    let v = json(&o);
    let obj = v.as_object().expect("an object");
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    assert_eq!(keys, ["diagnostics", "errors", "warnings"]);
    let list = v["diagnostics"].as_array().expect("a list");
    assert!(!list.is_empty());
    let errors = list.iter().filter(|d| d["severity"] == "error").count();
    assert_eq!(v["errors"].as_u64(), Some(errors as u64));
    for d in list {
        let mut keys: Vec<&str> = d
            .as_object()
            .expect("diagnostic is an object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "code",
                "column",
                "end_column",
                "end_line",
                "file",
                "help",
                "labels",
                "line",
                "message",
                "name",
                "severity"
            ]
        );
        assert_eq!(d["file"], f.as_str());
        assert!(d["line"].as_u64().is_some_and(|l| l >= 1));
        assert!(d["column"].as_u64().is_some_and(|c| c >= 1));
        assert!(d["help"].is_array());
        for l in d["labels"].as_array().expect("labels") {
            for k in [
                "file",
                "line",
                "column",
                "end_line",
                "end_column",
                "message",
            ] {
                assert!(!l[k].is_null(), "label without {k}: {l}");
            }
        }
        assert!(matches!(
            d["severity"].as_str(),
            Some("error" | "warning" | "note")
        ));
    }
}

#[test]
fn github_annotations() {
    let (f, o) = error_fixture_checked(&["--format", "github", "--lang", "en"]);
    let out = stdout(&o);
    let first = out.lines().next().expect("one annotation");
    let prefix = format!("::error file={f},line=");
    assert!(first.starts_with(&prefix), "{first}");
    for key in [",col=", ",endLine=", ",endColumn=", ",title=E"] {
        assert!(first.contains(key), "{first} lacks {key}");
    }
    // One line per diagnostic: message newlines are escaped.
    let n = json(&xqreg(&["check", "--format", "json", "--lang", "en", &f]))["diagnostics"]
        .as_array()
        .map_or(0, Vec::len);
    assert_eq!(out.lines().count(), n);
}

#[test]
fn github_escapes_properties() {
    let p = tmp("a,b:c.xqr", b"\xff");
    let o = xqreg(&[
        "check",
        "--format",
        "github",
        p.to_str().expect("utf-8 temp path"),
    ]);
    let out = stdout(&o);
    assert!(out.contains("a%2Cb%3Ac.xqr,line=1,col=1"), "{out}");
}

#[test]
fn non_utf8_is_one_syntax_error() {
    let p = tmp("gbk.xqr", b"regulation \"\xd6\xdc\xd7\xaf\" {\n}\n");
    let name = p.to_str().expect("utf-8 temp path");
    let o = xqreg(&["check", "--format", "json", "--lang", "en", name]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    let list = v["diagnostics"].as_array().expect("a list");
    assert_eq!(list.len(), 1, "{v}");
    let d = &list[0];
    assert_eq!(d["code"], "E001");
    assert_eq!(d["line"], 1);
    assert_eq!(d["column"], 13);
    let msg = d["message"].as_str().unwrap_or_default();
    assert!(msg.contains(name) && msg.contains("offset 12"), "{msg}");
}

/// A regulation saved as UTF-16 (with its byte-order mark, or without: a NUL after every ASCII
/// letter) is said to be UTF-16 with the conversion from it; the help named GB18030.
#[test]
fn a_utf16_regulation_is_said_as_such() {
    let text = "regulation \"周庄\" {\n}\n";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let with_bom = [&[0xFF, 0xFE][..], &le].concat();
    for (name, bytes) in [("bom.xqr", with_bom), ("le.xqr", le)] {
        let p = tmp(name, &bytes);
        let o = xqreg(&[
            "check",
            "--format",
            "json",
            "--lang",
            "en",
            &p.to_string_lossy(),
        ]);
        assert_eq!(o.status.code(), Some(1));
        let v = json(&o);
        let d = &v["diagnostics"][0];
        assert_eq!(d["code"], "E001", "{name}: {v}");
        let all = d.to_string();
        assert!(
            all.contains("UTF-16") && all.contains("iconv -f UTF-16"),
            "{name}: {all}"
        );
        assert!(!all.contains("GB18030"), "{name}: {all}");
    }
}

#[test]
fn missing_file_exits_2_with_its_path() {
    let o = xqreg(&["check", "no/such/file.xqr"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.xqr"), "{}", stderr(&o));
}

#[test]
fn missing_file_among_others_still_exits_2() {
    let f = error_fixture();
    let o = xqreg(&["check", "--format", "json", &f, "no/such/file.xqr"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!json(&o)["diagnostics"].as_array().is_none_or(Vec::is_empty));
}

#[test]
fn directory_is_an_io_error() {
    let o = xqreg(&["check", "examples"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(xqreg(&["check"]).status.code(), Some(2));
    assert_eq!(
        xqreg(&["check", "--format", "xml", "a.xqr"]).status.code(),
        Some(2)
    );
    assert_eq!(xqreg(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(xqreg(&[]).status.code(), Some(2));
}

#[test]
fn deny_warnings() {
    let f = fixture_where(|c| c.iter().all(|c| c.starts_with('W')))
        .expect("a fixture with only warnings");
    let plain = xqreg(&["check", "--format", "plain", "--lang", "en", &f]);
    assert_eq!(plain.status.code(), Some(0), "{}", stdout(&plain));
    assert!(stdout(&plain).contains("warning["));
    let denied = xqreg(&["check", "--deny-warnings", "--lang", "en", &f]);
    assert_eq!(denied.status.code(), Some(1));
}

#[test]
fn lang_flag_and_locale() {
    let p = tmp("lang.xqr", b"\xff");
    let name = p.to_str().expect("utf-8 temp path");
    let en = stdout(&xqreg(&[
        "check", "--format", "plain", "--lang", "en", name,
    ]));
    let zh = stdout(&xqreg(&[
        "check", "--format", "plain", "--lang", "zh", name,
    ]));
    assert!(en.contains("is not UTF-8"), "{en}");
    assert!(zh.contains("不是 UTF-8"), "{zh}");
    let run = |vars: &[(&str, &str)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_xqreg"));
        c.args(["check", "--format", "plain", name])
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG");
        for (k, v) in vars {
            c.env(k, v);
        }
        String::from_utf8_lossy(&c.output().expect("run").stdout).into_owned()
    };
    assert_eq!(run(&[("LANG", "zh_CN.UTF-8")]), zh);
    assert_eq!(run(&[("LANG", "en_US.UTF-8")]), en);
    assert_eq!(run(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")]), en);
    assert_eq!(run(&[("LANG", "C"), ("LC_MESSAGES", "zh_TW")]), zh);
    assert_eq!(run(&[]), en);
}

#[test]
fn explain_known_and_unknown() {
    let o = xqreg(&["explain", "E001", "--lang", "en"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    for part in [
        "E001 invalid-utf8 (error)",
        "What it means:",
        "Example:",
        "How to fix:",
    ] {
        assert!(out.contains(part), "{out}");
    }
    let zh = stdout(&xqreg(&["explain", "invalid-utf8", "--lang", "zh"]));
    assert!(zh.contains("含义") && zh.contains("修改方法"), "{zh}");
    let bad = xqreg(&["explain", "E0001", "--lang", "en"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("did you mean E001"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn human_format_without_a_terminal_has_no_colour() {
    let (_, o) = error_fixture_checked(&["--lang", "en"]);
    let out = stdout(&o);
    assert!(!out.contains('\u{1b}'), "escape codes in piped output");
    assert!(
        out.contains('×') && out.contains("checked 1 file: "),
        "{out}"
    );
}

#[test]
fn pair_dutch_matches_the_reference_engine() {
    let o = xqreg(&[
        "pair",
        "--system",
        "dutch",
        "tests/fixtures/trf/t01-round-05.trf",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    let count: usize = lines
        .next()
        .and_then(|l| l.trim().parse().ok())
        .expect("a count line");
    let mut got: Vec<&str> = lines.collect();
    got.sort_unstable();
    let want = std::fs::read_to_string(root().join("tests/fixtures/trf/t01-round-05.pairs"))
        .expect("reference pairs");
    let mut want: Vec<&str> = want.lines().collect();
    want.sort_unstable();
    assert_eq!(count, want.len());
    assert_eq!(got, want);
}

#[test]
fn pair_missing_file_exits_2() {
    let o = xqreg(&["pair", "--system", "dutch", "no/such.trf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such.trf"));
}
