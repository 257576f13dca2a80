//! The closed word sets, each word ONCE with the phrase the rule sheet prints for it: the
//! checker's E111 reads the words (the allowed list, "did you mean"), the sheet's word functions
//! ([`crate::sheet::catalogue::words`]) read the phrases. A set the sheet words by a message of
//! its own (`late_entry`, `score_sheets`, ...) is a bare list.

use crate::contract::words::Plain;

/// A position and its allowed words.
pub struct Position {
    pub what: (&'static str, &'static str),
    words: Words,
}

/// The words of a position: bare, or each with its phrase on the sheet.
enum Words {
    Bare(&'static [&'static str]),
    Said(&'static [Word]),
}

/// A word of a closed set as the rule sheet prints it.
pub struct Word {
    pub key: &'static str,
    /// The phrase (Chinese, English); None prints the word as written.
    pub said: Option<Plain>,
    /// The short form a table cell prints (a player's sex in an entry list: 男, male).
    pub cell: Option<Plain>,
}

/// A word and its phrase (Chinese, English).
pub const fn said(key: &'static str, zh: &'static str, en: &'static str) -> Word {
    Word {
        key,
        said: Some((zh, en)),
        cell: None,
    }
}

/// A word the sheet prints as written.
pub const fn as_written(key: &'static str) -> Word {
    Word {
        key,
        said: None,
        cell: None,
    }
}

impl Word {
    /// The word with its short form for a table cell.
    const fn cell(self, zh: &'static str, en: &'static str) -> Word {
        Word {
            cell: Some((zh, en)),
            ..self
        }
    }
}

impl Position {
    /// The position named `what` (English) and `what_zh`, taking one of `allowed`.
    pub const fn new(
        what: &'static str,
        what_zh: &'static str,
        allowed: &'static [&'static str],
    ) -> Self {
        Position {
            what: (what, what_zh),
            words: Words::Bare(allowed),
        }
    }

    /// The position named `what` and `what_zh`, taking one of `words`, each with its phrase.
    pub const fn said(what: &'static str, what_zh: &'static str, words: &'static [Word]) -> Self {
        Position {
            what: (what, what_zh),
            words: Words::Said(words),
        }
    }

    /// The words allowed, in the order the help lists them.
    pub fn allowed(&self) -> Vec<&'static str> {
        match self.words {
            Words::Bare(words) => words.to_vec(),
            Words::Said(words) => words.iter().map(|w| w.key).collect(),
        }
    }

    /// The row of `key`, None for a word outside the set or a bare set.
    pub fn word(&self, key: &str) -> Option<&'static Word> {
        match self.words {
            Words::Bare(_) => None,
            Words::Said(words) => words.iter().find(|w| w.key == key),
        }
    }
}

pub const RULEBOOK: Position = Position::said(
    "rulebook",
    "规则版本",
    &[
        said(
            "cxa2011",
            "中国象棋协会审定的《象棋竞赛规则（2011年版）》",
            "Chinese Xiangqi Association's Xiangqi Competition Rules (2011)",
        ),
        said(
            "asian",
            "亚洲象棋联合会《亚洲象棋比赛规例》",
            "Asian Xiangqi Federation's Xiangqi Rules",
        ),
        said(
            "world",
            "世界象棋联合会《世界象棋规则》",
            "World Xiangqi Federation's World Xiangqi Rules",
        ),
        as_written("other"),
    ],
);
pub const EVENT_KIND: Position = Position::said(
    "event kind",
    "项目类别",
    &[
        said("individual", "个人赛", "Individual"),
        said("men_individual", "男子个人", "Men's individual"),
        said("women_individual", "女子个人", "Women's individual"),
        said("open", "公开组个人赛", "Open individual"),
        said("team", "团体赛", "Team"),
        said("mixed_team", "混合团体赛", "Mixed team"),
    ],
);
pub const ORGANISER_ROLE: Position = Position::said(
    "organiser role",
    "单位类别",
    &[
        said("supervisor", "指导单位", "Supervising body"),
        said("host", "主办单位", "Host"),
        said("organiser", "承办单位", "Organiser"),
        said("executive_organiser", "执行承办单位", "Executive organiser"),
        said("co_organiser", "协办单位", "Co-organiser"),
        said("media", "媒体支持", "Media partners"),
        said("sponsor", "赞助单位", "Sponsors"),
    ],
);
pub const CYCLES: Position = Position::said(
    "round-robin cycle count",
    "循环次数",
    &[
        said("single", "单循环", "single round robin"),
        said("double", "双循环", "double round robin"),
    ],
);
pub const SWISS_SYSTEM: Position = Position::said(
    "Swiss system",
    "编排制度",
    &[
        said("cxa", "积分编排制", "Swiss system (CXA rules)"),
        said(
            "dutch",
            "积分编排制（国际棋联荷兰制）",
            "Swiss system (FIDE Dutch)",
        ),
    ],
);
pub const FIRST_ROUND: Position = Position::said(
    "first-round method",
    "首轮编排方法",
    &[
        said(
            "adjacent",
            "首轮按代号1-2、4-3、5-6……对阵",
            "round 1 pairs numbers 1–2, 4–3, 5–6 and so on",
        ),
        said(
            "split_half",
            "首轮采用上半区对下半区（拦腰）编排",
            "round 1 pairs the upper half against the lower half",
        ),
    ],
);
pub const LATE_ENTRY_MISSED: Position = Position::new(
    "score of a round missed before a late entry",
    "补报前未赛轮次的记分",
    &["zero", "half"],
);
pub const LINEUP_MODE: Position =
    Position::new("line-up rule", "出场名单规则", &["fixed", "each_round"]);
pub const LINEUP_DEFAULT: Position =
    Position::new("default line-up", "未交名单时的出场名单", &["roster_order"]);
pub const FIRST_ROUND_COLOURS: Position = Position::said(
    "first-round colour rule",
    "首轮先后手规则",
    &[
        said(
            "first_listed_red",
            "代号在前者执红先走",
            "the first-named player has red",
        ),
        said(
            "alternate",
            "先后手蛇形交替",
            "colours alternating board by board",
        ),
    ],
);
pub const FIRST_BOARD: Position = Position::said(
    "first-board colour",
    "第一台先后手",
    &[
        said(
            "upper",
            "第一台上半区棋手执红",
            "the upper-half player has red on board 1",
        ),
        said(
            "lower",
            "第一台下半区棋手执红",
            "the lower-half player has red on board 1",
        ),
        said("lot", "第一台先后手抽签决定", "colours on board 1 by lot"),
    ],
);
pub const STAGE_COLOURS: Position = Position::said(
    "colour rule",
    "先后手规则",
    &[
        said(
            "table",
            "按循环赛对局秩序表逐轮对弈，确定先后手",
            "colours follow the round-robin table",
        ),
        said("lot", "抽签决定先后手", "colours by lot"),
        said("swap", "交换先后手", "colours swapped"),
        said("by_board", "按台次确定先后手", "colours by board"),
    ],
);
/// `colours by_board home|lower_number`: which team of a match has Red on odd boards.
pub const TEAM_COLOURS: Position = Position::new(
    "team board colours",
    "团体赛各台先后手",
    &["home", "lower_number"],
);
pub const AVOID_WHAT: Position = Position::said(
    "avoidance",
    "回避对象",
    &[
        said(
            "same_unit",
            "同单位（同队）棋手",
            "players of the same unit",
        ),
        said(
            "same_federation",
            "同一协会棋手",
            "players of the same federation",
        ),
    ],
);
pub const AVOID_WHEN: Position = Position::new(
    "avoidance scope",
    "回避范围",
    &["never", "round1", "always"],
);
pub const COLOUR_TIE: Position = Position::said(
    "colour tie rule",
    "先后手均等时的规则",
    &[
        said(
            "sum_parity",
            "按双方代号之和的奇偶确定",
            "by the parity of the sum of the pairing numbers",
        ),
        said(
            "round_parity",
            "按轮次奇偶确定",
            "by the parity of the round",
        ),
        said("fide", "按国际棋联规则确定", "by the FIDE rules"),
    ],
);
pub const COLOUR_LIMIT_KEYS: Position = Position::new(
    "colour limit",
    "先后手限制",
    &["max_consecutive", "max_difference", "relax_last_rounds"],
);
pub const BYE_KEYS: Position = Position::new(
    "bye setting",
    "轮空设置",
    &["points", "opponent_score", "recipient"],
);
pub const BYE_OPPONENT_SCORE: Position = Position::new(
    "bye opponent score",
    "轮空的对手分计法",
    &["lowest_in_field", "zero", "own_score"],
);
pub const BYE_RECIPIENT: Position = Position::new(
    "bye recipient rule",
    "轮空人选规则",
    &["lowest_not_yet", "lowest_fewest"],
);
pub const SCORE_SHEETS: Position =
    Position::new("score-sheet rule", "记录规则", &["required", "none"]);
pub const KO_SEEDING: Position = Position::said(
    "seeding rule",
    "种子排序规则",
    &[
        said("rating", "按等级分排定种子", "by rating"),
        said("order", "按名单顺序排定种子", "by list order"),
        said("lot", "抽签排定种子", "by lot"),
    ],
);
pub const KO_BYES: Position = Position::said(
    "bye rule",
    "轮空规则",
    &[
        said("top_seeds", "轮空由高种子获得", "byes go to the top seeds"),
        said("lot", "轮空抽签决定", "byes by lot"),
    ],
);
pub const DRAW_ORDER: Position = Position::said(
    "draw order",
    "抽签顺序",
    &[
        said("list_order", "按秩序册名单顺序抽签", "in list order"),
        said("random", "抽签", "by lot"),
    ],
);
pub const DRAW_REST: Position = Position::said(
    "draw rule for the rest",
    "其余棋手的分组方法",
    &[
        said("random", "抽签", "by lot"),
        said("list_order", "按秩序册名单顺序抽签", "in list order"),
        said("rating", "按等级分高低", "by rating"),
    ],
);
pub const NUMBERS: Position = Position::said(
    "numbering rule",
    "编号方法",
    &[
        said("lot", "抽签确定比赛代号", "pairing numbers by lot"),
        said(
            "registration_order",
            "按报名先后顺序确定代号",
            "pairing numbers in registration order",
        ),
        said(
            "rating",
            "按等级分高低确定代号",
            "pairing numbers by rating",
        ),
        said(
            "entrants_order",
            "按上列参赛者顺序确定代号",
            "pairing numbers in the order the entrants are listed above",
        ),
    ],
);
/// The order within a numbering (`numbers seeded ... seeds_order`, `numbers parity ... within`):
/// the words of [`NUMBERS`], worded as an order.
pub const NUMBERS_ORDER: Position = Position::said(
    "numbering rule",
    "编号方法",
    &[
        said("lot", "抽签", "by lot"),
        said(
            "registration_order",
            "按报名先后顺序",
            "in registration order",
        ),
        said("rating", "按等级分高低", "by rating"),
    ],
);
pub const PARITY: Position = Position::new("number parity", "单双号", &["odd", "even"]);
/// CXA titles and the Asian/world ones; low to high within each family:
/// third_class < second_class < first_class < association_master < national_master < master
/// < grandmaster. Each is a title of the plan (`xqreg_runtime::plan::Title`, tested in `check/tests.rs`).
pub const TITLE: Position = Position::said(
    "title",
    "称号",
    &[
        said("third_class", "三级棋士", "third-class player"),
        said("second_class", "二级棋士", "second-class player"),
        said("first_class", "一级棋士", "first-class player"),
        said("association_master", "棋协大师", "association master"),
        said("national_master", "国家大师", "national master"),
        said("master", "象棋大师", "master"),
        said("grandmaster", "特级大师", "grandmaster"),
        said("international_master", "国际大师", "international master"),
        said(
            "international_grandmaster",
            "国际特级大师",
            "international grandmaster",
        ),
    ],
);
pub const SEX: Position = Position::said(
    "sex",
    "性别",
    &[
        said("men", "男子", "men").cell("男", "male"),
        said("women", "女子", "women").cell("女", "female"),
    ],
);
pub const STEP_COLOURS: Position = Position::said(
    "playoff colour rule",
    "加赛先后手规则",
    &[
        said("swap", "交换先后手", "colours swapped"),
        said("redraw", "重新抽签决定先后手", "colours drawn again by lot"),
        said("lot", "抽签决定先后手", "colours by lot"),
        said(
            "black_chooses",
            "由抽签胜者选择先后手",
            "the winner of a lot chooses colours",
        ),
    ],
);
pub const DRAW_ODDS: Position = Position::said(
    "side with draw odds",
    "和棋判胜的一方",
    &[said("black", "黑方", "black"), said("red", "红方", "red")],
);
pub const TAX: Position = Position::said(
    "tax basis",
    "税前/税后",
    &[
        said("before_tax", "税前", "before tax"),
        said("after_tax", "税后", "after tax"),
    ],
);
pub const METAL: Position = Position::said(
    "medal",
    "奖牌",
    &[
        said("gold", "金牌一枚", "a gold medal"),
        said("silver", "银牌一枚", "a silver medal"),
        said("bronze", "铜牌一枚", "a bronze medal"),
    ],
);
pub const SLOT_KIND: Position = Position::said(
    "schedule slot kind",
    "日程类别",
    &[
        said("arrival", "报到", "Arrival"),
        said("meeting", "技术会议", "Technical meeting"),
        said("opening", "开幕式", "Opening ceremony"),
        said("closing", "闭幕式", "Closing ceremony"),
        said("rest", "休息", "Rest day"),
        said("departure", "离会", "Departure"),
        said("ceremony", "颁奖仪式", "Prize-giving"),
        said("training", "裁判员培训", "Arbiter training"),
        said("reception", "颁奖酒会", "Reception"),
        said("event", "活动", "Event"),
    ],
);
pub const CAP_ORDER: Position = Position::said(
    "cap order",
    "名额截止方式",
    &[
        said("first_come", "，报满为止", ", first come first served"),
        said("by_rating", "，按等级分高低录取", ", taken by rating"),
    ],
);
pub const REPLACEMENT: Position = Position::said(
    "replacement rule",
    "递补规则",
    &[
        said(
            "next_in_line",
            "如有不参赛者，依次顺延",
            "a place declined passes to the next in line",
        ),
        said(
            "none",
            "不参赛者的名额不再递补",
            "a place declined is not refilled",
        ),
    ],
);
/// The results a `scoring` block gives points for.
pub const SCORING_KEYS: Position = Position::said(
    "scoring result",
    "记分项",
    &[
        said("win", "胜一局", "a win"),
        said("draw", "和一局", "a draw"),
        said("loss", "负一局", "a loss"),
        said("forfeit_win", "对方弃权", "a win by forfeit"),
        said("forfeit_loss", "弃权", "a loss by forfeit"),
        said("bye", "轮空", "a bye"),
    ],
);
/// The results of a team match a `scoring` block's `match` gives points for.
pub const MATCH_KEYS: Position = Position::said(
    "match result",
    "团体场分项",
    &[
        said("win", "胜一场", "a match won"),
        said("draw", "和一场", "a match drawn"),
        said("loss", "负一场", "a match lost"),
    ],
);
