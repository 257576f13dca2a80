//! In which stage formats a stage clause has an effect, read from the lowering
//! (compiler/src/compile/stages.rs) and the engine (runtime/src/engine, runtime/src/pairing):
//! a clause outside its formats is never read, and the checker refuses it (E114).

use xqreg_grammar::ast::Format;

use super::ClauseKind as K;

/// A stage format as the engine distinguishes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum StageFmt {
    RoundRobin,
    SwissCxa,
    SwissDutch,
    Knockout,
    SamePlace,
    TeamRoundRobin,
    /// `swiss cxa|dutch rounds N boards B` in a team event: teams paired by the Swiss pairer.
    TeamSwiss,
}

pub const ALL: &[StageFmt] = &[
    StageFmt::RoundRobin,
    StageFmt::SwissCxa,
    StageFmt::SwissDutch,
    StageFmt::Knockout,
    StageFmt::SamePlace,
    StageFmt::TeamRoundRobin,
    StageFmt::TeamSwiss,
];

impl StageFmt {
    pub fn of(f: &Format) -> StageFmt {
        match f {
            Format::RoundRobin { .. } => StageFmt::RoundRobin,
            Format::Swiss {
                boards: Some(_), ..
            } => StageFmt::TeamSwiss,
            Format::Swiss { system, .. } if system.node == "dutch" => StageFmt::SwissDutch,
            Format::Swiss { .. } => StageFmt::SwissCxa,
            Format::Knockout(_) => StageFmt::Knockout,
            Format::SamePlace { .. } => StageFmt::SamePlace,
            Format::TeamRoundRobin { .. } => StageFmt::TeamRoundRobin,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            StageFmt::RoundRobin => "round_robin",
            StageFmt::SwissCxa => "swiss cxa",
            StageFmt::SwissDutch => "swiss dutch",
            StageFmt::Knockout => "knockout",
            StageFmt::SamePlace => "same_place",
            StageFmt::TeamRoundRobin => "team_round_robin",
            StageFmt::TeamSwiss => "swiss … boards N",
        }
    }
}

use StageFmt::*;

/// A stage clause that acts only in some formats: the formats, and what to do elsewhere.
pub struct Applicability {
    pub kind: K,
    pub formats: &'static [StageFmt],
    /// Words that state what a format always does although it does not read the clause
    /// (`colours by_board` in a team round robin): accepted there.
    pub fixed: &'static [(StageFmt, &'static str)],
    /// Help when written elsewhere (en, zh).
    pub help: (&'static str, &'static str),
}

impl Applicability {
    /// Accept, where the clause is not read, the words that state what a format always does.
    const fn or_fixed(self, fixed: &'static [(StageFmt, &'static str)]) -> Self {
        Applicability { fixed, ..self }
    }
}

/// A clause that acts only in `formats`, with the help (en, zh) when written elsewhere.
const fn limit(
    kind: K,
    formats: &'static [StageFmt],
    en: &'static str,
    zh: &'static str,
) -> Applicability {
    Applicability {
        kind,
        formats,
        fixed: &[],
        help: (en, zh),
    }
}

/// Stage clauses limited to some formats; every other stage clause acts in every format.
pub const LIMITED: &[Applicability] = &[
    limit(
        K::Draw,
        &[RoundRobin],
        "remove it: only a round robin with groups draws its entrants into groups",
        "删去：只有分组循环赛才抽签分组",
    ),
    limit(
        K::Numbers,
        &[RoundRobin, SwissCxa, SwissDutch, TeamSwiss],
        "remove it; a knockout numbers its entrants by `seeding` inside `knockout { ... }`; a team round robin draws team numbers by lot",
        "删去；淘汰赛在 `knockout { ... }` 中用 `seeding` 定种子；团体循环赛抽签定队号",
    )
    .or_fixed(&[(TeamRoundRobin, "lot")]),
    limit(
        K::NumbersEntrantsOrder,
        &[RoundRobin, SwissCxa, SwissDutch],
        "write `numbers registration_order`, `lot` or `rating`: a team stage numbers its teams as registered, by lot or by rating, not by the places its players came from",
        "改写 `numbers registration_order`、`lot` 或 `rating`：团体赛按报名顺序、抽签或等级分为队编号，不按棋手的入围名次",
    ),
    limit(
        K::NumbersParity,
        &[RoundRobin, SwissCxa, SwissDutch],
        "remove it; odd and even numbers go to players' pools, and a knockout seeds by `seeding`, a team stage numbers teams",
        "删去；单双号按棋手的名额来源分配，淘汰赛用 `seeding` 定种子，团体赛为队编号",
    ),
    limit(
        K::FirstRound,
        &[SwissCxa, SwissDutch, TeamSwiss],
        "remove it: only a Swiss pairs a first round by a method",
        "删去：只有积分编排才按方法编排首轮",
    ),
    limit(
        K::Colours,
        &[RoundRobin, Knockout, SamePlace],
        "remove it: a Swiss allocates colours by its pairing rules (`colour_limits`, `colour_tie`), a team round robin by board",
        "删去：积分编排按编排规则（`colour_limits`、`colour_tie`）定先后手，团体循环赛按台次",
    )
    .or_fixed(&[(TeamRoundRobin, "by_board"), (TeamSwiss, "by_board")]),
    limit(
        K::TeamColours,
        &[TeamRoundRobin, TeamSwiss],
        "write `colours by_board` alone, or the rule of the stage's games: which team has Red on odd boards is a team stage's rule",
        "只写 `colours`（不带第二个词）：由哪一队单数台执红是团体赛的规则",
    ),
    limit(
        K::Avoid,
        &[RoundRobin, SwissCxa, SwissDutch],
        "remove it: knockouts and team stages do not avoid same-unit pairings (in a round robin, avoidance acts through the group draw)",
        "删去：淘汰赛和团体赛不回避同单位（循环赛通过分组抽签回避）",
    ),
    limit(
        K::ColourLimits,
        &[SwissCxa],
        "remove it: colour limits bind only the CXA Swiss pairer (the Dutch pairer applies FIDE's own; other formats fix colours by their colour rule)",
        "删去：先后手限制只约束中国象棋协会积分编排（荷兰制采用 FIDE 规则；其他赛制按先后手规则定先后手）",
    ),
    limit(
        K::ColourTie,
        &[SwissCxa],
        "remove it: only the CXA Swiss pairer reads a colour tie rule",
        "删去：只有中国象棋协会积分编排使用此规则",
    ),
    limit(
        K::Bye,
        &[SwissCxa, SwissDutch, TeamSwiss],
        "remove it: only a Swiss allocates pairing byes (state bye scoring in `scoring { bye N }`)",
        "删去：只有积分编排会安排轮空（轮空记分写在 `scoring { bye N }`）",
    ),
    limit(
        K::ForfeitMet,
        &[SwissCxa],
        "remove it: only the CXA Swiss pairer reads it",
        "删去：只有中国象棋协会积分编排使用此项",
    ),
    // In a team stage: every board decided (每台须分出胜负), a drawn board's playoff.
    limit(
        K::StagePlayoff,
        &[Knockout, SamePlace, TeamRoundRobin, TeamSwiss],
        "remove it: a playoff is played only for a drawn knockout or same-place match (or, in a team stage, a drawn board); ties in standings are separated by the tie-break chain and, when it ends, by lot (write `lots` at its end, or add a knockout stage for the places)",
        "删去：加赛只在淘汰赛或同名次赛的对局打平时（或团体赛中某台弈和时）进行；积分相同按名次区分链决定，链用尽后抽签（在链末尾写 `lots`，或为这些名次另设淘汰赛阶段）",
    ),
    limit(
        K::StageAssume,
        &[SwissCxa, SwissDutch, TeamSwiss],
        "remove it: only a Swiss has a system and a round count to assume (`swiss tbd rounds tbd`)",
        "删去：只有积分编排有可假定的编排办法和轮数（`swiss tbd rounds tbd`）",
    ),
    limit(
        K::Split,
        &[SwissCxa, SwissDutch],
        "remove it: only a Swiss splits its leaders off to a knockout",
        "删去：只有积分编排可以分流领先者进入淘汰赛",
    ),
    limit(
        K::Lineup,
        &[TeamRoundRobin, TeamSwiss],
        "remove it: only a team stage sets line-ups (an individual stage pairs its players)",
        "删去：只有团体赛阶段排定出场名单（个人赛按棋手编排）",
    ),
    limit(
        K::StageCap,
        &[RoundRobin, SwissCxa, SwissDutch, Knockout, SamePlace],
        "remove it, or cap the entry: a team stage's field is its teams, capped by the entry's `cap`",
        "删去，或在报名中限定：团体赛阶段的参赛者是各队，由报名的 `cap` 限定",
    ),
    limit(
        K::LateEntry,
        &[SwissCxa, SwissDutch],
        "remove it: only a Swiss can take a player in after round 1 (a round robin's or a knockout's schedule is fixed by its field)",
        "删去：只有积分编排可以在第一轮后接纳棋手（循环赛和淘汰赛的赛程由参赛名单定死）",
    ),
];

/// Whether a stage clause of `kind` (with its option `word`, if any) has an effect in `fmt`, or
/// states what `fmt` always does; the limit when neither.
pub fn applies(kind: K, fmt: StageFmt, word: Option<&str>) -> Result<(), &'static Applicability> {
    match LIMITED.iter().find(|a| a.kind == kind) {
        Some(a)
            if !a.formats.contains(&fmt)
                && !a.fixed.iter().any(|(f, w)| *f == fmt && Some(*w) == word) =>
        {
            Err(a)
        }
        _ => Ok(()),
    }
}

/// The applicability table for docs/language.md.
pub fn docs_table() -> String {
    let mut out = String::from("| clause |");
    for f in ALL {
        out.push_str(&format!(" {} |", f.name()));
    }
    out.push_str("\n|---|");
    for _ in ALL {
        out.push_str("---|");
    }
    out.push('\n');
    for a in LIMITED {
        let syntax = super::entry(a.kind).syntax.replace('|', "\\|");
        out.push_str(&format!("| `{syntax}` |"));
        for f in ALL {
            match a.fixed.iter().find(|(x, _)| x == f) {
                _ if a.formats.contains(f) => out.push_str(" acts |"),
                Some((_, w)) => out.push_str(&format!(" only `{w}` (always so) |")),
                None => out.push_str(" E114 |"),
            }
        }
        out.push('\n');
    }
    out
}
