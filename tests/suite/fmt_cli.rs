//! `xqreg fmt` on the command line: rewrite in place (atomically, only when changed), `-` to
//! stdout, `--check` with a diff and exit 1, refusal of a file with syntax errors (exit 1,
//! diagnostics, file untouched), exit 2 for a missing file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{assert_phrases, root};

fn xqreg(args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(args)
        .current_dir(root())
        .env("LANG", "C")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run xqreg");
    if let Some(mut input) = child.stdin.take() {
        input
            .write_all(stdin.unwrap_or("").as_bytes())
            .expect("write stdin");
    }
    child.wait_with_output().expect("xqreg output")
}

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fmt_cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write temp file");
    p
}

const UNFORMATTED: &str = "scoring { win 2  draw 1 } // 积分\n";

#[test]
fn rewrites_in_place_and_then_has_nothing_to_do() {
    let p = tmp("rewrite.xqr", UNFORMATTED);
    let path = p.to_str().expect("utf-8 path");
    let o = xqreg(&["fmt", path], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let after = std::fs::read_to_string(&p).expect("read");
    assert_eq!(
        after,
        xqreg::fmt::format_source(UNFORMATTED).expect("formats")
    );
    assert_ne!(after, UNFORMATTED);
    let o = xqreg(&["fmt", "--check", path], None);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(o.stdout.is_empty());
    // No temporary file is left beside it.
    let dir = p.parent().expect("dir");
    let left = xqreg::files::temporaries(dir).expect("list");
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn check_prints_a_diff_exits_1_and_writes_nothing() {
    let p = tmp("check.xqr", UNFORMATTED);
    let o = xqreg(&["fmt", "--check", p.to_str().expect("path")], None);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_phrases(
        &out,
        &[
            "-scoring { win 2  draw 1 } // 积分",
            "+  win 2",
            "(formatted)",
        ],
        &[],
    );
    assert_eq!(std::fs::read_to_string(&p).expect("read"), UNFORMATTED);
}

#[test]
fn dash_reads_stdin_and_prints_stdout() {
    let o = xqreg(&["fmt", "-"], Some(UNFORMATTED));
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        xqreg::fmt::format_source(UNFORMATTED).expect("formats")
    );
}

#[test]
fn a_file_with_syntax_errors_is_refused_and_left_alone() {
    let broken = "scoring { win two }\n";
    let p = tmp("broken.xqr", broken);
    let o = xqreg(&["fmt", p.to_str().expect("path")], None);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_phrases(&err, &["broken.xqr:1:", "error[E0"], &[]);
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&p).expect("read"), broken);
}

#[test]
fn a_missing_file_is_exit_2() {
    let o = xqreg(&["fmt", "no/such/file.xqr"], None);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}
