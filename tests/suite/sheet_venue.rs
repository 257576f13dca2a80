//! `day DATE venue "..."` (赛区): the schedule of an event played in several places prints a venue
//! column, each day's venue beside its date, in both languages. The regulation is the block of
//! docs/language.md section 16 that shows it, so the docs and this test cannot part.

use crate::common::{root, sheet_md_says, written, xqreg_ok};

fn docs_block() -> String {
    let docs = std::fs::read_to_string(root().join("docs/language.md")).expect("language.md");
    let at = docs.find("day 2026-04-01 venue").expect("the venue block");
    let start = docs[..at].rfind("```xqr\n").expect("its fence") + "```xqr\n".len();
    let end = start + docs[start..].find("```").expect("its end");
    docs[start..end].to_string()
}

#[test]
fn the_schedule_prints_each_days_venue() {
    let tmp = tempfile::tempdir().expect("tmp");
    let path = written(tmp.path(), "league.xqr", &docs_block());
    let check = xqreg_ok(&["check", &path]);
    assert!(check.ends_with("0 errors, 0 warnings\n"), "{check}");
    sheet_md_says(
        &path,
        "zh",
        &[
            "| 日期 | 赛区 | 时间 | 内容 |\n",
            "| 4月2日（星期四） | 北京赛区 | 09:00 | 联赛第三轮 |\n",
            "| 4月5日（星期日） | 杭州赛区 | 09:00 | 联赛第四轮 |\n",
        ],
        &[],
    );
    sheet_md_says(
        &path,
        "en",
        &[
            "| Date | Venue | Time | Programme |\n",
            "| Hangzhou | 09:00 |",
        ],
        &[],
    );
}
