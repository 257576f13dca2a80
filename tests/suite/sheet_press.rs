//! The print shop's proofreading of the sheets (examples, seeds and the newcomer scenarios in
//! zh and en): each item a proofreader marked, shown fixed in both languages.

use xqreg::sheet::Lang;

use super::sheet_says;
use crate::common::root;

fn scenario(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/scenarios").join(name)).expect("the scenario reads")
}

/// A category that only a knockout's `seeds N category C` names is no section: no article
/// 组别设置 for it; the seeding says whom its seed numbers are reserved for.
#[test]
fn a_seeding_category_is_printed_at_the_seeding_not_as_a_section() {
    let cup = scenario("newcomer3_seeded_cup.xqr");
    sheet_says(
        &cup,
        Lang::Zh,
        &["第1至4号种子位留给种子选手（按种子顺序）"],
        &["组别设置", "种子：限种子选手"],
    );
    sheet_says(
        &cup,
        Lang::En,
        &["seeds 1 to 4 are reserved for Seeded players (in seeding order)"],
        &["Sections and categories", "Seeds: Seeded players only"],
    );
}

/// A category whose one condition is a sex does not answer its title with the same word
/// (`Women: Women only.`, 女子：限女子。): it says whom it is open to.
#[test]
fn a_category_of_one_sex_says_whom_it_is_open_to() {
    let teams = scenario("newcomer3_city_teams.xqr");
    sheet_says(
        &teams,
        Lang::Zh,
        &["（一）男子组：限男子棋手。", "（二）女子组：限女子棋手。"],
        &["男子组：限男子。", "女子组：限女子。"],
    );
    sheet_says(
        &teams,
        Lang::En,
        &[
            "(1) Men: Open to men only.",
            "(2) Women: Open to women only.",
        ],
        &["Men: Men only.", "Women: Women only."],
    );
}

fn example(path: &str) -> String {
    std::fs::read_to_string(root().join("examples").join(path)).expect("the example reads")
}

/// The PDF pages of a regulation's sheet in both languages.
fn pdf_pages(text: &str) -> Vec<(Lang, Vec<xqreg::sheet::pdf::Page>)> {
    use xqreg::sheet::pdf;
    let fonts =
        pdf::load_fonts(None, false).unwrap_or_else(|e| panic!("{}: {}", e.code.code, e.message));
    let parsed = xqreg_grammar::parse_bytes(text.as_bytes());
    [Lang::Zh, Lang::En]
        .into_iter()
        .map(|lang| {
            let sheet = xqreg::sheet::model(&parsed.file, lang).0;
            (
                lang,
                pdf::typeset(&sheet, lang, &fonts).expect("typeset").pages,
            )
        })
        .collect()
}

/// A pool's quotas per nominating body are one phrase, not 其中 repeated for each.
#[test]
fn a_pools_quotas_are_one_phrase() {
    let inv = example("003_xiexiaxun/invitational.xqr");
    sheet_says(
        &inv,
        Lang::Zh,
        &["选派；其中菲律宾、新加坡、印度尼西亚、东马、西马、泰国和缅甸各1人。"],
        &["；其中新加坡"],
    );
    sheet_says(
        &inv,
        Lang::En,
        &["; of whom 1 from each of 菲律宾, 新加坡, 印度尼西亚, 东马, 西马, 泰国 and 缅甸."],
        &["; of whom 1 from 新加坡"],
    );
    // Different numbers: each with its own.
    let two = inv
        .replace("quota \"新加坡\" 1", "quota \"新加坡\" 2")
        .replace("pool foreign 7", "pool foreign 8")
        .replace("field 12", "field 13");
    sheet_says(
        &two,
        Lang::Zh,
        &["其中菲律宾1人、新加坡2人、印度尼西亚1人"],
        &[],
    );
    sheet_says(
        &two,
        Lang::En,
        &["of whom 1 from 菲律宾, 2 from 新加坡, 1 from 印度尼西亚"],
        &[],
    );
}

/// A clause whose text begins with its own heading prints the text alone: 未尽事宜，由裁判组…,
/// not 未尽事宜：未尽事宜，由裁判组…; Board and lodging are paid…, not Board and lodging: Board
/// and lodging are paid….
#[test]
fn a_text_that_begins_with_its_heading_is_not_headed() {
    let nanning = example("001_nanning/regulation.xqr");
    sheet_says(
        &nanning,
        Lang::Zh,
        &["（十六）未尽事宜，由裁判组按竞赛规则精神处理。"],
        &["未尽事宜：未尽事宜"],
    );
    let zhouzhuang = example("004_zhouzhuang/regulation.xqr");
    sheet_says(
        &zhouzhuang,
        Lang::En,
        &["(2) Board and lodging are paid for players"],
        &["Board and lodging: Board and lodging"],
    );
}

/// An English time control reads as one sentence: the time, then its rules after semicolons
/// (not `15 minutes per side, plus 10 seconds per move, a flag fall loses`, nor `Base time
/// red 5 minutes`); the Chinese is as before.
#[test]
fn an_english_time_control_reads_as_a_sentence() {
    let cup = scenario("newcomer3_seeded_cup.xqr");
    sheet_says(
        &cup,
        Lang::En,
        &[
            "(a) Rapid (Knockout): 15 minutes per side plus 10 seconds per move; a flag fall loses.",
            "(c) Armageddon: Red 5 minutes, black 4 minutes; a flag fall loses; a draw counts as a win for black.",
        ],
        &["per side, plus", "Base time red"],
    );
    sheet_says(
        &cup,
        Lang::Zh,
        &[
            "1.快棋（淘汰赛）：每方基本用时15分钟，每走一步加10秒，超时判负。",
            "3.一局定胜负：基本用时红方5分钟，黑方4分钟，超时判负，和棋判黑方胜。",
        ],
        &[],
    );
    let ko = example("006_knockout_cup/regulation.xqr");
    sheet_says(
        &ko,
        Lang::En,
        &["Sudden death: red 5 minutes, black 4 minutes; a flag fall loses; a draw counts as a win for black."],
        &["Sudden death, red"],
    );
}

/// An English playoff step says what is played before how colours go (not `If level on
/// points, colours swapped, play two more games`).
#[test]
fn an_english_playoff_step_says_the_games_first() {
    let cup = scenario("newcomer3_seeded_cup.xqr");
    sheet_says(
        &cup,
        Lang::En,
        &["(i) If level on points, play two more games (Blitz), colours swapped; the player with more points in them places higher."],
        &["colours swapped, play"],
    );
    sheet_says(
        &cup,
        Lang::Zh,
        &["（1）如积分相等，交换先后手进行两局超快棋，积分高者名次列前。"],
        &[],
    );
}

/// A prize table's total that is the event's whole prize fund, printed just above (总奖金), is
/// not said again after the table (奖金总额); another table's total is its own sum, not
/// "Prize fund".
#[test]
fn the_prize_fund_is_said_once() {
    let national = scenario("newcomer3_national.xqr");
    sheet_says(
        &national,
        Lang::Zh,
        &["（一）总奖金183,000元。", "各2,000元。"],
        &["奖金总额183,000元"],
    );
    sheet_says(
        &national,
        Lang::En,
        &["(1) The prize fund is CNY 183,000 in all."],
        &["Prize fund CNY 183,000"],
    );
    let city = example("010_city_rapid/regulation.xqr");
    sheet_says(
        &city,
        Lang::Zh,
        &["（一）总奖金18,500元。", "奖金总额9,500元。"],
        &[],
    );
    sheet_says(
        &city,
        Lang::En,
        &["The prize fund is CNY 18,500 in all.", "CNY 9,500 in all."],
        &["Prize fund CNY 9,500"],
    );
}

/// A pool's line has one colon: its size in brackets in English (`Seeded players (4 players):
/// the top 4 by rating`, not `Seeded players: 4 players: the top 4`), and its named players
/// straight after the colon when nothing else comes before them (不是 `8人：名单：许银川…`).
#[test]
fn a_pool_line_has_one_colon() {
    let cup = scenario("newcomer3_seeded_cup.xqr");
    sheet_says(
        &cup,
        Lang::En,
        &[
            "(1) Seeded players (4 players): the top 4 by rating.",
            "(2) Invited players (8 players): invited by the organisers.",
        ],
        &["Seeded players: 4 players:"],
    );
    let huaian = example("000_huaian/regulation.xqr");
    sheet_says(
        &huaian,
        Lang::Zh,
        &["冠军8人：许银川（中国）、"],
        &["8人：名单："],
    );
    sheet_says(
        &huaian,
        Lang::En,
        &["(8 players): Xu Yinchuan (中国)"],
        &["namely Xu Yinchuan"],
    );
}

/// A tie-break chain every stage of the event shares names none of them (名次区分：积分多者…,
/// not 名次区分：公开组、老年组、少年组、儿童组：积分多者…, two colons in one line).
#[test]
fn a_chain_of_every_stage_names_none() {
    let amateur = example("002_sichuan/amateur.xqr");
    sheet_says(
        &amateur,
        Lang::Zh,
        &["（八）名次区分：积分多者名次列前；积分相等时，依次按下列办法区分："],
        &["儿童组：积分多者"],
    );
    sheet_says(
        &amateur,
        Lang::En,
        &["(8) Ranking and tie-breaks: More points ranks higher; equal points are separated in this order:"],
        &["Children's section: more points"],
    );
}

/// Men and women ranked separately, in English with `and` (not `men, women ranked separately`);
/// the Chinese keeps 男子、女子分开录取成绩.
#[test]
fn men_and_women_ranked_separately() {
    let amateur = example("002_sichuan/amateur.xqr");
    sheet_says(
        &amateur,
        Lang::En,
        &["; men and women ranked separately (Open, men; Open, women)."],
        &["men, women ranked"],
    );
    sheet_says(
        &amateur,
        Lang::Zh,
        &["；男子、女子分开录取成绩（公开组男子、公开组女子）。"],
        &[],
    );
}

/// A prize table titled apart from its category has one bracket: the title, then whom it pays
/// with the money (非中越棋手奖（非中国、越南棋手，美元）), not two in a row (非中国、越南棋手（非中越棋手奖）（美元）).
#[test]
fn a_prize_heading_has_one_bracket() {
    let world = example("009_world_championship/regulation.xqr");
    sheet_says(
        &world,
        Lang::Zh,
        &[
            "（三）非中越棋手奖（非中国、越南棋手，美元）：",
            "（四）团体奖（团体名次，美元）：",
            "（二）女子奖（美元）：",
        ],
        &["）（美元）"],
    );
    sheet_says(
        &world,
        Lang::En,
        &["(4) Team prizes (Team standing; USD):"],
        &[") (USD)"],
    );
}

/// A table continued on the next page takes at least two of its rows there: never its total
/// alone under the repeated header (009's third prize table did).
#[test]
fn a_table_never_leaves_one_row_alone_on_a_page() {
    let mut alone = Vec::new();
    for name in [
        "009_world_championship/regulation.xqr",
        "002_sichuan/amateur.xqr",
    ] {
        for (lang, pages) in pdf_pages(&example(name)) {
            for (i, p) in pages.iter().enumerate().skip(1) {
                let Some(first) = p.items.iter().find(|x| !x.atom.is_head) else {
                    continue;
                };
                let Some(table) = first.atom.table else {
                    continue;
                };
                let rows = |page: &xqreg::sheet::pdf::Page| {
                    page.items
                        .iter()
                        .filter(|x| !x.atom.is_head && x.atom.table == Some(table))
                        .count()
                };
                if rows(&pages[i - 1]) > 0 && rows(p) == 1 {
                    alone.push(format!("{name} {lang:?}: page {}", i + 1));
                }
            }
        }
    }
    assert!(
        alone.is_empty(),
        "one row alone under a repeated header: {alone:?}"
    );
}

/// English entry lines read as English: `Entry fee: USD 100, paid on entry.` (not `On entry:
/// entry fee USD 100.`), `(of whom at most 3 men and at most 1 woman)` (not `of them …, …`).
#[test]
fn english_fee_and_quota_lines_read_as_english() {
    let world = example("009_world_championship/regulation.xqr");
    sheet_says(
        &world,
        Lang::En,
        &[
            "(3) Entry fee: USD 100, paid on entry.",
            "at most 4 players (of whom at most 3 men and at most 1 woman).",
        ],
        &["On entry:", "of them"],
    );
    sheet_says(
        &world,
        Lang::Zh,
        &[
            "（三）报名时缴纳报名费100美元。",
            "每个协会限报4人（其中男子至多3人、女子至多1人）。",
        ],
        &[],
    );
}

/// An English `requires` text that is a participle (`accompanied by a family member`) reads
/// `must be accompanied…`, not `need accompanied…`.
#[test]
fn an_age_requirement_in_a_participle_reads_must_be() {
    let seniors = scenario("newcomer3_seniors_women.xqr");
    sheet_says(
        &seniors,
        Lang::En,
        &["(3) Entrants aged 80 or over must be accompanied by a family member."],
        &["need accompanied"],
    );
    sheet_says(&seniors, Lang::Zh, &["（三）80周岁以上须家属陪同。"], &[]);
}

/// English quotas whose categories hold commas of their own are kept apart by semicolons
/// (`Open, men: 3; Open, women: 1`), not read as one list of commas.
#[test]
fn english_quotas_with_commas_are_kept_apart() {
    let amateur = example("002_sichuan/amateur.xqr");
    sheet_says(
        &amateur,
        Lang::En,
        &["Open, men: 3; Open, women: 1; Senior section: 2;"],
        &["Open, men: 3, Open"],
    );
    sheet_says(
        &amateur,
        Lang::Zh,
        &["公开组男子3人、公开组女子1人、老年组2人"],
        &[],
    );
}

/// A prize table's title that names its category but for punctuation (`Primary 1-3 girls` for
/// `Primary 1-3, girls`) is the heading alone, not followed by the category in brackets.
#[test]
fn a_prize_title_naming_its_category_but_for_commas_stands_alone() {
    let schools = scenario("newcomer3_schools.xqr");
    sheet_says(
        &schools,
        Lang::En,
        &["(4) Primary 1-3 girls: Places 1–3: a certificate each."],
        &["Primary 1-3 girls (Primary 1-3, girls)"],
    );
}

/// An early knockout round is the round of 16 (a noun in the schedule: `Knockout, round of 16
/// (game 1)`), not round-of-16.
#[test]
fn the_round_of_16_has_no_hyphens() {
    let cup = scenario("newcomer3_seeded_cup.xqr");
    sheet_says(
        &cup,
        Lang::En,
        &[
            "Knockout, round of 16 (game 1)",
            "round of 16 losers: CNY 1,000 each",
        ],
        &["round-of-16"],
    );
}

/// No page ends with an atom that keeps with the next (a heading, a caption, a table header):
/// 赛制流程 stood alone at the foot of newcomer3_national's first page, its diagram overleaf.
#[test]
fn no_heading_is_left_at_the_foot_of_a_page() {
    let mut alone = Vec::new();
    for (lang, pages) in pdf_pages(&scenario("newcomer3_national.xqr")) {
        let n = pages.len();
        for (i, p) in pages.iter().enumerate().take(n.saturating_sub(1)) {
            if p.items.last().is_some_and(|x| x.atom.keep_next) {
                alone.push(format!("{lang:?}: page {}", i + 1));
            }
        }
    }
    assert!(
        alone.is_empty(),
        "a page ends with what keeps with the next: {alone:?}"
    );
}

/// A category that is a group's own condition under the group's own title (010's 小学低年级组,
/// the members of pool low in school years 1-3) is said once, in 参赛资格 where the group is;
/// 组别设置 does not list the same groups again (nor 公开组：限公开组).
#[test]
fn a_groups_category_is_not_listed_twice() {
    let city = example("010_city_rapid/regulation.xqr");
    sheet_says(
        &city,
        Lang::Zh,
        &[
            "（一）小学低年级组：限小学一至三年级。",
            "（七）公开组：不限年龄、性别和年级。",
        ],
        &[
            "组别设置",
            "公开组：限公开组",
            "小学低年级组：小学一至三年级。",
        ],
    );
    sheet_says(
        &city,
        Lang::En,
        &[],
        &["Sections and categories", "Open: Open only."],
    );
    // Where a group's girls are ranked apart (said only under 组别设置), every group keeps its
    // entry there.
    let schools = scenario("newcomer3_schools.xqr");
    sheet_says(
        &schools,
        Lang::Zh,
        &[
            "女子分开录取成绩（小学低年级女子）",
            "（三）初中组：七至九年级。",
        ],
        &[],
    );
}

/// A round robin of one table that numbers its players by lot (`draw { numbers lot }`) has no
/// groups: it says so in a sentence, not 分组办法如下：各组抽签确定比赛代号。
#[test]
fn a_table_numbered_by_lot_speaks_of_no_groups() {
    let masters = scenario("newcomer4_masters.xqr");
    sheet_says(
        &masters,
        Lang::Zh,
        &["6人进行双循环比赛。抽签确定比赛代号。"],
        &["分组办法如下", "各组抽签确定比赛代号"],
    );
    sheet_says(
        &masters,
        Lang::En,
        &["Pairing numbers by lot."],
        &[
            "The groups are drawn as follows",
            "in each group, pairing numbers by lot",
        ],
    );
}

/// A stage that copies a stage of groups (`same_as`) and numbers by lot is played in groups:
/// its draw keeps 分组办法如下：各组…
#[test]
fn a_stage_copying_groups_numbers_each_group_by_lot() {
    let text =
        std::fs::read_to_string(root().join("tests/suite/regulations/same_as_groups_lot.xqr"))
            .expect("the regulation reads");
    sheet_says(
        &text,
        Lang::Zh,
        &[
            "（二）女子组：其余办法同男子组。分组办法如下：",
            "各组抽签确定比赛代号",
        ],
        &[],
    );
}
