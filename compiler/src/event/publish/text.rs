//! The site's two languages: the words of its pages, and the prize items in each.

use serde::Serialize;
use xqreg_runtime::plan::PrizeItem;

/// The language of a page (the site is written in both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tr {
    Zh,
    En,
}

impl Tr {
    pub fn code(self) -> &'static str {
        match self {
            Tr::Zh => "zh",
            Tr::En => "en",
        }
    }

    pub fn other(self) -> Tr {
        match self {
            Tr::Zh => Tr::En,
            Tr::En => Tr::Zh,
        }
    }
}

pub fn tr<'a>(l: Tr, zh: &'a str, en: &'a str) -> &'a str {
    match l {
        Tr::Zh => zh,
        Tr::En => en,
    }
}

/// Every fixed word of the templates, in one language.
#[derive(Debug, Serialize)]
pub struct Words {
    pub home: &'static str,
    pub rules: &'static str,
    pub switch: &'static str,
    pub board: &'static str,
    pub red: &'static str,
    pub black: &'static str,
    pub result: &'static str,
    pub group: &'static str,
    pub place: &'static str,
    pub number: &'static str,
    pub name: &'static str,
    pub unit: &'static str,
    pub points: &'static str,
    pub standings: &'static str,
    pub provisional: &'static str,
    pub crosstable: &'static str,
    pub pairings: &'static str,
    pub waiting: &'static str,
    pub not_paired: &'static str,
    pub bracket: &'static str,
    pub stages: &'static str,
    pub ranking: &'static str,
    pub prizes: &'static str,
    pub prize: &'static str,
    pub qualifiers: &'static str,
    pub category: &'static str,
    pub progress: &'static str,
    pub results_in: &'static str,
    pub not_finished: &'static str,
    pub nothing_yet: &'static str,
    /// A stage no roster player entered (W205).
    pub not_held: &'static str,
}

pub fn words(l: Tr) -> Words {
    let w = |zh, en| tr(l, zh, en);
    Words {
        home: w("首页", "Home"),
        rules: w("竞赛规程", "Rules"),
        switch: w("English", "中文"),
        board: w("台次", "Board"),
        red: w("红方", "Red"),
        black: w("黑方", "Black"),
        result: w("结果", "Result"),
        group: w("组", "Group"),
        place: w("名次", "Place"),
        number: w("编号", "No."),
        name: w("姓名", "Name"),
        unit: w("单位", "Unit"),
        points: w("积分", "Points"),
        standings: w("成绩表", "Standings"),
        provisional: w(
            "暂列：尚有对局未录入成绩",
            "Provisional: some games have no result yet",
        ),
        crosstable: w("交叉表", "Crosstable"),
        pairings: w("对阵与成绩", "Pairings and results"),
        waiting: w("待录入", "waiting"),
        not_paired: w("本轮不上场", "Not paired this round"),
        bracket: w("淘汰赛对阵图", "Knockout bracket"),
        stages: w("比赛阶段", "Stages"),
        ranking: w("最终名次", "Final ranking"),
        prizes: w("奖励", "Prizes"),
        prize: w("奖项", "Prize"),
        qualifiers: w("资格", "Qualifiers"),
        category: w("组别", "Category"),
        progress: w("已公布对局", "Games published"),
        results_in: w("已录入成绩", "Results recorded"),
        not_finished: w(
            "比赛尚未结束：最终名次、奖励和资格在全部成绩录入后公布。",
            "The event is not over: the final ranking, prizes and qualifiers are published once every result is in.",
        ),
        nothing_yet: w("尚未公布对阵。", "No pairing is published yet."),
        not_held: w(
            "无人报名，本组不举行。",
            "No player entered this section: it is not held.",
        ),
    }
}

/// A prize item in words.
pub fn item(l: Tr, i: &PrizeItem) -> String {
    match i {
        PrizeItem::Trophy => tr(l, "奖杯", "trophy").to_string(),
        PrizeItem::Medal { metal } => match (l, metal.as_deref()) {
            (Tr::Zh, Some("gold")) => "金牌".into(),
            (Tr::Zh, Some("silver")) => "银牌".into(),
            (Tr::Zh, Some("bronze")) => "铜牌".into(),
            (Tr::Zh, _) => "奖牌".into(),
            (Tr::En, Some(m)) => format!("{m} medal"),
            (Tr::En, None) => "medal".into(),
        },
        PrizeItem::Plaque => tr(l, "奖牌匾", "plaque").to_string(),
        PrizeItem::Certificate => tr(l, "证书", "certificate").to_string(),
        PrizeItem::Other { name } => name.clone(),
    }
}

/// The column heading of a tie-break criterion (its identifier in the standings), short as
/// crosstables print it; an identifier this table does not know is shown as it is.
pub fn criterion(l: Tr, id: &str) -> String {
    let (zh, en) = match id {
        "points" => ("积分", "Points"),
        "sonneborn_berger" => ("小分", "S-B"),
        "opponents_score" => ("对手分", "Buchholz"),
        "progressive" => ("累进分", "Progressive"),
        "head_to_head" => ("直胜", "H2H"),
        "wins" => ("胜局", "Wins"),
        "black_wins" => ("后手胜局", "Black wins"),
        "black_games" => ("后手局数", "Black games"),
        "head_to_head_black" => ("对赛执后手", "H2H black"),
        "fouls" => ("犯规", "Fouls"),
        "countback" => ("前轮成绩", "Countback"),
        "lots" => ("抽签", "Lots"),
        "match_points" => ("场分", "Match pts"),
        "game_points" => ("局分", "Game pts"),
        "board_countback" => ("逐台", "Boards"),
        other => (other, other),
    };
    tr(l, zh, en).to_string()
}
