//! The language's identifiers in words: organiser roles, titles, criteria, colour rules,
//! conduct words and the rest, each table `(identifier, Chinese, English)`. An identifier
//! missing from a table prints as itself (the checker rejects unknown words before a sheet is
//! printed, so that only happens for words added to the language after this table).

use crate::contract::words;
pub use crate::contract::words::Glue;
use crate::sheet::model::Art;
use crate::sheet::Lang;

type Table = &'static [(&'static str, &'static str, &'static str)];

fn pick(lang: Lang, table: Table, key: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, zh, en)| match lang {
            Lang::Zh => *zh,
            Lang::En => *en,
        })
}

macro_rules! dict {
    ($(#[$doc:meta])* $name:ident, [$(($k:expr, $zh:expr, $en:expr)),* $(,)?]) => {
        $(#[$doc])*
        pub fn $name(lang: Lang, key: &str) -> Option<&'static str> {
            const T: Table = &[$(($k, $zh, $en)),*];
            pick(lang, T, key)
        }
    };
}

// The tables below use `dict!`, so their modules are declared after it.
mod conduct;
mod method;
pub use conduct::{conduct_kind, conduct_word};
pub use method::{criterion, param, playoff_colours, team_criterion, team_variant, value, variant};

dict!(
    organiser_role,
    [
        ("supervisor", "指导单位", "Supervising body"),
        ("host", "主办单位", "Host"),
        ("organiser", "承办单位", "Organiser"),
        ("executive_organiser", "执行承办单位", "Executive organiser"),
        ("co_organiser", "协办单位", "Co-organiser"),
        ("media", "媒体支持", "Media partners"),
        ("sponsor", "赞助单位", "Sponsors"),
    ]
);

dict!(
    event,
    [
        ("individual", "个人赛", "Individual"),
        ("men_individual", "男子个人", "Men's individual"),
        ("women_individual", "女子个人", "Women's individual"),
        ("open", "公开组个人赛", "Open individual"),
        ("team", "团体赛", "Team"),
        ("mixed_team", "混合团体赛", "Mixed team"),
    ]
);

dict!(
    rulebook,
    [
        (
            "cxa2011",
            "中国象棋协会审定的《象棋竞赛规则（2011年版）》",
            "Chinese Xiangqi Association's Xiangqi Competition Rules (2011)"
        ),
        (
            "asian",
            "亚洲象棋联合会《亚洲象棋比赛规例》",
            "Asian Xiangqi Federation's Xiangqi Rules"
        ),
        (
            "world",
            "世界象棋联合会《世界象棋规则》",
            "World Xiangqi Federation's World Xiangqi Rules"
        ),
    ]
);

dict!(
    title,
    [
        ("grandmaster", "特级大师", "grandmaster"),
        ("master", "象棋大师", "master"),
        ("national_master", "国家大师", "national master"),
        ("women_grandmaster", "女子特级大师", "women's grandmaster"),
        ("women_master", "女子大师", "women's master"),
        (
            "women_national_master",
            "女子国家大师",
            "women's national master"
        ),
        ("first_class", "一级棋士", "first-class player"),
        ("second_class", "二级棋士", "second-class player"),
        ("third_class", "三级棋士", "third-class player"),
        ("association_master", "棋协大师", "association master"),
        ("international_master", "国际大师", "international master"),
        (
            "international_grandmaster",
            "国际特级大师",
            "international grandmaster"
        ),
    ]
);

dict!(
    sex,
    [
        ("men", "男子", "men"),
        ("women", "女子", "women"),
        ("male", "男子", "men"),
        ("female", "女子", "women"),
    ]
);

dict!(
    /// A player's sex in a table cell: one character, as an entry list writes it.
    sex_cell,
    [
        ("men", "男", "male"),
        ("women", "女", "female"),
        ("male", "男", "male"),
        ("female", "女", "female"),
    ]
);

dict!(
    fee,
    [
        ("service", "赛事服务费", "service fee"),
        ("entry", "报名费", "entry fee"),
        ("registration", "报名费", "registration fee"),
    ]
);

dict!(
    cap_order,
    [
        ("first_come", "，报满为止", ", first come first served"),
        ("by_rating", "，按等级分高低录取", ", taken by rating"),
    ]
);

dict!(
    replacement,
    [
        (
            "next_in_line",
            "如有不参赛者，依次顺延",
            "a place declined passes to the next in line"
        ),
        (
            "none",
            "不参赛者的名额不再递补",
            "a place declined is not refilled"
        ),
    ]
);

dict!(
    time_name,
    [
        ("standard", "慢棋", "standard"),
        ("rapid", "快棋", "rapid"),
        ("blitz", "超快棋", "blitz"),
        ("armageddon", "附加赛", "armageddon"),
    ]
);

dict!(side, [("black", "黑方", "black"), ("red", "红方", "red"),]);

dict!(
    score_key,
    [
        ("win", "胜一局", "a win"),
        ("draw", "和一局", "a draw"),
        ("loss", "负一局", "a loss"),
        ("forfeit_win", "对方弃权", "a win by forfeit"),
        ("forfeit_loss", "弃权", "a loss by forfeit"),
        ("double_forfeit", "双方弃权", "a double forfeit"),
        ("bye", "轮空", "a bye"),
    ]
);

dict!(
    match_key,
    [
        ("win", "胜一场", "a match won"),
        ("draw", "和一场", "a match drawn"),
        ("loss", "负一场", "a match lost"),
    ]
);

dict!(
    cycles,
    [
        ("single", "单循环", "single round robin"),
        ("double", "双循环", "double round robin"),
    ]
);

dict!(
    swiss,
    [
        ("cxa", "积分编排制", "Swiss system (CXA rules)"),
        (
            "dutch",
            "积分编排制（国际棋联荷兰制）",
            "Swiss system (FIDE Dutch)"
        ),
    ]
);

dict!(
    first_round,
    [
        (
            "split_half",
            "首轮采用上半区对下半区（拦腰）编排",
            "round 1 pairs the upper half against the lower half"
        ),
        (
            "adjacent",
            "首轮按代号1-2、4-3、5-6……对阵",
            "round 1 pairs numbers 1–2, 4–3, 5–6 and so on"
        ),
    ]
);

dict!(
    first_colours,
    [
        (
            "alternate",
            "先后手蛇形交替",
            "colours alternating board by board"
        ),
        (
            "first_listed_red",
            "代号在前者执红先走",
            "the first-named player has red"
        ),
        (
            "snake",
            "先后手蛇形交替",
            "colours alternating board by board"
        ),
    ]
);

dict!(
    first_board,
    [
        (
            "upper",
            "第一台上半区棋手执红",
            "the upper-half player has red on board 1"
        ),
        (
            "lower",
            "第一台下半区棋手执红",
            "the lower-half player has red on board 1"
        ),
        ("lot", "第一台先后手抽签决定", "colours on board 1 by lot"),
    ]
);

dict!(
    colours,
    [
        (
            "table",
            "按循环赛对局秩序表逐轮对弈，确定先后手",
            "colours follow the round-robin table"
        ),
        ("lot", "抽签决定先后手", "colours by lot"),
        ("swap", "交换先后手", "colours swapped"),
        ("by_board", "按台次确定先后手", "colours by board"),
        ("alternate", "先后手交替", "colours alternate"),
        ("balanced", "按先后手平衡原则确定先后手", "colours balanced"),
    ]
);

dict!(
    avoid_what,
    [
        (
            "same_unit",
            "同单位（同队）棋手",
            "players of the same unit"
        ),
        (
            "same_federation",
            "同一协会棋手",
            "players of the same federation"
        ),
        ("same_club", "同俱乐部棋手", "players of the same club"),
    ]
);

dict!(
    colour_tie,
    [
        (
            "sum_parity",
            "按双方代号之和的奇偶确定",
            "by the parity of the sum of the pairing numbers"
        ),
        (
            "round_parity",
            "按轮次奇偶确定",
            "by the parity of the round"
        ),
        ("fide", "按国际棋联规则确定", "by the FIDE rules"),
    ]
);

dict!(
    seeding,
    [
        ("rating", "按等级分排定种子", "by rating"),
        ("order", "按名单顺序排定种子", "by list order"),
        ("lot", "抽签排定种子", "by lot"),
    ]
);

dict!(
    byes,
    [
        ("top_seeds", "轮空由高种子获得", "byes go to the top seeds"),
        ("lot", "轮空抽签决定", "byes by lot"),
    ]
);

dict!(
    draw_order,
    [
        ("list_order", "按秩序册名单顺序抽签", "in list order"),
        ("random", "抽签", "by lot"),
        ("lot", "抽签", "by lot"),
        ("rating", "按等级分高低", "by rating"),
        (
            "registration_order",
            "按报名先后顺序",
            "in registration order"
        ),
    ]
);

dict!(
    numbers,
    [
        ("lot", "抽签确定比赛代号", "pairing numbers by lot"),
        (
            "registration_order",
            "按报名先后顺序确定代号",
            "pairing numbers in registration order"
        ),
        (
            "rating",
            "按等级分高低确定代号",
            "pairing numbers by rating"
        ),
        (
            "list_order",
            "按秩序册名单顺序确定代号",
            "pairing numbers in list order"
        ),
        (
            "random",
            "电脑随机抽取棋手代号",
            "pairing numbers drawn at random by computer"
        ),
    ]
);

/// Registration and expense clauses: the phrase (with `{who}`, `{amount}`, `{when}`, `{text}`,
/// `{n}`, `{places}`, `{words}` slots) of `kind` or `kind+variant`, and the article it belongs in
/// when not its block's own. The phrases live in the contract's word table
/// ([`crate::contract::words`]), with the words the checker accepts.
pub fn admin_kind(lang: Lang, block: &str, kind: &str) -> Option<(&'static str, Option<Art>)> {
    let list = match block {
        "registration" => &words::REGISTRATION,
        _ => &words::EXPENSES,
    };
    let (key, variant) = kind.split_once('+').unwrap_or((kind, ""));
    words::admin_phrase(list, key, variant)
        .map(|p| (if lang == Lang::Zh { p.zh } else { p.en }, p.art))
}

/// The heading an expense clause prints under (交通, 食宿), if it has its own.
pub fn expense_heading(lang: Lang, kind: &str) -> Option<&'static str> {
    heading(words::EXPENSES.get(kind)?.heading, lang)
}

/// The heading of a conduct rule kind.
pub fn conduct_heading(lang: Lang, kind: &str) -> Option<&'static str> {
    heading(words::CONDUCT.get(kind)?.heading, lang)
}

fn heading(h: Option<words::Plain>, lang: Lang) -> Option<&'static str> {
    h.map(|(zh, en)| if lang == Lang::Zh { zh } else { en })
}

/// A staff role (`staff leader 1`) in words.
pub fn staff_role(lang: Lang, key: &str) -> Option<&'static str> {
    words::plain_phrase(&words::STAFF, key, lang == Lang::Zh)
}

/// An official's role (`officials { chief_arbiter "..." }`) in words.
pub fn official(lang: Lang, key: &str) -> Option<&'static str> {
    words::plain_phrase(&words::OFFICIALS, key, lang == Lang::Zh)
}

dict!(
    slot_event,
    [
        ("arrival", "报到", "Arrival"),
        ("meeting", "技术会议", "Technical meeting"),
        ("opening", "开幕式", "Opening ceremony"),
        ("closing", "闭幕式", "Closing ceremony"),
        ("rest", "休息", "Rest day"),
        ("departure", "离会", "Departure"),
        ("ceremony", "颁奖仪式", "Prize-giving"),
        ("training", "裁判员培训", "Arbiter training"),
        ("reception", "颁奖酒会", "Reception"),
        ("event", "活动", "Event"),
    ]
);

dict!(
    contact_field,
    [
        ("phone", "电话", "phone"),
        ("mobile", "手机", "mobile"),
        ("email", "电子邮箱", "email"),
        ("fax", "传真", "fax"),
        ("address", "地址", "address"),
        ("postcode", "邮编", "postcode"),
        ("wechat", "微信", "WeChat"),
        ("website", "网址", "website"),
        ("account", "账号", "account"),
        ("bank", "开户行", "bank"),
        ("account_name", "开户名", "account name"),
    ]
);

dict!(
    contact_purpose,
    [
        ("registration", "报名", " for registration"),
        ("arrival", "报到", " for arrival"),
        ("travel", "交通", " for travel"),
        ("payment", "汇款", " for payment"),
    ]
);

dict!(
    tax,
    [
        ("before_tax", "税前", "before tax"),
        ("after_tax", "税后", "after tax"),
    ]
);

dict!(
    medal,
    [
        ("gold", "金牌一枚", "a gold medal"),
        ("silver", "银牌一枚", "a silver medal"),
        ("bronze", "铜牌一枚", "a bronze medal"),
    ]
);

dict!(
    admin_word,
    [
        ("board_lodging", "食宿", "board and lodging"),
        ("travel", "交通费", "travel"),
        ("host", "承办单位", "the organiser"),
        ("organiser", "承办单位", "the organiser"),
    ]
);
