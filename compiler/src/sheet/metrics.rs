//! Text widths in Noto Serif CJK SC, the font the stage diagram is set in (sheet.css names it
//! for the diagram's text in both languages), so that a box is as wide as its text and a label
//! takes the room it needs.
//!
//! The advances (thousandths of an em) are the font's own, read from fonts-noto-cjk's
//! `NotoSerifCJK-Regular.ttc` and `NotoSerifCJK-Bold.ttc` (face 2, SC) with fontTools:
//! `[f['hmtx'][f.getBestCmap()[c]][0] for c in range(0x20, 0x7f)]`. A wide character (CJK,
//! full-width forms) is one em; any other character not in the tables counts as the widest
//! ASCII advance, so that a text is never measured narrower than it prints.

/// Regular or bold (the boxes' titles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// Advances of U+0020..U+007E, regular.
const REGULAR: [u16; 95] = [
    256, 308, 376, 574, 550, 923, 779, 196, 364, 364, 478, 580, 327, 346, 327, 352, 557, 471, 558,
    557, 555, 558, 558, 549, 558, 562, 327, 327, 580, 580, 580, 432, 912, 718, 670, 691, 770, 652,
    629, 741, 853, 405, 402, 731, 625, 975, 796, 767, 641, 767, 715, 567, 659, 797, 714, 1053, 700,
    687, 605, 344, 352, 344, 580, 563, 435, 557, 638, 538, 629, 546, 388, 566, 663, 332, 311, 607,
    334, 974, 661, 596, 638, 607, 462, 473, 367, 653, 548, 838, 564, 552, 498, 374, 316, 374, 580,
];

/// Advances of U+0020..U+007E, bold.
const BOLD: [u16; 95] = [
    250, 355, 447, 615, 589, 966, 803, 235, 400, 400, 485, 603, 335, 370, 335, 400, 593, 466, 594,
    593, 593, 594, 594, 588, 594, 596, 335, 335, 603, 603, 603, 473, 970, 746, 708, 702, 789, 666,
    648, 757, 864, 426, 428, 767, 642, 1001, 815, 785, 673, 785, 751, 597, 695, 818, 734, 1091,
    726, 701, 627, 372, 400, 372, 603, 593, 447, 585, 672, 565, 658, 572, 402, 596, 687, 349, 335,
    651, 355, 1008, 685, 623, 671, 640, 500, 499, 393, 678, 578, 874, 599, 582, 517, 380, 338, 380,
    603,
];

/// Narrow characters beyond ASCII that the sheet prints, regular and bold. In this font `×`
/// and the curly quotes are full width.
const OTHERS: [(char, u16, u16); 10] = [
    ('·', 327, 335),
    ('×', 1000, 1000),
    ('–', 563, 593),
    ('—', 890, 928),
    ('…', 1000, 1000),
    ('“', 1000, 1000),
    ('”', 1000, 1000),
    ('‘', 1000, 1000),
    ('’', 1000, 1000),
    ('°', 342, 358),
];

/// The advance of one character, in thousandths of an em.
fn advance(c: char, weight: Weight) -> u32 {
    let table = match weight {
        Weight::Regular => &REGULAR,
        Weight::Bold => &BOLD,
    };
    let code = c as u32;
    if (0x20..0x7f).contains(&code) {
        return u32::from(table[(code - 0x20) as usize]);
    }
    if let Some(&(_, regular, bold)) = OTHERS.iter().find(|(o, _, _)| *o == c) {
        return u32::from(if weight == Weight::Bold {
            bold
        } else {
            regular
        });
    }
    if unicode_width::UnicodeWidthChar::width(c) == Some(2) {
        1000
    } else {
        table.iter().copied().map(u32::from).max().unwrap_or(1000)
    }
}

/// The width of `text` set at `size` pixels, rounded up to a whole pixel.
pub fn width(text: &str, size: u32, weight: Weight) -> u32 {
    let units: u32 = text.chars().map(|c| advance(c, weight)).sum();
    (units * size).div_ceil(1000)
}

#[cfg(test)]
mod tests {
    use super::{width, Weight};

    #[test]
    fn widths_follow_the_font() {
        // Eleven CJK characters are eleven ems; Latin letters are narrower, bold wider than regular.
        assert_eq!(width("小组赛第一阶段决赛甲组", 12, Weight::Regular), 132);
        assert_eq!(width("iiii", 10, Weight::Regular), 14);
        assert!(width("Final", 13, Weight::Bold) > width("Final", 13, Weight::Regular));
        // Two digits and three full-width characters: (557 + 558 + 3 × 1000) × 12 / 1000, rounded up.
        assert_eq!(width("4组×8人", 12, Weight::Regular), 50);
    }
}
