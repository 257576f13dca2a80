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
            "按报名先后顺序抽签确定代号",
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

/// Parameters of small blocks (`colour_limits`, `bye`, criterion options); `{0}` is the value.
pub fn param(lang: Lang, key: &str) -> Option<&'static str> {
    const T: Table = &[
        (
            "max_consecutive",
            "连续执同色不超过{0}局",
            "at most {0} games in a row with one colour",
        ),
        (
            "max_difference",
            "先后手局数差不超过{0}",
            "a colour difference of at most {0}",
        ),
        (
            "relax_last_rounds",
            "最后{0}轮可放宽",
            "relaxed in the last {0} rounds",
        ),
        ("points", "轮空记{0}分", "a bye scores {0}"),
        (
            "opponent_score",
            "轮空的对手分按{0}计",
            "a bye counts {0} as opponent's score",
        ),
        ("recipient", "轮空由{0}获得", "the bye goes to {0}"),
        ("cut", "去掉最低{0}个", "cut {0}"),
        ("bye", "轮空按{0}计", "a bye counts as {0}"),
        ("forfeit", "弃权局按{0}计", "a forfeit counts as {0}"),
        (
            "unplayed",
            "未赛局按{0}计",
            "an unplayed game counts as {0}",
        ),
    ];
    pick(lang, T, key)
}

dict!(
    value,
    [
        (
            "lowest_in_field",
            "全场最低分",
            "the lowest score in the field"
        ),
        (
            "lowest_not_yet",
            "尚未轮空的最低分棋手",
            "the lowest-ranked player without a bye yet"
        ),
        ("lowest", "最低分棋手", "the lowest-ranked player"),
        ("zero", "零分", "zero"),
        ("draw", "和局", "a draw"),
        ("own_score", "本人积分", "the player's own score"),
        ("virtual_opponent", "虚拟对手", "a virtual opponent"),
    ]
);

dict!(
    criterion,
    [
        ("points", "积分多者名次列前", "more points"),
        (
            "sonneborn_berger",
            "小分多者名次列前",
            "higher Sonneborn-Berger score"
        ),
        ("小分", "小分多者名次列前", "higher Sonneborn-Berger score"),
        (
            "opponents_score",
            "对手分高者名次列前",
            "higher opponents' score (Buchholz)"
        ),
        (
            "对手分",
            "对手分高者名次列前",
            "higher opponents' score (Buchholz)"
        ),
        (
            "head_to_head",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        (
            "直胜",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        ("wins", "胜局多者名次列前", "more wins"),
        ("胜局", "胜局多者名次列前", "more wins"),
        ("black_wins", "后手胜局多者名次列前", "more wins with black"),
        ("后手胜局", "后手胜局多者名次列前", "more wins with black"),
        (
            "black_games",
            "后手局数多者名次列前",
            "more games with black"
        ),
        ("后手局数", "后手局数多者名次列前", "more games with black"),
        (
            "head_to_head_black",
            "两人对赛时执后手者名次列前",
            "the player who had black in the tied players' game"
        ),
        ("fouls", "技术犯规少者名次列前", "fewer fouls"),
        ("犯规", "技术犯规少者名次列前", "fewer fouls"),
        (
            "progressive",
            "累进分高者名次列前",
            "higher progressive score"
        ),
        ("累进分", "累进分高者名次列前", "higher progressive score"),
        (
            "countback",
            "比较前一轮成绩，以此类推，直至区分",
            "compare the score after the previous round, and so back until separated"
        ),
        ("lots", "抽签决定名次", "drawing of lots"),
        ("抽签", "抽签决定名次", "drawing of lots"),
        ("game_points", "局分多者名次列前", "more game points"),
        ("局分", "局分多者名次列前", "more game points"),
        ("总局分", "总局分多者名次列前", "more game points"),
        ("积分", "积分多者名次列前", "more points"),
        (
            "两人对赛",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        (
            "直接对局",
            "两人对赛胜者名次列前",
            "the winner of the game between the tied players"
        ),
        ("后走局数", "后走局数多者名次列前", "more games with black"),
        ("后手赛局", "后手赛局多者名次列前", "more games with black"),
        ("技术犯规", "技术犯规少者名次列前", "fewer fouls"),
        ("rating", "等级分高者名次列前", "higher rating"),
    ]
);

dict!(
    variant,
    [
        (
            "two_only",
            "限于两人同分时使用",
            "for two tied players only"
        ),
        (
            "all_tied",
            "在同分者之间的对局中计算",
            "among all the tied players"
        ),
        (
            "mini_table",
            "按同分者之间的积分计算",
            "points among the tied players"
        ),
        ("cumulative", "按各轮累计积分比较", "on cumulative scores"),
        ("previous_round", "逐轮向前比较", "round by round backwards"),
        (
            "opp_reverse",
            "逐轮倒序比较对手成绩",
            "opponents' results compared backwards"
        ),
        ("round_result", "逐轮比较各轮胜负", "round results compared"),
        ("include_unplayed", "含未赛局", "unplayed games included"),
        (
            "over_the_board",
            "仅计实赛胜局",
            "games won over the board only"
        ),
        ("skip", "无法使用时跳过", "skipped where it does not apply"),
    ]
);

dict!(
    playoff_colours,
    [
        ("swap", "交换先后手", "colours swapped"),
        ("redraw", "重新抽签决定先后手", "colours drawn again by lot"),
        ("lot", "抽签决定先后手", "colours by lot"),
        ("same", "先后手不变", "same colours"),
        (
            "black_chooses",
            "由抽签胜者选择先后手",
            "the winner of a lot chooses colours"
        ),
    ]
);

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
        ("silver", "银牌一块", "a silver medal"),
        ("bronze", "铜牌一块", "a bronze medal"),
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

/// The phrase of a conduct rule's keyword; `{0}` takes its leading value when it has one.
pub fn conduct_kind(
    lang: Lang,
    kind: &str,
    has_value: bool,
    zero: bool,
) -> Option<(&'static str, Glue)> {
    words::conduct_phrase(kind, has_value, zero)
        .map(|p| (if lang == Lang::Zh { p.zh } else { p.en }, p.glue))
}

/// The phrase of a word inside a conduct rule: template, how many values it takes (`usize::MAX`:
/// all that follow), and how it joins the next word.
pub fn conduct_word(lang: Lang, word: &str) -> Option<(&'static str, usize, Glue)> {
    use Glue::*;
    let (zh, en, arity, glue): (&str, &str, usize, Glue) = match word {
        "checks" => (
            "提出方“将军”着数最多计{0}着",
            "the claimant's checks count at most {0}",
            1,
            Comma,
        ),
        "claim" => ("", "", 0, Comma),
        "after_game" => (
            "可在对局中或对局结束后（签字前）提出",
            "a claim may also be made after the game (before signing)",
            0,
            Comma,
        ),
        "own_time" => (
            "在己方用时内提出的，裁判均予受理",
            "a claim made on one's own time is accepted",
            0,
            Comma,
        ),
        "true_claim" => ("属实则", "a true claim", 0, Tight),
        "false_claim" => ("不属实则", "a false claim", 0, Tight),
        "incomplete" => (
            "记录不完整或无法辨认的一方",
            "a player whose score sheet is incomplete or illegible",
            0,
            Tight,
        ),
        "no_claims" => (
            "提出“自然限着”“待判局面”的审核要求，裁判不予受理",
            "cannot have a move-limit or repetition claim heard",
            0,
            Comma,
        ),
        "either_side" => ("（双方同样适用）", "(either player)", 0, Attach),
        "cycles" => ("（计{0}个循环）", "({0} cycles)", 1, Attach),
        "loss" => ("判负", "loses", 0, Attach),
        "foul" => ("判犯规一次", "is a foul", 0, Attach),
        "forfeit" => ("按弃权处理", "forfeits the game", 0, Attach),
        "forfeits" => (
            "不再安排以后的比赛",
            "takes no part in later rounds",
            0,
            Comma,
        ),
        "after" => ("弃权{0}轮者", "a player with {0} forfeits", 1, Tight),
        "violation" => ("判违例一次", "is a violation", 0, Attach),
        "draw" => ("判和", "is a draw", 0, Attach),
        "arbiter_draw" => ("裁判有权判和", "the arbiter may declare a draw", 0, Comma),
        "from_move" => (
            "第{0}回合前双方均不得提和",
            "no draw offers before move {0}",
            1,
            Comma,
        ),
        "until_move" => (
            "此规定适用于第{0}回合（含）以内",
            "this applies up to move {0}",
            1,
            Comma,
        ),
        "red_must_vary" => ("由红方变着，不变判负", "red must vary or lose", 0, Comma),
        "loss_under" => (
            "对方用时不足{0}时判负",
            "loses when the opponent has less than {0} left",
            1,
            Comma,
        ),
        "own_under" => (
            "用时不足{0}时直接判负",
            "loses outright with less than {0} left",
            1,
            Comma,
        ),
        "else" => ("否则", "otherwise", 0, Tight),
        "add" => ("为对方增加{0}用时", "the opponent gets {0} more", 1, Comma),
        "off_board" => (
            "将棋子碰出棋盘外",
            "knocking a piece off the board",
            0,
            Tight,
        ),
        "missed_moves" => ("每漏记{0}着", "every {0} moves not recorded", 1, Comma),
        "required" => (
            "棋手须完整、清晰地记录双方着法",
            "players record both sides' moves fully and legibly",
            0,
            Comma,
        ),
        "none" => ("棋手不做记录", "players do not keep score", 0, Comma),
        "tick_under" => (
            "一方所剩时间不足{0}时，可打勾代记录",
            "with less than {0} left a tick may replace a move",
            1,
            Comma,
        ),
        "incomplete_no_claim" => (
            "记录不完整或无法辨认的一方提出“自然限着”“待判局面”审核，裁判不予受理",
            "a player whose score sheet is incomplete cannot claim the move limit or a repetition",
            0,
            Comma,
        ),
        "record_after" => ("赛后须补记录", "the game is recorded after play", 0, Comma),
        "top_boards" => ("前{0}台", "the top {0} boards", 1, Tight),
        "before_next" => ("", "", 0, Comma),
        "resume" => ("", "", usize::MAX, Comma),
        "on_the_spot" => (
            "须当场向裁判提出，过后提出不予受理",
            "must be raised with the arbiter at once; later claims are not heard",
            0,
            Comma,
        ),
        "disqualify" => ("取消比赛资格", "leads to disqualification", 0, Attach),
        "referred" => (
            "移交有关单位处理",
            "is referred to the competent body",
            0,
            Comma,
        ),
        _ => return None,
    };
    Some((if lang == Lang::Zh { zh } else { en }, arity, glue))
}
