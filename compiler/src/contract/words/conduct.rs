//! Conduct rule kinds: status, heading and sheet phrases. A phrase's `{0}` takes the rule's
//! leading value when it has one; the first phrase whose conditions hold is printed.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::{printed_under as s, word as w, Block};
use crate::contract::Status::{Executed, Printed};

/// How a word of a conduct rule joins the next: with a comma, or tightly (一局棋犯规2次判负).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glue {
    Comma,
    Tight,
    /// Joins the previous phrase without a separator (a remark in brackets).
    Attach,
    /// A subject joining its verb, so that something must follow it: a comma in Chinese
    /// (凡涉及违反规则等问题，须当场向裁判提出), a space in English (claims of a breach of the rules
    /// must be raised ...).
    Subject,
}
use Glue::{Comma, Subject, Tight};

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
        // Under the heading of `knocked_pieces`, as `knocked_pieces 1` prints: a rule for one piece
        // and one for two or more are items of one clause (碰乱棋子 1. … 2. …).
        s("knocked_pieces_any", ("碰乱棋子", "Knocked pieces"), &[any("碰乱棋子", "knocking over a piece", Comma)]),
        s("illegal_move", ("违例", "Illegal moves"), &[any("违反行棋规定", "an illegal move", Tight)]),
        s("self_check", ("违例", "Illegal moves"), &[any("送将（自杀）", "a move that leaves one's own general in check", Tight)]),
        s("devices", ("电子设备", "Electronic devices"), &[any("携带电脑、手机等电子设备进入赛场者", "bringing a computer, phone or other electronic device into the playing hall", Tight)]),
        s("phone", ("电子设备", "Electronic devices"), &[any("手机未关闭或响铃者", "a phone left on or ringing", Tight)]),
        s("score_sheets", ("记录", "Score sheets"), &[any("", "", Comma)]),
        s("adjourn", ("封棋办法", "Adjournment"), &[
            valued(true, "比赛进行到下一轮开赛前{0}尚未结束时，采取封棋", "a game unfinished {0} before the next round is adjourned", Comma),
            valued(false, "采取封棋", "unfinished games are adjourned", Comma),
        ]),
        s("claims", ("申诉", "Claims"), &[any("凡涉及违反规则等问题", "claims of a breach of the rules", Subject)]),
        s("cheating", ("作弊", "Cheating"), &[any("作弊者", "cheating", Tight)]),
        s("theoretical_draw", ("判和", "Drawn positions"), &[any("理论上公认的和局或防守方没有防守难度时，无论双方所剩时间多少", "in a position that theory holds drawn, whatever the time left", Comma)]),
        s("leave_board", ("赛后离场", "Leaving the board"), &[any("棋手下完棋后经裁判提示退场仍不离场的", "staying at the board after being told to leave", Tight)]),
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

/// The kind of value a conduct rule or a word inside it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A whole number from 1: `natural_move_limit 60`, `from_move 26`.
    Count,
    /// `late 10min`, `loss_under 3min`.
    Duration,
    /// Every clock time that follows, at least one: `resume 12:30, 19:30`.
    Clocks,
}

impl Value {
    /// How a diagnostic names it (English, Chinese).
    pub fn name(self) -> (&'static str, &'static str) {
        match self {
            Value::Count => ("a whole number from 1", "从1起的整数"),
            Value::Duration => ("a duration", "时长"),
            Value::Clocks => ("clock times", "时刻"),
        }
    }
}

/// A conduct rule kind's arguments as the sheet prints them: the value its phrase takes first
/// (`{0}` of the phrase with a value), and one rule written whole, for the checker's help and
/// docs/language.md §15. The words that may follow are the file's (`conduct_words.tsv`).
pub struct Form {
    pub kind: &'static str,
    pub lead: Option<Value>,
    pub example: &'static str,
    /// The words the kind's phrase reads on with (`conduct_words.tsv`): any other word would
    /// be printed after the phrase without a meaning there (`misplaced_piece foul`: ...the
    /// opponent chooses the point, is a foul).
    pub words: &'static [&'static str],
}

const fn form(
    kind: &'static str,
    lead: Option<Value>,
    example: &'static str,
    words: &'static [&'static str],
) -> Form {
    Form {
        kind,
        lead,
        example,
        words,
    }
}

/// What a breach leads to.
const PENALTY: &[&str] = &["loss", "foul", "violation"];

#[rustfmt::skip]
pub static FORMS: &[Form] = &[
    form("natural_move_limit", Some(Value::Count), "natural_move_limit 60 checks 10", &["checks", "claim", "after_game", "own_time", "true_claim", "false_claim", "draw", "loss"]),
    form("draw_offers", None, "draw_offers from_move 26", &["from_move"]),
    form("repetition", None, "repetition red_must_vary until_move 25 cycles 3", &["red_must_vary", "until_move", "cycles", "claim", "after_game", "own_time", "true_claim", "false_claim", "draw", "loss"]),
    form("late", Some(Value::Duration), "late 10min forfeit", &["forfeit", "loss"]),
    form("withdraw", None, "withdraw after 2 forfeits", &["after", "forfeits"]),
    form("fouls_per_game", Some(Value::Count), "fouls_per_game 3 loss", &["loss"]),
    form("clock_before_move", None, "clock_before_move loss_under 2min either_side", &["loss", "foul", "violation", "loss_under", "own_under", "else", "add", "either_side"]),
    form("knocked_pieces", Some(Value::Count), "knocked_pieces 2 loss_under 3min else add 3min", &["loss", "foul", "violation", "loss_under", "own_under", "else", "add", "off_board", "either_side"]),
    form("knocked_pieces_any", None, "knocked_pieces_any foul", &["loss", "foul", "violation", "loss_under", "else", "add"]),
    form("illegal_move", None, "illegal_move loss", PENALTY),
    form("self_check", None, "self_check loss", PENALTY),
    form("devices", None, "devices loss", &["loss", "foul", "violation", "disqualify", "referred"]),
    form("phone", None, "phone foul", &["loss", "foul", "violation", "disqualify"]),
    form("score_sheets", None, "score_sheets required missed_moves 4 violation", &["required", "none", "missed_moves", "violation", "foul", "tick_under", "incomplete", "no_claims", "incomplete_no_claim", "record_after", "top_boards"]),
    form("adjourn", Some(Value::Duration), "adjourn 15min before_next resume 12:30, 19:30", &["before_next", "resume"]),
    form("claims", None, "claims on_the_spot", &["on_the_spot"]),
    form("cheating", None, "cheating disqualify", &["disqualify", "referred", "loss"]),
    form("theoretical_draw", None, "theoretical_draw arbiter_draw", &["arbiter_draw"]),
    form("leave_board", None, "leave_board foul", PENALTY),
    form("misplaced_piece", None, "misplaced_piece", &[]),
    form("rule", None, "rule \"认输\" en \"Resigning\" \"棋手可随时认输\" en \"A player may resign at any time\"", &[]),
];

/// The form of a conduct rule kind.
pub fn kind_form(kind: &str) -> Option<&'static Form> {
    FORMS.iter().find(|f| f.kind == kind)
}

/// A word inside a conduct rule (`checks`, `loss`, `from_move`): its Chinese and English
/// templates, the value it takes and how it joins the next word.
pub struct ConductWord {
    pub zh: &'static str,
    pub en: &'static str,
    pub value: Option<Value>,
    pub glue: Glue,
}

/// The conduct words as written; see the file's head for its columns.
const CONDUCT_WORDS_TSV: &str = include_str!("conduct_words.tsv");

/// The conduct words by word, read once.
pub fn conduct_words() -> &'static BTreeMap<&'static str, ConductWord> {
    static WORDS: OnceLock<BTreeMap<&'static str, ConductWord>> = OnceLock::new();
    WORDS.get_or_init(|| read_conduct_words(CONDUCT_WORDS_TSV))
}

fn read_conduct_words(text: &'static str) -> BTreeMap<&'static str, ConductWord> {
    let mut words = BTreeMap::new();
    let rows = text
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'));
    for line in rows {
        let cells: Vec<&str> = line.split('\t').collect();
        let [word, zh, en, value, glue] = cells[..] else {
            panic!("conduct_words.tsv: a row has five tab-separated cells: {cells:?}");
        };
        let value = match value {
            "-" => None,
            "count" => Some(Value::Count),
            "duration" => Some(Value::Duration),
            "clocks" => Some(Value::Clocks),
            other => panic!("conduct_words.tsv: value {other:?}"),
        };
        let glue = match glue {
            "comma" => Glue::Comma,
            "tight" => Glue::Tight,
            "attach" => Glue::Attach,
            other => panic!("conduct_words.tsv: glue {other:?}"),
        };
        // The first row of a word counts, as the file says.
        words.entry(word).or_insert(ConductWord {
            zh,
            en,
            value,
            glue,
        });
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forms say what the sheet's phrases do: a kind takes a leading value exactly when its
    /// phrase with a value has a place for it (`{0}`), and a word takes a value exactly when its
    /// template has one (`resume`'s clock times are written by the sheet itself).
    #[test]
    fn the_forms_take_the_values_the_phrases_print() {
        for word in CONDUCT.words {
            let form = kind_form(word.key)
                .unwrap_or_else(|| panic!("conduct kind `{}` has no form", word.key));
            let prints_value = phrase(word.key, true, false).is_some_and(|p| p.zh.contains("{0}"));
            assert_eq!(form.lead.is_some(), prints_value, "{}", word.key);
        }
        assert_eq!(FORMS.len(), CONDUCT.words.len());
        for (key, w) in conduct_words() {
            if w.value == Some(Value::Clocks) {
                continue;
            }
            for t in [w.zh, w.en] {
                assert_eq!(t.contains("{0}"), w.value.is_some(), "{key}: {t}");
            }
        }
    }

    /// docs/language.md §15 gives each kind's form and each word, as the checker reads them.
    #[test]
    fn the_language_reference_lists_every_form_and_word() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/language.md");
        let docs = std::fs::read_to_string(path).unwrap_or_default();
        for f in FORMS {
            let row = format!("| `{}` |", f.kind);
            let line = docs.lines().find(|l| l.starts_with(&row));
            let line = line.unwrap_or_else(|| panic!("no row for `{}` in §15", f.kind));
            assert!(line.contains(&format!("`{}`", f.example)), "{line}");
            // A run rule's row gives its whole form instead.
            if !line.contains("| run: exactly") {
                assert_eq!(f.lead.is_some(), line.contains("(optional"), "{line}");
            }
            // The words it takes, as the checker reads them (E640 for any other).
            let words: Vec<String> = f.words.iter().map(|w| format!("`{w}`")).collect();
            let listed = if words.is_empty() {
                "none".to_string()
            } else {
                words.join(" ")
            };
            assert!(line.contains(&format!("| {listed} |")), "{line}");
        }
        for (key, w) in conduct_words() {
            let row = format!("| `{key}` | ");
            let line = docs.lines().find(|l| l.starts_with(&row));
            let line = line.unwrap_or_else(|| panic!("no row for the word `{key}` in §15"));
            let (en, _) = w.value.map_or(("", ""), Value::name);
            assert!(line.contains(en), "{line}");
            assert_eq!(w.glue == Glue::Tight, line.contains("leads on"), "{line}");
        }
    }
}
