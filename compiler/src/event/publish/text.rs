//! The site's two languages: the words of its pages, and the prize items in each.

use serde::Serialize;
use xqreg_runtime::plan::PrizeItem;

use crate::diagnostics::{Msg, Template};

// The message catalogue of this module: compiler/messages/event/publish/text.toml.
include!(concat!(env!("OUT_DIR"), "/messages/event/publish/text.rs"));

/// The language of a page (the site is written in both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tr {
    Zh,
    En,
}

impl Tr {
    /// The rule sheet's language of a page in this one.
    pub fn sheet(self) -> crate::sheet::Lang {
        match self {
            Tr::Zh => crate::sheet::Lang::Zh,
            Tr::En => crate::sheet::Lang::En,
        }
    }

    /// The page language of a command's `--lang`.
    pub fn of(lang: crate::diagnostics::Lang) -> Tr {
        match lang {
            crate::diagnostics::Lang::Zh => Tr::Zh,
            crate::diagnostics::Lang::En => Tr::En,
        }
    }

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

/// A phrase of the catalogue, filled in, in the page's language.
pub fn said(l: Tr, m: Msg) -> String {
    match l {
        Tr::Zh => m.zh,
        Tr::En => m.en,
    }
}

/// `t` with the number `n` filled in (`{n}`, and its Chinese numeral `{n_zh}`: 第五轮) and `more`.
pub fn numbered(t: Template, n: u32, more: &[(&str, &str)]) -> Msg {
    let (digits, zh) = (n.to_string(), crate::sheet::fmt::zh_numeral(u64::from(n)));
    t.fill(&[&[("n", digits.as_str()), ("n_zh", &zh)][..], more].concat())
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
    /// A team stage's round lists each board under its match, not a group.
    pub team_match: &'static str,
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
    /// The qualifiers' column of the event qualified for.
    pub qualifies_for: &'static str,
    pub category: &'static str,
    pub progress: &'static str,
    pub results_in: &'static str,
    pub not_finished: &'static str,
    pub nothing_yet: &'static str,
    /// A stage no roster player entered (W205).
    pub not_held: &'static str,
    /// A playoff held only if its two players are level on points (`only_if_tied`), not needed.
    pub not_needed: &'static str,
}

pub fn words(l: Tr) -> Words {
    let w = |t: Template| tr(l, t.zh, t.en);
    Words {
        home: w(HOME),
        rules: w(RULES),
        switch: w(SWITCH),
        board: w(BOARD),
        red: w(RED),
        black: w(BLACK),
        result: w(RESULT),
        group: w(GROUP),
        team_match: w(TEAM_MATCH),
        place: w(PLACE),
        number: w(NUMBER),
        name: w(NAME),
        unit: w(UNIT),
        points: w(POINTS),
        standings: w(STANDINGS),
        provisional: w(PROVISIONAL),
        crosstable: w(CROSSTABLE),
        pairings: w(PAIRINGS),
        waiting: w(WAITING),
        not_paired: w(NOT_PAIRED),
        bracket: w(BRACKET),
        stages: w(STAGES),
        ranking: w(RANKING),
        prizes: w(PRIZES),
        prize: w(PRIZE),
        qualifiers: w(QUALIFIERS),
        qualifies_for: w(QUALIFIES_FOR),
        category: w(CATEGORY),
        progress: w(PROGRESS),
        results_in: w(RESULTS_IN),
        not_finished: w(NOT_FINISHED),
        nothing_yet: w(NOTHING_YET),
        not_held: w(NOT_HELD),
        not_needed: w(NOT_NEEDED),
    }
}

/// A prize item in words.
pub fn item(l: Tr, i: &PrizeItem) -> String {
    let t = |t: Template| tr(l, t.zh, t.en).to_string();
    match i {
        PrizeItem::Trophy => t(TROPHY),
        PrizeItem::Medal { metal } => match metal.as_deref() {
            Some("gold") => t(GOLD_MEDAL),
            Some("silver") => t(SILVER_MEDAL),
            Some("bronze") => t(BRONZE_MEDAL),
            Some(m) => {
                let said = METAL_MEDAL.fill(&[("metal", m)]);
                tr(l, &said.zh, &said.en).to_string()
            }
            None => t(MEDAL),
        },
        PrizeItem::Plaque => t(PLAQUE),
        PrizeItem::Certificate => t(CERTIFICATE),
        PrizeItem::Other { name } => name.clone(),
    }
}

/// The column heading of a tie-break criterion (its identifier in the standings), short as
/// crosstables print it; an identifier this table does not know is shown as it is.
pub fn criterion(l: Tr, id: &str) -> String {
    // A column with its cut (`TbCell::column`): the criterion's heading and the cut.
    if let Some((base, n)) = id
        .strip_suffix(')')
        .and_then(|rest| rest.split_once(" (cut "))
    {
        let said = TB_CUT.fill(&[("criterion", &criterion(l, base)), ("n", n)]);
        return tr(l, &said.zh, &said.en).to_string();
    }
    CRITERIA
        .iter()
        .find(|(k, _)| *k == id)
        .map_or(id, |(_, t)| tr(l, t.zh, t.en))
        .to_string()
}

/// The criteria [`criterion`] knows, by identifier.
const CRITERIA: &[(&str, Template)] = &[
    ("points", TB_POINTS),
    ("sonneborn_berger", TB_SONNEBORN_BERGER),
    ("opponents_score", TB_OPPONENTS_SCORE),
    ("progressive", TB_PROGRESSIVE),
    ("head_to_head", TB_HEAD_TO_HEAD),
    ("wins", TB_WINS),
    ("black_wins", TB_BLACK_WINS),
    ("black_games", TB_BLACK_GAMES),
    ("head_to_head_black", TB_HEAD_TO_HEAD_BLACK),
    ("fouls", TB_FOULS),
    ("countback", TB_COUNTBACK),
    ("lots", TB_LOTS),
    ("match_points", TB_MATCH_POINTS),
    ("game_points", TB_GAME_POINTS),
    ("board_countback", TB_BOARD_COUNTBACK),
];
