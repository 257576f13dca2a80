//! Prizes by elimination round (`eliminated cup round 2: 500 each`, 按淘汰轮次设奖) pay the losers
//! of one round of a knockout: the stage must be a knockout (E548), and the round one its bracket
//! plays, from 1 to log2 of the bracket when its size is known (E549).

use xqreg_grammar::ast::{PrizeKey, Prizes};

use crate::check::facts::FormatKind;
use crate::check::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub static E548: Code = Code {
    code: "E548",
    name: "eliminated-outside-knockout",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "An `eliminated STAGE round N` line pays the players knocked out in round N of a knockout, but the stage it names is not a knockout: nobody is eliminated in a round of a Swiss, a round robin or a same-place match, so the line would pay nobody.",
            "`eliminated 阶段 round N` 一行奖励淘汰赛第N轮被淘汰的棋手，但所指阶段不是淘汰赛：积分编排、循环赛或同名次赛的某一轮没有人被淘汰，这一行不会奖励任何人。",
        ),
        example: "stage main { swiss cxa rounds 7 }\nprizes CNY { 1: 3000  eliminated main round 1: 100 each }",
        fix: Template::new(
            "Name the knockout stage whose losers are paid, or pay places instead (`9..16: 100 each`).",
            "写出奖励其负者的淘汰赛阶段，或改为按名次发奖（`9..16: 100 each`）。",
        ),
    },
};

pub static E549: Code = Code {
    code: "E549",
    name: "eliminated-round-beyond-bracket",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "An `eliminated STAGE round N` line names a round the knockout does not play: a bracket of 16 plays rounds 1 to 4 (the round of 16, the quarter-finals, the semi-finals, the final), so round 0 or round 5 has no losers.",
            "`eliminated 阶段 round N` 一行所指的轮次该淘汰赛并不进行：16人签表只进行第1至4轮（八分之一决赛、四分之一决赛、半决赛、决赛），第0轮或第5轮没有负者。",
        ),
        example: "stage cup { knockout { seeded 16 } }\nprizes CNY { 1: 3000  eliminated cup round 5: 100 each }",
        fix: Template::new(
            "Count the rounds from 1, the bracket's first round, to its last, the final.",
            "从签表的第一轮（1）数到最后一轮（决赛）。",
        ),
    },
};

const MSG_E548: Template = Template::new(
    "`eliminated {stage} round {round}`: stage `{stage}` is not a knockout",
    "`eliminated {stage} round {round}`：阶段 `{stage}` 不是淘汰赛",
);
const LBL_E548: Template = Template::new("nobody is eliminated here", "此阶段没有人被淘汰");
const HELP_E548: Template = Template::new(
    "name a knockout stage, or pay places (`9..16: 100 each`)",
    "写出淘汰赛阶段，或改为按名次发奖（`9..16: 100 each`）",
);
const MSG_E549: Template = Template::new(
    "`eliminated {stage} round {round}`: the knockout `{stage}` plays rounds 1 to {rounds}",
    "`eliminated {stage} round {round}`：淘汰赛 `{stage}` 只进行第1至{rounds}轮",
);
const LBL_E549: Template = Template::new("a round it does not play", "不进行的轮次");
const HELP_E549: Template = Template::new(
    "write a round from 1 to {rounds} ({rounds} is the final)",
    "写第1至{rounds}轮中的一轮（第{rounds}轮为决赛）",
);

pub(super) fn check(ctx: &Ctx<'_>, block: &Prizes, diags: &mut Diagnostics) {
    for line in &block.lines {
        let PrizeKey::Eliminated { stage, round, .. } = &line.key else {
            continue;
        };
        // An unknown stage is E103.
        let Some(f) = ctx.facts.stages.get(stage.node.as_str()) else {
            continue;
        };
        let r = round.node.to_string();
        match f.format {
            FormatKind::Knockout => {
                let Some(rounds) = f.rounds else { continue };
                if round.node == 0 || round.node > rounds {
                    let n = rounds.to_string();
                    let args = [
                        ("stage", stage.node.as_str()),
                        ("round", r.as_str()),
                        ("rounds", n.as_str()),
                    ];
                    diags.push(
                        Diagnostic::new(&E549, MSG_E549.fill(&args), round.span, LBL_E549.plain())
                            .with_help(HELP_E549.fill(&args)),
                    );
                }
            }
            FormatKind::Unknown => {}
            _ => {
                let args = [("stage", stage.node.as_str()), ("round", r.as_str())];
                diags.push(
                    Diagnostic::new(&E548, MSG_E548.fill(&args), stage.span, LBL_E548.plain())
                        .with_help(HELP_E548.plain()),
                );
            }
        }
    }
}
