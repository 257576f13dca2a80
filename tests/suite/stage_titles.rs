//! A stage's English title (`stage cup "淘汰赛" en "Cup"`) names it in English output, as its
//! title names it in Chinese: `event pair`, `event standings`, the English site and `simulate`
//! under `--lang en` said the id (`cup round 2`, `Matches: cup`) or, on the site, `cup (淘汰赛)`.
//! The plan carries it, and a plan written without it still reads.

use crate::common::{assert_phrases, root, written, xqreg, xqreg_ok};
use crate::withdrawn_forfeits::{knockout_p8_withdrawn_after_round_1, KO};
use xqreg_runtime::plan::Plan;

#[test]
fn english_output_names_a_stage_by_its_en_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, pair) = knockout_p8_withdrawn_after_round_1(tmp.path());
    assert!(
        pair.starts_with("Cup round 2\n") && !pair.contains("cup"),
        "{pair}"
    );
    let standings = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_phrases(&standings, &["Cup (so far)"], &["cup (so far)"]);
    let zh = xqreg_ok(&["event", "standings", &ev, "--lang", "zh"]);
    assert_phrases(&zh, &["淘汰赛"], &["Cup"]);
    let site = tmp.path().join("site");
    let out = site.display().to_string();
    xqreg_ok(&["event", "publish", &ev, "--output", &out]);
    let page = std::fs::read_to_string(site.join("en/stage-1.html")).expect("page");
    assert_phrases(&page, &["<title>Cup · "], &["cup (淘汰赛)"]);
    let zh = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("page");
    assert_phrases(&zh, &["<title>淘汰赛 · "], &[]);
    let reg = tmp.path().join("ko.xqr").display().to_string();
    let roster = tmp.path().join("roster.csv").display().to_string();
    let sim = xqreg_ok(&["simulate", &reg, "--roster", &roster, "--lang", "en"]);
    assert_phrases(&sim, &["Matches: Cup\n"], &["Matches: cup"]);
}

/// The transcript (English) names a stage by its English title, and `simulate`'s Chinese report
/// by its title: they said `cup byes drawn by lot`, `cup quarter-final (p1 v p6): ...` and
/// `对阵：cup`. Six players in a bracket of eight, byes by lot.
#[test]
fn the_transcript_and_the_chinese_report_name_a_stage_by_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let text = KO.replace("entry { field 8 }", "entry { cap 8 }").replace(
        "    seeding rating\n",
        "    seeded 8\n    seeding rating\n    byes lot\n",
    );
    let reg = written(tmp.path(), "ko.xqr", &text);
    let roster: String = std::iter::once("id,name,unit,rating\n".to_string())
        .chain((1..=6).map(|i| format!("p{i},选手{i},U{i},{}\n", 2500 - i * 10)))
        .collect();
    let roster = written(tmp.path(), "roster.csv", &roster);
    let json = xqreg_ok(&["simulate", &reg, "--roster", &roster, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let lines: Vec<&str> = v["transcript"]
        .as_array()
        .expect("a transcript")
        .iter()
        .filter_map(|t| t["text"].as_str())
        .collect();
    let lines = lines.join("\n");
    assert_phrases(
        &lines,
        &[
            "Cup byes drawn by lot (byes lot): ",
            "Cup quarter-final (",
            "Cup semi-final (",
        ],
        &["cup "],
    );
    let zh = xqreg_ok(&["simulate", &reg, "--roster", &roster, "--lang", "zh"]);
    assert_phrases(&zh, &["对阵：淘汰赛\n"], &["对阵：cup"]);
    // A ranking derived from several stages names them so too (example 010's schools).
    let city = "examples/010_city_rapid/";
    let json = xqreg_ok(&[
        "simulate",
        &format!("{city}regulation.xqr"),
        "--roster",
        &format!("{city}roster.csv"),
        "--format",
        "json",
    ]);
    assert_phrases(
        &json,
        &["members of stage Primary, years 1-3; Primary, years 4-6; Junior secondary"],
        &["members of stage low"],
    );
}

/// The refusal of `args` (exit 1, `code`): its stderr.
fn refusal(args: &[&str], code: &str) -> String {
    let out = xqreg(args);
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains(code), "{text}");
    text
}

/// Output names a stage by its title, and a command or a row may too: the title (Chinese or
/// English) of one stage names it as its id does, and the store and the log keep the id. A
/// title typed where the id belonged was refused with the id to type (E852 for `--stage`,
/// E831 for a result). An unknown name's help lists each id with its title.
#[test]
fn a_stage_may_be_named_by_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = knockout_p8_withdrawn_after_round_1(tmp.path());
    let standings = xqreg_ok(&["event", "standings", &ev, "--stage", "Cup"]);
    assert_phrases(&standings, &["Cup (so far)"], &[]);
    let said = xqreg_ok(&[
        "event",
        "result",
        &ev,
        "淘汰赛",
        "2",
        "1",
        "1-0",
        "--lang",
        "zh",
    ]);
    assert_phrases(&said, &["1"], &["错误"]);
    let pair = xqreg_ok(&["event", "pair", &ev, "--stage", "淘汰赛", "--lang", "en"]);
    assert_phrases(&pair, &["Cup round 3"], &[]);
    xqreg_ok(&["event", "export", &ev]);
    let export = std::path::Path::new(&ev).join("export");
    let results = std::fs::read_to_string(export.join("results.csv")).expect("results");
    assert_phrases(&results, &["\ncup,2,"], &["淘汰赛"]);
    let log = std::fs::read_to_string(export.join("log.jsonl")).expect("log");
    assert_phrases(&log, &["\"stage\":\"cup\""], &["淘汰赛", "\"Cup\""]);
    let text = refusal(&["event", "standings", &ev, "--stage", "nope"], "E852");
    assert_phrases(&text, &["its stages are: cup (Cup)"], &[]);
    let text = refusal(
        &["event", "standings", &ev, "--stage", "nope", "--lang", "zh"],
        "E852",
    );
    assert_phrases(&text, &["规程的阶段为：cup（淘汰赛）"], &[]);
}

/// Two stages with the same title (`甲组`): the title names neither, and is refused with the
/// stages it could mean (E852, at `--stage` or at the row's cell); the English title of one
/// names that one (`--stage "Section B"`, a row under `Section B`, a withdrawal).
#[test]
fn a_title_two_stages_share_is_refused_with_both() {
    let tmp = tempfile::tempdir().expect("tmp");
    let text = std::fs::read_to_string(root().join("tests/suite/regulations/live_sections.xqr"))
        .expect("regulation")
        .replace("stage b \"乙组\"", "stage b \"甲组\"");
    let reg = written(tmp.path(), "shared.xqr", &text);
    let (ev, file) = crate::event_sections::start(tmp.path(), reg.as_ref());
    let text = refusal(&["event", "pair", &ev, "--stage", "甲组"], "E852");
    assert_phrases(
        &text,
        &[
            "`--stage 甲组`: `甲组` is the title of more than one stage: a, b",
            "help: name the stage by its id: a (Section A), b (Section B)",
        ],
        &[],
    );
    let pair = xqreg_ok(&["event", "pair", &ev, "--stage", "Section B"]);
    assert_phrases(&pair, &["Section B round 1"], &["Section A"]);
    let games = xqreg_ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
    let row = games.lines().nth(1).expect("a game");
    let rows = |stage: &str| {
        let cells: Vec<&str> = row.split(',').collect();
        let mut cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        cells[0] = stage.to_string();
        cells[5] = "1-0".to_string();
        let header = games.lines().next().expect("a header");
        std::fs::write(&file, format!("{header}\n{}\n", cells.join(","))).expect("writes");
    };
    rows("甲组");
    let text = refusal(&["event", "result", &ev, &file, "--lang", "zh"], "E852");
    assert_phrases(
        &text,
        &[
            "results.csv:2:1：`甲组` 是多个阶段的名称：a, b",
            "帮助：请以阶段代号指称该阶段：a（甲组）、b（甲组）",
        ],
        &[],
    );
    rows("Section B");
    xqreg_ok(&["event", "result", &ev, &file]);
    let said = xqreg_ok(&[
        "event",
        "withdraw",
        &ev,
        "b10",
        "--stage",
        "Section B",
        "--after",
        "1",
    ]);
    assert_phrases(&said, &["Section B"], &[]);
    let text = refusal(
        &[
            "event", "withdraw", &ev, "b09", "--stage", "甲组", "--after", "1",
        ],
        "E852",
    );
    assert_phrases(&text, &["`--stage 甲组`: `甲组` is the title"], &[]);
    let status = xqreg_ok(&["event", "status", &ev]);
    assert_phrases(&status, &["withdrawn: b10 after Section B round 1"], &[]);
    xqreg_ok(&["event", "verify", &ev]);
}

/// The plan carries the English title, and only when there is one: a plan written before it
/// (no `title_en`) reads as a stage without one.
#[test]
fn the_plan_carries_the_en_title_and_reads_without_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "ko.xqr", KO);
    let plan = xqreg::compile::compile_bytes("ko.xqr", KO.as_bytes())
        .plan
        .expect("a plan");
    assert_eq!(plan.stages[0].title_en.as_deref(), Some("Cup"));
    let json = serde_json::to_string(&plan).expect("serialises");
    let old = json.replace(",\"title_en\":\"Cup\"", "");
    assert_ne!(old, json, "the stage's title_en in {json}");
    let back: Plan = serde_json::from_str(&old).expect("an old plan reads");
    assert_eq!(back.stages[0].title_en, None);
    assert_eq!(back.stages[0].title.as_deref(), Some("淘汰赛"));
    let without = std::fs::read_to_string(&reg)
        .expect("reg")
        .replace("\"淘汰赛\" en \"Cup\"", "\"淘汰赛\"");
    let plan = xqreg::compile::compile_bytes("ko.xqr", without.as_bytes())
        .plan
        .expect("a plan");
    let json = serde_json::to_string(&plan).expect("serialises");
    assert!(!json.contains("title_en\":null"), "{json}");
}

/// `simulate --results` rows and a scenario test's lines name a stage by its title as the event
/// commands do (the runtime's one rule, `Plan::stage_named`): `淘汰赛` and `Cup` name `cup`. They
/// were refused, R011 for a row (`a result for stage 淘汰赛, which the plan does not have`) and
/// E103 for a scenario's line. A title two stages share is R080 at its row.
#[test]
fn simulate_rows_and_scenario_tests_name_a_stage_by_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "ko.xqr", KO);
    let roster: String = std::iter::once("id,name,unit,rating\n".to_string())
        .chain((1..=8).map(|i| format!("p{i},选手{i},U{i},{}\n", 2500 - i * 10)))
        .collect();
    let roster = written(tmp.path(), "roster.csv", &roster);
    let games = |args: &[&str]| -> Vec<serde_json::Value> {
        let base = ["simulate", &reg, "--roster", &roster, "--format", "json"];
        let json = xqreg_ok(&[&base[..], args].concat());
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        let cup = v["stages"].as_array().expect("stages")[0]["games"].clone();
        cup.as_array().expect("games").clone()
    };
    let first = games(&[])[0].clone();
    let (red, black) = (
        first["red"].as_str().expect("red"),
        first["black"].as_str().expect("black"),
    );
    let header = "stage,round,red,black,result\n";
    for title in ["淘汰赛", "Cup"] {
        let rows = written(
            tmp.path(),
            "r.csv",
            &format!("{header}{title},1,{red},{black},0-1\n"),
        );
        let played = games(&["--results", &rows]);
        let g = played
            .iter()
            .find(|g| g["round"] == 1 && g["red"] == red && g["black"] == black)
            .expect("the game");
        assert_eq!(
            (g["result"].as_str(), g["source"].as_str()),
            (Some("0-1"), Some("recorded")),
            "{g}"
        );
    }
    // A title two stages share names neither: R080 at the row.
    let text = std::fs::read_to_string(root().join("tests/suite/regulations/live_sections.xqr"))
        .expect("regulation")
        .replace("stage b \"乙组\"", "stage b \"甲组\"");
    let shared = written(tmp.path(), "shared.xqr", &text);
    let sections = written(
        tmp.path(),
        "sections.csv",
        &crate::event_sections::sections_roster(),
    );
    let rows = written(
        tmp.path(),
        "s.csv",
        &format!("{header}甲组,1,a01,a02,1-0\n"),
    );
    let text = refusal(
        &[
            "simulate",
            &shared,
            "--roster",
            &sections,
            "--results",
            &rows,
        ],
        "R080",
    );
    assert_phrases(
        &text,
        &["stage `甲组` is the title of the stages a, b", "s.csv:2"],
        &[],
    );
    // A scenario test's lines and expectations under the stages' titles.
    let scenario = std::fs::read_to_string(root().join("tests/scenarios/only_if_tied.xqr"))
        .expect("scenario")
        .replace("final 1:", "决赛 1:")
        .replace("title 1: b - a 1-0", "冠军加赛 1: b - a 1-0")
        .replace("rounds title 1", "rounds 冠军加赛 1");
    assert!(scenario.contains("rounds 冠军加赛 1"));
    let file = written(tmp.path(), "titled.xqr", &scenario);
    let said = xqreg_ok(&["test", &file]);
    assert_phrases(&said, &["2 passed, 0 failed"], &[]);
    // The expectation is read under the title: a wrong count fails.
    let wrong = written(
        tmp.path(),
        "wrong.xqr",
        &scenario.replace("rounds 冠军加赛 1", "rounds 冠军加赛 2"),
    );
    let out = xqreg(&["test", &wrong]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
