//! The codes `xqreg event` refuses with (E83x). They are registered beside every other code
//! (`diagnostics::registry`) so that `xqreg explain E832` explains them and the suite checks that
//! each has both languages; the test of each is in `tests/suite/event_cli.rs`. The event's one
//! runtime problem, R050 (a published game the replay no longer gives), is in `run::codes`.

use crate::diagnostics::{Code, Explain, Severity, Template};

macro_rules! event_code {
    ($id:ident, $code:literal, $name:literal, $meaning_en:literal, $meaning_zh:literal, $example:literal, $fix_en:literal, $fix_zh:literal) => {
        pub static $id: Code = Code {
            code: $code,
            name: $name,
            severity: Severity::Error,
            explain: Explain {
                meaning: Template::new($meaning_en, $meaning_zh),
                example: $example,
                fix: Template::new($fix_en, $fix_zh),
            },
        };
    };
}

event_code!(
    E830,
    "E830",
    "event-regulation-changed",
    "The regulation file the event was started from changed since `xqreg event new` stored it. The event runs on the stored text; a change the arbiter means to apply must be recorded, dated, in the event's log.",
    "创建赛事时存入的规程文件此后被修改过。赛事按存入的文本运行；裁判长要采用的修改必须作为有日期的补充通知记入赛事日志。",
    "xqreg event new ev --regulation r.xqr --roster p.csv --seed 1\n# r.xqr edited\nxqreg event status ev",
    "Record the change with `xqreg event amend DIR --note TEXT` (refused if it changes a published game), or restore the file.",
    "用 `xqreg event amend DIR --note 说明` 记录修改（若改变已公布的对局则被拒绝），或恢复原文件。"
);

event_code!(
    E831,
    "E831",
    "event-game-not-published",
    "A result names a board, or a pair of players, that no published game of that stage and round has: the round is not published yet, or the board or players are wrong.",
    "成绩所指的台次或双方棋手在该阶段该轮的已公布对局中不存在：该轮尚未公布，或台次、棋手有误。",
    "xqreg event result ev main 1 99 1-0   # round 1 has 8 boards",
    "Record results only for published games: `xqreg event status DIR` lists them; publish the round with `xqreg event pair DIR` first.",
    "只为已公布的对局录入成绩：`xqreg event status DIR` 列出这些对局；先用 `xqreg event pair DIR` 公布该轮。"
);

event_code!(
    E832,
    "E832",
    "event-result-recorded",
    "The game already has a result, or the same results file gives the game twice. `result` never overwrites a recorded result.",
    "该对局已有成绩，或同一成绩文件中该对局出现两次。`result` 从不覆盖已录入的成绩。",
    "xqreg event result ev main 1 1 1-0\nxqreg event result ev main 1 1 0-1",
    "Change a recorded result with `xqreg event correct DIR ... --reason TEXT`, which logs the old and the new result; give each game once in a file.",
    "用 `xqreg event correct DIR ... --reason 理由` 更改已录入的成绩（日志记下原成绩和新成绩）；文件中每盘对局只写一次。"
);

event_code!(
    E833,
    "E833",
    "event-unknown-player",
    "A result or a withdrawal names a player id that is not in the event's roster.",
    "成绩或退赛所指的棋手编号不在赛事名单中。",
    "xqreg event withdraw ev nobody --stage main --after 2",
    "Write the player's id as the roster has it (`xqreg event status DIR` and the roster CSV list them).",
    "按名单中的写法填写棋手编号（见 `xqreg event status DIR` 或名单 CSV）。"
);

event_code!(
    E834,
    "E834",
    "event-no-result-to-correct",
    "`correct` names a game that has no result yet: there is nothing to correct.",
    "`correct` 所指的对局尚无成绩：没有可更正的内容。",
    "xqreg event correct ev main 1 1 1-0 --reason \"scoresheet\"   # board 1 has no result",
    "Record the result with `xqreg event result`.",
    "用 `xqreg event result` 录入成绩。"
);

event_code!(
    E835,
    "E835",
    "event-withdrawn-twice",
    "The player has withdrawn already: a player withdraws once, from the round the first withdrawal gives.",
    "该棋手已退赛：每名棋手只退赛一次，从第一次退赛所给的轮次起生效。",
    "xqreg event withdraw ev p3 --stage main --after 2\nxqreg event withdraw ev p3 --stage main --after 4",
    "Leave the first withdrawal; if its round was wrong, restore the event from a backup taken before it.",
    "保留第一次退赛；若其轮次有误，从退赛前的备份恢复赛事。"
);

event_code!(
    E836,
    "E836",
    "event-store-tampered",
    "`verify` found the event's tables and its append-only log disagree: a published game or a result in the store is not the one the log recorded. The store was edited outside xqreg.",
    "`verify` 发现赛事数据表与只追加的日志不一致：存储中的某盘已公布对局或某个成绩与日志所记不同。存储在 xqreg 之外被修改过。",
    "sqlite3 ev/event.sqlite \"update results set result = '0-1' where game = 1\"\nxqreg event verify ev",
    "Restore the event directory from a backup; record changes only with the event commands (`correct`, `withdraw`, `amend`).",
    "从备份恢复赛事目录；只用赛事命令（`correct`、`withdraw`、`amend`）记录改动。"
);

event_code!(
    E837,
    "E837",
    "event-bad-result",
    "A result given on the command line is not one of the result words.",
    "命令行给出的成绩不是可用的成绩写法。",
    "xqreg event result ev main 1 1 2-0",
    "Write 1-0 or 0-1 (a win for red or black), = (a draw), +- or -+ (a forfeit win for red or black), -- (both absent).",
    "写 1-0 或 0-1（红胜或黑胜）、=（和棋）、+- 或 -+（红方或黑方弃权负）、--（双方缺席）。"
);

event_code!(
    E838,
    "E838",
    "event-withdrawal-after-published",
    "A withdrawal would take the player out of a round that is published already, with the player on a board. A published pairing stands: the game is played or forfeited, never re-paired.",
    "退赛会让棋手离开一个已公布、且该棋手已排在某台的轮次。已公布的编排不变：这盘棋要么下，要么判弃权，绝不重新编排。",
    "xqreg event pair ev                                  # round 3 published\nxqreg event withdraw ev p3 --stage main --after 2",
    "Record the published game as a forfeit (`xqreg event forfeit DIR STAGE ROUND BOARD red|black`) and withdraw the player after that round.",
    "把该盘已公布对局记为弃权（`xqreg event forfeit DIR 阶段 轮次 台次 red|black`），再让棋手在该轮之后退赛。"
);

event_code!(
    E839,
    "E839",
    "event-no-late-entries",
    "`event enter` adds late entrants, but the regulation allows none: no Swiss stage has a `late_entry until round N missed zero|half` clause.",
    "`event enter` 添加补报棋手，但规程不允许补报：没有哪个积分编排阶段写有 `late_entry until round N missed zero|half` 条款。",
    "xqreg event enter ev late.csv   # the regulation has no late_entry clause",
    "Add the clause to the Swiss stage and record the change with `xqreg event amend DIR --note TEXT`, or leave the player out.",
    "在积分编排阶段加上该条款，并用 `xqreg event amend DIR --note 说明` 记录修改；或不接纳该棋手。"
);

event_code!(
    E842,
    "E842",
    "event-late-entry-too-late",
    "The round a late entrant would enter is not one the regulation's `late_entry until round N` allows: after round N, or round 1 (an entry before round 1 is not late).",
    "补报棋手将要进入的轮次不在规程 `late_entry until round N` 允许的范围内：晚于第 N 轮，或是第 1 轮（第 1 轮前报名不算补报）。",
    "stage main { swiss cxa rounds 9  late_entry until round 3 missed zero }\nxqreg event enter ev late.csv   # rounds 1-3 published",
    "Enter players only before the rounds the clause allows; a later limit must be amended into the regulation (`xqreg event amend`).",
    "只在条款允许的轮次前补报；如要放宽期限，须修改规程（`xqreg event amend`）。"
);

event_code!(
    E843,
    "E843",
    "event-entrant-already-in",
    "A row of `event enter` gives an id that a player of the event already has (in the roster or an earlier entry), or that the file gives twice.",
    "`event enter` 的某行所给的编号已被赛事中的棋手使用（名单中或此前补报），或在文件中出现两次。",
    "xqreg event enter ev late.csv   # late.csv has a row with id p001",
    "Give each new player an id no player of the event has.",
    "为每名新棋手取一个赛事中没有的编号。"
);

event_code!(
    E844,
    "E844",
    "event-late-entry-round-published",
    "`event enter --round R` names a round that is published already: a published pairing stands, so a player can enter only before the next round to be paired.",
    "`event enter --round R` 所指的轮次已经公布：已公布的编排不变，棋手只能在下一轮编排之前补报。",
    "xqreg event pair ev                          # round 2 published\nxqreg event enter ev late.csv --round 2",
    "Enter the player before the next round (leave out `--round`).",
    "让棋手在下一轮之前补报（不写 `--round`）。"
);

event_code!(
    E845,
    "E845",
    "event-lineup-round-published",
    "`event lineup` hands in a line-up for a round that is published already: its boards are seated, and a published pairing stands.",
    "`event lineup` 提交的出场名单所指的轮次已经公布：各台已排定，已公布的对阵不变。",
    "xqreg event pair ev                 # main round 2 published\nxqreg event lineup ev round2.csv   # rows for main round 2",
    "Hand in line-ups before `event pair` publishes their round; a change after that is a matter for the arbiter, not the pairing.",
    "在 `event pair` 公布该轮之前提交出场名单；公布之后的变动由裁判处理，不改变对阵。"
);

event_code!(
    E846,
    "E846",
    "event-result-colours-contradict",
    "A results row names the two players of a published game with the colours the other way round: the published game has the row's Black as Red. The row is refused, never turned round: a score sheet with the colours exchanged may have the result exchanged too.",
    "成绩行所写两名棋手的先后手与已公布的对局相反：已公布的对局中，该行的黑方执红。该行被拒绝，绝不自动调换：先后手写反的记分表，胜负也可能写反。",
    "stage,round,board,red,black,result\nmain,3,2,w10,w12,1-0   # published: board 2 w12 (Red) - w10",
    "Check the score sheet, and write the row with the published colours (`xqreg event games DIR` lists them) and the result from Red's side.",
    "核对记分表，按已公布的先后手填写该行（`xqreg event games DIR` 列出各局），成绩从红方的角度写。"
);

event_code!(
    E847,
    "E847",
    "event-result-board-contradicts",
    "A results row gives a board, and the published game of its two players is on another board. A board cell may be left empty; one that is filled must be the game's.",
    "成绩行写了台次，而该行两名棋手的已公布对局在另一台。台次可以不填；填了就必须是该局的台次。",
    "stage,round,board,red,black,result\nmain,3,5,w12,w10,1-0   # published: board 2",
    "Check the score sheet: correct the board or the players (`xqreg event games DIR` lists the boards), or leave the board cell empty.",
    "核对记分表：更正台次或棋手（`xqreg event games DIR` 列出各台），或不填台次。"
);

event_code!(
    E848,
    "E848",
    "event-result-against-foul-limit",
    "Under the conduct rule `fouls_per_game N loss`, a player who commits N fouls in a game loses it; the result gives that player a win or a draw (and the opponent fewer than N fouls).",
    "按行为规则 `fouls_per_game N loss`，一局中犯规 N 次的棋手判负；而该成绩给该棋手胜或和（对手犯规少于 N 次）。",
    "conduct { fouls_per_game 2 loss }\nstage,round,board,red,black,result,red_fouls,black_fouls\nmain,1,1,w01,w12,1-0,5,0",
    "Check the score sheet: record the game as that player's loss, or correct the fouls.",
    "核对记分表：将该局记为该棋手负，或更正犯规次数。"
);

/// Every code of `xqreg event`, sorted.
pub fn codes() -> Vec<&'static Code> {
    vec![
        &E830, &E831, &E832, &E833, &E834, &E835, &E836, &E837, &E838, &E839, &E842, &E843, &E844,
        &E845, &E846, &E847, &E848,
    ]
}
