//! What a ninth newcomer found writing five regulations from the docs alone (the files are
//! under `tests/suite/regulations/newcomer9_*.xqr`: a provincial team Swiss, a rapid open of 150
//! with rating bands and one cash prize each, a knockout cup with seeded byes and a playoff
//! ladder, a two-stage championship, a youth championship of six sections over two venues) and
//! running them live: each finding shown fixed.

use crate::common::{assert_phrases, check_exits, check_of, edited, sheet_md_says, xqreg_ok};

const TEAM_SWISS: &str = "tests/suite/regulations/newcomer9_team_swiss.xqr";
const RAPID_OPEN: &str = "tests/suite/regulations/newcomer9_rapid_open.xqr";
const KO_CUP: &str = "tests/suite/regulations/newcomer9_ko_cup.xqr";
const TWO_STAGE: &str = "tests/suite/regulations/newcomer9_two_stage.xqr";
const YOUTH: &str = "tests/suite/regulations/newcomer9_youth.xqr";

/// Every regulation checks without an error or a warning, in Chinese and in English, runs, and
/// its scenario tests pass.
#[test]
fn each_regulation_checks_clean_runs_and_its_scenarios_pass() {
    crate::common::each_checks_clean_passes_and_runs(&[
        (TEAM_SWISS, "15"),
        (RAPID_OPEN, "150"),
        (KO_CUP, "27"),
        (TWO_STAGE, "24"),
        (YOUTH, "150"),
    ]);
}

/// The rapid open of at most 150 (`cap 150`, `places 1..150`) simulated with `assume field 100`
/// was E518 ("stage `main` places 100 players but its range has 150 places"), though `simulate
/// --players 100` runs it and ranks the 100 in places 1 to 100: under a cap the range is the
/// most the stage places. A range beyond the cap, places no field can fill, was accepted and is
/// now E211.
#[test]
fn a_places_range_up_to_the_cap_stands_with_an_assumed_field() {
    let assumed = edited(
        RAPID_OPEN,
        "  cap 150 first_come\n",
        "  cap 150 first_come\n  assume field 100\n",
    );
    let text = check_exits(&assumed, 0);
    assert_phrases(&text, &["0 errors, 0 warnings"], &["E518", "E211"]);

    let beyond = edited(RAPID_OPEN, "places 1..150", "places 1..160");
    let text = check_exits(&beyond, 1);
    assert_phrases(
        &text,
        &[
            "E211",
            "stage `main` places 150 players but its range has 160 places",
        ],
        &[],
    );
    // A stage fed by places keeps its exact count: the final of 8 still says places 1..8.
    let final_of_8 = edited(TWO_STAGE, "  places 1..8\n", "  places 1..10\n");
    let text = check_exits(&final_of_8, 1);
    assert_phrases(&text, &["E211"], &[]);
}

/// The cup's prize table declared `total 178000` beside prizes for the losers of rounds 1 to 3 of
/// a bracket of 32 that only `cap 32` fills; its lines pay at most 174000, and the total was
/// accepted unchecked (with `field 32` it is E503) and printed on the sheet. It is W504 now,
/// with the sum of the fullest field; a total equal to it stands.
#[test]
fn a_knockout_total_under_a_cap_is_checked_against_the_fullest_field() {
    let wrong = edited(KO_CUP, "total 174000", "total 178000");
    let text = check_exits(&wrong, 0);
    assert_phrases(
        &crate::common::one_line(&text),
        &[
            "W504",
            "the declared total 178000 CNY cannot be checked",
            "with the fullest field the lines add up to 174000 CNY",
        ],
        &[],
    );
    let text = check_exits(&edited(KO_CUP, "total 174000", "total 174000"), 0);
    assert_phrases(&text, &["0 errors, 0 warnings"], &["W504"]);
    // A completion award's players are known only when the event runs.
    let completed = edited(
        KO_CUP,
        "  total 174000\n",
        "  completed: 100 each\n  total 174000\n",
    );
    let (_, text) = check_of(&completed);
    assert_phrases(
        &crate::common::one_line(&text),
        &[
            "W504",
            "the completion award pays players known only when the event has run",
        ],
        &[],
    );
}

/// The team Swiss's best-board prizes with `min_games 8` of 7 rounds: nobody can play 8 games on
/// a board, so nobody is ranked and the prizes are never paid, and the check said nothing. E551.
#[test]
fn board_prizes_asking_more_games_than_rounds_are_refused() {
    let text = check_exits(&edited(TEAM_SWISS, "min_games 5", "min_games 8"), 1);
    assert_phrases(
        &crate::common::one_line(&text),
        &[
            "E551",
            "board prizes `boards` rank only players with at least 8 games on a board, but stage `main` plays 7 rounds",
        ],
        &[],
    );
    check_exits(&edited(TEAM_SWISS, "min_games 5", "min_games 7"), 0);
}

/// The team Swiss's `bye points 2` was printed 轮空记2分 / "a bye scores 2", as for a player; the
/// runtime gives the team with the bye a match won (its match points) and 2 points on every board
/// (`round 1: team 江苏 has the bye (2 match points, 8 game points)`). The sheet says so now.
#[test]
fn a_team_swiss_bye_is_printed_as_a_match_won_and_points_on_every_board() {
    sheet_md_says(
        TEAM_SWISS,
        "zh",
        &["轮空：轮空队记胜一场，各台各记2分；轮空由尚未轮空的最低分队获得。"],
        &["轮空记2分"],
    );
    sheet_md_says(
        TEAM_SWISS,
        "en",
        &["Byes: the team with the bye scores a match won and 2 on every board; the bye goes to the lowest-ranked team without a bye yet."],
        &["a bye scores 2"],
    );
    // An individual Swiss keeps its sentence.
    sheet_md_says(RAPID_OPEN, "zh", &["轮空记2分"], &[]);
    // What the sheet says is what runs.
    let run = xqreg_ok(&["simulate", TEAM_SWISS, "--players", "15", "--seed", "2"]);
    let json = xqreg_ok(&[
        "simulate",
        TEAM_SWISS,
        "--players",
        "15",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    assert!(!run.is_empty());
    assert_phrases(&json, &["has the bye (2 match points, 8 game points)"], &[]);
}

/// A team CXA Swiss gives its bye as the individual one does (the CXA pairer reads `recipient` for
/// teams too), but the sheet said who gets it only of an individual Swiss, and a written
/// `recipient lowest_fewest` read 轮空次数最少者中的最低分棋手: a player, in a stage of teams. It
/// speaks of teams, written or not.
#[test]
fn a_team_swiss_bye_goes_to_a_team() {
    let text = edited(
        TEAM_SWISS,
        "bye points 2\n",
        "bye points 2 recipient lowest_fewest\n",
    );
    for (lang, said, unsaid) in [
        ("zh", "轮空由轮空次数最少者中的最低分队获得。", "棋手获得"),
        (
            "en",
            "the bye goes to the lowest-ranked team of those with the fewest byes.",
            "player of those",
        ),
    ] {
        let sheet = crate::common::xqreg_on_ok("sheet", &text, &["--lang", lang, "--format", "md"]);
        assert_phrases(&sheet, &[said], &[unsaid]);
    }
}

/// The cup live with 27 entrants in a bracket of 32: `event pair` published round 1 and said
/// nothing of the five top seeds, who sit it out on a bye (a knockout's field was never listed,
/// since a player absent from a later round is out), nor did the site's round. Round 1 lists
/// them now, as a Swiss's bye is; a batch of playoff games alone does not list them again.
#[test]
fn a_knockout_lists_its_round_one_byes_live() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), KO_CUP, Some("27"), 1);
    let listed = xqreg_ok(&["event", "pair", &ev]);
    assert_eq!(listed.matches(": bye  ").count(), 5, "{listed}");
    assert_phrases(&listed, &["Knockout round 1: bye  p019 "], &[]);
    // Every regular game drawn: the playoff batch says only its games.
    crate::common::draw_waiting(&ev, tmp.path(), "r1.csv");
    let playoffs = xqreg_ok(&["event", "pair", &ev]);
    assert_phrases(&playoffs, &["playoff Rapid game 1"], &["bye"]);
    // The site's round 1 says who sits it out.
    let site = tmp.path().join("site");
    xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("page");
    assert_eq!(page.matches("(轮空)").count(), 5);
}

/// The youth championship's team award (`prizes units "团体奖" { 1: trophy  2..3: plaque }`):
/// `simulate` said `团体奖 (units): 山东 0, 辽宁 0, 湖南 0`, a sum of 0 for a table of awards only.
/// It says what each unit receives: its money with the currency, its awards.
#[test]
fn a_units_prize_line_says_the_awards_not_a_zero() {
    let json = xqreg_ok(&[
        "simulate",
        YOUTH,
        "--players",
        "150",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    let line = json
        .lines()
        .find(|l| l.contains("团体奖 (units): "))
        .expect("the units' prize line");
    assert_phrases(line, &[" trophy, ", " plaque"], &[" 0,", " 0\""]);
}
