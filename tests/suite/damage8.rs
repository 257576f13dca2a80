//! Findings of the damage fuzzers' session `damage8` (scripts/damage/README.md): outputs and
//! event stores a user may not write. The fuzzers ran as root, whom no file mode stops; these
//! tests run xqreg as a user the modes do stop: this process when it is not root, else `nobody`
//! through `setpriv` (skipped, saying so, where neither is possible).

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{root, written};
use crate::event_inputs::{roster12, SWISS};

#[cfg(unix)]
const NOBODY: u32 = 65534;

/// Whether this process is root (`id -u` is 0).
#[cfg(unix)]
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `xqreg` as `nobody` (through `setpriv`), or as this process when it is not root.
#[cfg(unix)]
fn xqreg_unprivileged() -> Command {
    let bin = env!("CARGO_BIN_EXE_xqreg");
    if !is_root() {
        return Command::new(bin);
    }
    let mut c = Command::new("setpriv");
    c.args([
        &format!("--reuid={NOBODY}"),
        &format!("--regid={NOBODY}"),
        "--clear-groups",
        "--",
        bin,
    ]);
    c
}

/// `xqreg ARGS` as a user file modes stop: this process, or (as root) `nobody`. None when root
/// cannot become `nobody` (no `setpriv`, or the binary out of its reach).
#[cfg(unix)]
fn unprivileged(args: &[&str]) -> Option<Output> {
    let can = xqreg_unprivileged()
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !can {
        eprintln!("skipped: root cannot run xqreg as nobody here (setpriv)");
        return None;
    }
    Some(
        xqreg_unprivileged()
            .args(args)
            .current_dir(root())
            .env("LANG", "C")
            .output()
            .expect("run xqreg"),
    )
}

/// `path` (and what is under it) given to the user [`unprivileged`] runs as: theirs, to write.
#[cfg(unix)]
fn give(path: &Path) {
    if !is_root() {
        return;
    }
    let mut all = vec![path.to_path_buf()];
    let mut i = 0;
    while i < all.len() {
        if all[i].is_dir() {
            for e in std::fs::read_dir(&all[i]).expect("list").flatten() {
                all.push(e.path());
            }
        }
        i += 1;
    }
    for p in all {
        std::os::unix::fs::chown(&p, Some(NOBODY), Some(NOBODY)).expect("chown");
    }
}

/// A folder for the test that the unprivileged user can reach, with `ok/` theirs to write and
/// `ro/` (mode 0555) nobody's to write.
#[cfg(unix)]
fn folders() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt as _;
    let tmp = tempfile::tempdir().expect("tmp");
    let mode = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
    };
    mode(tmp.path(), 0o755);
    let (ok, ro) = (tmp.path().join("ok"), tmp.path().join("ro"));
    std::fs::create_dir(&ok).expect("mkdir");
    std::fs::create_dir(&ro).expect("mkdir");
    give(&ok);
    give(&ro);
    mode(&ro, 0o555);
    (tmp, ok, ro)
}

/// `simulate --trf DIR --save-roster CSV -o OUT` with OUT (or DIR, or CSV) in a folder the user
/// may not write: exit 2 naming it, and none of the other outputs written. Before, the folder's
/// mode was not looked at: the TRF files and the saved roster were written, then `-o` failed
/// (scripts/damage/readonly.py, seed 212).
#[cfg(unix)]
#[test]
fn simulate_writes_nothing_when_one_output_is_in_a_folder_it_may_not_write() {
    let (_tmp, ok, ro) = folders();
    let s = |p: std::path::PathBuf| p.to_string_lossy().into_owned();
    let (trf, saved, out) = (ok.join("trf"), ok.join("saved.csv"), ok.join("out.txt"));
    let cases = [
        (s(trf.clone()), s(saved.clone()), s(ro.join("out.txt"))),
        (s(trf.clone()), s(ro.join("saved.csv")), s(out.clone())),
        (s(ro.join("trf")), s(saved.clone()), s(out.clone())),
    ];
    for (t, r, o) in &cases {
        let args = [
            "simulate",
            "examples/001_nanning/regulation.xqr",
            "--players",
            "24",
            "--seed",
            "2",
            "--trf",
            t,
            "--save-roster",
            r,
            "-o",
            o,
        ];
        let Some(run) = unprivileged(&args) else {
            return;
        };
        let said = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("/ro/"), "names the folder: {said}");
        for p in [&trf, &saved, &out] {
            assert!(!p.exists(), "{args:?} wrote {}: {said}", p.display());
        }
    }
}

/// A command that writes an event whose store it may not write (the store another user's, its
/// folder read-only so no journal can be made, or a hot journal nobody may roll back): exit 2
/// naming the store, the store as it was. Before, the reason came without the path ("the event
/// store: attempt to write a readonly database"; readonly.py, seed 212).
#[cfg(unix)]
#[test]
fn a_store_that_cannot_be_written_is_named_and_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt as _;
    let (tmp, ok, _ro) = folders();
    let reg = written(&ok, "reg.xqr", SWISS);
    let roster = written(&ok, "roster.csv", &roster12());
    let ev = ok.join("ev");
    let ev_s = ev.to_string_lossy().into_owned();
    crate::common::event_new(&ev_s, Path::new(&reg), Path::new(&roster), 1);
    crate::common::xqreg_ok(&["event", "pair", &ev_s]);
    give(&ev);
    std::fs::set_permissions(&ev, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    let store = ev.join("event.sqlite");
    let before = std::fs::read(&store).expect("store");
    let Some(run) = unprivileged(&["event", "result", &ev_s, "main", "1", "1", "1-0"]) else {
        return;
    };
    let said = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&store.to_string_lossy().into_owned()),
        "names the store: {said}"
    );
    assert_eq!(std::fs::read(&store).expect("store"), before, "{said}");
    // Read, it is the event: `status` and `games` need no journal.
    let run = unprivileged(&["event", "games", &ev_s]).expect("ran before");
    assert!(run.status.success(), "{run:?}");
    std::fs::set_permissions(&ev, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    drop(tmp);
}
