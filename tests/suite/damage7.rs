//! Findings of the damage fuzzers' session `damage7` (scripts/damage/README.md): inputs that are
//! no regular file, and damage the fuzzers did not try before.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{root, written};
use crate::event_inputs::{roster12, SWISS};

/// `xqreg ARGS` with its address space capped at 2 GiB (`ulimit -v`), its standard input `stdin`
/// when given: a read without end fails for memory instead of taking the machine's.
fn capped(args: &[&str], stdin: Option<&str>) -> Output {
    let mut script = String::from("ulimit -v 2097152; exec \"$0\" \"$@\"");
    if let Some(file) = stdin {
        script.push_str(&format!(" < {file}"));
    }
    Command::new("sh")
        .arg("-c")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_xqreg"))
        .args(args)
        .current_dir(root())
        .env("LANG", "C")
        .output()
        .expect("run xqreg")
}

/// Exit 1, `code` and a help line in what was said (stdout and stderr).
fn refused_with(out: &Output, code: &str, what: &str) -> String {
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{what}: {said}");
    assert!(
        said.contains(code) && said.contains("help:"),
        "{what}: {said}"
    );
    said
}

/// A roster, results file, TRF or regulation given as `/dev/zero` (or a pipe that never ends on
/// standard input) is refused for its size (E860, E016) after 64 MiB are read. Before, it was
/// read until memory ran out: exit 2 "out of memory" under this cap, the machine's memory without.
#[cfg(unix)]
#[test]
fn an_input_without_end_is_refused_for_its_size_not_read_until_memory_runs_out() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "reg.xqr", SWISS);
    let roster = written(tmp.path(), "roster.csv", &roster12());
    let zero = "/dev/zero";
    for (args, code) in [
        (vec!["simulate", &reg, "--roster", zero], "E860"),
        (
            vec!["simulate", &reg, "--roster", &roster, "--results", zero],
            "E860",
        ),
        (vec!["pair", "--system", "dutch", zero], "E860"),
        (vec!["check", zero], "E016"),
    ] {
        let said = refused_with(&capped(&args, None), code, &format!("{args:?}"));
        assert!(said.contains("67108864+ bytes"), "{args:?}: {said}");
    }
    refused_with(
        &capped(&["check", "-"], Some(zero)),
        "E016",
        "check - < /dev/zero",
    );
}

/// `fmt FILE` rewrites the file FILE is: through a symbolic link, the file it leads to, the link
/// kept; a named pipe is no file to rewrite (exit 2, the pipe left a pipe). Before, the
/// formatted text was renamed over the name given: the link, or the pipe another program
/// reads, became a regular file (and `fmt /dev/stdin` would have replaced `/dev/stdin`).
#[cfg(unix)]
#[test]
fn fmt_rewrites_the_file_a_link_leads_to_and_no_named_pipe() {
    use std::os::unix::fs::FileTypeExt as _;
    let tmp = tempfile::tempdir().expect("tmp");
    let loose = "regulation   \"甲\"   {\n}\n";
    let real = written(tmp.path(), "real.xqr", loose);
    let link = tmp.path().join("link.xqr");
    std::os::unix::fs::symlink("real.xqr", &link).expect("symlink");
    let link = link.to_string_lossy().into_owned();
    let out = crate::common::xqreg(&["fmt", &link]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let meta = std::fs::symlink_metadata(&link).expect("link");
    assert!(meta.file_type().is_symlink(), "the link became a file");
    assert_eq!(
        std::fs::read_to_string(&real).expect("read"),
        "regulation \"甲\" {}\n"
    );

    // A pipe a writer holds from before (as `<(cmd)` does), filled a moment later, then closed.
    let fifo = tmp.path().join("pipe.xqr");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let fifo = fifo.to_string_lossy().into_owned();
    let script = format!(
        "exec 3<>'{fifo}'; (sleep 1; printf '%s' '{loose}' >&3; sleep 1) & exec 3>&-; exec \"$0\" fmt '{fifo}'"
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_xqreg"))
        .env("LANG", "C")
        .output()
        .expect("run");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("not a regular file"), "{said}");
    let meta = std::fs::symlink_metadata(&fifo).expect("pipe");
    assert!(meta.file_type().is_fifo(), "the pipe became a file");
}

/// `simulate --trf DIR --save-roster CSV -o OUT` with OUT under a regular file (or a folder
/// that does not exist): exit 2 and nothing written. Before, the roster and the TRF files were
/// written first and left behind when `-o` failed.
#[test]
fn simulate_writes_no_trf_or_roster_when_its_output_cannot_be_written() {
    let tmp = tempfile::tempdir().expect("tmp");
    let plain = written(tmp.path(), "plain", "x");
    let trf = tmp.path().join("trf");
    let saved = tmp.path().join("saved.csv");
    let (trf_s, saved_s) = (
        trf.to_string_lossy().into_owned(),
        saved.to_string_lossy().into_owned(),
    );
    for out in [format!("{plain}/out.json"), format!("{plain}x/no/out.json")] {
        let args = [
            "simulate",
            "examples/001_nanning/regulation.xqr",
            "--roster",
            "examples/001_nanning/roster.csv",
            "--trf",
            &trf_s,
            "--save-roster",
            &saved_s,
            "-o",
            &out,
        ];
        let run = crate::common::xqreg(&args);
        let said = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{said}");
        assert!(said.contains("cannot write"), "{said}");
        assert!(!trf.exists(), "TRF files written: {said}");
        assert!(!saved.exists(), "the roster saved: {said}");
    }
    // `--trf` under a regular file: nothing written either.
    let out = tmp.path().join("out.json").to_string_lossy().into_owned();
    let under = format!("{plain}/trf");
    let run = crate::common::xqreg(&[
        "simulate",
        "examples/001_nanning/regulation.xqr",
        "--roster",
        "examples/001_nanning/roster.csv",
        "--trf",
        &under,
        "--save-roster",
        &saved_s,
        "-o",
        &out,
    ]);
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(!saved.exists() && !Path::new(&out).exists());
}

/// The twelve-player Swiss started as an event in `dir/ev`: its path.
fn swiss_event(dir: &Path) -> String {
    let reg = dir.join("reg.xqr");
    std::fs::write(&reg, SWISS).expect("write");
    let roster = dir.join("roster.csv");
    std::fs::write(&roster, roster12()).expect("write");
    let ev = dir.join("ev").to_string_lossy().into_owned();
    crate::common::event_new(&ev, &reg, &roster, 1);
    ev
}

/// A log entry deleted is a gap in the log's numbers, and the log begins with its one `new`
/// entry: `verify` refuses either (E836 at the entry). Before, the `new` entry deleted (the
/// record of what the event was started from) passed (scripts/damage/store.py, seed 209).
#[test]
fn verify_refuses_a_log_entry_deleted_the_new_one_too() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = swiss_event(tmp.path());
    crate::common::xqreg_ok(&["event", "pair", &ev]);
    crate::common::xqreg_ok(&["event", "verify", &ev]);
    let db = Path::new(&ev).join("event.sqlite");
    let saved = std::fs::read(&db).expect("store");
    for (sql, said) in [
        ("DELETE FROM log WHERE id = 1", "log entry 2: where entry 1 should be"),
        (
            "INSERT INTO log (command, changes, at) SELECT command, changes, at FROM log WHERE id = 1",
            "log entry 3: `new`, where the log begins with one `new` entry",
        ),
    ] {
        std::fs::write(&db, &saved).expect("restore");
        let c = rusqlite::Connection::open(&db).expect("open");
        c.execute(sql, []).expect("edit");
        drop(c);
        let out = crate::common::xqreg(&["event", "verify", &ev]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{sql}: {err}");
        assert!(err.contains("E836") && err.contains(said), "{sql}: {err}");
        assert!(err.contains("help"), "{sql}: {err}");
    }
}

/// Two prize tables paying one derived ranking (example 009's `nations`, and a second one): the
/// transcript line of each lists its own awards. Before, each line listed every award paid on
/// that ranking so far, the first table's too: 10 000 such tables (scripts/damage/regulation.py,
/// seed 209) wrote a transcript of gigabytes and ran for minutes.
#[test]
fn a_derived_ranking_prize_table_lists_its_own_awards() {
    let tmp = tempfile::tempdir().expect("tmp");
    let text =
        std::fs::read_to_string(root().join("examples/009_world_championship/regulation.xqr"))
            .expect("example");
    let reg = written(
        tmp.path(),
        "reg.xqr",
        &format!("{text}\nprizes nations \"团体纪念奖\" USD {{\n  1: 100\n}}\n"),
    );
    let out = crate::common::xqreg(&[
        "simulate",
        &reg,
        "--roster",
        "examples/009_world_championship/roster.csv",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let lines: Vec<&str> = v["transcript"]
        .as_array()
        .expect("transcript")
        .iter()
        .filter_map(|e| e["text"].as_str())
        .filter(|t| t.contains("(nations)"))
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("3000 USD"), "{lines:?}");
    assert!(
        lines[1].starts_with("团体纪念奖") && lines[1].contains("100 USD"),
        "{lines:?}"
    );
    assert!(
        !lines[1].contains("3000"),
        "the second table lists the first's: {lines:?}"
    );
}

/// `event enter` on an event whose regulation takes no late entries: E839 names the file it was
/// given, its place (scripts/damage/special.py, seed 209: the refusal had none).
#[test]
fn no_late_entry_names_the_file_given() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = swiss_event(tmp.path());
    let late = written(tmp.path(), "late.csv", "id,name\nq1,Late One\n");
    for (lang, said) in [
        ("en", "late.csv: the regulation allows no late entries"),
        ("zh", "late.csv：规程不允许补报"),
    ] {
        let out = crate::common::xqreg(&["event", "enter", &ev, &late, "--lang", lang]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("E839") && err.contains(said), "{err}");
    }
}

/// A game the two player lines of a TRF tell with results that do not answer each other (one
/// line a draw, the other a win for Black), the points column of each adding up: E813 at the
/// round. Before, only the opponent, the colours and whether it was played were compared, and
/// the pairing went on from the two results (scripts/damage/trf.py, seed 210).
#[test]
fn a_trf_game_whose_two_lines_give_results_that_do_not_answer_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let trf = std::fs::read_to_string(root().join("tests/fixtures/trf/t01-round-05.trf"))
        .expect("fixture");
    let line = trf
        .lines()
        .find(|l| l.starts_with("001    9 "))
        .expect("player 9");
    // Player 9 drew with 6 in round 4 (1.5 points): now a win (2.0), 6's line still a draw.
    let edited = line
        .replace("1.5    9", "2.0    9")
        .replace("6 b =", "6 b 1");
    assert_ne!(edited, line);
    let bad = written(tmp.path(), "bad.trf", &trf.replace(line, &edited));
    let out = crate::common::xqreg(&["pair", "--system", "dutch", &bad]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("E813") && err.contains("bad.trf:"), "{err}");
    assert!(err.contains("round 4"), "{err}");
}
