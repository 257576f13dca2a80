//! What a tenth newcomer found writing five regulations from the docs alone (the files are under
//! `tests/suite/regulations/newcomer10_*.xqr`: a veterans' round robin with age prizes and a
//! title playoff only if tied, a women's team league played home and away over two venues with
//! best-board prizes, a schools championship of four school-year sections with a school
//! standing, a city knockout cup of two-game matches with reserved seeds and a playoff ladder,
//! an open of 150 whose places are shared and split) and running them live: each finding shown
//! fixed.

use crate::common::{assert_phrases, check_of, edited, xqreg_ok};

const VETERANS: &str = "tests/suite/regulations/newcomer10_veterans.xqr";
const WOMEN_LEAGUE: &str = "tests/suite/regulations/newcomer10_women_league.xqr";
const SCHOOL: &str = "tests/suite/regulations/newcomer10_school.xqr";
const CITY_CUP: &str = "tests/suite/regulations/newcomer10_city_cup.xqr";
const OPEN: &str = "tests/suite/regulations/newcomer10_open.xqr";

/// Every regulation checks without an error or a warning, in Chinese and in English, runs, and
/// its scenario tests pass.
#[test]
fn each_regulation_checks_clean_runs_and_its_scenarios_pass() {
    crate::common::each_checks_clean_passes_and_runs(&[
        (VETERANS, "10"),
        (WOMEN_LEAGUE, "6"),
        (SCHOOL, "150"),
        (CITY_CUP, "27"),
        (OPEN, "150"),
    ]);
}

fn sheet(file: &str, lang: &str) -> String {
    xqreg_ok(&["sheet", file, "--lang", lang, "--format", "md"])
}

/// The Markdown sheet in `lang` of `file` with `from` replaced by `to`.
fn edited_sheet(file: &str, (from, to): (&str, &str), lang: &str) -> String {
    let text = edited(file, from, to);
    crate::common::xqreg_on_ok("sheet", &text, &["--lang", lang, "--format", "md"])
}

/// The sheet of `file` in Chinese says `zh`, in English `en`.
fn sheets_say(file: &str, zh: &str, en: &str) {
    assert_phrases(&sheet(file, "zh"), &[zh], &[]);
    assert_phrases(&sheet(file, "en"), &[en], &[]);
}

/// A conduct word was checked for its value but not for its kind: `misplaced_piece foul` was
/// accepted and printed "...the opponent chooses the point, is a foul." (由对方指定落点，判犯规一次),
/// and `theoretical_draw loss` "...the arbiter may declare a draw ... loses". Each kind reads on
/// with its own words only (docs/language.md §15); any other is E640, with the words it takes.
#[test]
fn a_conduct_word_of_another_kind_is_refused() {
    let misplaced = edited(CITY_CUP, "  misplaced_piece\n", "  misplaced_piece foul\n");
    let (code, text) = check_of(&misplaced);
    assert_eq!(code, Some(1), "{text}");
    assert_phrases(
        &text,
        &[
            "E640",
            "`foul` has no meaning in a `misplaced_piece` rule",
            "a `misplaced_piece` rule takes no word",
        ],
        &[],
    );
    let drawn = edited(
        OPEN,
        "theoretical_draw arbiter_draw",
        "theoretical_draw loss",
    );
    let (code, text) = check_of(&drawn);
    assert_eq!(code, Some(1), "{text}");
    assert_phrases(
        &text,
        &["E640", "a `theoretical_draw` rule takes `arbiter_draw`"],
        &[],
    );
}

/// The English sheet printed "Claims of a breach of the rules, must be raised with the arbiter
/// at once" (the Chinese comma between subject and verb, 凡涉及违反规则等问题，须当场…, carried
/// over), and "A player who stays at the board after being told to leave is a foul." Both read
/// as English now; the Chinese is unchanged.
#[test]
fn the_english_conduct_rules_read_as_sentences() {
    let en = sheet(OPEN, "en");
    assert_phrases(
        &en,
        &[
            "Claims of a breach of the rules must be raised with the arbiter at once",
            "Leaving the board: Staying at the board after being told to leave is a foul.",
        ],
        &["rules, must", "A player who stays at the board"],
    );
    let zh = sheet(OPEN, "zh");
    assert_phrases(
        &zh,
        &[
            "凡涉及违反规则等问题，须当场向裁判提出，过后提出不予受理。",
            "棋手下完棋后经裁判提示退场仍不离场的判犯规一次。",
        ],
        &[],
    );
    // `claims` alone is half a sentence.
    let alone = edited(OPEN, "  claims on_the_spot\n", "  claims\n");
    let (code, text) = check_of(&alone);
    assert_eq!(code, Some(1), "{text}");
    assert_phrases(&text, &["E640", "`claims` leads into what follows"], &[]);
}

/// A rule scoped to time controls printed a second colon after its heading (碰乱棋子：快棋、超快棋、
/// 阿马格顿比赛中：碰乱2个及以上棋子判负) and listed the controls without "and" in English (In Rapid,
/// Blitz, Armageddon games: knocking...). The scope now leads the sentence as the seeds write it
/// (快棋、超快棋比赛中，…).
#[test]
fn a_scoped_conduct_rule_reads_as_one_sentence() {
    assert_phrases(
        &sheet(CITY_CUP, "zh"),
        &["碰乱棋子：快棋、超快棋和阿马格顿比赛中，碰乱2个及以上棋子判负。"],
        &["比赛中：碰乱"],
    );
    assert_phrases(
        &sheet(CITY_CUP, "en"),
        &["Knocked pieces: In Rapid, Blitz and Armageddon games, knocking over 2 or more pieces loses."],
        &["games: knocking"],
    );
}

/// `rulebook cxa2011 "…" en "The CXA Xiangqi Competition Rules (2011)"` printed "The The CXA
/// Xiangqi Competition Rules (2011) apply." A title that brings its article keeps one.
#[test]
fn a_rulebook_title_with_its_article_is_not_given_another() {
    assert_phrases(
        &sheet(VETERANS, "en"),
        &["(1) The CXA Xiangqi Competition Rules (2011) apply."],
        &["The The"],
    );
}

/// The English sheet listed a team's officials with a bare comma, "Each team may bring 1
/// leader, 1 coach."; it says "1 leader and 1 coach" now (the Chinese keeps 领队1人、教练1人).
#[test]
fn the_officials_a_team_may_bring_are_listed_with_and() {
    assert_phrases(
        &sheet(WOMEN_LEAGUE, "en"),
        &["Each team may bring 1 leader and 1 coach."],
        &["1 leader, 1 coach"],
    );
    assert_phrases(
        &sheet(WOMEN_LEAGUE, "zh"),
        &["每队可报领队1人、教练1人。"],
        &[],
    );
}

/// A generated roster spread the pupils evenly over the four school-year sections, past a
/// section's cap: `simulate --players 200` gave the senior group (`cap 40`, beside three of 80)
/// 50 pupils and was refused (R020 citing R040), though 200 fit the caps (80 + 80 + 80 + 40).
/// Each section now takes generated pupils only up to its cap; the others take the rest.
/// (docs/language.md §20: a generated roster meets every condition it can.)
#[test]
fn a_generated_roster_keeps_each_sections_cap() {
    let out = xqreg_ok(&["simulate", SCHOOL, "--players", "200", "--seed", "1"]);
    assert_phrases(&out, &["Senior high: 40 entries"], &["R020", "R040"]);
    // The entry's cap of 240 too.
    let out = xqreg_ok(&["simulate", SCHOOL, "--players", "240", "--seed", "1"]);
    assert_phrases(&out, &["Senior high: 40 entries"], &["R020", "R040"]);
}

/// The veterans' event played live to its end, every game drawn (so all ten are level and the
/// title playoff runs its whole chain: the rapid game, the blitz game, the armageddon). The
/// English site named the age prizes `sixties (60至69岁组)` though the category says `en "Ages
/// 60-69"`, as it names a stage by its English title (docs/event.md): a category, a derived
/// ranking and a best-board table with an English title are named by it now.
#[test]
fn the_english_site_names_a_category_by_its_english_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), VETERANS, Some("10"), 3);
    for k in 0..20 {
        xqreg_ok(&["event", "pair", &ev]);
        let waiting = xqreg_ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
        if waiting.lines().count() <= 1 {
            break;
        }
        crate::common::draw_waiting(&ev, tmp.path(), &format!("r{k}.csv"));
    }
    let standings = xqreg_ok(&["event", "standings", &ev]);
    assert_phrases(&standings, &["level: ", "wins by armageddon"], &[]);
    let site = tmp.path().join("site");
    xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let en = std::fs::read_to_string(site.join("en/index.html")).expect("reads");
    assert_phrases(
        &en,
        &["Ages 60-69", "Ages 70 and over"],
        &["sixties (60至69岁组)", "seventies ("],
    );
    let zh = std::fs::read_to_string(site.join("zh/index.html")).expect("reads");
    assert_phrases(&zh, &["60至69岁组", "70岁以上组"], &["Ages 60-69"]);
    // The overall table by its title (总名次奖, not the generic 总成绩), and the title
    // playoff's games by their time controls' titles in each language (`Blitz`, not `blitz`).
    assert_phrases(&zh, &["<td>总名次奖</td>"], &["<td>总成绩</td>"]);
    let pages = |lang: &str| -> String {
        (1..=3)
            .filter_map(|k| {
                std::fs::read_to_string(site.join(format!("{lang}/stage-{k}.html"))).ok()
            })
            .collect()
    };
    assert_phrases(
        &pages("en"),
        &["<small>Blitz</small>", "<small>Armageddon</small>"],
        &["<small>blitz</small>", "<small>armageddon</small>"],
    );
    assert_phrases(
        &pages("zh"),
        &["<small>超快棋</small>", "<small>阿马格顿</small>"],
        &[],
    );
}

/// A seeded bracket without a `seeding` clause draws its seeds by lot (the runtime's default,
/// and the order of the seats `seeds 8 category holders` reserves), but the sheet said nothing
/// of it: "第1至8号种子位留给上届前八名（按种子顺序）" left the reader to guess last year's
/// order. It says 抽签排定种子 / "seeding by lot" now, as a Swiss without `numbers` says its
/// numbers are drawn.
#[test]
fn a_seeded_bracket_without_a_seeding_rule_says_its_seeds_are_drawn() {
    sheets_say(
        CITY_CUP,
        "按32人种子签表排位；抽签排定种子；第1至8号种子位留给上届前八名",
        "A seeded bracket of 32; seeding by lot; seeds 1 to 8",
    );
    // With the clause, it is said once, as written.
    let seeding = ("    seeded 32\n", "    seeded 32\n    seeding rating\n");
    let zh = edited_sheet(CITY_CUP, seeding, "zh");
    assert_phrases(&zh, &["按等级分排定种子"], &["抽签排定种子"]);
}

/// A league played in two places (`day D venue "广州赛区" en "Guangzhou"`) with no `venue` in the
/// header: the article 竞赛时间和地点 / "Dates and venue" gave the dates alone. It names the
/// schedule's venues now, each once.
#[test]
fn an_event_held_in_several_places_names_them_under_dates_and_venue() {
    sheets_say(
        WOMEN_LEAGUE,
        "**三、竞赛时间和地点**：2026年3月20日至5月24日在广州赛区和深圳赛区举行。",
        "**3. Dates and venue**: 20 March – 24 May 2026, at Guangzhou and Shenzhen.",
    );
    // A venue the header names stands alone.
    let venue = (
        "  rulebook cxa2011\n",
        "  rulebook cxa2011\n  venue \"广东省棋类运动中心\" en \"Guangdong Chess Centre\"\n",
    );
    let en = edited_sheet(WOMEN_LEAGUE, venue, "en");
    assert_phrases(&en, &["2026, at Guangdong Chess Centre."], &["Shenzhen."]);
}

/// A line-up handed in for a declared team by its id (`gz`, as input-files.md allows) was
/// echoed by `event lineup` and `event status` as `gz` ("League round 1 gz line-up: ..."),
/// where `pair` names the team Guangzhou (广州). Both name it as `pair` does now.
#[test]
fn a_line_up_names_a_declared_team_as_the_pairings_do() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = crate::common::generated_event(tmp.path(), WOMEN_LEAGUE, Some("6"), 2);
    let file = crate::common::written(
        tmp.path(),
        "lineup.csv",
        "stage,round,team,board,player\nleague,1,gz,1,t1b3\nleague,1,gz,2,t1b1\nleague,1,gz,3,t1b2\n",
    );
    let said = xqreg_ok(&["event", "lineup", &ev, &file]);
    assert_phrases(
        &said,
        &["League round 1 Guangzhou line-up: t1b3 t1b1 t1b2"],
        &[" gz "],
    );
    let status = xqreg_ok(&["event", "status", &ev]);
    assert_phrases(
        &status,
        &["line-ups handed in for League round 1: Guangzhou"],
        &[],
    );
    let zh = xqreg_ok(&["event", "status", &ev, "--lang", "zh"]);
    assert_phrases(&zh, &["已提交 联赛 第 1 轮出场名单：广州"], &[]);
    let said = xqreg_ok(&["event", "lineup", &ev, &file, "--lang", "zh"]);
    assert_phrases(&said, &["联赛 第 1 轮 广州 出场名单"], &[]);
}

/// `simulate --lang en` headed each stage's standings by its id (`Standings: lower`) though the
/// report's other lines and docs/language.md §9 name a stage by its English title: the schools'
/// four sections read `Standings: Primary, years 1-3` and so on now.
#[test]
fn simulate_heads_each_standing_by_the_stages_english_title() {
    let out = xqreg_ok(&[
        "simulate",
        SCHOOL,
        "--players",
        "40",
        "--seed",
        "1",
        "--lang",
        "en",
    ]);
    assert_phrases(
        &out,
        &["Standings: Primary, years 1-3", "Standings: Senior high"],
        &["Standings: lower", "Standings: senior"],
    );
}

/// `knocked_pieces_any foul` beside `knocked_pieces 2 loss` (seed 001: one piece a foul, two or
/// more a loss) printed as two articles, the first without the heading the second has:
/// （六）碰乱棋子判犯规一次。（七）碰乱棋子：碰乱2个及以上棋子判负。 Both are items under one
/// heading now, as `knocked_pieces 1 foul` already printed.
#[test]
fn knocking_over_one_piece_and_several_are_one_clause() {
    sheets_say(
        OPEN,
        "（六）碰乱棋子\n\n1.碰乱棋子判犯规一次。\n\n2.碰乱2个及以上棋子判负。",
        "(6) Knocked pieces\n\n(a) Knocking over a piece is a foul.\n\n(b) Knocking over 2 or more pieces loses.",
    );
}
