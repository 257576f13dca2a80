//! Outputs are safe: a closed stdout ends every command quietly (no panic, no exit 101), `-o`
//! naming an input is a usage error and leaves the input as it was, `check --format json` of a
//! missing file says so inside valid JSON, and `examples/x` and `./examples/x` give the same bytes.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::common::{root, xqreg_ok};

fn xqreg() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xqreg"));
    c.current_dir(root()).env("LANG", "C").env_remove("LC_ALL");
    c
}

const REG: &str = "examples/001_nanning/regulation.xqr";
const TRF: &str = "tests/fixtures/trf/t01-round-05.trf";

/// Run with stdout a pipe whose reading end is closed before the command writes.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = xqreg()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn xqreg");
    drop(child.stdout.take());
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    let status = child.wait().expect("wait");
    (status.code(), err)
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let cases: &[&[&str]] = &[
        &["test", "examples/003_xiexiaxun/open.xqr"],
        &[
            "test",
            "--format",
            "json",
            "examples/003_xiexiaxun/open.xqr",
        ],
        &["pair", "--system", "dutch", TRF],
        &["explain", "E102"],
        &["check", REG],
        &["sheet", REG],
        &["plan", REG],
        &["simulate", REG, "--seed", "1", "--format", "json"],
    ];
    for args in cases {
        let (code, err) = with_closed_stdout(args);
        assert!(
            !err.contains("panicked") && code != Some(101),
            "{args:?}: exit {code:?}\n{err}"
        );
        assert!(
            matches!(code, Some(0 | 1)),
            "{args:?}: exit {code:?}\n{err}"
        );
    }
}

#[test]
fn output_naming_an_input_is_a_usage_error() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_outputs");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let reg = dir.join("r.xqr");
    std::fs::copy(root().join(REG), &reg).expect("copy");
    let before = std::fs::read(&reg).expect("read");
    let reg_s = reg.to_string_lossy().into_owned();
    for cmd in [
        vec!["plan", &reg_s, "-o", &reg_s],
        vec!["sheet", &reg_s, "-o", &reg_s],
        vec!["simulate", &reg_s, "-o", &reg_s],
    ] {
        let o = xqreg().args(&cmd).output().expect("run");
        assert_eq!(o.status.code(), Some(2), "{cmd:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("names an input file"));
        assert_eq!(std::fs::read(&reg).expect("read"), before, "{cmd:?}");
    }
    // A written output leaves no temporary file beside it.
    let out = dir.join("plan.json");
    let o = xqreg()
        .args(["plan", &reg_s, "-o", &out.to_string_lossy()])
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(0));
    let left = xqreg::files::temporaries(&dir).expect("list");
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn check_json_of_a_missing_file_reports_it_inside_the_json() {
    let o = xqreg()
        .args(["check", "--format", "json", "no/such.xqr", REG])
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let io = v["io_errors"].as_array().expect("io_errors");
    assert_eq!(io.len(), 1);
    assert_eq!(io[0]["file"], "no/such.xqr");
    assert!(io[0]["message"].as_str().is_some_and(|m| !m.is_empty()));
}

#[test]
fn dot_slash_paths_give_the_same_bytes() {
    let bad = "tests/fixtures/roster/E805_misspelled_column.csv";
    let runs: &[&[&str]] = &[
        &[
            "check",
            "--format",
            "json",
            "examples/002_sichuan/amateur.xqr",
        ],
        &["plan", "examples/002_sichuan/amateur.xqr"],
        &[
            "simulate",
            "tests/fixtures/roster/groups.xqr",
            "--roster",
            bad,
        ],
    ];
    for args in runs {
        let dotted: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains('/') {
                    format!("./{}", a.replace("/fixtures/", "/./fixtures/"))
                } else {
                    (*a).to_string()
                }
            })
            .collect();
        let a = xqreg().args(*args).output().expect("run");
        let b = xqreg().args(&dotted).output().expect("run");
        assert_eq!(a.status.code(), b.status.code(), "{args:?}");
        assert_eq!(a.stdout, b.stdout, "{args:?}");
        assert_eq!(a.stderr, b.stderr, "{args:?}");
    }
}

/// A newcomer's finding: `-o` files were created 0600 whatever the umask (the temporary file's
/// mode), even over a 0644 file, so a published sheet was unreadable to a web server. A new file
/// gets the mode any program gives it under the umask; a replaced file keeps its own.
#[cfg(unix)]
#[test]
fn output_files_get_the_usual_mode() {
    use std::os::unix::fs::PermissionsExt as _;
    let mode =
        |p: &std::path::Path| std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_output_modes");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    // The mode a new file gets under this umask (the test's children inherit it).
    let reference = dir.join("reference");
    std::fs::write(&reference, "x").expect("write");
    let want = mode(&reference);
    let reg = root().join(REG).to_string_lossy().into_owned();
    for (cmd, name) in [
        (vec!["sheet", "--format", "html"], "sheet.html"),
        (vec!["plan"], "plan.json"),
        (vec!["simulate", "--seed", "1"], "simulate.txt"),
    ] {
        let out = dir.join(name);
        let write = || {
            let o = xqreg()
                .args(&cmd)
                .args([reg.as_str(), "-o", &out.to_string_lossy()])
                .output()
                .expect("run");
            assert_eq!(o.status.code(), Some(0), "{cmd:?}");
        };
        write();
        assert_eq!(mode(&out), want, "{cmd:?}: a new file");
        // Written again over a file of another mode: the file keeps its mode.
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        write();
        assert_eq!(mode(&out), 0o640, "{cmd:?}: a replaced file");
    }
}

/// `simulate --runs` of a Swiss, where no match has a playoff, printed the heading "Matches
/// decided by playoff step" over nothing; an empty section is left out. A knockout still has it.
#[test]
fn runs_leave_out_an_empty_section() {
    let heading = "Matches decided by playoff step";
    let run = |reg: &str| {
        let o = xqreg()
            .args(["simulate", reg, "--runs", "2", "--lang", "en"])
            .output()
            .expect("run");
        assert_eq!(o.status.code(), Some(0), "{reg}");
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let swiss = run(REG);
    assert!(!swiss.contains(heading), "{swiss}");
    let knockout = run("examples/006_knockout_cup/regulation.xqr");
    assert!(knockout.contains(heading), "{knockout}");
}

/// The JSON of a run names a team match's boards by their match (`"match": "北京 v 上海"`), not
/// as a group; a group's games keep `group`.
#[test]
fn simulate_json_names_a_team_match_a_match() {
    let games = first_stage_games("examples/008_team_qualifier/regulation.xqr");
    assert!(!games.is_empty());
    for g in &games {
        assert!(g.get("group").is_none(), "{g}");
        let m = g["match"].as_str().expect("a board names its match");
        assert!(m.contains(" v "), "{m}");
    }
    let games = first_stage_games("examples/004_zhouzhuang/regulation.xqr");
    assert!(games
        .iter()
        .all(|g| g["group"].is_string() && g.get("match").is_none()));
}

/// The games of the first stage in the JSON of `simulate --seed 1`.
fn first_stage_games(regulation: &str) -> Vec<serde_json::Value> {
    let out = xqreg_ok(&["simulate", regulation, "--seed", "1", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    v["stages"][0]["games"].as_array().expect("games").clone()
}

/// `simulate --runs` of a team event ranks the winning team among the teams, by their players'
/// mean rating (it looked the team up among the players, found none, and put every winner at
/// the field's size plus one: 49 of 48 players in 008).
#[test]
fn runs_of_a_team_event_rank_the_winner_among_the_teams() {
    let out = xqreg_ok(&[
        "simulate",
        "examples/008_team_qualifier/regulation.xqr",
        "--seed",
        "1",
        "--runs",
        "8",
        "--lang",
        "en",
    ]);
    let table = out
        .split("Finished first, by rating rank in the field")
        .nth(1)
        .expect("the table of winners");
    let ranks: Vec<u32> = table
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(!ranks.is_empty(), "{out}");
    // 12 teams are assumed (`assume field 12`).
    assert!(ranks.iter().all(|r| (1..=12).contains(r)), "{out}");
}
