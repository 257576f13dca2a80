//! One cohesive table (long on purpose), a code a row: the codes of run input and of running,
//! E8xx for roster and results CSV files, R0xx for the problems the runtime reports (their ids
//! are the runtime's `engine::problem::codes`; the explanations and the Chinese live here,
//! beside the other codes of the compiler).

use crate::diagnostics::{Code, Explain, Severity, Template};

macro_rules! code {
    ($id:ident, $code:literal, $name:literal, $sev:expr, $meaning:expr, $example:expr, $fix:expr) => {
        pub static $id: Code = Code {
            code: $code,
            name: $name,
            severity: $sev,
            explain: Explain {
                meaning: $meaning,
                example: $example,
                fix: $fix,
            },
        };
    };
}

const E: Severity = Severity::Error;

code!(
    E801,
    "E801",
    "csv-malformed",
    E,
    Template::new(
        "A roster or results file is not well-formed CSV: a row has a different number of fields \
         than the header, a quote is not closed, or the bytes are not UTF-8.",
        "名单或成绩文件不是格式正确的 CSV：某行的字段数与表头不同、引号未闭合，或字节不是 UTF-8。"
    ),
    "id,name,unit\np1,许银川\n",
    Template::new(
        "Give every row as many fields as the header (empty fields are written as nothing between \
         two commas), close every quote, save the file as UTF-8.",
        "每行字段数与表头一致（空字段在两个逗号之间留空），引号成对，文件保存为 UTF-8。"
    )
);

code!(
    E802,
    "E802",
    "csv-missing-column",
    E,
    Template::new(
        "A column the file needs is not in its header: a roster needs `id` and `name`, and every \
         column the regulation uses (`pool` where it has pools, `born` where categories go by \
         birth date, `sex`, `unit` for same-unit avoidance); results need `stage`, `round`, `red`, \
         `black` and `result`; line-ups need `stage`, `round`, `team`, `board` and `player`.",
        "表头缺少必需的列：名单需要 `id` 和 `name`，以及规程用到的列（有分组来源时的 `pool`、按出生日期分组时的 \
         `born`、`sex`、同单位回避时的 `unit`）；成绩需要 `stage`、`round`、`red`、`black`、`result`；出场名单需要 `stage`、`round`、`team`、`board`、`player`。"
    ),
    "name,unit\n许银川,广东\n",
    Template::new(
        "Add the column to the header line and fill it in every row.",
        "在表头加上该列，并在每一行填写。"
    )
);

code!(
    E803,
    "E803",
    "csv-bad-value",
    E,
    Template::new(
        "A field holds a value of the wrong kind: a date that is not `YYYY-MM-DD`, a sex other \
         than men/women (男/女), an unknown title, a rating or round that is not a whole number, a \
         result other than `1-0`, `0-1`, `=`, `+-`, `-+`, `--`.",
        "字段的值类型不对：日期不是 `YYYY-MM-DD`、性别不是 男/女（men/women）、未知称号、等级分或轮次不是整数、\
         成绩不是 `1-0`、`0-1`、`=`、`+-`、`-+`、`--`。"
    ),
    "id,name,born\np1,许银川,1975/08/03\n",
    Template::new(
        "Write the value in the form the help line shows (for dates `1975-08-03`).",
        "按帮助行给出的格式改写（日期写作 `1975-08-03`）。"
    )
);

code!(
    E804,
    "E804",
    "csv-empty-id",
    E,
    Template::new(
        "A roster row has no id, or a results row no player id: every player needs an id that \
         results and scenario tests can name.",
        "名单中某行没有 id，或成绩中某行没有棋手 id：每位棋手都需要一个供成绩和场景测试引用的 id。"
    ),
    "id,name\n,许银川\n",
    Template::new(
        "Give the player a short unique id (`xu_yc`, `p017`).",
        "给棋手一个简短且唯一的 id（如 `xu_yc`、`p017`）。"
    )
);

code!(
    E805,
    "E805",
    "csv-unknown-column",
    E,
    Template::new(
        "A header cell of a roster or results file names no column xqreg reads (a typo such as \
         `units`, `ratng`, `red_foul`): the values under it would be lost without a word.",
        "名单或成绩文件的表头中有 xqreg 不认识的列（如拼错的 `units`、`ratng`、`red_foul`）：该列的值会被无声丢弃。"
    ),
    "id,name,ratng\np1,许银川,2650\n",
    Template::new(
        "Correct the column name (the help line suggests the nearest one) or remove the column.",
        "更正列名（帮助行给出最接近的列名），或删除该列。"
    )
);

code!(
    E806,
    "E806",
    "csv-repeated-column",
    E,
    Template::new(
        "A header names the same column twice: only one of the two would be read.",
        "表头中同一列出现两次：只有其中一列会被读取。"
    ),
    "id,name,rating,rating\np1,许银川,2650,2600\n",
    Template::new(
        "Keep one column of that name and remove or rename the other.",
        "保留一个同名列，删除或改名另一个。"
    )
);

code!(
    E807,
    "E807",
    "csv-open-quote",
    E,
    Template::new(
        "A quote opened in a field is not closed on its line: everything after it, rows included, \
         would be read as one field. Roster and results fields never span lines.",
        "字段中的引号在本行内没有闭合：其后的内容（包括后面各行）会被读成一个字段。名单和成绩的字段不会跨行。"
    ),
    "id,name\np1,\"许银川\np2,吕钦\n",
    Template::new(
        "Close the quote on the same line, or remove it.",
        "在同一行内闭合引号，或删除该引号。"
    )
);

code!(
    E808,
    "E808",
    "csv-empty-cell",
    E,
    Template::new(
        "A cell the row needs is empty (a roster player's `name`; a result's `stage`, `round` or \
         `result`): the row is never skipped and the game never simulated in its place.",
        "行中必填的单元格为空（名单中棋手的 `name`；成绩的 `stage`、`round` 或 `result`）：该行不会被跳过，\
         对局也不会改为模拟。"
    ),
    "stage,round,red,black,result\nmain,1,p1,p2,\n",
    Template::new(
        "Fill the cell, or remove the row if the game was not played.",
        "填写该单元格；若对局未进行，删除该行。"
    )
);

code!(
    E809,
    "E809",
    "trf-empty",
    E,
    Template::new(
        "The file given to `xqreg pair` is empty: there is no tournament to pair.",
        "交给 `xqreg pair` 的文件为空：没有可编排的比赛。"
    ),
    "xqreg pair --system dutch empty.trf",
    Template::new(
        "Give the TRF file the tournament software wrote.",
        "提供比赛软件写出的 TRF 文件。"
    )
);

code!(
    E810,
    "E810",
    "trf-no-players",
    E,
    Template::new(
        "The file given to `xqreg pair` has no player line (`001`): it is not a FIDE TRF file.",
        "交给 `xqreg pair` 的文件没有棋手行（`001`）：它不是 FIDE TRF 文件。"
    ),
    "xqreg pair --system dutch regulation.xqr",
    Template::new(
        "Give the tournament as a TRF file (TRF-16 or TRF-2026) with one `001` line per player.",
        "以 TRF 文件（TRF-16 或 TRF-2026）给出比赛，每位棋手一行 `001`。"
    )
);

code!(
    E811,
    "E811",
    "trf-all-rounds-played",
    E,
    Template::new(
        "Every round the TRF file declares (`XXR`) has been played: there is no next round to pair.",
        "TRF 文件声明的轮数（`XXR`）已全部赛完：没有下一轮可编排。"
    ),
    "XXR 5   // and every player line has five round blocks",
    Template::new(
        "Pair only a tournament with rounds left, or correct the `XXR` line.",
        "只对尚有轮次的比赛编排，或更正 `XXR` 行。"
    )
);

code!(
    E812,
    "E812",
    "pair-stage-other-system",
    E,
    Template::new(
        "`xqreg pair --regulation FILE --stage NAME` names a stage that is not a Swiss of the \
         system given with `--system` (a round robin, a knockout, or a Swiss of the other system).",
        "`xqreg pair --regulation FILE --stage NAME` 指定的阶段不是 `--system` 所给编排制的积分编排赛\
         （循环赛、淘汰赛或另一种积分编排）。"
    ),
    "xqreg pair --system cxa --regulation r.xqr --stage main t.trf   // main is `swiss dutch`",
    Template::new(
        "Name a Swiss stage of that system, or give `--system` the stage's own system.",
        "指定该编排制的积分编排阶段，或让 `--system` 与该阶段的编排制一致。"
    )
);

code!(
    E813,
    "E813",
    "trf-malformed",
    E,
    Template::new(
        "A line of the TRF file is malformed or inconsistent (a number that does not parse, an \
         unknown colour or result, a game the opponent's line does not record, points that do not \
         add up).",
        "TRF 文件的某行格式错误或前后矛盾（数字无法解析、未知的颜色或结果、对手行没有记录的对局、分数对不上）。"
    ),
    "001    1 m    Xu Yinchuan                       2650 CHN            abc",
    Template::new(
        "Correct the line at the column shown, or write the file again from the tournament software.",
        "按所指的列更正该行，或用比赛软件重新导出文件。"
    )
);

code!(
    E814,
    "E814",
    "trf-repeated-rank",
    E,
    Template::new(
        "Two player lines of the TRF file carry the same starting rank: results cannot be told apart.",
        "TRF 文件中两行棋手行的序号相同：无法区分各自的成绩。"
    ),
    "001    3 ...\n001    3 ...",
    Template::new(
        "Give every player line its own starting rank (1, 2, 3, ...).",
        "给每行棋手一个不同的序号（1、2、3……）。"
    )
);

code!(
    E815,
    "E815",
    "trf-cannot-pair",
    E,
    Template::new(
        "The next round of the TRF file cannot be paired under the system's absolute criteria.",
        "按该编排制的绝对条件，TRF 文件的下一轮无法编排。"
    ),
    "three players, each of whom has met both others",
    Template::new(
        "Check the file's results and absences; a round that cannot be paired is the arbiter's \
         decision.",
        "检查文件中的成绩和缺席；无法编排的轮次由裁判长决定。"
    )
);

code!(
    E816,
    "E816",
    "trf-not-utf8",
    E,
    Template::new(
        "The TRF file is not UTF-8: a name in another encoding (GBK, Latin-1) would be paired and \
         printed as replacement characters, and its bytes would shift the fixed columns of the line.",
        "TRF 文件不是 UTF-8 编码：其他编码（GBK、Latin-1）的姓名会以替换字符编排和打印，其字节还会错开该行的固定列。"
    ),
    "001    1 m    Xu Yinchuan (GBK: 许银川)                  2650 CHN",
    Template::new(
        "Save or export the file as UTF-8 (`iconv -f GB18030 -t UTF-8`), then pair it again.",
        "将文件另存或导出为 UTF-8 编码（`iconv -f GB18030 -t UTF-8`），再重新编排。"
    )
);

macro_rules! runtime_code {
    ($id:ident, $code:literal, $name:literal, $meaning_en:literal, $meaning_zh:literal, $example:literal, $fix_en:literal, $fix_zh:literal) => {
        code!(
            $id,
            $code,
            $name,
            E,
            Template::new($meaning_en, $meaning_zh),
            $example,
            Template::new($fix_en, $fix_zh)
        );
    };
}

runtime_code!(
    R001,
    "R001",
    "unknown-pool",
    "A roster row names a pool the regulation does not declare.",
    "名单中某行的来源（pool）在规程中没有声明。",
    "id,name,pool\np1,许银川,champion\n   // the regulation declares `pool champions`",
    "Use one of the pool names of the regulation's entry block, or leave the field empty.",
    "改用规程 entry 块中声明的来源名称，或留空。"
);
runtime_code!(
    R002,
    "R002",
    "duplicate-id",
    "Two roster rows have the same id; results could not say which player they mean.",
    "名单中两行的 id 相同；成绩将无法区分所指棋手。",
    "id,name\np1,许银川\np1,吕钦\n",
    "Give each player a unique id.",
    "给每位棋手唯一的 id。"
);
runtime_code!(
    R003,
    "R003",
    "born-outside-sections",
    "A player's birth date falls inside no section of the regulation (no category window holds it), so the player cannot be placed in any competition.",
    "棋手的出生日期不在规程任何组别的出生日期范围内，无法编入任何组别。",
    "category youth { born 2000-01-01 .. 2004-12-31 }   // roster: born 2010-05-01",
    "Correct the birth date, or enter the player in the event their age allows.",
    "更正出生日期，或让该棋手报名其年龄所允许的项目。"
);
runtime_code!(
    R004,
    "R004",
    "field-over-cap",
    "The roster holds more players than the field size or the cap of the regulation allows. Under `cap N by_rating` the N best rated are admitted (no rating last, ties in roster order, as a stage's cap) and every other row is refused at its `rating` cell; otherwise the first row over is cited.",
    "名单人数超过规程规定的参赛人数或人数上限。在 `cap N by_rating` 下录取等级分最高的 N 名（无等级分者在后，同分按名单顺序，与阶段限额相同），其余每一行在其 `rating` 列被拒绝；否则指出超出的第一行。",
    "entry { cap 150 }   // roster with 151 rows",
    "Remove the late entries (the regulation says in which order entries are accepted), or under `by_rating` the rows below the best rated.",
    "删除超额的报名（按规程规定的报名先后顺序），在 `by_rating` 下删除等级分排在限额之外的行。"
);
runtime_code!(
    R005,
    "R005",
    "impossible-draw",
    "A group draw no assignment can satisfy: the quotas, seeds and same-unit avoidance cannot all hold (for instance five players of one unit for four groups with same-unit avoidance). Nothing is drawn.",
    "分组抽签无法满足全部条件：名额、种子和同单位回避不能同时成立（例如同单位五人分入四组且要求同单位回避）。不进行任何抽签。",
    "stage groups { round_robin single groups A B C D size 8  draw { rest random  avoid same_unit } }   // five players of one unit",
    "Change the roster, or relax the draw in the regulation (a supplement can lift the avoidance for one unit).",
    "调整名单，或在规程中放宽抽签条件（可用补充规定取消某单位的回避）。"
);
runtime_code!(
    R006,
    "R006",
    "pool-over-size",
    "A pool holds more players than its declared size.",
    "某来源的人数超过其声明的名额。",
    "pool taipei 8   // roster: nine players with pool taipei",
    "Move the extra players to their own pool or remove them.",
    "把多出的棋手改到其应属的来源，或删除。"
);
runtime_code!(
    R007,
    "R007",
    "not-eligible",
    "A player fails an eligibility condition of the regulation (age, title, sex, grade).",
    "棋手不符合规程的参赛资格（年龄、称号、性别、段位）。",
    "entry { age >= 16 }   // roster: born two years before the event",
    "Correct the roster row, or remove the player.",
    "更正名单中该行，或删除该棋手。"
);
runtime_code!(
    R008,
    "R008",
    "named-player-missing",
    "A player the regulation names is missing from the roster.",
    "规程点名的棋手不在名单中。",
    "entry { player xu \"许银川\" }   // roster without id xu",
    "Add the player (with the id the regulation gives), or amend the regulation with a supplement.",
    "在名单中加上该棋手（使用规程中的 id），或以补充规定修改规程。"
);
runtime_code!(
    R009,
    "R009",
    "result-no-such-game",
    "A recorded result names a game that does not exist in the event as run: a wrong round, a pair that did not meet, a playoff step that was not reached.",
    "记录的成绩对应的对局在比赛中不存在：轮次错误、两人并未相遇、或加赛未进行到该步骤。",
    "stage,round,board,red,black,result\ngroups,8,1,a1,a2,1-0   // a group of 8 plays 7 rounds",
    "Correct the stage, round or players of the row.",
    "更正该行的阶段、轮次或棋手。"
);
runtime_code!(
    R010,
    "R010",
    "result-duplicate",
    "A second result for one game. Results are never overwritten: the arbiter must say which is right.",
    "同一局棋有第二个成绩。成绩不会被覆盖：须由裁判确认哪一个正确。",
    "groups,1,1,a1,a8,1-0\ngroups,1,1,a1,a8,=",
    "Delete the wrong row.",
    "删除错误的一行。"
);
runtime_code!(
    R011,
    "R011",
    "unknown-name",
    "A name in the plan or the results refers to nothing (a stage, group, player or chain).",
    "计划或成绩中的名称没有对应对象（阶段、小组、棋手或加赛链）。",
    "stage,round,board,red,black,result\nfinal,1,1,a1,b1,1-0   // no stage `final`",
    "Use the names of the regulation and the roster.",
    "使用规程和名单中的名称。"
);
runtime_code!(
    R012,
    "R012",
    "place-not-decided",
    "A stage takes entrants from a place of an earlier stage that holds no one (the earlier stage has fewer players than the reference assumes).",
    "某阶段引用前一阶段的某名次，但该名次无人（前一阶段人数少于引用所假定的）。",
    "entrants groups.*#9   // groups of eight",
    "Fix the place reference or the size of the earlier stage.",
    "修改名次引用或前一阶段的人数。"
);
runtime_code!(
    R013,
    "R013",
    "place-conflict",
    "A final place is given to two players, or a stage's places do not match its field.",
    "同一最终名次给了两名棋手，或某阶段决定的名次数与其人数不符。",
    "stage final { knockout { seeded 8 }  places 1..4 }",
    "Make each stage's `places` range as long as its field, and let no two stages decide one place.",
    "使各阶段 `places` 的名次数与其人数一致，且不要让两个阶段决定同一名次。"
);
runtime_code!(
    R014,
    "R014",
    "field-does-not-fit",
    "A stage's field does not fit its format: a bracket larger or smaller than its entrants, groups that cannot hold them.",
    "某阶段的人数与赛制不符：淘汰表大小与人数不一致，或小组容纳不下。",
    "stage ko { knockout { seeded 8 } }   // twelve entrants",
    "Change the bracket size, the groups or the entrants.",
    "修改淘汰表大小、小组或参赛来源。"
);
runtime_code!(
    R015,
    "R015",
    "plan-version",
    "The plan was written by another version of xqreg than the runtime reading it.",
    "计划由另一版本的 xqreg 生成，与运行时版本不符。",
    "{ \"version\": 0, ... }",
    "Compile the regulation again with this version: `xqreg plan FILE`.",
    "用当前版本重新编译规程：`xqreg plan FILE`。"
);
runtime_code!(
    R016,
    "R016",
    "swiss-pairing-failed",
    "A Swiss round could not be paired legally (the message names the constraint), or no pairing system is available for the stage. Nothing is paired.",
    "积分编排某轮无法合规配对（信息中给出失败的约束），或该阶段没有可用的编排制度。不进行配对。",
    "stage main { swiss dutch rounds 9 }   // nine players",
    "Reduce the rounds, or check the results entered so far.",
    "减少轮次，或检查已录入的成绩。"
);
runtime_code!(
    R017,
    "R017",
    "draw-search-budget",
    "The draw search stopped before it found or ruled out an assignment of players to groups.",
    "分组抽签的搜索在找到或排除可行分组之前停止。",
    "draw { pot \"A\" { ... } 1 per_group  avoid same_unit }   // a very tight draw",
    "Simplify the draw constraints; report the case, real draws are far below the budget.",
    "简化抽签条件；请报告此情况，真实比赛的抽签远低于该上限。"
);
runtime_code!(
    R018,
    "R018",
    "roster-field-missing",
    "A roster field the regulation needs is missing or unusable for some player: a birth date where categories go by birth date, a unit where same-unit avoidance applies, a pool where stages draw by pool.",
    "名单中某棋手缺少规程需要的字段：按出生日期分组时的出生日期、同单位回避时的单位、按来源抽签时的来源。",
    "id,name\np1,许银川   // the regulation avoids same units: `unit` is needed",
    "Fill in the field for every player.",
    "为每位棋手填写该字段。"
);
runtime_code!(
    R019,
    "R019",
    "unsupported",
    "A stage kind or option the runtime cannot run yet (the message names it).",
    "运行时尚不能执行的阶段类型或选项（信息中给出名称）。",
    "stage main { swiss cxa rounds 11 }   // before the CXA pairing system exists",
    "Use a supported option, or run the event by hand for that stage.",
    "改用已支持的选项，或该阶段手工编排。"
);
runtime_code!(
    R020,
    "R020",
    "cannot-generate-roster",
    "A roster of the asked size cannot be generated to fit the regulation: more named players or pool places than players, a stage that draws by category needing more players than the roster has room for, a category whose conditions no entrant can meet, or a generated roster that a clause still refuses (the diagnostic points at that clause).",
    "无法生成符合规程的指定人数名单：点名棋手或来源名额多于总人数，按组别取参赛者的阶段所需人数超出名单容量，某组别的条件无人能满足，或生成的名单仍不符合某条款（诊断指向该条款）。",
    "xqreg simulate r.xqr --players 8   // the regulation names 12 players",
    "Ask for at least as many players as the regulation names, reserves and its category stages need, or correct the clause the diagnostic names.",
    "指定的人数不少于规程点名、预留及各组别阶段所需的人数，或修改诊断所指的条款。"
);
runtime_code!(
    R021,
    "R021",
    "out-of-range",
    "A number in the plan is beyond any real regulation (points, money, games, rounds, sizes); the runtime refuses it rather than overflow.",
    "计划中的数字超出任何真实规程的范围（分数、金额、局数、轮次、人数）；运行时拒绝执行而不是溢出。",
    "stage main { swiss dutch rounds 100000 }",
    "Correct the number in the regulation.",
    "更正规程中的数字。"
);
runtime_code!(
    R022,
    "R022",
    "value-to-be-announced",
    "A stage's pairing system or number of rounds is `tbd` (to be announced) and the stage assumes nothing for it, so the event cannot be run: `simulate` and `test` need a value (check warns with W203).",
    "阶段的编排办法或轮数为 `tbd`（另行通知），且该阶段没有给出假定值，无法运行：`simulate` 与 `test` 需要一个值（check 以 W203 提示）。",
    "stage main { swiss cxa rounds tbd }   // xqreg simulate r.xqr --players 12",
    "Add `assume rounds 9` (or `assume system cxa`) to the stage, or announce the value in a supplement.",
    "在阶段中加上 `assume rounds 9`（或 `assume system cxa`），或以补充通知公布该值。"
);

runtime_code!(
    R030,
    "R030",
    "result-voided-by-withdrawal",
    "A result is recorded for a game that a withdrawal voids (the player withdrew before that round): the runtime would have to replace it by a forfeit.",
    "成绩文件记录了一盘因退赛而作废的对局（棋手在该轮之前已退赛）：运行时只能把它改为弃权。",
    "withdraw p3 after main round 2\nresult main round 3 p3 p5 1-0",
    "Remove the result, or correct the round of the withdrawal.",
    "删除该成绩，或更正退赛的轮次。"
);

runtime_code!(
    R031,
    "R031",
    "late-entry-not-allowed",
    "A late entry is recorded that the regulation does not allow: its stage is not a Swiss with a `late_entry` clause, the round is not between 2 and the clause's `until round N`, the player enters twice, or the player is not one of the stage's entrants.",
    "记录的补报不为规程所允许：该阶段不是带 `late_entry` 条款的积分编排，轮次不在 2 至条款的 `until round N` 之间，棋手补报了两次，或棋手不属于该阶段的参赛者。",
    "stage main { swiss cxa rounds 7  late_entry until round 3 missed zero }\nenter p41 main round 4",
    "Enter the player before the round the clause allows at the latest, into the stage that allows it; or amend the regulation.",
    "在条款允许的最迟轮次之前、于允许补报的阶段补报；或修改规程。"
);

runtime_code!(
    R032,
    "R032",
    "over-entry-quota",
    "A roster row is one more entrant of its unit (or federation) than the regulation's `quota per unit N` allows, in all or of the row's sex (`men 2`, `women 1`). Players of the quota's `except category` are not counted; a row without a unit (federation) is counted under none.",
    "名单中某一行使其单位（或协会）的报名人数超出规程 `quota per unit N` 所允许的名额（总名额，或该行棋手性别的名额，如 `men 2`、`women 1`）。属于名额 `except category` 组别的棋手不计入；没有单位（协会）的行不计入任何单位。",
    "entry { quota per unit 2 }\n# roster: three players of unit 广东",
    "Remove the row or give the player's place to another unit; or, if the regulation allows it, amend the quota.",
    "删去该行，或把名额让给其他单位；如规程允许，修改名额。"
);

runtime_code!(
    R033,
    "R033",
    "category-attribute-not-in-roster",
    "A category is by an attribute (federation, grade, school year, club, residence, or the birth date for `age ... on DATE`) that no roster row gives: nobody would be in it, and its prizes, stages and quotas would go to no one without a word. A single row that leaves the attribute blank is only not a member of the category.",
    "某组别按某一属性划分（协会、段位、年级、俱乐部、居住地，或 `age ... on DATE` 所需的出生日期），但名单中没有一行填写该属性：无人属于该组别，其奖励、阶段和名额将无声无息地落空。个别行未填写该属性，只是不属于该组别。",
    "category juniors { school_year 1..6 }\n# roster: no school_year column",
    "Add the column to the roster and fill it for the players it concerns.",
    "在名单中加上该列，并为相关棋手填写。"
);

runtime_code!(
    R035,
    "R035",
    "not-in-parity-pool",
    "A stage gives one pool the odd pairing numbers and another the even ones (`numbers { pool a odd  pool b even ... }`), and a player of its field is in neither pool: no number is theirs.",
    "某阶段把单号给一个名额来源、双号给另一个（`numbers { pool a odd  pool b even ... }`），而其参赛者中有棋手不属于这两个来源中的任何一个：没有属于他的代号。",
    "stage main { round_robin single  numbers { pool a odd  pool b even  within lot } }\n# roster: a player with pool c",
    "Put the player in one of the two pools (the roster's `pool` column), or leave the player out of the stage.",
    "把该棋手归入两个来源之一（名单的 `pool` 列），或不让其参加该阶段。"
);

runtime_code!(
    R036,
    "R036",
    "parity-does-not-fit",
    "Odd numbers 1, 3, 5, ... and even numbers 2, 4, 6, ... leave no gap only when the odd pool has as many players as the even pool, or one more; the stage's field has other counts.",
    "单号 1、3、5……与双号 2、4、6……只有在单号一方与双号一方人数相同或多一人时才不留空号；该阶段参赛者的人数不符合。",
    "stage main { swiss cxa rounds 5  numbers { pool a odd  pool b even  within lot } }\n# roster: 3 players in a, 5 in b",
    "Balance the two pools (or give the odd numbers to the larger one), or number the stage otherwise.",
    "使两个来源人数平衡（或把单号给人数多的一方），或改用其他编号办法。"
);

runtime_code!(
    R040,
    "R040",
    "over-stage-cap",
    "More of the roster's players are a stage's entrants (its category, pool or the roster) than the stage's `cap N` admits. The cap's order says who is in: `first_come` (or none) the first N in roster order, `by_rating` the N best rated (no rating last, ties in roster order); each row it leaves out is refused.",
    "名单中属于某阶段参赛者（其组别、来源或全部名单）的棋手多于该阶段 `cap N` 所允许的人数。限额的方式决定谁入选：`first_come`（或未写）为名单顺序的前 N 名，`by_rating` 为等级分最高的 N 名（无等级分者在后，同分按名单顺序）；被排除的每一行都被拒绝。",
    "stage u12 { swiss cxa rounds 7  entrants category u12  cap 80 first_come }\n# roster: 81 players of category u12",
    "Remove the rows the cap leaves out (or move them to another section they qualify for); or, if the regulation allows it, amend the cap.",
    "删去限额之外的行（或移至其符合条件的其他组别）；如规程允许，修改限额。"
);

runtime_code!(
    R041,
    "R041",
    "not-in-pool-category",
    "A roster row is in a pool that takes only the members of a category (`pool low { category pupils_low }`: a group open to one school-year band, 组别条件), and the player is not a member: the row's attributes (school year, age, sex, ...) do not meet the category's conditions.",
    "名单中某行所在的名额来源只接受某一组别的棋手（`pool low { category pupils_low }`：只对某些年级开放的组别，即组别条件），而该棋手不属于该组别：其年级、年龄、性别等属性不符合该组别的条件。",
    "entry { pool low { category pupils_low } }\ncategory pupils_low { school_year 1..3 }\n# roster: a player of pool low in school year 5",
    "Enter the player in a group they qualify for (the `pool` cell), or correct the attribute that keeps them out.",
    "将该棋手改报其符合条件的组别（`pool` 列），或更正使其不符合条件的属性。"
);

runtime_code!(
    R042,
    "R042",
    "not-qualified",
    "A roster row is in a pool of an earlier event's qualifiers (`pool city { qualifiers \"地市州分站赛\" top 12 }`, 分站赛晋级) and gives no qualifying place (the roster's `qualified` column, a player's `qualified N`), or a place below the top N while the pool has no `replacement next_in_line` that lets the event's ranking move down.",
    "名单中某行所在的名额来源只接受此前某项赛事的晋级选手（`pool city { qualifiers \"地市州分站赛\" top 12 }`，分站赛晋级），而该行没有晋级名次（名单的 `qualified` 列，或棋手的 `qualified N`），或名次在前 N 名之外、而该来源没有允许依次递补的 `replacement next_in_line`。",
    "entry { pool city { qualifiers \"地市州分站赛\" top 12 } }\n# roster: a player of pool city with qualified 13",
    "Give the place the player took in the qualifying event (the `qualified` cell), or enter them in a pool they qualify for.",
    "填写该棋手在分站赛中的名次（`qualified` 列），或将其改报其有资格的名额来源。"
);

runtime_code!(
    R043,
    "R043",
    "not-invited",
    "A roster row is in a pool with an invitation list (`pool invited { invite CHN 2 VIE 2 }`, 邀请名单), and its federation is not on the list (or is blank), or the federation already sends as many players as it is invited: the row is one too many.",
    "名单中某行所在的名额来源设有邀请名单（`pool invited { invite CHN 2 VIE 2 }`），而该行的协会不在名单中（或未填写），或该协会的棋手已达受邀人数：此行超出一人。",
    "entry { pool invited { invite CHN 2 VIE 2 } }\n# roster: three players of CHN in pool invited",
    "Correct the row's federation, enter the player in another pool, or remove the row over the federation's number.",
    "更正该行的协会，将该棋手改报其他名额来源，或删去超出该协会人数的行。"
);

runtime_code!(
    R044,
    "R044",
    "over-replacements",
    "A pool's declined places are filled from a reserve pool (`pool rated 9 { replacement from pool reserve }`, 依次递补): the reserve's roster rows enter only into the places the pool's own rows leave empty (its size less its rows), the best rated first (no rating last, equal ratings in roster order); each reserve row beyond them is refused.",
    "某名额来源放弃的名额由候补来源递补（`pool rated 9 { replacement from pool reserve }`，依次递补）：候补来源的行只能进入该来源自己的行空出的名额（名额数减去行数），按等级分从高到低（无等级分者在后，同分按名单顺序）；超出的每一行都被拒绝。",
    "entry { pool rated 9 { replacement from pool reserve }  pool reserve { } }\n# roster: 8 rows of rated, 2 of reserve",
    "Remove the reserve rows beyond the empty places (the lowest rated), or, if a player of the pool declined, remove that player's row.",
    "删去超出空出名额的候补行（等级分最低者），或者，如该来源有棋手放弃，删去其所在行。"
);

runtime_code!(
    R050,
    "R050",
    "published-game-changed",
    "`xqreg event` replays the whole event on every command, with each published Swiss round fixed as it was published (a corrected result changes scores and standings, never a published Swiss round). The replay no longer gives some other published game: a corrected knockout result would change who plays a published later round, a correction would change who enters a published stage, or an amended regulation would pair a published batch differently. `verify` reports the same when a batch in the log is not what the engine pairs from the results recorded before it. Published pairings stand, so the command is refused and nothing is stored.",
    "`xqreg event` 每条命令都会重放整个赛事，已公布的积分编排轮次按公布的样子固定（更正成绩只改变积分和名次，从不改变已公布的积分编排轮次）。重放后不再产生另一盘已公布的对局：更正的淘汰赛成绩会改变已公布的下一轮由谁出场，更正会改变已公布阶段的参赛者，或修改后的规程会让已公布的一批对局编排不同。`verify` 发现日志中某批对局不是引擎按此前已录成绩编排出的结果时，也报告此错误。已公布的编排不变，因此命令被拒绝，什么也不存入。",
    "xqreg event pair ev            # knockout round 2 published\nxqreg event correct ev ko 1 1 0-1 --reason \"scoresheet\"",
    "Make the change before the next round is published, or record it as the arbiter's decision in a supplement that keeps the published rounds.",
    "在下一轮公布之前更改，或以补充通知的形式记录裁判长保留已公布轮次的决定。"
);

runtime_code!(
    R055,
    "R055",
    "not-a-declared-team",
    "A team event that names its teams (`entry { team gusu \"姑苏棋友俱乐部\" }`) plays the teams it names: a roster row's `unit` (the team) must be one of them, by id (`gusu`) or by name (`姑苏棋友俱乐部`). A row of another unit belongs to no team of the regulation.",
    "规定了参赛队伍的团体赛（`entry { team gusu \"姑苏棋友俱乐部\" }`）只由这些队伍参赛：名单每行的 `unit`（所属队伍）必须是其中之一，可写代号（`gusu`）或队名（`姑苏棋友俱乐部`）。其他单位的行不属于规程中的任何队伍。",
    "entry { team gusu \"姑苏棋友俱乐部\" }\n# roster: a player whose unit is 苏州队",
    "Write the team's id or name in the row's `unit` cell, or add the team to the entry.",
    "在该行 `unit` 列写上队伍代号或队名，或在报名条款中增加该队。"
);

runtime_code!(
    R060,
    "R060",
    "lineup-unknown-team",
    "A line-up handed in (a line-ups CSV row, a scenario's `lineup` line) names a team that does not play the stage: no roster unit of the stage's field has that name.",
    "提交的出场名单（出场名单 CSV 的一行、场景测试的 `lineup` 行）所写的队伍不参加该阶段：该阶段参赛者中没有这个单位名称。",
    "stage,round,team,board,player\nmain,2,北京队,1,a1\n   // the roster's unit is 北京",
    "Write the team as the roster's `unit` column names it (the message lists the stage's teams).",
    "按名单 `unit` 列的写法填写队名（信息中列出了本阶段的参赛队）。"
);

runtime_code!(
    R061,
    "R061",
    "lineup-player-not-in-team",
    "A line-up handed in puts a player on a board who is not a player of that team: another team's player, or an id the roster does not have.",
    "提交的出场名单把不属于该队的棋手排上了台次：其他队的队员，或名单中没有的 id。",
    "stage,round,team,board,player\nmain,2,甲队,1,b1\n   // b1 plays for 乙队",
    "Name one of the team's own registered players (its roster rows with that `unit`).",
    "改为该队自己报名的队员（名单中该 `unit` 的行）。"
);

runtime_code!(
    R062,
    "R062",
    "lineup-twice",
    "A line-up handed in names one player on two boards, or one board twice, or a team hands in two line-ups for the same round of a stage.",
    "提交的出场名单中同一名队员占了两个台次，或同一台次写了两次，或同一队在某阶段同一轮提交了两份出场名单。",
    "stage,round,team,board,player\nmain,2,甲队,1,a1\nmain,2,甲队,2,a1",
    "Give each board one player and each player one board, and one line-up per team and round.",
    "每台一人、每人一台，每队每轮只交一份出场名单。"
);

runtime_code!(
    R063,
    "R063",
    "lineup-boards",
    "A line-up handed in does not fill exactly the stage's boards 1 to B: too few players (a board with nobody), or a board beyond the stage's boards. A team short of players sits nobody on a board only by its default line-up, never by a handed-in one.",
    "提交的出场名单没有恰好排满本阶段第 1 至 B 台：人数不足（某台无人），或写了超出本阶段台数的台次。队员不足时只有默认出场办法会空台，提交的名单不会。",
    "stage { team_round_robin single boards 4  lineup each_round }\n// line-ups CSV: 甲队 round 2 lists boards 1, 2, 3",
    "List one player for every board 1..B of the stage.",
    "为本阶段第 1 至 B 台每台写一名队员。"
);

runtime_code!(
    R064,
    "R064",
    "lineup-no-such-round",
    "A line-up handed in is for a round the stage does not play (round 0, or beyond its last round), or for a stage that is no team stage (its players are paired one by one).",
    "提交的出场名单所指的轮次本阶段不赛（第 0 轮，或超出最后一轮），或所指阶段不是团体赛阶段（按棋手个人编排）。",
    "stage,round,team,board,player\nmain,9,甲队,1,a1\n   // four teams, single round robin: rounds 1 to 3",
    "Correct the round (or the stage) of the line-up.",
    "更正出场名单的轮次（或阶段）。"
);

runtime_code!(
    R065,
    "R065",
    "lineup-fixed-changed",
    "A line-up handed in changes the order of a stage whose line-up is fixed (`lineup fixed`, or no `lineup` clause): boards 1..B are the first B players of the roster order in every round, so a line-up may only repeat them.",
    "本阶段出场顺序固定（`lineup fixed`，或未写 `lineup` 条款），而提交的出场名单改变了顺序：每轮第 1 至 B 台都是报名顺序的前 B 名，提交的名单只能与之相同。",
    "stage { team_round_robin single boards 2  lineup fixed }\n// line-ups CSV: 甲队 round 2: a3 on board 2 (the roster order is a1, a2, a3)",
    "Remove the line-up; or, if the regulation sets line-ups each round (临时定台制), write `lineup each_round` in the stage.",
    "删去该出场名单；如规程实行临时定台制，在该阶段写 `lineup each_round`。"
);

runtime_code!(
    R070,
    "R070",
    "result-colours-contradict",
    "A recorded result names the game's two players with the colours the other way round from the game the regulation gave them: a Swiss pairing's colours, a Berger table's, a team match's boards, a playoff game's swap. The row is refused, never turned round: a score sheet with the colours exchanged may have the result exchanged too. Colours a lot decides (`colours lot`) are the record's: there the row's colours are the hall's lot.",
    "记录的成绩中两名棋手的先后手与规程给出的对局相反：积分编排的先后手、贝格尔表的先后手、团体赛各台的先后手、加赛的交换先后手。该行被拒绝，绝不自动调换：先后手写反的记分表，胜负也可能写反。抽签决定的先后手（`colours lot`）以记录为准：该行的先后手就是赛场的抽签。",
    "stage,round,red,black,result\nmain,1,w12,w01,1-0   # the pairing gave w01 Red",
    "Check the score sheet, and write the row with the colours of the pairing, the result from Red's side.",
    "核对记分表，按编排的先后手填写该行，成绩从红方的角度写。"
);

runtime_code!(
    R071,
    "R071",
    "result-board-contradicts",
    "A recorded result gives a board, and the game of its two players is on another board. The `board` cell may be left empty; one that is filled must be the game's.",
    "记录的成绩写了台次，而这两名棋手的对局在另一台。`board` 可以不填；填了就必须是该局的台次。",
    "stage,round,board,red,black,result\nmain,3,5,w12,w10,1-0   # w12 - w10 is board 2",
    "Check the score sheet: correct the board or the players, or leave the board cell empty.",
    "核对记分表：更正台次或棋手，或不填台次。"
);

runtime_code!(
    R072,
    "R072",
    "result-against-foul-limit",
    "Under the conduct rule `fouls_per_game N loss` a player who commits N fouls in a game loses it (a simulated game is scored so); a recorded result gives such a player a win or a draw, the opponent having fewer than N fouls.",
    "按行为规则 `fouls_per_game N loss`，一局中犯规 N 次的棋手判负（模拟的对局即如此计分）；而记录的成绩给该棋手胜或和，对手犯规少于 N 次。",
    "conduct { fouls_per_game 2 loss }\nstage,round,red,black,result,red_fouls,black_fouls\nmain,1,w01,w12,1-0,5,0",
    "Check the score sheet: record the game as that player's loss, or correct the fouls.",
    "核对记分表：将该局记为该棋手负，或更正犯规次数。"
);

runtime_code!(
    R073,
    "R073",
    "field-short",
    "The entry's `field N` is the exact field size (in a team event, the number of teams), and the roster (or `simulate --players`) has fewer: the stages, rounds and prize places were written for N. A field that is only a maximum is written `cap N`.",
    "报名的 `field N` 是确定的参赛规模（团体赛为队数），而名单（或 `simulate --players`）少于 N：各阶段、轮次和奖励名次都是按 N 写的。只是上限的参赛规模写作 `cap N`。",
    "entry { field 12 }\n// roster: 11 teams",
    "Enter the missing players (or teams); or, if N is only the most the event admits, write `cap N` in the entry instead of `field N` (with `assume field M` to size a simulation).",
    "补齐所缺的棋手（或队）；若 N 只是最多接纳的人数，在报名中把 `field N` 改为 `cap N`（模拟时用 `assume field M` 指定规模）。"
);

runtime_code!(
    R074,
    "R074",
    "team-size",
    "In a team event the entry's `team_size A..B` says how many players each team registers; a team of the roster (its rows with one `unit`) has fewer than A or more than B.",
    "团体赛报名的 `team_size A..B` 规定每队报名的人数；名单中某队（`unit` 相同的各行）少于 A 人或多于 B 人。",
    "entry { team_size 4..6 }\n// roster: seven rows with unit 杭州队",
    "Register each team with A to B players: remove the rows over B (or move them to their own team), add the missing players, or change `team_size`.",
    "每队报名 A 至 B 人：删去超出 B 的行（或归入其所属的队），补齐所缺的队员，或修改 `team_size`。"
);

runtime_code!(
    R075,
    "R075",
    "team-order-twice",
    "Two players of one team have the same `order` (报名顺序, which sets the boards): who sits which board would be undefined.",
    "同一队的两名队员 `order`（报名顺序，决定台次）相同：台次无法确定。",
    "id,name,unit,order\na1,甲,杭州队,1\na2,乙,杭州队,1",
    "Give each player of a team an order of their own (1, 2, 3, ...), as the team's entry form lists them.",
    "按该队报名表的顺序，给每名队员一个不同的 order（1、2、3……）。"
);

code!(
    W260,
    "W260",
    "colour-balance-exceeded",
    Severity::Warning,
    Template::new(
        "A team stage's `lineup ... colour_balance K` says that each player's games with Red and with Black over the stage differ by at most K; after this round a player's differ by more. Board colours follow the boards (odd boards Red for the first-listed team), so it is the line-ups that keep the balance: the run stands, and the transcript says so too.",
        "团体赛阶段的 `lineup ... colour_balance K` 规定每名队员本阶段执红与执黑的局数之差不超过 K；本轮后某队员的差超过了 K。各台先后手随台次而定（先列队单数台执红），平衡靠排定出场名单来保持：比赛结果不变，记录中也会注明。"
    ),
    "stage main { team_round_robin single boards 2  lineup each_round colour_balance 1 }\n// a1 plays board 1 for the first-listed team in rounds 1 and 2: Red twice",
    Template::new(
        "Hand in line-ups that move the player to a board of the other colour in the next rounds.",
        "在以后各轮提交出场名单，把该队员排到执另一方的台次。"
    )
);

code!(
    W202,
    "W202",
    "player-in-no-stage",
    Severity::Warning,
    Template::new(
        "A roster player meets the entry conditions, but every stage takes categories or pools and the player is in none of them: the player is listed and plays nothing. The transcript says so too.",
        "名单中的棋手符合参赛条件，但各阶段都按组别或来源取参赛者，而该棋手不属于其中任何一个：该棋手报了名却不参加任何比赛。记录中也会注明。"
    ),
    "category juniors { age <= 14 }\nstage junior { swiss cxa rounds 7  entrants category juniors }\n// roster: a player aged 30",
    Template::new(
        "Correct the player's row (birth date, sex, pool), remove the player, or add a stage or category that takes them.",
        "更正该棋手的信息（出生日期、性别、来源），删去该棋手，或增加接纳其的阶段或组别。"
    )
);

/// Every E8 and R code, sorted.
pub fn codes() -> Vec<&'static Code> {
    vec![
        &E801, &E802, &E803, &E804, &E805, &E806, &E807, &E808, &E809, &E810, &E811, &E812, &E813,
        &E814, &E815, &R001, &R002, &R003, &R004, &R005, &R006, &R007, &R008, &R009, &R010, &R011,
        &R012, &R013, &R014, &R015, &R016, &R017, &R018, &R019, &R020, &R021, &R022, &R030, &R031,
        &R032, &R033, &R035, &R036, &R040, &R041, &R042, &R043, &R044, &R050, &R055, &R060, &R061,
        &R062, &R063, &R064, &R065, &R070, &R071, &R072, &R073, &R074, &R075, &W202, &W260,
    ]
}

/// The registered code for a runtime problem's id (`R005`), if any.
pub fn lookup(id: &str) -> Option<&'static Code> {
    codes().into_iter().find(|c| c.code == id)
}
