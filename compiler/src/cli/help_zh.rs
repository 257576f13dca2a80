//! `--help` in Chinese. clap's help is built from the doc comments of the argument structs, in
//! English; under `--lang zh` (or a Chinese locale) the same command tree gets the Chinese text
//! of each command and argument from [`TEXTS`], and Chinese headings, help flag and help
//! subcommand. A test keeps [`TEXTS`] complete: a new argument does not build a Chinese help
//! without its line here.

use clap::{Arg, ArgAction, Command};

/// Key: the command path (`""` for xqreg itself, `event new`), then `.ID` for an argument.
const TEXTS: &[(&str, &str)] = &[
    ("", "xqreg：检查、编译、打印并运行象棋比赛规程（.xqr 文件）"),
    (".color", "何时使用颜色：`auto` 在终端上着色，除非设置了 NO_COLOR（设置 FORCE_COLOR 时管道输出也着色）"),
    (".quiet", "只输出诊断、失败和结果：不输出汇总与进度"),
    (".stdin_filename", "文件为 `-` 时，诊断中标准输入使用的名称"),
    ("check", "解析并检查规程文件，列出发现的每个问题"),
    ("check.files", "规程文件（.xqr）；`-` 读取标准输入"),
    ("check.format", "输出格式"),
    ("check.lang", "消息语言（默认按系统语言环境，中文环境为 `zh`）"),
    ("check.deny_warnings", "退出码把警告当作错误"),
    ("explain", "解释诊断代码：含义、示例与改法"),
    ("explain.code", "诊断代码（`E102`）或其名称（`unknown-time-control`）"),
    ("explain.list", "列出全部代码及其级别和名称"),
    ("explain.lang", "解释所用语言（默认按系统语言环境）"),
    ("plan", "把规程编译为执行计划（JSON）"),
    ("plan.file", "规程文件（.xqr）；`-` 读取标准输入"),
    ("plan.output", "把计划写入此文件，而不是标准输出"),
    ("plan.lang", "诊断语言（默认按系统语言环境）"),
    ("sheet", "打印规程的竞赛规程文本"),
    ("sheet.file", "规程文件（.xqr）；`-` 读取标准输入"),
    ("sheet.lang", "规程文本的语言（默认按系统语言环境）"),
    ("sheet.format", "输出格式"),
    ("sheet.output", "把规程文本写入此文件，而不是标准输出"),
    ("sheet.font", "PDF 嵌入的中文字体文件（.otf、.ttf、.ttc；默认取 $XQREG_FONT，否则在系统字体目录中查找 Noto CJK）"),
    ("sheet.consolidated", "打印按补充规定修改后的合并文本，每条修改或增加的条款标明所据补充规定的条目；不加此项时，先印发布时的规程，再把每份补充规定作为独立文件印出"),
    ("simulate", "按名单（给定或生成）模拟整个比赛"),
    ("simulate.file", "规程文件（.xqr）；`-` 读取标准输入"),
    ("simulate.roster", "参赛名单（带表头的 CSV：`id`、`name`，以及规程需要的 `unit`（团体赛中即队伍）、`federation`、`sex`、`born`、`title`、`rating`、`pool`、`order`、`grade`、`school_year`、`club`、`residence`、`qualified`；见 docs/input-files.md）"),
    ("simulate.players", "生成 N 名棋手的名单"),
    ("simulate.results", "先录入的成绩，其余对局再模拟（CSV：`stage`、`round`、`red`、`black`、`result`，可选 `board`、`red_fouls`、`black_fouls`、`step`、`game`；见 docs/input-files.md）"),
    ("simulate.lineups", "团体赛各轮提交的出场名单（CSV：`stage`、`round`、`team`、`board`、`player`；见 docs/input-files.md）"),
    ("simulate.seed", "每次抽签和每盘模拟对局的种子"),
    ("simulate.runs", "运行次数（种子 S、S+1、……），分配到所有处理器核心"),
    ("simulate.trf", "把每个瑞士制阶段写成 TRF-2026 文件，放入目录 DIR（`<阶段>.trf`）"),
    ("simulate.save_roster", "把本次模拟所用的名单（生成的，或 `--roster` 读入的）写成名单 CSV，可再由 `--roster` 和 `event new` 读入"),
    ("simulate.format", "输出格式"),
    ("simulate.output", "把结果写入此文件，而不是标准输出"),
    ("simulate.lang", "诊断语言（默认按系统语言环境）"),
    ("test", "运行规程文件中写好的情景测试"),
    ("test.files", "含 `test` 块的规程文件（.xqr）"),
    ("test.format", "输出格式"),
    ("test.lang", "消息语言（默认按系统语言环境）"),
    ("pair", "为以 FIDE TRF 文件给出的比赛编排下一轮"),
    ("pair.system", "编排制度"),
    ("pair.file", "到目前为止的比赛（FIDE TRF）"),
    ("pair.regulation", "从这份规程中取编排参数……"),
    ("pair.stage", "……及其中的这个阶段"),
    ("pair.format", "`engine`（FIDE 编排程序的文本，默认）、`human`（台次、姓名、积分和先后手）或 `json`"),
    ("pair.lang", "诊断语言（默认按系统语言环境）"),
    ("lsp", "为编辑器运行语言服务器（经标准输入输出的 LSP）"),
    ("fmt", "把规程文件改写为统一格式（`--check`：只打印差异，不改文件）"),
    ("fmt.files", "规程文件（.xqr）；`-` 读取标准输入并写到标准输出"),
    ("fmt.check", "不写文件：对每个未按格式书写的文件打印差异，有则退出码为 1"),
    ("fmt.lang", "消息语言（默认按系统语言环境）"),
    ("completions", "打印命令行补全脚本（bash、zsh、fish 等）"),
    ("completions.shell", "补全所用的 shell"),
    ("man", "打印手册页（roff）"),
    ("event", "逐轮进行真实比赛：编排、录入成绩、名次、发布"),
    ("event.lang", "诊断语言（默认按系统语言环境）"),
    ("event new", "在目录 DIR 中按规程和名单建立一场比赛"),
    ("event new.seed", "规程交给程序抽签时每次抽签的种子"),
    ("event amend", "记录规程文件的修改（一份注明日期的补充规定）"),
    ("event pair", "发布已录成绩所允许的每次抽签和编排"),
    ("event pair.stages", "只发布这个阶段的下一轮（可重复）；不写则编排所有可以进行的阶段"),
    ("event result", "录入成绩：一个成绩 CSV，或 阶段 轮次 台次 结果"),
    ("event result.what", "成绩 CSV，或阶段名加 轮次 台次 结果"),
    (
        "event result.red",
        "与 阶段 轮次 台次 结果 同用：由抽签胜者选择先后手（`colours black_chooses`）时，赛场上执红的棋手；结果从该棋手的角度写。成绩 CSV 在该行的 `red` 列写明",
    ),
    ("event correct", "更正已录成绩：阶段 轮次 台次 结果 --reason 理由（已公布的积分编排轮次不变）"),
    ("event forfeit", "记录弃权：阶段 轮次 台次，以及未到场的一方"),
    ("event withdraw", "棋手退赛：在该阶段第 ROUND 轮之后不再出场（团体赛阶段可写队名：全队退赛）"),
    ("event withdraw.player", "棋手的编号；团体赛阶段也可写队名"),
    ("event enter", "补报：名单 CSV 中的新棋手在下一轮编排前进入积分编排（须规程允许）"),
    ("event enter.file", "新棋手，按名单的 CSV 格式"),
    ("event enter.round", "在哪一轮之前进入（默认：下一轮待编排的轮次）"),
    ("event lineup", "团体赛某轮编排前提交的出场名单（规程写有 `lineup each_round`）"),
    ("event lineup.file", "出场名单：阶段、轮次、队、台次、棋手（与 `simulate --lineups` 的 CSV 相同）"),
    ("event games", "列出已发布的对局（及其成绩）"),
    ("event games.waiting", "只列出等待成绩的对局"),
    ("event status", "已发布什么、等待哪些成绩、下一步是什么"),
    ("event standings", "名次及其破同分值"),
    ("event verify", "重放日志：每批已发布的对局必须是引擎按此前已录成绩编排出的结果"),
    ("event export", "把比赛的成绩 CSV 和日志（JSON 行）写入 DIR/export"),
    ("event publish", "把比赛写成静态网站（中英文）：各轮对阵与成绩、名次、交叉表、淘汰赛对阵图、奖项和规程"),
    ("event publish.output", "网站所在的目录，整体替换"),
];

const TEMPLATE: &str = "{before-help}{about-with-newline}\n用法：{usage}\n\n{all-args}{after-help}";

fn text(key: &str) -> Option<&'static str> {
    TEXTS.iter().find(|(k, _)| *k == key).map(|(_, zh)| *zh)
}

/// The command tree with its help in Chinese.
pub(super) fn localize(cmd: Command) -> Command {
    let cmd = localize_at(cmd, "")
        .disable_version_flag(true)
        .arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help("显示版本")
                .help_heading("选项"),
        )
        .disable_help_subcommand(true);
    cmd.subcommand(
        Command::new(HELP)
            .about("显示本帮助，或所给子命令的帮助")
            .help_template(TEMPLATE)
            .disable_help_flag(true)
            .arg(
                Arg::new("subcommand")
                    .action(ArgAction::Append)
                    .num_args(..)
                    .value_name("COMMAND")
                    .help("要显示其帮助的子命令")
                    .help_heading("参数"),
            )
            .arg(
                Arg::new("lang")
                    .long("lang")
                    .value_parser(["en", "zh"])
                    .help("帮助的语言")
                    .help_heading("选项"),
            ),
    )
}

/// The name of the help subcommand the Chinese tree adds (clap's own is English).
pub(super) const HELP: &str = "help";

fn localize_at(mut cmd: Command, path: &str) -> Command {
    if let Some(zh) = text(path) {
        cmd = cmd.about(zh).long_about(None::<&'static str>);
    }
    let ids: Vec<String> = cmd
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for id in ids {
        let zh = text(&format!("{path}.{id}"));
        cmd = cmd.mut_arg(id, |a| {
            let heading = if a.is_positional() {
                "参数"
            } else {
                "选项"
            };
            let values = values(&a);
            let mut a = a.help_heading(heading);
            if a.get_action().takes_values() {
                a = a.hide_default_value(true).hide_possible_values(true);
            }
            match zh {
                Some(zh) => a
                    .help(format!("{zh}{values}"))
                    .long_help(None::<&'static str>),
                None if values.is_empty() => a,
                None => a.help(values),
            }
        });
    }
    cmd = cmd
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help("显示帮助")
                .help_heading("选项"),
        )
        .subcommand_help_heading("命令")
        .help_template(TEMPLATE);
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let sub = if path.is_empty() {
            name.clone()
        } else {
            format!("{path} {name}")
        };
        cmd = cmd.mut_subcommand(name, |s| localize_at(s, &sub));
    }
    cmd
}

/// clap's `[default: …]` and `[possible values: …]` in Chinese: `（默认：auto；可选：auto、always）`.
fn values(a: &Arg) -> String {
    let default: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    let possible: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    let mut parts = Vec::new();
    // A flag's implicit `false` is not worth saying.
    if !default.is_empty() && a.get_action().takes_values() {
        parts.push(format!("默认：{}", default.join("、")));
    }
    if !possible.is_empty() && a.get_action().takes_values() {
        parts.push(format!("可选：{}", possible.join("、")));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("（{}）", parts.join("；"))
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::cli::Cli;

    /// Every command and argument with an English help, by key.
    fn keys(cmd: &Command, path: &str, out: &mut Vec<(String, bool)>) {
        out.push((path.to_string(), cmd.get_about().is_some()));
        for a in cmd.get_arguments() {
            out.push((format!("{path}.{}", a.get_id()), a.get_help().is_some()));
        }
        for s in cmd.get_subcommands() {
            let p = if path.is_empty() {
                s.get_name().to_string()
            } else {
                format!("{path} {}", s.get_name())
            };
            keys(s, &p, out);
        }
    }

    #[test]
    fn every_help_text_has_its_chinese_and_no_chinese_is_stale() {
        let mut all = Vec::new();
        keys(&Cli::command(), "", &mut all);
        let missing: Vec<&str> = all
            .iter()
            .filter(|(k, has_help)| *has_help && text(k).is_none())
            .map(|(k, _)| k.as_str())
            .collect();
        assert!(missing.is_empty(), "no Chinese help for: {missing:?}");
        let stale: Vec<&str> = TEXTS
            .iter()
            .map(|(k, _)| *k)
            .filter(|k| !all.iter().any(|(a, _)| a == k))
            .collect();
        assert!(stale.is_empty(), "Chinese help for nothing: {stale:?}");
    }

    #[test]
    fn help_of_a_subcommand_is_chinese() {
        let mut cmd = localize(Cli::command());
        cmd.build();
        let check = cmd
            .find_subcommand_mut("check")
            .expect("check")
            .render_help()
            .to_string();
        for zh in [
            "解析并检查规程文件",
            "用法：",
            "参数",
            "选项",
            "显示帮助",
            "输出格式",
        ] {
            assert!(check.contains(zh), "{zh} missing:\n{check}");
        }
        assert!(
            check.contains("（默认：human；可选：human、plain、json、github、sarif）"),
            "{check}"
        );
        for en in [
            "Usage",
            "Options",
            "Arguments",
            "Print help",
            "Output format",
            "default:",
            "possible values",
            "Possible values",
        ] {
            assert!(!check.contains(en), "{en} in:\n{check}");
        }
        let top = cmd.render_help().to_string();
        assert!(top.contains("命令") && top.contains("显示版本"), "{top}");
        assert!(!top.contains("Commands") && !top.contains("Print"), "{top}");
    }
}
