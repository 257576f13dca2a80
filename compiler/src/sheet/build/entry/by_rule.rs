//! The conditions by attribute, in words: federation (any of, none of), grade (段位), school
//! year (年级), club, residence, a named list of players, age on a stated day; and the entry's
//! grade condition (eligibility by grade).

use super::*;

/// Federation codes a regulation names, with their Chinese names; others print as the code.
const FEDERATIONS: &[(&str, &str, &str)] = &[
    ("AUS", "澳大利亚", "Australia"),
    ("CAN", "加拿大", "Canada"),
    ("CHN", "中国", "China"),
    ("FRA", "法国", "France"),
    ("GER", "德国", "Germany"),
    ("HKG", "中国香港", "Hong Kong, China"),
    ("INA", "印度尼西亚", "Indonesia"),
    ("JPN", "日本", "Japan"),
    ("KOR", "韩国", "Korea"),
    ("MAC", "中国澳门", "Macao, China"),
    ("MAS", "马来西亚", "Malaysia"),
    ("PHI", "菲律宾", "the Philippines"),
    ("SGP", "新加坡", "Singapore"),
    ("TPE", "中华台北", "Chinese Taipei"),
    ("THA", "泰国", "Thailand"),
    ("USA", "美国", "the United States"),
    ("VIE", "越南", "Vietnam"),
];

pub(super) fn federation(lang: Lang, code: &str) -> String {
    FEDERATIONS
        .iter()
        .find(|(c, _, _)| c.eq_ignore_ascii_case(code))
        .map_or_else(
            || code.to_string(),
            |(_, zh, en)| match lang {
                Lang::Zh => (*zh).to_string(),
                Lang::En => (*en).to_string(),
            },
        )
}

/// A grade (段位) in the sheet's language: 七 / 7.
fn number(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Zh => fmt::zh_numeral(u64::from(n)),
        Lang::En => n.to_string(),
    }
}

/// `段位七段以上` / `of grade 7 dan or higher`.
pub(super) fn grade_phrase(ctx: &Ctx<'_>, op: CompareOp, grade: u32) -> String {
    let key = match op {
        CompareOp::Ge => M::GradeGe,
        CompareOp::Gt => M::GradeGt,
        CompareOp::Le => M::GradeLe,
        CompareOp::Lt => M::GradeLt,
        CompareOp::Eq => M::GradeEq,
    };
    ctx.mf(key, &[&number(ctx.lang, grade)])
}

/// `等级分低于2000分（含无等级分）` / `rated below 2000 (or unrated)`: an upper bound admits
/// the unrated (no rating is below every rating) unless the category bounds it from below too
/// (`unrated` false).
pub(super) fn rating_phrase(ctx: &Ctx<'_>, op: CompareOp, rating: u32, unrated: bool) -> String {
    let key = match op {
        CompareOp::Ge => M::RatingGe,
        CompareOp::Gt => M::RatingGt,
        CompareOp::Le => M::RatingLe,
        CompareOp::Lt => M::RatingLt,
        CompareOp::Eq => M::RatingEq,
    };
    let phrase = ctx.mf(key, &[&rating.to_string()]);
    if unrated && matches!(op, CompareOp::Lt | CompareOp::Le) {
        ctx.mf(M::OrUnrated, &[&phrase])
    } else {
        phrase
    }
}

/// The phrase of one condition by attribute; None for the conditions printed elsewhere.
pub(super) fn rule_phrase(ctx: &mut Ctx<'_>, cond: &CategoryCond) -> Option<String> {
    let lang = ctx.lang;
    Some(match cond {
        CategoryCond::Federation { not, codes, span } => {
            ctx.mark(*span);
            let names: Vec<String> = codes.iter().map(|c| federation(lang, &c.node)).collect();
            let list = match lang {
                Lang::Zh => names.join("、"),
                Lang::En => names.join(" or "),
            };
            ctx.mf(
                if *not {
                    M::FederationNone
                } else {
                    M::FederationAny
                },
                &[&list],
            )
        }
        CategoryCond::Grade { op, grade, span } => {
            ctx.mark(*span);
            grade_phrase(ctx, op.node, grade.node)
        }
        CategoryCond::SchoolYear { years, span } => {
            ctx.mark(*span);
            let (a, b) = crate::compile::school_years(years);
            let phrase = if a == b {
                ctx.mf(M::SchoolYear, &[&number(lang, a)])
            } else {
                ctx.mf(M::SchoolYears, &[&number(lang, a), &number(lang, b)])
            };
            // 小学一至六年级: years 1 to 6 are primary school's.
            if b <= 6 && lang == Lang::Zh {
                ctx.mf(M::PrimarySchool, &[&phrase])
            } else {
                phrase
            }
        }
        CategoryCond::Club(t) => {
            let t = ctx.tm(t);
            ctx.mf(M::ClubMembers, &[&t])
        }
        CategoryCond::Residence(t) => {
            let t = ctx.tm(t);
            ctx.mf(M::ResidentIn, &[&t])
        }
        CategoryCond::Players { ids, span } => {
            ctx.mark(*span);
            let names: Vec<String> = ids
                .iter()
                .map(|id| match ctx.names.players.get(id.node.as_str()) {
                    Some(p) => players::player_with_unit(ctx, p),
                    None => id.node.clone(),
                })
                .collect();
            ctx.mf(M::NamedList, &[&fmt::join(lang, &names)])
        }
        _ => return None,
    })
}

/// `截至2026年6月30日55周岁以上` / `aged 55 or over on 30 June 2026`.
pub(super) fn age_on(ctx: &Ctx<'_>, age: &str, on: xqreg_grammar::ast::Date) -> String {
    ctx.mf(M::AgeOn, &[age, &fmt::date(ctx.lang, on)])
}
