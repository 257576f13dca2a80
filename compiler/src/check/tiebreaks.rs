//! Tie-break chains: known criteria (E107) with known options (E111), each once (E401), fit for
//! the stage's format (E402, W403), `小分` resolved (E403), variants named where the meaning
//! depends on them (E404-E406, E409), nothing after `lots` (E408), `points` only first (W402,
//! E411), and a chain that can leave ties (W401).
//!
//! Chains are checked where they are written: a stage's own chain with the stage's format, a
//! `places ... ranked_by` chain and a mini-match `tiebreak` step with the format-free checks only.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    Criterion, Item, ParamValue, PlacesRule, PlayoffRef, PlayoffStep, StageClause, TiebreakChain,
};
use xqreg_grammar::Span;

use super::criteria::{self, lookup, Crit, Lookup, BYE_SCORES};
use super::facts::FormatKind;
use super::names::code;
use super::words::{word, Position, E111};
use super::{suggest, Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E107, "E107", "unknown-criterion", Error,
    Template::new("A tie-break chain names a criterion outside the library: points, sonneborn_berger (小分 in a round robin), opponents_score (对手分), progressive (累进分), head_to_head (直胜), head_to_head_black, wins (胜局), black_wins (后手胜局), black_games (后手局数), fouls (犯规), countback, lots (抽签).",
        "名次区分中使用了库外的项目。可用：points、sonneborn_berger（循环赛小分）、opponents_score（对手分）、progressive（累进分）、head_to_head（直胜）、head_to_head_black、wins（胜局）、black_wins（后手胜局）、black_games（后手局数）、fouls（犯规）、countback、lots（抽签）。"),
    "stage main { swiss cxa rounds 9  tiebreak { buchholz, lots } }",
    Template::new("Use the library name (`opponents_score` for Buchholz).", "改用库中的名称（Buchholz 即 `opponents_score`）。"));
code!(E401, "E401", "repeated-criterion", Error,
    Template::new("A criterion appears twice in one chain with the same options; the second can never separate anyone the first did not.",
        "同一名次区分链中同一项目（选项相同）出现两次；第二次不可能区分第一次未能区分的棋手。"),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { wins, black_games, wins, lots }\n}",
    Template::new("Delete the repeat.", "删去重复项。"));
code!(E402, "E402", "criterion-unfit-for-stage", Error,
    Template::new("Some criteria need a schedule of rounds in which tied players met common opponents: Sonneborn-Berger, opponents' score, progressive score and countback mean nothing in a knockout or same-place match.",
        "某些项目需要多轮比赛和共同对手：小分（Sonneborn-Berger）、对手分、累进分和比较前一轮成绩在淘汰赛或同名次比赛中没有意义。"),
    "stage final { knockout { seeded 8 }  tiebreak { sonneborn_berger, lots } }",
    Template::new("Remove the criterion from the knockout's chain (ties there are decided by the playoff).", "从淘汰赛的名次区分中删去该项目（淘汰赛以加赛决胜）。"));
code!(E403, "E403", "ambiguous-small-points", Error,
    Template::new("`小分` means Sonneborn-Berger in a round robin, but in a Swiss it is used for both Sonneborn-Berger and the opponents' score (Buchholz); a Swiss must name which.",
        "`小分` 在循环赛中指 Sonneborn-Berger 分，但在积分编排赛中既被用来指 Sonneborn-Berger 分，也被用来指对手分（Buchholz）；积分编排赛必须写明是哪一种。"),
    "stage main { swiss cxa rounds 9  tiebreak { 小分, lots } }",
    Template::new("Write `sonneborn_berger` or `opponents_score` instead of `小分`.", "把 `小分` 改为 `sonneborn_berger` 或 `opponents_score`。"));
code!(E404, "E404", "head-to-head-variant-needed", Error,
    Template::new("In a Swiss, tied players may not all have met; head_to_head must say whether it applies only when exactly two are tied and met (`two_only`) or uses the mini-table of games among all tied players (`mini_table`, FIDE).",
        "积分编排赛中同分棋手未必都相遇过；head_to_head 必须写明是只在恰好两人同分且相遇时适用（`two_only`），还是用所有同分者之间的对局小表（`mini_table`，国际棋联）。"),
    "stage main { swiss cxa rounds 9  tiebreak { head_to_head, lots } }",
    Template::new("Write `head_to_head two_only` or `head_to_head mini_table`.", "写成 `head_to_head two_only` 或 `head_to_head mini_table`。"));
code!(E405, "E405", "pairwise-criterion-group-rule", Error,
    Template::new("head_to_head and head_to_head_black are defined for two players (两人对赛); the chain must say what happens when three or more are tied: `two_only` (apply only to two) or `mini_table`.",
        "head_to_head 与 head_to_head_black 是为两人定义的（两人对赛）；必须写明三人以上同分时如何处理：`two_only`（只适用于两人）或 `mini_table`。"),
    "stage groups {\n  round_robin single groups A B size 6\n  tiebreak { sonneborn_berger, head_to_head, lots }\n}",
    Template::new("Write `head_to_head two_only` (the seeds' wording) or `head_to_head mini_table`.", "写成 `head_to_head two_only`（规程原文“两人”）或 `head_to_head mini_table`。"));
code!(E406, "E406", "countback-variant-needed", Error,
    Template::new("\"比较前一轮成绩，以此类推\" has three readings that disagree (domain.md 5.3): the cumulative score after earlier rounds (`cumulative`), the opponents' score minus the last opponents (`opp_reverse`), or the result of each round from the last (`round_result`).",
        "“比较前一轮成绩，以此类推”有三种互相矛盾的理解：前几轮的累计积分（`cumulative`）、对手分逆减（`opp_reverse`）、从最后一轮起逐轮比较该轮结果（`round_result`）。"),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { opponents_score bye zero, countback, lots }\n}",
    Template::new("Write `countback cumulative` (the usual arbiter software reading), `opp_reverse` or `round_result`.", "写成 `countback cumulative`（常见编排软件的理解）、`opp_reverse` 或 `round_result`。"));
code!(
    E408,
    "E408",
    "criterion-after-lots",
    Error,
    Template::new(
        "Lots separate everyone, so a criterion after `lots` never runs.",
        "抽签可以区分所有人，抽签之后的项目永远不会用到。"
    ),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { wins, lots, fouls }\n}",
    Template::new(
        "Move the criterion before `lots`, or delete it.",
        "把该项目移到 `lots` 之前，或删去。"
    )
);
code!(E409, "E409", "bye-score-variant-needed", Error,
    Template::new("In a Swiss with an odd field someone gets a bye, and sources disagree on what a bye adds to the opponents' score: the lowest score in the field, zero, or the player's own score (domain.md 3.6).",
        "积分编排赛人数为奇数时有人轮空，而轮空计入对手分的方法各不相同：场上最低分、零分或本人积分。"),
    "stage main { swiss cxa rounds 9  tiebreak { opponents_score, lots } }",
    Template::new("Write `opponents_score bye lowest_in_field` (or `zero`, `own_score`), or state it once in the stage's `bye opponent_score ...`.",
        "写成 `opponents_score bye lowest_in_field`（或 `zero`、`own_score`），或在阶段的 `bye opponent_score ...` 中统一写明。"));
code!(E411, "E411", "points-not-first", Error,
    Template::new("Points rank before every tie-break; `points` written later in a chain would rank players by points after other criteria already split them.",
        "积分排在所有名次区分项目之前；把 `points` 写在链的后面，意味着其他项目区分后再比积分。"),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { wins, points, lots }\n}",
    Template::new("Delete `points` (it is implicit), or move it first.", "删去 `points`（默认先比积分），或移到最前面。"));
code!(W401, "W401", "chain-may-leave-ties", Warning,
    Template::new("A chain without a final `lots` (and a stage without a playoff) can leave players tied after every criterion; the regulation should say how they are finally separated.",
        "名次区分链末尾没有 `lots`（阶段也没有加赛）时，所有项目比完后仍可能同分；规程应写明最终如何区分。"),
    "stage groups { round_robin single groups A B size 6  tiebreak { sonneborn_berger, wins } }",
    Template::new("End the chain with `lots`, or name a playoff for the stage.", "在链末尾加上 `lots`，或为阶段指明加赛办法。"));
code!(
    W402,
    "W402",
    "points-in-chain",
    Warning,
    Template::new(
        "`points` is implicit at the head of every chain; writing it is harmless but redundant.",
        "每条名次区分链都默认先比积分，写出 `points` 无害但多余。"
    ),
    "stage groups {\n  round_robin single groups A B size 6\n  tiebreak { points, sonneborn_berger, lots }\n}",
    Template::new("Delete `points`.", "删去 `points`。")
);
code!(W403, "W403", "useless-criterion", Warning,
    Template::new("In a round robin everyone meets everyone, so the opponents' score of a player is the total of all scores minus their own: it cannot separate players with equal points.",
        "循环赛中人人相遇，一名棋手的对手分等于全体总分减去本人积分：无法区分积分相同的棋手。"),
    "stage groups { round_robin single groups A B size 6  tiebreak { opponents_score, lots } }",
    Template::new("Use `sonneborn_berger` (小分) instead.", "改用 `sonneborn_berger`（小分）。"));

pub const CODES: &[&Code] = &[
    &E107, &E401, &E402, &E403, &E404, &E405, &E406, &E408, &E409, &E411, &W401, &W402, &W403,
];

const UNKNOWN: Report = Report {
    code: &E107,
    message: Template::new(
        "unknown tie-break criterion `{name}`",
        "未知的名次区分项目 `{name}`",
    ),
    label: Template::new("not in the library", "不在项目库中"),
    help: Template::new("", ""),
};
const LIBRARY_LIST: Template = Template::new(
    "the library: points, sonneborn_berger, opponents_score, progressive, head_to_head, head_to_head_black, wins, black_wins, black_games, fouls, countback, game_points (teams), lots",
    "项目库：points、sonneborn_berger（小分）、opponents_score（对手分）、progressive（累进分）、head_to_head（直胜）、head_to_head_black、wins（胜局）、black_wins（后手胜局）、black_games（后手局数）、fouls（犯规）、countback、game_points（团体局分）、lots（抽签）",
);
const REPEATED: Report = Report {
    code: &E401,
    message: Template::new(
        "`{name}` appears twice in the chain",
        "`{name}` 在名次区分中出现两次",
    ),
    label: Template::new("repeated here", "此处重复"),
    help: Template::new("delete the repeat", "删去重复项"),
};
const FIRST_HERE: Template = Template::new("first here", "首次在此");
const UNFIT: Report = Report {
    code: &E402,
    message: Template::new(
        "`{name}` means nothing in {what} stage `{stage}`",
        "`{name}` 在{what_zh}阶段 `{stage}` 中没有意义",
    ),
    label: Template::new("unfit for {what}", "不适用于{what_zh}"),
    help: Template::new("remove `{name}` from this chain", "从此链中删去 `{name}`"),
};
const SMALL_POINTS: Report = Report {
    code: &E403,
    message: Template::new(
        "`小分` is ambiguous in Swiss stage `{stage}`",
        "`小分` 在积分编排阶段 `{stage}` 中含义不明",
    ),
    label: Template::new(
        "Sonneborn-Berger or opponents' score?",
        "Sonneborn-Berger 分还是对手分？",
    ),
    help: Template::new(
        "write `sonneborn_berger` or `opponents_score`",
        "改为 `sonneborn_berger` 或 `opponents_score`",
    ),
};
const H2H_SWISS: Report = Report {
    code: &E404,
    message: Template::new(
        "`head_to_head` in Swiss stage `{stage}` does not name its variant",
        "积分编排阶段 `{stage}` 中的 `head_to_head` 未写明变体",
    ),
    label: Template::new("variant needed", "需要写明变体"),
    help: Template::new(
        "write `head_to_head two_only` or `head_to_head mini_table`",
        "写成 `head_to_head two_only` 或 `head_to_head mini_table`",
    ),
};
const PAIRWISE: Report = Report {
    code: &E405,
    message: Template::new(
        "`{name}` does not say what happens with three or more tied",
        "`{name}` 未写明三人以上同分时如何处理",
    ),
    label: Template::new("defined for two players", "只对两人有定义"),
    help: Template::new(
        "write `{name} two_only` or `{name} mini_table`",
        "写成 `{name} two_only` 或 `{name} mini_table`",
    ),
};
const COUNTBACK: Report = Report {
    code: &E406,
    message: Template::new(
        "`countback` does not name its variant",
        "`countback` 未写明变体",
    ),
    label: Template::new("which earlier-round comparison?", "比较哪种前一轮成绩？"),
    help: Template::new(
        "write `countback cumulative`, `countback opp_reverse` or `countback round_result`",
        "写成 `countback cumulative`、`countback opp_reverse` 或 `countback round_result`",
    ),
};
const AFTER_LOTS: Report = Report {
    code: &E408,
    message: Template::new(
        "`{name}` comes after `lots` and never runs",
        "`{name}` 在 `lots` 之后，永远不会用到",
    ),
    label: Template::new("unreachable", "不会用到"),
    help: Template::new(
        "move it before `lots`, or delete it",
        "移到 `lots` 之前，或删去",
    ),
};
const LOTS_HERE: Template = Template::new("lots decide here", "在此抽签决定");
const BYE_SCORE: Report = Report {
    code: &E409,
    message: Template::new(
        "`opponents_score` in Swiss stage `{stage}` does not say what a bye counts",
        "积分编排阶段 `{stage}` 的 `opponents_score` 未写明轮空如何计入",
    ),
    label: Template::new("byes possible: {why}", "可能轮空：{why_zh}"),
    help: Template::new(
        "write `opponents_score bye lowest_in_field` (or `zero`, `own_score`)",
        "写成 `opponents_score bye lowest_in_field`（或 `zero`、`own_score`）",
    ),
};
const POINTS_FIRST: Report = Report {
    code: &W402,
    message: Template::new(
        "`points` is implicit at the head of the chain",
        "名次区分默认先比积分，无需写 `points`",
    ),
    label: Template::new("redundant", "多余"),
    help: Template::new("delete `points`", "删去 `points`"),
};
const POINTS_LATER: Report = Report {
    code: &E411,
    message: Template::new(
        "`points` must come first in the chain",
        "`points` 只能位于链首",
    ),
    label: Template::new("after other criteria", "位于其他项目之后"),
    help: Template::new(
        "delete `points` (it is implicit)",
        "删去 `points`（默认先比积分）",
    ),
};
const USELESS: Report = Report {
    code: &W403,
    message: Template::new(
        "`{name}` cannot separate equal scores in round robin stage `{stage}`",
        "`{name}` 在循环赛阶段 `{stage}` 中无法区分同分",
    ),
    label: Template::new("useless here", "此处无用"),
    help: Template::new(
        "use `sonneborn_berger` (小分) instead",
        "改用 `sonneborn_berger`（小分）",
    ),
};
const NO_CHAIN: Report = Report {
    code: &W401,
    message: Template::new(
        "stage `{stage}` has no tie-break chain: equal points stay tied",
        "阶段 `{stage}` 没有名次区分：积分相同者无法区分",
    ),
    label: Template::new("this stage", "此阶段"),
    help: Template::new(
        "add `tiebreak { ...  lots }`",
        "加上 `tiebreak { ...  lots }`",
    ),
};
const OPEN_CHAIN: Report = Report {
    code: &W401,
    message: Template::new(
        "the chain of stage `{stage}` can leave players tied",
        "阶段 `{stage}` 的名次区分可能仍无法区分同分者",
    ),
    label: Template::new("last criterion", "最后一个项目"),
    help: Template::new(
        "end the chain with `lots`, or name a playoff for the stage",
        "在链末尾加上 `lots`，或为阶段指明加赛办法",
    ),
};
const NO_VARIANT: Report = Report {
    code: &E111,
    message: Template::new(
        "`{crit}` takes no variant word `{word}`",
        "`{crit}` 没有 `{word}` 这一变体",
    ),
    label: Template::new("unknown word", "无法识别的词"),
    help: Template::new("delete `{word}`", "删去 `{word}`"),
};

/// Where a chain is written.
#[derive(Clone, Copy)]
enum Place<'a> {
    Stage {
        name: &'a str,
        format: FormatKind,
        byes_possible: Option<(&'a str, &'a str)>,
        bye_stated: bool,
    },
    /// `places ... ranked_by` or a mini-match `tiebreak` step: format-free checks only.
    Other,
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Stage(st) => {
                for c in &st.clauses {
                    if let StageClause::Playoff(PlayoffRef::Inline(p)) = c {
                        steps(&p.steps, diags);
                    }
                }
            }
            Item::Playoff(p) => steps(&p.steps, diags),
            Item::Places(p) => {
                if let PlacesRule::Ranked(chain) = &p.rule {
                    self::chain(chain, Place::Other, diags);
                }
            }
            _ => {}
        }
    }
    for name in &ctx.scope.stage_order {
        let (Some(info), Some(f)) = (ctx.scope.stages.get(name), ctx.facts.stages.get(*name))
        else {
            continue;
        };
        let effective = ctx.scope.stage_clauses(name);
        let bye_stated = effective.iter().any(|c| {
            matches!(c, StageClause::Bye { params, .. } if params.iter().any(|p| p.key.node == "opponent_score"))
        });
        let byes_possible = match f.entrants {
            None if f.sources_unresolved => None,
            None => Some(("the field is not fixed", "人数不固定")),
            Some(n) if !n.is_multiple_of(2) => Some(("the field is odd", "人数为奇数")),
            Some(_) => None,
        };
        let place = Place::Stage {
            name,
            format: f.format,
            byes_possible,
            bye_stated,
        };
        for c in &info.stage.clauses {
            if let StageClause::Tiebreak(t) = c {
                chain(t, place, diags);
            }
        }
        // Whether ties can remain: only standings-based formats rank by a chain.
        if !matches!(
            f.format,
            FormatKind::Swiss | FormatKind::RoundRobin { .. } | FormatKind::TeamRoundRobin { .. }
        ) {
            continue;
        }
        if effective
            .iter()
            .any(|c| matches!(c, StageClause::Playoff(_)))
        {
            continue;
        }
        match effective.iter().find_map(|c| match c {
            StageClause::Tiebreak(t) => Some(t),
            _ => None,
        }) {
            None => diags.push(NO_CHAIN.at(info.stage.name.span, &[("stage", name)])),
            Some(t) => {
                let has_lots = t
                    .criteria
                    .iter()
                    .any(|c| lookup(&c.name.node) == Lookup::Crit(Crit::Lots));
                let last_unknown = t
                    .criteria
                    .last()
                    .is_some_and(|c| lookup(&c.name.node) == Lookup::Unknown);
                if !has_lots && !last_unknown {
                    let span = t.criteria.last().map_or(t.span, |c| c.name.span);
                    diags.push(OPEN_CHAIN.at(span, &[("stage", name)]));
                }
            }
        }
    }
}

fn steps(steps: &[PlayoffStep], diags: &mut Diagnostics) {
    for s in steps {
        if let PlayoffStep::Tiebreak(t) = s {
            chain(t, Place::Other, diags);
        }
    }
}

fn options(c: &Criterion, crit: Crit, diags: &mut Diagnostics) {
    let variants = crit.variants();
    for v in &c.variants {
        if variants.is_empty() {
            diags.push(NO_VARIANT.at(v.span, &[("crit", crit.name()), ("word", &v.node)]));
        } else {
            word(
                diags,
                v,
                &Position {
                    what: ("variant", "变体"),
                    allowed: variants,
                },
            );
        }
    }
    for p in &c.params {
        if !word(
            diags,
            &p.key,
            &Position {
                what: ("option", "选项"),
                allowed: crit.params(),
            },
        ) {
            continue;
        }
        if let ("bye", ParamValue::Ident(v)) = (p.key.node.as_str(), &p.value) {
            word(
                diags,
                v,
                &Position {
                    what: ("bye score", "轮空计分"),
                    allowed: BYE_SCORES,
                },
            );
        }
    }
}

fn has_variant(c: &Criterion, crit: Crit) -> bool {
    c.variants
        .iter()
        .any(|v| crit.variants().contains(&v.node.as_str()))
}

fn chain(t: &TiebreakChain, place: Place<'_>, diags: &mut Diagnostics) {
    let format = match place {
        Place::Stage { format, .. } => format,
        Place::Other => FormatKind::Unknown,
    };
    let stage = match place {
        Place::Stage { name, .. } => name,
        Place::Other => "",
    };
    let mut lots_at: Option<Span> = None;
    let mut seen: BTreeMap<String, Span> = BTreeMap::new();
    for (i, c) in t.criteria.iter().enumerate() {
        let name = c.name.node.as_str();
        if let Some(at) = lots_at {
            diags.push(
                AFTER_LOTS
                    .at(c.name.span, &[("name", name)])
                    .with_label(at, LOTS_HERE.plain()),
            );
            break;
        }
        let crit = match lookup(name) {
            Lookup::Unknown => {
                let names = criteria::all_names();
                let mut d = UNKNOWN.at(c.name.span, &[("name", name)]);
                let foreign = criteria::FOREIGN_NAMES
                    .iter()
                    .find(|(f, _)| f.eq_ignore_ascii_case(name))
                    .map(|(_, ours)| *ours);
                if let Some(s) =
                    foreign.or_else(|| suggest::did_you_mean(name, names.iter().copied()))
                {
                    d = d.with_help(
                        Template::new("did you mean `{name}`?", "是否应为 `{name}`？")
                            .fill(&[("name", s)]),
                    );
                }
                diags.push(d.with_help(LIBRARY_LIST.plain()));
                continue;
            }
            Lookup::SmallPoints if format == FormatKind::Swiss => {
                diags.push(SMALL_POINTS.at(c.name.span, &[("stage", stage)]));
                continue;
            }
            Lookup::SmallPoints => Crit::SonnebornBerger,
            Lookup::Crit(k) => k,
        };
        options(c, crit, diags);
        if crit == Crit::Lots {
            lots_at = Some(c.name.span);
        }
        if crit == Crit::Points {
            if i == 0 {
                diags.push(POINTS_FIRST.at(c.name.span, &[]));
            } else {
                diags.push(POINTS_LATER.at(c.name.span, &[]));
            }
            continue;
        }
        let key = match criteria::resolve(c, format) {
            Some(r) => format!("{:?}|{:?}|{:?}|{:?}", r.crit, r.variant, r.cut, r.bye),
            None => continue,
        };
        if let Some(first) = seen.get(&key) {
            diags.push(
                REPEATED
                    .at(c.name.span, &[("name", crit.name())])
                    .with_label(*first, FIRST_HERE.plain()),
            );
            continue;
        }
        seen.insert(key, c.name.span);
        let unfit = matches!(
            crit,
            Crit::SonnebornBerger | Crit::OpponentsScore | Crit::Progressive | Crit::Countback
        );
        if format.is_elimination() && unfit {
            let (what, what_zh) = if format == FormatKind::SamePlace {
                ("a same-place", "同名次比赛")
            } else {
                ("a knockout", "淘汰赛")
            };
            diags.push(UNFIT.at(
                c.name.span,
                &[
                    ("name", name),
                    ("what", what),
                    ("what_zh", what_zh),
                    ("stage", stage),
                ],
            ));
            continue;
        }
        let individual = !matches!(
            format,
            FormatKind::TeamRoundRobin { .. } | FormatKind::Unknown
        );
        if crit == Crit::GamePoints && individual {
            diags.push(UNFIT.at(
                c.name.span,
                &[
                    ("name", name),
                    ("what", "an individual"),
                    ("what_zh", "个人"),
                    ("stage", stage),
                ],
            ));
            continue;
        }
        if format.is_round_robin() && crit == Crit::OpponentsScore {
            diags.push(USELESS.at(c.name.span, &[("name", name), ("stage", stage)]));
            continue;
        }
        match crit {
            Crit::HeadToHead if format == FormatKind::Swiss && !has_variant(c, crit) => {
                diags.push(H2H_SWISS.at(c.name.span, &[("stage", stage)]));
            }
            Crit::HeadToHead | Crit::HeadToHeadBlack if !has_variant(c, crit) => {
                diags.push(PAIRWISE.at(c.name.span, &[("name", crit.name())]));
            }
            Crit::Countback if !has_variant(c, crit) => diags.push(COUNTBACK.at(c.name.span, &[])),
            Crit::OpponentsScore => {
                if let Place::Stage {
                    format: FormatKind::Swiss,
                    byes_possible: Some((why, why_zh)),
                    bye_stated: false,
                    ..
                } = place
                {
                    let written = c.params.iter().any(|p| p.key.node == "bye");
                    if !written {
                        diags.push(BYE_SCORE.at(
                            c.name.span,
                            &[("stage", stage), ("why", why), ("why_zh", why_zh)],
                        ));
                    }
                }
            }
            _ => {}
        }
    }
}
