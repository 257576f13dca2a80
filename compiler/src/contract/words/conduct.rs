//! Conduct rule kinds: status, heading and sheet phrases. A phrase's `{0}` takes the rule's
//! leading value when it has one; the first phrase whose conditions hold is printed.

use super::{printed_under as s, word as w, Block};
use crate::contract::Status::{Executed, Printed};

/// How a word of a conduct rule joins the next: with a comma, or tightly (一局棋犯规2次判负).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glue {
    Comma,
    Tight,
    /// Joins the previous phrase without a separator (a remark in brackets).
    Attach,
}
use Glue::{Comma, Tight};

pub struct ConductPhrase {
    /// Some(b): only when the rule has (b) or has no (!b) leading value.
    pub value: Option<bool>,
    /// Some(b): only when the leading value is (b) or is not (!b) a zero duration.
    pub zero: Option<bool>,
    pub zh: &'static str,
    pub en: &'static str,
    pub glue: Glue,
}

const fn any(zh: &'static str, en: &'static str, glue: Glue) -> ConductPhrase {
    ConductPhrase {
        value: None,
        zero: None,
        zh,
        en,
        glue,
    }
}
const fn valued(value: bool, zh: &'static str, en: &'static str, glue: Glue) -> ConductPhrase {
    ConductPhrase {
        value: Some(value),
        zero: None,
        zh,
        en,
        glue,
    }
}
const fn zero(zero: bool, zh: &'static str, en: &'static str, glue: Glue) -> ConductPhrase {
    ConductPhrase {
        value: Some(true),
        zero: Some(zero),
        zh,
        en,
        glue,
    }
}

#[rustfmt::skip]
pub static CONDUCT: Block<ConductPhrase> = Block {
    block: "conduct",
    what: ("kind of conduct rule", "赛场纪律条款类别"),
    words: &[
        w("natural_move_limit", Printed, "sheet: games are simulated by result, not by move", Some(("自然限着", "Natural move limit")), &[
            valued(true, "采用{0}回合“自然限着”", "a natural move limit of {0} moves applies", Comma),
            valued(false, "“自然限着”的审核", "the natural move limit applies", Comma),
        ]),
        s("draw_offers", ("提和", "Draw offers"), &[any("", "", Comma)]),
        s("repetition", ("待判局面", "Repetitions"), &[any("形成双方不变作和的待判局面时", "when a repetition that would be a draw arises", Comma)]),
        w("late", Printed, "sheet: a forfeit is a recorded result, not a clock", Some(("迟到判罚", "Lateness")), &[
            zero(true, "裁判长宣布开赛后未到场就座者", "a player not seated when play starts", Tight),
            zero(false, "裁判长宣布开赛后迟到{0}未到场就座者", "a player not seated {0} after the start", Tight),
            valued(false, "迟到者", "a late player", Tight),
        ]),
        w("withdraw", Executed, "plan.conduct.withdraw_after_forfeits (runtime withdraws the player)", Some(("弃权", "Forfeits")), &[any("", "", Tight)]),
        w("fouls_per_game", Executed, "plan.conduct.fouls_per_game_loss (runtime scores the game lost)", Some(("犯规", "Fouls")), &[
            valued(true, "一局棋犯规{0}次", "a player with {0} fouls in one game", Tight),
        ]),
        s("clock_before_move", ("按钟", "Clock"), &[any("先按钟、后走棋", "pressing the clock before moving", Tight)]),
        s("knocked_pieces", ("碰乱棋子", "Knocked pieces"), &[
            valued(true, "碰乱{0}个及以上棋子", "knocking over {0} or more pieces", Comma),
            valued(false, "", "", Comma),
        ]),
        w("knocked_pieces_any", Printed, "sheet", None, &[any("碰乱棋子", "knocking over a piece", Comma)]),
        s("illegal_move", ("违例", "Illegal moves"), &[any("违反行棋规定", "an illegal move", Tight)]),
        s("self_check", ("违例", "Illegal moves"), &[any("送将（自杀）", "a move that leaves one's own general in check", Tight)]),
        s("devices", ("电子设备", "Electronic devices"), &[any("携带电脑、手机等电子设备进入赛场者", "bringing a computer, phone or other electronic device into the playing hall", Tight)]),
        s("phone", ("电子设备", "Electronic devices"), &[any("手机未关闭或响铃者", "a phone left on or ringing", Tight)]),
        s("score_sheets", ("记录", "Score sheets"), &[any("", "", Comma)]),
        s("adjourn", ("封棋办法", "Adjournment"), &[
            valued(true, "比赛进行到下一轮开赛前{0}尚未结束时，采取封棋", "a game unfinished {0} before the next round is adjourned", Comma),
            valued(false, "采取封棋", "unfinished games are adjourned", Comma),
        ]),
        s("claims", ("申诉", "Claims"), &[any("凡涉及违反规则等问题", "claims of a breach of the rules", Comma)]),
        s("cheating", ("作弊", "Cheating"), &[any("作弊者", "cheating", Tight)]),
        s("theoretical_draw", ("判和", "Drawn positions"), &[any("理论上公认的和局或防守方没有防守难度时，无论双方所剩时间多少", "in a position that theory holds drawn, whatever the time left", Comma)]),
        s("leave_board", ("赛后离场", "Leaving the board"), &[any("棋手下完棋后经裁判提示退场仍不离场的", "a player who stays at the board after being told to leave", Tight)]),
        s("misplaced_piece", ("落点不清", "Misplaced pieces"), &[any("棋子走在两个点之间且无法辨认位置时，应立即摆正；如摆正前已按钟，由对方指定落点", "a piece left between points is set right; if the clock was pressed first, the opponent chooses the point", Comma)]),
        // `rule "heading" "text"`: the free-text rule prints its own heading and text.
        w("rule", Printed, "sheet (a heading and a text)", None, &[]),
    ],
};

/// The phrase of a conduct rule kind for a rule with or without a leading value (and whether
/// that value is a zero duration).
pub fn phrase(key: &str, has_value: bool, is_zero: bool) -> Option<&'static ConductPhrase> {
    CONDUCT
        .get(key)?
        .phrases
        .iter()
        .find(|p| p.value.is_none_or(|v| v == has_value) && p.zero.is_none_or(|z| z == is_zero))
}
