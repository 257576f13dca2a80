//! Helpers shared by the suite: where things are, listing files, fixture headers.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use xqreg::diagnostics::render::{self, Format, Options};
use xqreg::diagnostics::Lang;
use xqreg::driver::FileReport;

/// The `xqreg` binary run from the workspace root in the C locale (English unless `--lang`).
pub fn xqreg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(args)
        .current_dir(root())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .output()
        .expect("run xqreg")
}

/// `file` checks without an error or a warning (and without a warning in each language of
/// `clean_in`: `--lang en` adds W701 for a text without English), is accepted in English and in
/// Chinese, and its scenario tests pass: the report of `xqreg test`, for the count a caller
/// expects.
pub fn checks_clean_and_passes(file: &str, clean_in: &[&str]) -> String {
    let out = xqreg(&["check", "--format", "plain", file]);
    assert_phrases(
        &String::from_utf8_lossy(&out.stdout),
        &["0 errors, 0 warnings"],
        &[],
    );
    for lang in ["en", "zh"] {
        let out = xqreg(&["check", "--format", "plain", "--lang", lang, file]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{file}: {text}");
        if clean_in.contains(&lang) {
            let clean = if lang == "zh" {
                "0 个错误，0 个警告"
            } else {
                "0 errors, 0 warnings"
            };
            assert_phrases(&text, &[clean], &[]);
        }
    }
    let ran = xqreg_ok(&["test", file]);
    assert_phrases(&ran, &[" passed, 0 failed"], &["FAIL"]);
    ran
}

/// Each of a newcomer's regulations (file, players to simulate) checks without an error or a
/// warning in Chinese and in English, its scenario tests pass (at least one), and it runs on a
/// generated field of that size.
pub fn each_checks_clean_passes_and_runs(files: &[(&str, &str)]) {
    for (file, players) in files {
        let ran = checks_clean_and_passes(file, &["en", "zh"]);
        assert_phrases(&ran, &[], &["\n0 passed"]);
        xqreg_ok(&["simulate", file, "--players", players, "--seed", "3"]);
    }
}

/// The text of the regulation `file` (under the repository) with `from` replaced by `to`,
/// which must occur.
pub fn edited(file: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(root().join(file)).expect("reads");
    assert!(text.contains(from), "{file} has no {from:?}");
    text.replacen(from, to, 1)
}

/// `xqreg args`, which must succeed: its standard output.
pub fn xqreg_ok(args: &[&str]) -> String {
    let out = xqreg(args);
    assert_success(&out, &format!("xqreg {args:?} failed: "));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The Markdown sheet `xqreg sheet FILE --lang LANG` prints (which must succeed) says every
/// phrase of `present` and none of `absent`.
pub fn sheet_md_says(file: &str, lang: &str, present: &[&str], absent: &[&str]) {
    let sheet = xqreg_ok(&["sheet", file, "--lang", lang, "--format", "md"]);
    assert_phrases(&sheet, present, absent);
}

/// `event result EV STAGE ROUND BOARD RESULT` for each (board, result) of `round`.
pub fn record(ev: &str, (stage, round): (&str, u32), results: &[(u32, &str)]) {
    let round = round.to_string();
    for (board, result) in results {
        let board = board.to_string();
        xqreg_ok(&["event", "result", ev, stage, &round, &board, result]);
    }
}

/// `event withdraw EV WHO --stage STAGE --after ROUND`, which must succeed: what it said.
pub fn withdraw(ev: &str, who: &str, stage: &str, after: u32) -> String {
    let after = after.to_string();
    xqreg_ok(&[
        "event", "withdraw", ev, who, "--stage", stage, "--after", &after,
    ])
}

/// `text` written to `dir/name`: the file's path, as a command line takes it.
pub fn written(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    path.to_string_lossy().into_owned()
}

/// The `changes` of the event store's `nth` (from 0) `pair` log entry rewritten by `edit`, as a
/// store edited outside xqreg holds them.
pub fn edit_pair_log(
    db: &rusqlite::Connection,
    nth: u32,
    edit: impl FnOnce(&mut serde_json::Value),
) {
    let (log_id, changes): (i64, String) = db
        .query_row(
            "SELECT id, changes FROM log WHERE command = 'pair' ORDER BY id LIMIT 1 OFFSET ?1",
            [nth],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("the pair's log entry");
    let mut v: serde_json::Value = serde_json::from_str(&changes).expect("JSON");
    edit(&mut v);
    db.execute(
        "UPDATE log SET changes = ?1 WHERE id = ?2",
        rusqlite::params![v.to_string(), log_id],
    )
    .expect("edits the log");
}

/// `xqreg event new EV --regulation REG --roster ROSTER ARGS`: the command's output.
pub fn event_new_output(ev: &str, reg: &Path, roster: &Path, args: &[&str]) -> Output {
    let (reg, roster) = (reg.to_string_lossy(), roster.to_string_lossy());
    let new = [
        "event",
        "new",
        ev,
        "--regulation",
        &reg,
        "--roster",
        &roster,
    ];
    xqreg(&[&new[..], args].concat())
}

/// `xqreg event new EV --regulation REG --roster ROSTER --seed SEED`, which must succeed.
pub fn event_new(ev: &str, reg: &Path, roster: &Path, seed: u64) {
    let out = event_new_output(ev, reg, roster, &["--seed", &seed.to_string()]);
    assert_success(&out, &format!("xqreg event new {ev} failed: "));
}

/// A live event in `dir/ev` (its folder returned) on the roster that `simulate REGULATION
/// [--players N] --seed S` generates, saved as `dir/roster.csv`, opened with the same seed.
pub fn generated_event(dir: &Path, regulation: &str, players: Option<&str>, seed: u64) -> String {
    let roster = dir.join("roster.csv");
    let (seed_text, saved) = (seed.to_string(), roster.to_string_lossy().into_owned());
    let mut args = vec!["simulate", regulation, "--seed", &seed_text];
    if let Some(n) = players {
        args.extend(["--players", n]);
    }
    args.extend(["--save-roster", &saved]);
    xqreg_ok(&args);
    let ev = dir.join("ev").to_string_lossy().into_owned();
    event_new(&ev, &root().join(regulation), &roster, seed);
    ev
}

/// Every game of the event still waiting recorded as a draw, through the results file
/// `dir/NAME`.
pub fn draw_waiting(ev: &str, dir: &Path, name: &str) {
    let waiting = xqreg_ok(&["event", "games", ev, "--waiting", "--format", "csv"]);
    let file = written(dir, name, &all_drawn(&waiting));
    xqreg_ok(&["event", "result", ev, &file]);
}

/// `xqreg COMMAND FILE ARGS`, FILE being `regulation` written to a temporary folder.
pub fn xqreg_on(command: &str, regulation: &str, args: &[&str]) -> Output {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "regulation.xqr", regulation);
    let mut all = vec![command, &reg];
    all.extend_from_slice(args);
    xqreg(&all)
}

/// [`xqreg_on`], which must succeed: its standard output.
pub fn xqreg_on_ok(command: &str, regulation: &str, args: &[&str]) -> String {
    let out = xqreg_on(command, regulation, args);
    assert_success(&out, &format!("xqreg {command} {args:?} failed: "));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `xqreg check` of `regulation`: its exit code and all it wrote (standard error, then output).
pub fn check_of(regulation: &str) -> (Option<i32>, String) {
    let out = xqreg_on("check", regulation, &[]);
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    (out.status.code(), text)
}

/// `xqreg check` of `regulation`, which must exit with `code`: all it wrote (see [`check_of`]).
pub fn check_exits(regulation: &str, code: i32) -> String {
    let (status, text) = check_of(regulation);
    assert_eq!(status, Some(code), "{text}");
    text
}

/// `xqreg simulate REGULATION --roster ROSTER ARGS` with both written to a temporary folder.
fn simulate_in_tmp(regulation: &str, roster: &str, args: &[&str]) -> Output {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "regulation.xqr", regulation);
    let csv = written(tmp.path(), "roster.csv", roster);
    let mut all = vec!["simulate", &reg, "--roster", &csv];
    all.extend_from_slice(args);
    xqreg(&all)
}

/// `simulate` of `regulation` on `roster` in a temporary folder: exit code, stdout, stderr.
pub fn simulate_roster(
    regulation: &str,
    roster: &str,
    lang: &str,
) -> (Option<i32>, String, String) {
    let out = simulate_in_tmp(regulation, roster, &["--lang", lang, "--color", "never"]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `simulate` of `regulation` on `roster` refused with `code`, `times` times: exit 1, nothing
/// simulated; the report as one line.
pub fn refused(regulation: &str, roster: &str, lang: &str, code: &str, times: usize) -> String {
    let (status, out, err) = simulate_roster(regulation, roster, lang);
    let err = one_line(&err);
    assert_eq!(status, Some(1), "{out}{err}");
    assert!(out.is_empty(), "nothing simulated: {out}");
    assert_eq!(err.matches(code).count(), times, "{err}");
    err
}

/// A roster CSV without the rows of the players `ids` (each row ends with a newline).
pub fn without_rows(roster: &str, ids: &[&str]) -> String {
    roster
        .lines()
        .filter(|l| !ids.iter().any(|id| l.starts_with(&format!("{id},"))))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The command of `out` succeeded; a failure says `what` then the command's stderr.
pub fn assert_success(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `text` (a sheet, a report) says every phrase of `present` and none of `absent`; a failure
/// names the phrase and shows `text`.
pub fn assert_phrases(text: &str, present: &[&str], absent: &[&str]) {
    for phrase in present {
        assert!(text.contains(phrase), "missing {phrase:?} in:\n{text}");
    }
    for phrase in absent {
        assert!(!text.contains(phrase), "unwanted {phrase:?} in:\n{text}");
    }
}

/// A diagnostic report read as one line: the renderer wraps long messages behind `│`.
pub fn one_line(report: &str) -> String {
    report
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `simulate` of `regulation` on `roster` (CSV) with `args` and `--format json`, which must
/// succeed (`what` names it in the failure): the JSON it writes.
pub fn simulated_json(
    regulation: &str,
    roster: &str,
    args: &[&str],
    what: &str,
) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = simulate_in_tmp(regulation, roster, &all);
    assert_success(&out, &format!("{what}: "));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// `simulate REGULATION --players N --seed S --format json`, read as JSON.
pub fn generated_run(regulation: &str, players: &str, seed: &str) -> serde_json::Value {
    let args = [
        "simulate",
        regulation,
        "--players",
        players,
        "--seed",
        seed,
        "--format",
        "json",
    ];
    serde_json::from_str(&xqreg_ok(&args)).expect("json")
}

/// The standings of the first group of stage `stage` when `simulate` plays `regulation` (a file)
/// on a generated roster of `players` with `seed`; the run must succeed.
pub fn generated_standings(
    regulation: &str,
    players: &str,
    seed: &str,
    stage: &str,
) -> Vec<serde_json::Value> {
    let v = generated_run(regulation, players, seed);
    let found = v["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .find(|s| s["name"] == stage)
        .unwrap_or_else(|| panic!("no stage `{stage}`"));
    found["groups"][0]["standings"]
        .as_array()
        .expect("standings")
        .clone()
}

/// The first stage's games of `simulate` on `regulation` with `roster` (CSV), as (round, red,
/// black) ids; the run must succeed (`what` names it in the failure).
pub fn simulated_games(regulation: &str, roster: &str, what: &str) -> Vec<(u64, String, String)> {
    let v = simulated_json(regulation, roster, &[], what);
    v["stages"][0]["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| {
            let id = |side: &str| g[side].as_str().unwrap_or_default().to_string();
            (g["round"].as_u64().unwrap_or(0), id("red"), id("black"))
        })
        .collect()
}

/// `simulate` of `regulation` on `roster` refused in both languages: `code` at each of `cells`
/// (row, column) and at no other, the English report saying each of `en` and the Chinese each
/// of `zh`. Returns the English report as one line, for whatever else a test asks of it.
pub fn refused_at(
    regulation: &str,
    roster: &str,
    code: &str,
    cells: &[(usize, &str)],
    en: &[&str],
    zh: &[&str],
) -> String {
    let err = refused(regulation, roster, "en", code, cells.len());
    for (row, column) in cells {
        let cell = format!("row {row}, column `{column}`");
        assert!(err.contains(&cell), "{cell}: {err}");
    }
    for says in en {
        assert!(err.contains(says), "{says}: {err}");
    }
    let (status, _, report) = simulate_roster(regulation, roster, "zh");
    let report = one_line(&report);
    assert_eq!(status, Some(1), "{report}");
    for says in zh {
        assert!(report.contains(says), "{says}: {report}");
    }
    err
}

/// `simulate` of `regulation` on `roster` runs (exit 0): its standard output.
pub fn runs(regulation: &str, roster: &str) -> String {
    let (status, out, err) = simulate_roster(regulation, roster, "en");
    assert_eq!(status, Some(0), "{out}{err}");
    out
}

/// The workspace root (the compiler crate's parent).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Every file under `dir` (recursively) whose name ends with `ext`, sorted.
pub fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A path relative to the workspace root with `/` separators: how files are named in output.
pub fn rel(path: &Path) -> String {
    let r = path.strip_prefix(root()).unwrap_or(path);
    r.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// The examples: `examples/*/*.xqr`.
/// `each` run on every example in its own thread (the examples are independent), the results in
/// the examples' order; a panic in one fails the test.
pub fn on_each_example<T: Send>(each: fn(&Path) -> T) -> Vec<T> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = examples()
            .into_iter()
            .map(|path| scope.spawn(move || each(&path)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    })
}

/// The scenario tests of a file, or None (and a failure line) when the file has errors and
/// its tests did not run.
pub fn scenario_outcomes(
    name: &str,
    bytes: &[u8],
    failures: &mut Vec<String>,
) -> Option<Vec<xqreg::run::scenario::ScenarioOutcome>> {
    match xqreg::run::scenario::run_file(name, bytes) {
        Ok(o) => Some(o),
        Err(_) => {
            failures.push(format!(
                "{name}: the file has errors; its tests did not run"
            ));
            None
        }
    }
}

pub fn examples() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = files_under(&root().join("examples"), "xqr")
        .into_iter()
        .filter(|p| {
            p.parent()
                .and_then(|d| d.parent())
                .is_some_and(|d| d == root().join("examples"))
        })
        .collect();
    out.sort();
    out
}

/// What a fixture's header says it expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// `// expect: E101 W402` (or `// expect: none`): the exact set of codes.
    pub expect: BTreeSet<String>,
    /// `// lang: en zh`: also snapshot the Chinese rendering.
    pub zh: bool,
    /// `// check: --lang en`: checked as `xqreg check --lang en` checks (W701 included).
    pub english: bool,
}

/// Read the header comment lines at the top of a fixture. `None` when there is no `expect`
/// line: a fixture without one is a mistake the fixture test reports.
pub fn header(text: &str) -> Option<Header> {
    let mut expect = None;
    let mut zh = false;
    let mut english = false;
    for line in text.lines() {
        let Some(body) = line.trim().strip_prefix("//") else {
            break;
        };
        let body = body.trim();
        if let Some(codes) = body.strip_prefix("expect:") {
            expect = Some(
                codes
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|c| !c.is_empty() && *c != "none")
                    .map(str::to_string)
                    .collect(),
            );
        } else if let Some(langs) = body.strip_prefix("lang:") {
            zh = langs.split_whitespace().any(|l| l == "zh");
        } else if let Some(flags) = body.strip_prefix("check:") {
            english = flags.split_whitespace().collect::<Vec<_>>() == ["--lang", "en"];
        }
    }
    expect.map(|expect| Header {
        expect,
        zh,
        english,
    })
}

/// The codes of a report, as a set.
pub fn codes(report: &FileReport) -> BTreeSet<String> {
    report
        .diagnostics
        .iter()
        .map(|d| d.code.code.to_string())
        .collect()
}

/// Render one report.
pub fn render_one(format: Format, report: &FileReport, lang: Lang) -> String {
    render::render(
        format,
        std::slice::from_ref(report),
        Options { lang, color: false },
    )
}

#[test]
fn header_is_read() {
    let h = header("// expect: E101, W402\n// lang: en zh\nstage x {}\n// expect: E999\n");
    let want: BTreeSet<String> = ["E101", "W402"].iter().map(|s| s.to_string()).collect();
    assert_eq!(
        h,
        Some(Header {
            expect: want,
            zh: true,
            english: false,
        })
    );
    let en = header("// expect: W701\n// check: --lang en\n");
    assert_eq!(en.map(|h| h.english), Some(true));
    let none = header("// expect: none\n");
    assert_eq!(none.map(|h| h.expect.len()), Some(0));
    assert_eq!(header("stage x {}\n"), None);
}

/// One failed scenario test as a line of an assertion message: where it is, its name, and each
/// expectation it missed.
pub fn scenario_failure(t: &xqreg::run::scenario::ScenarioOutcome) -> String {
    format!(
        "{}:{} {}\n    {}",
        t.file,
        t.line,
        t.name,
        t.failures_in(xqreg::diagnostics::Lang::En).join("\n    ")
    )
}

/// Every waiting game of `event games --waiting --format csv` filled in with a draw: the results
/// file to record.
pub fn all_drawn(csv: &str) -> String {
    let mut out = String::new();
    for (i, line) in csv.lines().enumerate() {
        let mut cells: Vec<&str> = line.split(',').collect();
        if i > 0 {
            if let Some(result) = cells.get_mut(5) {
                *result = "=";
            }
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}
