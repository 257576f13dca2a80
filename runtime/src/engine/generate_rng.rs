//! The seeded draws a generated roster is made of: a number below `n` without bias, a number
//! in a range, a date in a window.

use crate::plan::{Date, Sex};
use rand_core::RngCore;

/// A number below `n`, every one as likely.
pub(crate) fn below<R: RngCore>(rng: &mut R, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let zone = u32::MAX - (u32::MAX % n + 1) % n;
    loop {
        let v = rng.next_u32();
        if v <= zone {
            return v % n;
        }
    }
}

/// A number from `lo` to `hi`, both included.
pub(crate) fn between<R: RngCore>(rng: &mut R, lo: u32, hi: u32) -> u32 {
    if hi <= lo {
        lo
    } else {
        lo + below(rng, hi - lo + 1)
    }
}

/// A date from `from` to `to` (a day of the 1st to the 28th, kept inside the window).
pub(crate) fn random_date<R: RngCore>(rng: &mut R, from: Date, to: Date) -> Date {
    let lo = u32::from(from.year) * 12 + u32::from(from.month) - 1;
    let hi = u32::from(to.year) * 12 + u32::from(to.month) - 1;
    let m = between(rng, lo, hi.max(lo));
    let (year, month) = ((m / 12) as u16, (m % 12) as u8 + 1);
    let mut day = between(rng, 1, 28) as u8;
    let d = Date::new(year, month, day);
    if d < from {
        day = from.day;
    } else if d > to {
        day = to.day;
    }
    Date::new(year, month, day)
}

const SURNAMES: [&str; 24] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "何", "郭", "马", "罗", "梁", "宋", "郑", "谢",
];
const GIVEN: [&str; 20] = [
    "天华", "明", "建国", "晓东", "伟", "卫平", "志强", "国栋", "海涛", "春", "雨", "嘉", "子豪",
    "立新", "文", "思远", "一鸣", "冠军", "庆", "洪",
];
/// Women's given names, as many as the men's: a name is one draw below the same bound either
/// way, so a generated roster differs only in its women's names.
const GIVEN_WOMEN: [&str; 20] = [
    "丽华", "秀英", "婷", "静怡", "雪", "佳怡", "晓燕", "玉兰", "美玲", "欣然", "慧敏", "春梅",
    "红霞", "丹", "莉", "思琪", "雅婷", "凤英", "颖", "倩",
];

/// A surname and a given name drawn from the lists, a woman's for a woman.
pub(super) fn random_name<R: RngCore>(rng: &mut R, sex: Sex) -> (&'static str, &'static str) {
    let surname = SURNAMES
        .get(below(rng, SURNAMES.len() as u32) as usize)
        .copied()
        .unwrap_or("王");
    let names: &[&'static str] = match sex {
        Sex::Women => &GIVEN_WOMEN,
        Sex::Men => &GIVEN,
    };
    let given = names
        .get(below(rng, names.len() as u32) as usize)
        .copied()
        .unwrap_or("明");
    (surname, given)
}
