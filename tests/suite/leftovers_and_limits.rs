//! What a kill leaves is removed by the next write, and only that (docs/event.md, "Files a kill
//! leaves"); and an input larger than its kind of file is refused before it is read (E016 for a
//! regulation past 4 MiB, E860 for a roster, results or TRF file past 8 MiB). The big files are
//! made here, never committed.

use std::fs::File;
use std::path::Path;

use crate::common::{root, written, xqreg, xqreg_ok as ok};
use crate::event_inputs::{roster12, SWISS};

/// Exit 1 with `code`, a help line and the place `at` (a `file:line:col`): what it said.
fn refused(args: &[&str], code: &str, at: &str) -> String {
    let out = xqreg(args);
    // `check` reports on stdout, the others on stderr.
    let err =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    let help = err.contains("help:") || err.contains("帮助：");
    assert!(err.contains(code) && help, "{args:?}: {err}");
    assert!(err.contains(at), "{args:?}: no place `{at}`: {err}");
    err
}

/// An empty file `name` in `dir`, locked as a writer of ours holds its temporary: the lock
/// lasts as long as the file returned.
fn claimed(dir: &Path, name: &str) -> File {
    let f = File::create(dir.join(name)).expect("create");
    f.try_lock().expect("lock");
    f
}

/// A `.xqreg-*.tmp` a killed write left beside its target is removed by the next write into
/// that directory; one another process holds (still being written) is kept, and so is every
/// file not named as our temporaries are. Before, they piled up (scripts/damage/interrupt.py
/// counted 31 in 800 kills).
#[test]
fn a_temporary_left_by_a_kill_is_removed_by_the_next_write_and_one_being_written_kept() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "reg.xqr", SWISS);
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    std::fs::write(out.join(".xqreg-a1B2c3.tmp"), "half a sheet").expect("write");
    std::fs::write(out.join("notes.tmp"), "mine").expect("write");
    std::fs::write(out.join(".xqreg-notes"), "mine").expect("write");
    let busy = claimed(&out, ".xqreg-busy.tmp");
    let sheet = out.join("sheet.html").to_string_lossy().into_owned();
    ok(&["sheet", &reg, "--format", "html", "-o", &sheet]);
    let left = |name: &str| out.join(name).exists();
    assert!(!left(".xqreg-a1B2c3.tmp"), "the leftover is still there");
    assert!(
        left(".xqreg-busy.tmp"),
        "a temporary being written was removed"
    );
    assert!(left("notes.tmp") && left(".xqreg-notes") && left("sheet.html"));
    drop(busy);
    ok(&["sheet", &reg, "--format", "html", "-o", &sheet]);
    assert!(
        !left(".xqreg-busy.tmp"),
        "a leftover no longer written is kept"
    );
}

/// `event new` builds the store as `.event.sqlite.new` and links it to `event.sqlite`: a kill
/// between the link and the removal of the name left the name (a second link to the store),
/// and a kill before the link a half store with its journal where no `event new` ran again.
/// The next command removes the one, `event new` the other; a `.event.sqlite.new` another
/// `event new` is building (claimed) is kept, and that `event new` is left to finish.
#[test]
fn the_store_an_event_new_left_half_built_is_removed_and_one_being_built_kept() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "reg.xqr", SWISS);
    let csv = written(tmp.path(), "roster.csv", &roster12());
    let new = |ev: &str| xqreg(&["event", "new", ev, "--regulation", &reg, "--roster", &csv]);
    let ev = tmp.path().join("linked");
    let ev_s = ev.to_string_lossy().into_owned();
    assert!(new(&ev_s).status.success());
    let status = ok(&["event", "status", &ev_s]);
    std::fs::hard_link(ev.join("event.sqlite"), ev.join(".event.sqlite.new")).expect("link");
    assert_eq!(ok(&["event", "status", &ev_s]), status);
    assert!(
        !ev.join(".event.sqlite.new").exists(),
        "the second link is left"
    );

    let ev = tmp.path().join("half");
    std::fs::create_dir(&ev).expect("mkdir");
    std::fs::write(ev.join(".event.sqlite.new"), "SQLite format 3\0half").expect("write");
    std::fs::write(ev.join(".event.sqlite.new-journal"), "journal").expect("write");
    let ev_s = ev.to_string_lossy().into_owned();
    assert!(new(&ev_s).status.success());
    ok(&["event", "verify", &ev_s]);
    let names: Vec<String> = std::fs::read_dir(&ev)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["event.sqlite"]);

    let ev = tmp.path().join("busy");
    std::fs::create_dir(&ev).expect("mkdir");
    let busy = claimed(&ev, ".event.sqlite.new");
    let ev_s = ev.to_string_lossy().into_owned();
    let args = [
        "event",
        "new",
        &ev_s,
        "--regulation",
        &reg,
        "--roster",
        &csv,
    ];
    // Refused as input (E854, exit 1), no longer an I/O error without a code ("File exists").
    let said = refused(&args, "E854", "busy/.event.sqlite.new");
    assert!(said.contains("another `xqreg event new`"), "{said}");
    assert!(ev.join(".event.sqlite.new").exists() && !ev.join("event.sqlite").exists());
    drop(busy);
    assert!(new(&ev_s).status.success());
    // The race lost the other way: the directory holds the event the other one built.
    let said = refused(&args, "E854", "busy/event.sqlite");
    assert!(said.contains("already holds an event"), "{said}");
    let mut zh = args.to_vec();
    zh.extend(["--lang", "zh"]);
    let said = refused(&zh, "E854", "busy/event.sqlite");
    assert!(said.contains("中已有一场赛事"), "{said}");
    ok(&["event", "verify", &ev_s]);
}

/// `event publish -o SITE` writes the site into `.SITE.publishing` and swaps it in. One a killed
/// publish left is removed by the next; one another publish holds (its flock, taken at its
/// creation) is its own: this publish stops with E855 and changes nothing. Before, it was removed
/// whatever held it, the other publish's pages under its feet.
#[test]
fn a_site_being_published_is_left_to_its_publish_and_one_left_by_a_kill_removed() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "reg.xqr", SWISS);
    let csv = written(tmp.path(), "roster.csv", &roster12());
    let ev = tmp.path().join("ev").to_string_lossy().into_owned();
    ok(&["event", "new", &ev, "--regulation", &reg, "--roster", &csv]);
    let site = tmp.path().join("site");
    let site_s = site.to_string_lossy().into_owned();
    let side = tmp.path().join(".site.publishing");
    let publish = ["event", "publish", &ev, "-o", &site_s];
    // Left by a kill: nobody holds it.
    std::fs::create_dir_all(side.join("en")).expect("mkdir");
    std::fs::write(side.join("en/index.html"), "half a page").expect("write");
    ok(&publish);
    assert!(!side.exists(), "the leftover is still there");
    let page = std::fs::read(site.join("index.html")).expect("published");

    // Held: another publish is writing it.
    std::fs::create_dir_all(side.join("en")).expect("mkdir");
    std::fs::write(side.join("en/index.html"), "being written").expect("write");
    let held = File::open(&side).expect("open the directory");
    held.try_lock().expect("lock");
    let said = refused(&publish, "E855", ".site.publishing");
    assert!(said.contains("another `xqreg event publish`"), "{said}");
    assert_eq!(
        std::fs::read_to_string(side.join("en/index.html")).expect("kept"),
        "being written",
        "the other publish's pages were touched"
    );
    assert_eq!(std::fs::read(site.join("index.html")).expect("site"), page);
    drop(held);
    ok(&publish);
    assert!(!side.exists(), "a leftover no longer held is kept");

    // SITE a file of the user's: not swapped aside for the site (it was, exit 2 after).
    let file = tmp.path().join("notes.txt");
    std::fs::write(&file, "mine").expect("write");
    let out = xqreg(&["event", "publish", &ev, "-o", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "mine");
    assert!(!tmp.path().join(".notes.txt.publishing").exists());
}

/// A regulation past 4 MiB (a real one is tens of kilobytes) is E016 at the last character within
/// it, by `check`, `plan`, `sheet`, `fmt`, `simulate` and `event new` alike, and nothing is
/// written: a file of 120 MB took over a minute to become a PDF. One of 4 MiB exactly is read.
#[test]
fn a_regulation_past_4_mib_is_refused_by_every_command_that_reads_one() {
    let tmp = tempfile::tempdir().expect("tmp");
    let most = 4 << 20;
    let line = "// 这一行只是填充 padding\n";
    let mut text = SWISS.to_string();
    while text.len() + line.len() <= most {
        text.push_str(line);
    }
    text.push_str(&"/".repeat(most - text.len()));
    assert_eq!(text.len(), most);
    let exact = written(tmp.path(), "exact.xqr", &text);
    ok(&["check", &exact]);
    text.push('\n');
    let big = written(tmp.path(), "big.xqr", &text);
    // The line where the 4 MiB end: the last of the file but its line break.
    let at = format!("big.xqr:{}:", text.lines().count());
    let csv = written(tmp.path(), "roster.csv", &roster12());
    let sheet = tmp.path().join("sheet.pdf").to_string_lossy().into_owned();
    let plan = tmp.path().join("plan.json").to_string_lossy().into_owned();
    let ev = tmp.path().join("ev").to_string_lossy().into_owned();
    for args in [
        vec!["check", &big],
        vec!["plan", &big, "-o", &plan],
        vec!["sheet", &big, "--format", "pdf", "-o", &sheet],
        vec!["fmt", &big],
        vec!["simulate", &big, "--roster", &csv],
        vec!["event", "new", &ev, "--regulation", &big, "--roster", &csv],
    ] {
        let err = refused(&args, "E016", &at);
        assert!(err.len() < 5_000, "{args:?}: {} bytes said", err.len());
    }
    let said = refused(&["check", &big, "--lang", "zh"], "E016", &at);
    assert!(said.contains("超过规程文件的上限"), "{said}");
    assert_eq!(
        std::fs::read_to_string(&big).expect("read"),
        text,
        "fmt rewrote it"
    );
    for out in [&sheet, &plan, &ev] {
        assert!(!Path::new(out).exists(), "{out} written");
    }
}

/// A roster, results or TRF file past 8 MiB is E860 before it is read: 8 MiB of blank lines
/// after good rows were read, and the rows behind them would have been paired however many.
#[test]
fn a_roster_results_or_trf_file_past_8_mib_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let padding = "\n".repeat((8 << 20) + 1);
    let reg = written(tmp.path(), "reg.xqr", SWISS);
    let roster = written(tmp.path(), "roster.csv", &roster12());
    let big_roster = written(tmp.path(), "big.csv", &(roster12() + &padding));
    let results = written(
        tmp.path(),
        "results.csv",
        &format!("stage,round,board,red,black,result\n{padding}"),
    );
    let trf = std::fs::read_to_string(root().join("tests/fixtures/trf/t01-round-05.trf"))
        .expect("fixture");
    ok(&[
        "pair",
        "--system",
        "dutch",
        &written(tmp.path(), "t01.trf", &trf),
    ]);
    let big_trf = written(tmp.path(), "big.trf", &(trf + &padding));
    let ev = tmp.path().join("ev").to_string_lossy().into_owned();
    for (args, at) in [
        (vec!["simulate", &reg, "--roster", &big_roster], "big.csv:"),
        (
            vec!["simulate", &reg, "--roster", &roster, "--results", &results],
            "results.csv:",
        ),
        (vec!["pair", "--system", "dutch", &big_trf], "big.trf:"),
        (
            vec![
                "event",
                "new",
                &ev,
                "--regulation",
                &reg,
                "--roster",
                &big_roster,
            ],
            "big.csv:",
        ),
    ] {
        let err = refused(&args, "E860", at);
        assert!(err.len() < 5_000, "{args:?}: {} bytes said", err.len());
    }
    assert!(!Path::new(&ev).join("event.sqlite").exists());
}
