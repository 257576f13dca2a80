//! The codes of unknown names (E102 to E113, E708) and the report of each kind.

use super::super::names::code;
use super::super::resolve::Kind;
use super::super::Report;
use crate::diagnostics::{Code, Explain, Severity, Template};

code!(
    E102,
    "E102",
    "unknown-time-control",
    Error,
    Template::new(
        "A stage, playoff step or conduct rule names a time control that no `time` block declares.",
        "阶段、加赛步骤或赛场规则引用了未用 `time` 声明的用时。"
    ),
    "time standard { base 20min increment 20s }\nstage main { swiss cxa rounds 7  time standrad }",
    Template::new(
        "Correct the name, or declare the time control: `time NAME { base 20min increment 20s }`.",
        "改正名称，或声明该用时：`time 名称 { base 20min increment 20s }`。"
    )
);

code!(E103, "E103", "unknown-stage", Error,
    Template::new("A place reference, `same_as`, `split ... to`, schedule round, prize or scenario names a stage that is not declared.",
        "名次引用、`same_as`、`split ... to`、日程轮次、奖项或测试场景引用了未声明的阶段。"),
    "stage groups { round_robin single groups A B size 4 }\nstage final { knockout { bracket (group.A#1 v groups.B#1) } }",
    Template::new("Correct the stage name, or declare the stage.", "改正阶段名称，或声明该阶段。"));

code!(E104, "E104", "unknown-group", Error,
    Template::new("A place reference names a group its stage does not have (or the stage has no groups at all).",
        "名次引用中的小组不属于该阶段（或该阶段不分组）。"),
    "stage groups { round_robin single groups A B size 4 }\nplaces 9..10 shared groups.C#4",
    Template::new("Use one of the stage's groups, `.*` for every group, or no group for a stage without groups (`swiss#1..8`).",
        "改用该阶段已有的小组、用 `.*` 表示所有小组，不分组的阶段则不写小组（如 `swiss#1..8`）。"));

code!(E105, "E105", "unknown-pool", Error,
    Template::new("A stage, draw rule, seed tier, category or player names a pool that the entry block does not declare.",
        "阶段、抽签规则、种子层级、组别或棋手引用了报名中未声明的名额来源（pool）。"),
    "entry { field 8 pool champions 8 }\nstage main { round_robin single  entrants pool champs }",
    Template::new("Correct the name, or declare the pool in `entry { pool NAME SIZE ... }`.",
        "改正名称，或在 `entry { pool 名称 人数 ... }` 中声明。"));

code!(E106, "E106", "unknown-category", Error,
    Template::new("A stage, prize table, qualification quota or category names a category that is not declared.",
        "阶段、奖励表、晋级名额或组别引用了未声明的组别（category）。"),
    "category open_men { sex men }\nprizes open_man CNY { 1: 1000 }",
    Template::new("Correct the name, or declare it: `category NAME \"...\" { ... }`.",
        "改正名称，或声明：`category 名称 \"...\" { ... }`。"));

code!(E108, "E108", "unknown-playoff", Error,
    Template::new("A stage names a playoff chain that no `playoff` block declares.",
        "阶段引用了未用 `playoff` 声明的加赛办法。"),
    "playoff ladder { game rapid colours swap  lots }\nstage final { knockout { seeded 4 }  playoff ladr }",
    Template::new("Correct the name, declare the chain, or write it inline: `playoff { game rapid colours swap  lots }`.",
        "改正名称、声明该加赛办法，或直接写在阶段内：`playoff { game rapid colours swap  lots }`。"));

code!(E109, "E109", "unknown-player", Error,
    Template::new("A bracket slot, pot, seed tier or a category's `players` list names a player that no `player` line in the entry declares.",
        "对阵位置、抽签档、种子层级或组别的 `players` 名单引用了报名中未用 `player` 声明的棋手。"),
    "entry { field 2 player xu \"许银川\" { } }\nstage final { knockout { bracket (xu v lu) } }",
    Template::new("Correct the id, or declare the player: `player ID \"姓名\" { ... }`.",
        "改正代号，或声明该棋手：`player 代号 \"姓名\" { ... }`。"));

code!(E112, "E112", "unknown-scoring", Error,
    Template::new("A stage names a scoring that no `scoring NAME { ... }` block declares.",
        "阶段引用了未声明的记分办法。"),
    "scoring { win 2 draw 1 loss 0 }\nstage main { swiss cxa rounds 7  scoring team }",
    Template::new("Correct the name, declare `scoring NAME { ... }`, or drop the clause to use the default scoring.",
        "改正名称、声明 `scoring 名称 { ... }`，或删去该子句以使用默认记分办法。"));

code!(
    E113,
    "E113",
    "unknown-team",
    Error,
    Template::new(
        "A player's `team` attribute names a team that no `team` line in the entry declares.",
        "棋手的 `team` 属性引用了报名中未用 `team` 声明的队伍。"
    ),
    "entry { team bj \"北京队\"  player a1 \"甲一\" { team bjj } }",
    Template::new(
        "Correct the id, or declare the team: `team ID \"队名\"`.",
        "改正代号，或声明该队伍：`team 代号 \"队名\"`。"
    )
);

code!(
    E708,
    "E708",
    "test-unknown-roster",
    Error,
    Template::new(
        "A scenario test uses `roster NAME`, and no top-level `roster NAME { ... }` block declares that roster.",
        "情景测试用 `roster 名称` 引用名单，但没有顶层的 `roster 名称 { ... }` 块声明该名单。"
    ),
    "roster field { player a \"甲\" { }  player b \"乙\" { } }\ntest \"t\" { roster feild }",
    Template::new(
        "Correct the name, or declare the roster once at the top level: `roster NAME { player ... }`.",
        "改正名称，或在顶层声明一次该名单：`roster 名称 { player ... }`。"
    )
);

/// The Report for an unknown name of a kind.
pub(super) fn unknown_report(kind: Kind) -> Report {
    let (code, en, zh): (&'static Code, &'static str, &'static str) = match kind {
        Kind::TimeControl => (
            &E102,
            "unknown time control `{name}`",
            "未声明的用时 `{name}`",
        ),
        Kind::Stage => (&E103, "unknown stage `{name}`", "未声明的阶段 `{name}`"),
        Kind::Group => (
            &E104,
            "stage `{stage}` has no group `{name}`",
            "阶段 `{stage}` 没有小组 `{name}`",
        ),
        Kind::Pool => (&E105, "unknown pool `{name}`", "未声明的名额来源 `{name}`"),
        Kind::Category => (&E106, "unknown category `{name}`", "未声明的组别 `{name}`"),
        Kind::Playoff => (
            &E108,
            "unknown playoff chain `{name}`",
            "未声明的加赛办法 `{name}`",
        ),
        Kind::Player => (&E109, "unknown player `{name}`", "未声明的棋手 `{name}`"),
        Kind::Scoring => (
            &E112,
            "unknown scoring `{name}`",
            "未声明的记分办法 `{name}`",
        ),
        Kind::Team => (&E113, "unknown team `{name}`", "未声明的队伍 `{name}`"),
        Kind::Roster => (&E708, "unknown roster `{name}`", "未声明的名单 `{name}`"),
    };
    Report {
        code,
        message: Template::new(en, zh),
        label: Template::new("not declared", "未声明"),
        help: Template::new("", ""),
    }
}

pub const CODES: &[&Code] = &[
    &E102, &E103, &E104, &E105, &E106, &E108, &E109, &E112, &E113, &E708,
];
