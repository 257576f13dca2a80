//! `xqreg event ... --lang zh` speaks Chinese: what `status`, `pair` (the pairing list and who
//! sits a round out), `result`, `correct`, `withdraw`, `enter`, `lineup` and `standings` print,
//! and their refusals (E830, E833, E835, E837, E838), use the glossary's words (第N轮, 轮空, 退赛,
//! 补报) and leave no English sentence behind. The English of the same commands is asserted by
//! the other `event_*` tests. And R002 of a late entrant names the file of the line it repeats.

use std::path::Path;

use crate::common::{one_line, written, xqreg, xqreg_ok as ok};
use crate::event_inputs::new_event;
use crate::event_teams::draw_every_waiting_game;

/// A Swiss of seven (one sits out each round) whose regulation admits late entries.
const REGULATION: &str = r#"regulation "测试赛" en "Test open" {
  dates 2026-12-07 .. 2026-12-08
}

time standard "慢棋" en "Standard" {
  base 30min
  increment 10s
}

stage main "积分编排" en "Swiss" {
  swiss cxa rounds 5
  late_entry until round 3 missed half
  entrants roster
  time standard
  avoid same_unit never
  tiebreak {
    opponents_score bye lowest_in_field
    wins
    lots
  }
}
"#;

const ROSTER: &str = "id,name,unit\np1,张一,北京\np2,王二,上海\np3,李三,广东\np4,赵四,四川\n\
                      p5,钱五,浙江\np6,孙六,江苏\np7,周七,福建\n";

const LATE: &str = "id,name,unit\np8,吴八,湖北\np9,郑九,湖南\n";

/// Words of the English output that must not be left in a Chinese line.
const ENGLISH: &[&str] = &[
    "round",
    "board",
    "published",
    "batch",
    "batches",
    "result",
    "results",
    "recorded",
    "corrected",
    "withdraws",
    "withdrawn",
    "waiting",
    "next",
    "enter",
    "entry",
    "games",
    "place",
    "points",
    "standings",
    "changed",
    "player",
    "bye",
    "group",
    "match",
    "after",
    "before",
    "error",
    "help",
    "the",
    "is",
    "not",
    "line-up",
    "started",
    "nothing",
];

/// Every line of `text` is Chinese: none has a word of the English output (identifiers such as
/// `main` and `p3`, and the commands in backquotes, are values, not words).
fn assert_chinese(text: &str) {
    assert!(!text.trim().is_empty(), "no output");
    for line in text.lines() {
        // Commands and values in backquotes (`xqreg event amend DIR`) are not prose.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let words = prose.split(|c: char| !(c.is_ascii_alphabetic() || c == '-'));
        if let Some(w) = words
            .map(|w| w.trim_matches('-').to_lowercase())
            .find(|w| ENGLISH.contains(&w.as_str()))
        {
            panic!("`{w}` left in English in: {line}\n{text}");
        }
    }
}

/// The event of [`REGULATION`] and [`ROSTER`] in `dir/event` (`dir/regulation.xqr`,
/// `dir/roster.csv`): its path, and what `event new` said in Chinese.
fn start(dir: &Path) -> (String, String) {
    let (ev, out) = new_event(dir, REGULATION, ROSTER.as_bytes());
    assert!(out.status.success(), "{out:?}");
    // `new` again in Chinese, from the files the first wrote, into a directory of its own.
    let again = dir.join("again").to_string_lossy().into_owned();
    let files =
        ["regulation.xqr", "roster.csv"].map(|f| dir.join(f).to_string_lossy().into_owned());
    let said = zh(&[
        "event",
        "new",
        &again,
        "--regulation",
        &files[0],
        "--roster",
        &files[1],
    ]);
    (ev, said)
}

/// [`start`], then round 1 paired: the event's path.
fn paired(dir: &Path) -> String {
    let (ev, _) = start(dir);
    ok(&["event", "pair", &ev]);
    ev
}

/// `xqreg ARGS --lang zh`, which must succeed: its standard output.
fn zh(args: &[&str]) -> String {
    ok(&[args, &["--lang", "zh"]].concat())
}

/// `xqreg ARGS --lang zh`, refused with `code`: its standard error.
fn zh_refused(args: &[&str], code: &str) -> String {
    let out = xqreg(&[args, &["--lang", "zh"]].concat());
    assert_eq!(out.status.code(), Some(1), "{args:?} should be refused");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(err.starts_with(&format!("错误[{code}]: ")), "{err}");
    assert!(err.contains("\n  帮助："), "{err}");
    err
}

/// Round 1 published and every game of it drawn.
fn round_one_drawn(dir: &Path, ev: &str) {
    ok(&["event", "pair", ev]);
    draw_every_waiting_game(ev, dir);
}

#[test]
fn new_and_status_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, said) = start(tmp.path());
    assert!(said.starts_with("赛事已在 `"), "{said}");
    assert_chinese(&said);
    let status = zh(&["event", "status", &ev]);
    assert_eq!(
        status,
        "已公布：0 批，共 0 局\n待录成绩：0 局\n下一步：`pair` 将公布 积分编排 第 1 轮 3 局\n"
    );
    round_one_drawn(tmp.path(), &ev);
    let status = zh(&["event", "status", &ev]);
    assert!(
        status.contains("  第 1 批：积分编排 第 1 轮：已录成绩 3/3\n"),
        "{status}"
    );
    assert_chinese(&status);
}

#[test]
fn the_pairing_list_and_who_sits_out_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start(tmp.path());
    let list = zh(&["event", "pair", &ev]);
    assert!(list.starts_with("积分编排 第 1 轮\n"), "{list}");
    assert!(list.contains("\n积分编排 第 1 轮：轮空  "), "{list}");
    assert_chinese(&list);
    assert_chinese(&zh(&["event", "games", &ev]));
    // Nothing more to pair until the results are in: said on stderr, in Chinese.
    let out = xqreg(&["event", "pair", &ev, "--lang", "zh"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "没有可编排的对局：已公布的 3 局尚待录入成绩\n");
}

#[test]
fn result_and_correct_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = paired(tmp.path());
    let said = zh(&["event", "result", &ev, "main", "1", "1", "1-0"]);
    assert_eq!(said, "已录入 1 个成绩\n");
    for board in ["2", "3"] {
        zh(&["event", "result", &ev, "main", "1", board, "="]);
    }
    // Round 2 published: the correction leaves it as published.
    ok(&["event", "pair", &ev]);
    let corrected = zh(&[
        "event",
        "correct",
        &ev,
        "main",
        "1",
        "1",
        "0-1",
        "--reason",
        "记分表",
    ]);
    assert!(corrected.starts_with("已更正 1 个成绩（记分表）\n  积分编排 第 1 轮第 1 台（"));
    assert!(corrected.contains("：1-0 -> 0-1\n"), "{corrected}");
    assert!(
        corrected.contains("积分编排 第 2 轮已经公布，按公布的对阵不变\n"),
        "{corrected}"
    );
    assert!(corrected.contains("名次有变化：积分编排\n"), "{corrected}");
    assert!(corrected.contains("：名次 "), "{corrected}");
    assert_chinese(&corrected);
    let err = zh_refused(&["event", "result", &ev, "main", "1", "1", "0-1"], "E832");
    assert!(err.contains("main 第 1 轮第 1 台"), "{err}");
    assert_chinese(&err);
    let err = zh_refused(&["event", "result", &ev, "main", "1", "2", "2-0"], "E837");
    assert_chinese(&err);
}

#[test]
fn withdraw_and_its_refusals_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = paired(tmp.path());
    let board_two = ok(&["event", "games", &ev, "--format", "csv"]);
    let paired = board_two.lines().nth(2).expect("board 2").split(',');
    let red = paired.clone().nth(3).expect("red").to_string();
    // On a board of round 1, published: the game stands (E838).
    let err = zh_refused(
        &[
            "event", "withdraw", &ev, &red, "--stage", "main", "--after", "0",
        ],
        "E838",
    );
    assert!(err.contains("main 第 1 轮第 2 台"), "{err}");
    assert_chinese(&err);
    let said = zh(&[
        "event", "withdraw", &ev, &red, "--stage", "main", "--after", "1",
    ]);
    assert_eq!(said, format!("{red} 在 积分编排 第 1 轮后退赛\n"));
    let err = zh_refused(
        &[
            "event", "withdraw", &ev, &red, "--stage", "main", "--after", "2",
        ],
        "E835",
    );
    assert_chinese(&err);
    let err = zh_refused(
        &[
            "event", "withdraw", &ev, "nobody", "--stage", "main", "--after", "1",
        ],
        "E833",
    );
    assert_chinese(&err);
    let status = zh(&["event", "status", &ev]);
    assert!(
        status.contains(&format!("退赛：{red} 在 积分编排 第 1 轮后\n")),
        "{status}"
    );
}

#[test]
fn enter_and_standings_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start(tmp.path());
    round_one_drawn(tmp.path(), &ev);
    let late = written(tmp.path(), "late.csv", LATE);
    let said = zh(&["event", "enter", &ev, &late]);
    assert_eq!(
        said,
        "2 名棋手在 积分编排 第 2 轮前补报：p8 吴八、p9 郑九\n  此前未赛的第 1 轮按和棋分轮空计（每轮 1 分）\n"
    );
    let status = zh(&["event", "status", &ev]);
    assert!(
        status.contains("补报：p8 p9 在 积分编排 第 2 轮前进入\n"),
        "{status}"
    );
    let standings = zh(&["event", "standings", &ev]);
    assert!(
        standings.starts_with("积分编排（第 1 轮后）\n"),
        "{standings}"
    );
    assert!(standings.contains("对手分 "), "{standings}");
    assert_chinese(&standings);
}

#[test]
fn a_changed_regulation_is_refused_in_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start(tmp.path());
    let reg = tmp.path().join("regulation.xqr");
    std::fs::write(&reg, format!("{REGULATION}// 补充通知\n")).expect("writes");
    let err = zh_refused(&["event", "status", &ev], "E830");
    assert!(err.contains("在赛事存入后被修改过"), "{err}");
    assert_chinese(&err);
    assert_eq!(
        zh(&["event", "amend", &ev, "--note", "补充通知"]),
        "已记录规程修改：补充通知\n"
    );
}

#[test]
fn a_team_line_up_and_a_team_withdrawal_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = tmp.path().join("tev").to_string_lossy().into_owned();
    zh(&[
        "event",
        "new",
        &ev,
        "--regulation",
        "examples/008_team_qualifier/regulation.xqr",
        "--roster",
        "examples/008_team_qualifier/roster.csv",
        "--seed",
        "1",
    ]);
    let file = written(
        tmp.path(),
        "lineup.csv",
        "stage,round,team,board,player\nmain,1,北京,1,t1b3\nmain,1,北京,2,t1b1\n\
         main,1,北京,3,t1b2\nmain,1,北京,4,t1b4\n",
    );
    let said = zh(&["event", "lineup", &ev, &file]);
    assert_eq!(
        said,
        "团体积分编排 第 1 轮 北京 出场名单：t1b3 t1b1 t1b2 t1b4\n"
    );
    let status = zh(&["event", "status", &ev]);
    assert!(
        status.contains("已提交 团体积分编排 第 1 轮出场名单：北京\n"),
        "{status}"
    );
    let list = zh(&["event", "pair", &ev]);
    assert!(list.starts_with("团体积分编排 第 1 轮 对阵 "), "{list}");
    let said = zh(&[
        "event", "withdraw", &ev, "北京", "--stage", "main", "--after", "1",
    ]);
    assert!(
        said.starts_with("t1b1 在 团体积分编排 第 1 轮后退赛\n"),
        "{said}"
    );
    let err = zh_refused(
        &[
            "event", "withdraw", &ev, "北京", "--stage", "main", "--after", "1",
        ],
        "E835",
    );
    assert_chinese(&err);
}

/// R002 for a late entrant whose id a person reads as a roster player's (`P1` for `p1`) said
/// `(line 2)`, shown against the late-entry file: its line 2 is another player. It names the
/// roster's file now.
#[test]
fn a_repeated_id_names_the_file_of_the_line_it_repeats() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = paired(tmp.path());
    let late = written(
        tmp.path(),
        "late.csv",
        "id,name,unit\np8,吴八,湖北\nP1,张一一,北京\n",
    );
    let roster = tmp.path().join("roster.csv");
    let roster = roster.to_string_lossy();
    for (lang, said) in [
        (
            "en",
            format!("id `P1` differs from `p1` (line 2 of {roster}) only in case"),
        ),
        (
            "zh",
            format!("编号 `P1` 与 `p1`（{roster} 第 2 行）仅有大小写、全角半角、不可见字符或重音写法之别"),
        ),
    ] {
        let out = xqreg(&["event", "enter", &ev, &late, "--lang", lang]);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        // Spaces left out: a Chinese line wraps between two characters, where `one_line` puts one.
        let unspaced = |s: &str| s.replace(' ', "");
        assert!(
            err.contains("R002") && unspaced(&one_line(&err)).contains(&unspaced(&said)),
            "{err}"
        );
    }
}

/// `publish`, a directory without an event or with a damaged store (E850, exit 1), and a file
/// that cannot be read, in Chinese.
#[test]
fn the_site_and_the_store_speak_chinese() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start(tmp.path());
    let site = tmp.path().join("site").to_string_lossy().into_owned();
    let said = zh(&["event", "publish", &ev, "-o", &site]);
    assert_eq!(said, format!("已将 7 个页面发布到 {site}\n"));
    let nothing = tmp.path().join("wu").to_string_lossy().into_owned();
    let err = zh_refused(&["event", "status", &nothing], "E853");
    assert!(err.contains("此处没有赛事存储（`"), "{err}");
    assert_chinese(&err);
    let bad = tmp.path().join("bad");
    std::fs::create_dir(&bad).expect("creates");
    std::fs::write(bad.join("event.sqlite"), "").expect("writes");
    let err = zh_refused(&["event", "status", &bad.to_string_lossy()], "E850");
    assert!(err.contains("赛事存储已损坏：缺少赛事的数据表"), "{err}");
    assert_chinese(&err);
    // A file that cannot be read (exit 2): the system's words after the Chinese.
    let out = xqreg(&["event", "enter", &ev, "nosuch.csv", "--lang", "zh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("xqreg event: 无法读取 `nosuch.csv`："),
        "{err}"
    );
}

/// The store's own words about a damaged value are Chinese under `--lang zh`, as E850's frame
/// is: a list of line-ups or of late entries cut short said `its line-ups are unreadable` inside
/// the Chinese (SQLite's and serde's own words after it stay theirs).
#[test]
fn a_damaged_value_of_the_store_is_said_in_chinese() {
    for (sql, said) in [
        (
            "INSERT INTO meta (key, value) VALUES ('lineups', '[{\"stage\":')",
            "其出场名单无法读取",
        ),
        (
            "INSERT INTO meta (key, value) VALUES ('late_entries', '[{')",
            "其补报记录无法读取",
        ),
    ] {
        let tmp = tempfile::tempdir().expect("tmp");
        let (ev, _) = start(tmp.path());
        let db = rusqlite::Connection::open(Path::new(&ev).join("event.sqlite")).expect("opens");
        db.execute(sql, []).expect(sql);
        drop(db);
        let err = zh_refused(&["event", "standings", &ev], "E850");
        assert!(err.contains(said), "{sql}: {err}");
        assert!(!err.contains("unreadable"), "{err}");
    }
}
