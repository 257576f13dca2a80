//! Conduct in words: the phrase of each conduct rule keyword and of each word inside a rule, with how it joins the next.

use super::{words, Glue, Lang};
use Glue::*;

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

/// Each word inside a conduct rule: the word, its Chinese and English templates, how many values
/// it takes (`usize::MAX`: all that follow), and how it joins the next word. One table, long on
/// purpose: a row a word.
const CONDUCT_WORDS: &[(&str, &str, &str, usize, Glue)] = &[
    (
        "checks",
        "提出方“将军”着数最多计{0}着",
        "the claimant's checks count at most {0}",
        1,
        Comma,
    ),
    ("claim", "", "", 0, Comma),
    (
        "after_game",
        "可在对局中或对局结束后（签字前）提出",
        "a claim may also be made after the game (before signing)",
        0,
        Comma,
    ),
    (
        "own_time",
        "在己方用时内提出的，裁判均予受理",
        "a claim made on one's own time is accepted",
        0,
        Comma,
    ),
    ("true_claim", "属实则", "a true claim", 0, Tight),
    ("false_claim", "不属实则", "a false claim", 0, Tight),
    (
        "incomplete",
        "记录不完整或无法辨认的一方",
        "a player whose score sheet is incomplete or illegible",
        0,
        Tight,
    ),
    (
        "no_claims",
        "提出“自然限着”“待判局面”的审核要求，裁判不予受理",
        "cannot have a move-limit or repetition claim heard",
        0,
        Comma,
    ),
    (
        "either_side",
        "（双方同样适用）",
        "(either player)",
        0,
        Attach,
    ),
    ("cycles", "（计{0}个循环）", "({0} cycles)", 1, Attach),
    ("loss", "判负", "loses", 0, Attach),
    ("foul", "判犯规一次", "is a foul", 0, Attach),
    ("forfeit", "按弃权处理", "forfeits the game", 0, Attach),
    (
        "forfeits",
        "不再安排以后的比赛",
        "takes no part in later rounds",
        0,
        Comma,
    ),
    (
        "after",
        "弃权{0}轮者",
        "a player with {0} forfeits",
        1,
        Tight,
    ),
    ("violation", "判违例一次", "is a violation", 0, Attach),
    ("draw", "判和", "is a draw", 0, Attach),
    (
        "arbiter_draw",
        "裁判有权判和",
        "the arbiter may declare a draw",
        0,
        Comma,
    ),
    (
        "from_move",
        "第{0}回合前双方均不得提和",
        "no draw offers before move {0}",
        1,
        Comma,
    ),
    (
        "until_move",
        "此规定适用于第{0}回合（含）以内",
        "this applies up to move {0}",
        1,
        Comma,
    ),
    (
        "red_must_vary",
        "由红方变着，不变判负",
        "red must vary or lose",
        0,
        Comma,
    ),
    (
        "loss_under",
        "对方用时不足{0}时判负",
        "loses when the opponent has less than {0} left",
        1,
        Comma,
    ),
    (
        "own_under",
        "用时不足{0}时直接判负",
        "loses outright with less than {0} left",
        1,
        Comma,
    ),
    ("else", "否则", "otherwise", 0, Tight),
    (
        "add",
        "为对方增加{0}用时",
        "the opponent gets {0} more",
        1,
        Comma,
    ),
    (
        "off_board",
        "将棋子碰出棋盘外",
        "knocking a piece off the board",
        0,
        Tight,
    ),
    (
        "missed_moves",
        "每漏记{0}着",
        "every {0} moves not recorded",
        1,
        Comma,
    ),
    (
        "required",
        "棋手须完整、清晰地记录双方着法",
        "players record both sides' moves fully and legibly",
        0,
        Comma,
    ),
    (
        "none",
        "棋手不做记录",
        "players do not keep score",
        0,
        Comma,
    ),
    (
        "tick_under",
        "一方所剩时间不足{0}时，可打勾代记录",
        "with less than {0} left a tick may replace a move",
        1,
        Comma,
    ),
    (
        "incomplete_no_claim",
        "记录不完整或无法辨认的一方提出“自然限着”“待判局面”审核，裁判不予受理",
        "a player whose score sheet is incomplete cannot claim the move limit or a repetition",
        0,
        Comma,
    ),
    (
        "record_after",
        "赛后须补记录",
        "the game is recorded after play",
        0,
        Comma,
    ),
    ("top_boards", "前{0}台", "the top {0} boards", 1, Tight),
    ("before_next", "", "", 0, Comma),
    ("resume", "", "", usize::MAX, Comma),
    (
        "on_the_spot",
        "须当场向裁判提出，过后提出不予受理",
        "must be raised with the arbiter at once; later claims are not heard",
        0,
        Comma,
    ),
    (
        "disqualify",
        "取消比赛资格",
        "leads to disqualification",
        0,
        Attach,
    ),
    (
        "referred",
        "移交有关单位处理",
        "is referred to the competent body",
        0,
        Comma,
    ),
];

/// The phrase of a word inside a conduct rule: template, how many values it takes (`usize::MAX`:
/// all that follow), and how it joins the next word.
pub fn conduct_word(lang: Lang, word: &str) -> Option<(&'static str, usize, Glue)> {
    CONDUCT_WORDS
        .iter()
        .find(|row| row.0 == word)
        .map(|&(_, zh, en, arity, glue)| (if lang == Lang::Zh { zh } else { en }, arity, glue))
}
