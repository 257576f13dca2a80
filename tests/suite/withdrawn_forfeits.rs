//! A round robin (team or individual) after a withdrawal, played live: every later game of the
//! withdrawn player (team) is a forfeit the engine scores without a result. The standings so
//! far count such a forfeit once its round is published, not before (they counted the forfeits
//! of every round at once: the club league of `declared_teams`, seed 3, kunshan withdrawn after
//! round 1 of 3, gave sip its round-3 forfeit while round 2 was played, 3 match points where it
//! had 1). And the pairing list, the site and `pair --format json` call the withdrawn one's
//! opponent a forfeit win against it, scored as the regulation scores a forfeit, where they
//! said 轮空 / bye (and the site listed the forfeited boards of round 2 as a match, its
//! crosstable the round-3 forfeit).

use std::path::Path;

use serde_json::Value;

use crate::common::{assert_phrases, event_new, withdraw, written, xqreg_ok};
use crate::declared_teams::{REGULATION, ROSTER};

/// The league with a forfeit worth less than a win (1 a board, a win 2): a forfeit scored as a
/// won game would give 2 a board.
fn regulation() -> String {
    REGULATION.replace(
        "win 2 draw 1 loss 0\n  match",
        "win 2 draw 1 loss 0 forfeit_win 1\n  match",
    )
}

/// Each row of `stage`'s standings (`event standings --format json`): (id, points).
fn points(ev: &str, stage: &str) -> Vec<(String, i64)> {
    let out = xqreg_ok(&["event", "standings", ev, "--format", "json"]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let stage = v
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["stage"] == stage)
        .expect("the stage");
    stage["groups"][0]["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            let id = r["id"].as_str().unwrap_or_default().to_string();
            (id, r["points"].as_i64().unwrap_or(-1))
        })
        .collect()
}

fn of(rows: &[(String, i64)], id: &str) -> i64 {
    rows.iter().find(|(i, _)| i == id).map_or(-1, |(_, p)| *p)
}

/// Every board of the published `round` of `stage` won by Red.
fn red_wins(ev: &str, stage: &str, round: u32, boards: u32) {
    for b in 1..=boards {
        let (r, b) = (round.to_string(), b.to_string());
        xqreg_ok(&["event", "result", ev, stage, &r, &b, "1-0"]);
    }
}

/// The page of stage 1 of a site published from `ev` into `dir/site`, in `lang`.
fn stage_page(ev: &str, dir: &Path, lang: &str) -> String {
    let site = dir.join("site");
    xqreg_ok(&[
        "event",
        "publish",
        ev,
        "--output",
        &site.display().to_string(),
    ]);
    std::fs::read_to_string(site.join(lang).join("stage-1.html")).expect("page")
}

/// The league in `dir/ev`, seed 3, round 1 played (Kunshan v Wuzhong and Gusu v SIP, each
/// drawn 1:1: Red wins both boards), then `who` (a team or a player) withdrawn after it and
/// round 2 paired: the event's path, its regulation's and roster's, and what `pair` printed.
fn withdrawn_after_round_1(dir: &Path, who: &str) -> (String, String, String, String) {
    let reg = written(dir, "teams.xqr", &regulation());
    let roster = written(dir, "roster.csv", ROSTER);
    let ev = dir.join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 3);
    xqreg_ok(&["event", "pair", &ev]);
    red_wins(&ev, "league", 1, 4);
    withdraw(&ev, who, "league", 1);
    let pair = xqreg_ok(&["event", "pair", &ev, "--lang", "en"]);
    (ev, reg, roster, pair)
}

#[test]
fn a_withdrawn_teams_forfeit_counts_once_its_round_is_published() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, reg, roster, pair) = withdrawn_after_round_1(tmp.path(), "kunshan");
    // Round 2: Wuzhong v SIP; Gusu's match against Kunshan is a forfeit, not a bye.
    assert_phrases(
        &pair,
        &["League round 2: forfeit win, Kunshan withdrawn  gusu Gusu"],
        &["bye"],
    );
    let rows = points(&ev, "league");
    // Gusu: round 1 drawn (1), round 2 won by forfeit (2); SIP's round-3 forfeit is not yet.
    assert_eq!(of(&rows, "gusu"), 3, "{rows:?}");
    assert_eq!(of(&rows, "sip"), 1, "{rows:?}");
    // The forfeit scores as the regulation scores one: 1 a board, not a won game's 2.
    let en = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_phrases(&en, &["gusu Gusu 3  Game pts 4"], &["game_points"]);
    // The site says the same, in both languages; the forfeited boards are no match of round 2.
    let page = stage_page(&ev, tmp.path(), "en");
    assert_phrases(
        &page,
        &[
            "Gusu (forfeit win, Kunshan withdrawn)",
            "<td>SIP</td><td class=\"num\">1</td>",
        ],
        &["Kunshan v Gusu", "Gusu (bye)"],
    );
    // SIP's crosstable row: its match with Gusu (1:1 boards, 2 game points), with Wuzhong
    // waiting (·), no round-3 forfeit against Kunshan (another 2: 1 a board).
    let sip_row = page
        .lines()
        .find(|l| l.contains("<td>SIP</td><td class=\"c\">"))
        .expect("SIP's crosstable row");
    assert_eq!(sip_row.matches(">2<").count(), 1, "{sip_row}");
    assert_eq!(sip_row.matches(">·<").count(), 1, "{sip_row}");
    let zh = stage_page(&ev, tmp.path(), "zh");
    assert_phrases(
        &zh,
        &["姑苏棋友俱乐部 (对方弃权判胜，昆山队退赛)"],
        &["轮空"],
    );
    let json = xqreg_ok(&["event", "games", &ev, "--format", "json"]);
    assert!(
        !json.contains("kunshan"),
        "a forfeit is no game to record: {json}"
    );
    // Round 2 played (Wuzhong v SIP drawn): SIP has 2, its round-3 forfeit still to come.
    red_wins(&ev, "league", 2, 2);
    assert_eq!(of(&points(&ev, "league"), "sip"), 2);
    let pair = xqreg_ok(&["event", "pair", &ev, "--format", "json"]);
    let v: Value = serde_json::from_str(&pair).expect("JSON");
    let sip = v["sits_out"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["id"] == "sip")
        .expect("sip sits round 3 out");
    assert_eq!(sip["reason"], "forfeit", "{pair}");
    assert_eq!(sip["opponent"], "kunshan", "{pair}");
    // Round 3 published: now it counts.
    assert_eq!(of(&points(&ev, "league"), "sip"), 4);
    let zh = xqreg_ok(&["event", "pair", &ev, "--lang", "zh"]);
    assert!(!zh.contains("轮空"), "{zh}");
    // Each player's points before round 3 count the round-2 forfeit (1 a board): g1 won its
    // round-1 game (2), g2 lost it (0). They were left out (2 and 0).
    let games = xqreg_ok(&["event", "games", &ev]);
    assert_phrases(&games, &["g1 赵一 (Gusu, 3)", "g2 钱二 (Gusu, 1)"], &[]);
    red_wins(&ev, "league", 3, 2);
    same_as_a_run_of_its_results(&ev, &reg, &roster);
}

/// The finished event's standings are those of the engine run (`simulate`'s) on its results
/// and its withdrawal.
fn same_as_a_run_of_its_results(ev: &str, reg: &str, roster: &str) {
    let csv = xqreg_ok(&["event", "games", ev, "--format", "csv"]);
    let mut results = xqreg::run::csv_input::read_results("games.csv", csv.as_bytes())
        .unwrap_or_else(|_| panic!("the games read back: {csv}"));
    for player in ["k1", "k2"] {
        results
            .withdrawals
            .push(xqreg_runtime::engine::RecordedWithdrawal {
                player: player.to_string(),
                stage: "league".to_string(),
                after_round: 1,
                origin: xqreg_runtime::plan::Origin::default_rule("test"),
            });
    }
    assert_eq!(points(ev, "league"), run_points((reg, roster), &results));
}

/// Each row's (id, points) of the first stage of the engine's run of the regulation and roster
/// files on `results`, seed 3.
fn run_points(
    (reg, roster): (&str, &str),
    results: &xqreg_runtime::engine::RecordedResults,
) -> Vec<(String, i64)> {
    let text = std::fs::read(reg).expect("reads");
    let plan = xqreg::compile::compile_bytes("teams.xqr", &text)
        .plan
        .expect("compiles");
    let bytes = std::fs::read(roster).expect("reads");
    let roster = xqreg::run::csv_input::read_roster("roster.csv", &bytes).expect("a roster");
    let outcome = xqreg::run::run_plan(&plan, &roster, results, 3).expect("runs");
    outcome.stages[0].groups[0]
        .standings
        .iter()
        .map(|r| (r.id.clone(), r.points.unwrap_or(-1)))
        .collect()
}

/// A round robin of four players, 2-1-0 scoring, a forfeit as a win.
pub(crate) const RR: &str = r#"regulation "个人循环赛" en "Round robin" {
  event men_individual
}

scoring { win 2 draw 1 loss 0 forfeit_win 2 forfeit_loss 0 bye 1 }

time standard "慢棋" en "Standard" { base 60min increment 30s flag loses }

entry { field 4 }

stage main "循环赛" en "Round robin" {
  round_robin single
  entrants roster
  time standard
  tiebreak wins, lots
}
"#;

/// The same in an individual round robin: p4 withdraws after round 1 of 3.
#[test]
fn a_withdrawn_players_forfeit_counts_once_its_round_is_published() {
    let roster =
        "id,name,unit,rating\np1,赵一,A,2200\np2,钱二,B,2100\np3,孙三,C,2000\np4,李四,D,1900\n";
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "rr.xqr", RR);
    let roster = written(tmp.path(), "roster.csv", roster);
    let ev = tmp.path().join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 3);
    // Round 1: p3 - p2 and p1 - p4, both drawn.
    let pair = xqreg_ok(&["event", "pair", &ev]);
    assert_phrases(&pair, &["p3 孙三", "p1 赵一"], &[]);
    for b in ["1", "2"] {
        xqreg_ok(&["event", "result", &ev, "main", "1", b, "="]);
    }
    withdraw(&ev, "p4", "main", 1);
    let pair = xqreg_ok(&["event", "pair", &ev]);
    // Round 2: p2's game against p4 is won by forfeit; p3 meets p4 in round 3.
    assert_phrases(
        &pair,
        &["Round robin round 2: forfeit win, 李四 withdrawn  p2 钱二 (B)"],
        &["bye"],
    );
    let rows = points(&ev, "main");
    assert_eq!((of(&rows, "p2"), of(&rows, "p3")), (3, 1), "{rows:?}");
    let page = stage_page(&ev, tmp.path(), "en");
    // Round 2's one game is on board 1, as `pair` published it (the site gave the engine's
    // board 2, after the forfeit p2 - p4 it listed as board 1).
    assert_phrases(
        &page,
        &["钱二 (forfeit win, 李四 withdrawn)"],
        &["+-", "-+", "<td class=\"num\">2</td><td>孙三</td>"],
    );
}

/// One player of a team withdraws (k1 of Kunshan, after round 1): the team plays on, its board
/// 1 forfeited. No board is published for the forfeit, so `pair` and the site say it after the
/// round, the same way; the site listed it as a board of the match with the engine's number, 3,
/// beside the played board `pair` had published as 3.
#[test]
fn a_board_forfeited_by_a_withdrawn_player_is_said_after_the_round() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _, _, pair) = withdrawn_after_round_1(tmp.path(), "k1");
    assert_phrases(
        &pair,
        &[
            "League round 2 match Kunshan v Gusu",
            "League round 2: forfeit win, 周五 withdrawn  g1 赵一 (Gusu)",
        ],
        &["bye"],
    );
    let page = stage_page(&ev, tmp.path(), "en");
    assert_phrases(
        &page,
        &["赵一 (forfeit win, 周五 withdrawn)"],
        &["-+", "+-"],
    );
    let zh = stage_page(&ev, tmp.path(), "zh");
    assert_phrases(&zh, &["赵一 (对方弃权判胜，周五退赛)"], &["轮空"]);
}

/// `event export`'s results.csv carries every game the standings count: the forfeits a
/// withdrawal decided too (Kunshan withdrawn after round 1: its boards of rounds 2 and 3), as
/// forfeit wins without a board, once their round counts. They were left out: the file had the
/// played games only, and a run of it gave other standings than the event's.
#[test]
fn export_carries_the_forfeits_a_withdrawal_decided() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, reg, roster, _) = withdrawn_after_round_1(tmp.path(), "kunshan");
    let exported = |ev: &str| {
        xqreg_ok(&["event", "export", ev]);
        std::fs::read_to_string(Path::new(ev).join("export/results.csv")).expect("export")
    };
    // Round 2 published: Kunshan v Gusu's two boards are forfeits (Gusu Black on board 1, Red
    // on board 2 by colours by_board), after round 2's played games; round 3's not yet.
    let csv = exported(&ev);
    let forfeits: Vec<&str> = csv
        .lines()
        .filter(|l| l.split(',').nth(2) == Some(""))
        .collect();
    assert_eq!(
        forfeits,
        ["league,2,,k1,g1,-+,,1,0,0", "league,2,,g2,k2,+-,,1,0,0"],
        "{csv}"
    );
    assert!(!csv.contains("league,3,"), "{csv}");
    red_wins(&ev, "league", 2, 2);
    xqreg_ok(&["event", "pair", &ev]);
    red_wins(&ev, "league", 3, 2);
    let csv = exported(&ev);
    // Round 1's 4 boards; rounds 2 and 3: 2 played boards and 2 forfeited.
    assert_eq!(csv.lines().count(), 1 + 4 + 4 + 4, "{csv}");
    // The file alone, run by the engine, ranks as the event does: the forfeits are in it.
    let results = xqreg::run::csv_input::read_results("results.csv", csv.as_bytes())
        .unwrap_or_else(|_| panic!("the export reads back: {csv}"));
    assert_eq!(points(&ev, "league"), run_points((&reg, &roster), &results));
}

/// A knockout of eight (seeded by rating, a match for 3rd place).
pub(crate) const KO: &str = r#"regulation "淘汰赛" en "Knockout" {
  event individual
}

scoring { win 2 draw 1 loss 0 }

time standard "慢棋" en "Standard" { base 60min increment 30s flag loses }
time armageddon "超快棋" en "Armageddon" { red 5min black 4min sudden_death flag loses draw_goes_to black }

entry { field 8 }

stage cup "淘汰赛" en "Cup" {
  knockout {
    seeding rating
    third_place
  }
  entrants roster
  time standard
  colours lot
  playoff ladder
  places 1..8
}

playoff ladder "加赛" en "Playoff" {
  armageddon armageddon colours lot
}
"#;

/// The knockout in `dir/ev`, seed 1: round 1 (p8 - p1, p4 - p5, p7 - p2, p3 - p6) won by Red
/// on every board, p8 withdrawn after it and round 2 paired: the event's path and what `pair`
/// printed.
pub(crate) fn knockout_p8_withdrawn_after_round_1(dir: &Path) -> (String, String) {
    let roster: String = std::iter::once("id,name,unit,rating\n".to_string())
        .chain((1..=8).map(|i| format!("p{i},选手{i},U{i},{}\n", 2500 - i * 10)))
        .collect();
    let reg = written(dir, "ko.xqr", KO);
    let roster = written(dir, "roster.csv", &roster);
    let ev = dir.join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 1);
    let pair = xqreg_ok(&["event", "pair", &ev]);
    assert_phrases(&pair, &["1  p8 选手8 (U8)  -  p1 选手1 (U1)\n"], &[]);
    red_wins(&ev, "cup", 1, 4);
    withdraw(&ev, "p8", "cup", 1);
    let pair = xqreg_ok(&["event", "pair", &ev, "--lang", "en"]);
    (ev, pair)
}

/// A knockout of eight, p8 withdrawn after winning round 1: its semi-final is p4's forfeit win,
/// which nobody plays. `pair` publishes the other semi-final on board 1 and says the forfeit
/// after the round; the site says it the same way. The site listed the forfeit as a game on the
/// engine's board 1, beside the game `pair` had published on board 1.
#[test]
fn a_knockout_match_won_by_forfeit_is_said_after_the_round() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, pair) = knockout_p8_withdrawn_after_round_1(tmp.path());
    assert_phrases(
        &pair,
        &[
            "1  p3 选手3 (U3)  -  p7 选手7 (U7)\n",
            "Cup round 2: forfeit win, 选手8 withdrawn  p4 选手4 (U4)",
        ],
        &["p8 选手8 (U8"],
    );
    let page = stage_page(&ev, tmp.path(), "en");
    let round2 = &page[page.find("<h3>Round 2").expect("round 2")..];
    let round2 = &round2[..round2.find("</section>").expect("its end")];
    assert_phrases(
        round2,
        &[
            "<td class=\"num\">1</td><td>选手3</td>",
            "选手4 (forfeit win, 选手8 withdrawn)",
        ],
        &["<td>选手4</td>", "+-"],
    );
    let zh = stage_page(&ev, tmp.path(), "zh");
    assert_phrases(&zh, &["选手4 (对方弃权判胜，选手8退赛)"], &[]);
}

/// The same knockout while the other semi-final (p7 v p3) is still to be played: the engine
/// moves p7 on as a stand-in winner and p3 as a stand-in loser, and the match for 3rd place,
/// p8 (withdrawn) against that stand-in, is still to be played too. The standings said `match
/// for places 3-4: p8 选手8 0–2 p3 选手3: p3 选手3 wins (forfeit)` and placed p8 4th and p3
/// above p7. Once the semi-final's result is in, the forfeit goes to its real loser.
#[test]
fn a_knockout_match_fed_by_a_pending_match_is_still_to_be_played() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = knockout_p8_withdrawn_after_round_1(tmp.path());
    let standings = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_phrases(
        &standings,
        &[
            "semi-final 2: p7 选手7 v p3 选手3: to be played",
            "final: p4 选手4 v winner of semi-final 2: to be played",
            "match for places 3-4: p8 选手8 v loser of semi-final 2: to be played",
            "1= p3 选手3",
            "1= p7 选手7",
            "3= p8 选手8",
        ],
        &[
            "p3 选手3 wins (forfeit)",
            "4  p8",
            "1= p8",
            "p4 选手4 v p7 选手7",
            "p8 选手8 v p3 选手3",
        ],
    );
    let zh = xqreg_ok(&["event", "standings", &ev, "--lang", "zh"]);
    assert_phrases(
        &zh,
        &[
            "决赛：p4 选手4 对 半决赛2胜者，尚未赛完",
            "第3、4名决赛：p8 选手8 对 半决赛2负者，尚未赛完",
        ],
        &[],
    );
    let page = stage_page(&ev, tmp.path(), "zh");
    let svg = &page[page.find("<svg").expect("a bracket")..];
    assert_phrases(svg, &["半决赛2胜者", "半决赛2负者"], &[]);
    xqreg_ok(&["event", "result", &ev, "cup", "2", "1", "1-0"]);
    let standings = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_phrases(
        &standings,
        &[
            "match for places 3-4: p8 选手8 0–2 p7 选手7: p7 选手7 wins (forfeit)",
            "3  p7 选手7",
            "4  p8 选手8",
        ],
        &[],
    );
}
