//! Every `//` comment outside strings is kept with its span and whether code precedes it, so a
//! formatter can print the file back without losing a word.

use xqreg_grammar::parse;

#[test]
fn comments_keep_text_span_and_placement() {
    let src = "// 文件头\nscoring { // 记分\n  win 2 // 胜\n  // 独占一行\n  draw 1\n}\nnote \"a // 不是注释\" \"b\"//紧贴\n";
    let p = parse(src);
    assert!(p.errors.is_empty(), "{:#?}", p.errors);
    let got: Vec<(&str, &str, bool)> = p
        .file
        .comments
        .iter()
        .map(|c| (c.text.as_str(), &src[c.span.range()], c.trailing))
        .collect();
    assert_eq!(
        got,
        [
            (" 文件头", "// 文件头", false),
            (" 记分", "// 记分", true),
            (" 胜", "// 胜", true),
            (" 独占一行", "// 独占一行", false),
            ("紧贴", "//紧贴", true),
        ]
    );
}

#[test]
fn comments_in_broken_blocks_and_unknown_text_are_kept() {
    let src = "junk // 一\nstage s {\n  tiem x // 二\n}\n// 三";
    let p = parse(src);
    assert_eq!(p.errors.len(), 2);
    let texts: Vec<&str> = p.file.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, [" 一", " 二", " 三"]);
}

#[test]
fn carriage_returns_are_not_comment_text() {
    let src = "scoring { win 2 } // x\r\n";
    let p = parse(src);
    assert!(p.errors.is_empty());
    assert_eq!(p.file.comments[0].text, " x");
    assert_eq!(&src[p.file.comments[0].span.range()], "// x");
}

#[test]
fn the_full_file_prints_back_from_tokens_and_comments() {
    // Lossless in the sense a formatter needs: removing every comment span from the text leaves
    // text with no `//` outside strings, and the comments in order rebuild what was removed.
    let src = include_str!("data/all_constructs.xqr");
    let p = parse(src);
    assert!(p.errors.is_empty());
    let mut rebuilt = String::new();
    let mut last = 0;
    for c in &p.file.comments {
        let (s, e) = (c.span.start as usize, c.span.end as usize);
        assert!(s >= last);
        rebuilt.push_str(&src[last..s]);
        rebuilt.push_str("//");
        rebuilt.push_str(&c.text);
        last = e;
    }
    rebuilt.push_str(&src[last..]);
    assert_eq!(rebuilt, src);
    assert_eq!(p.file.comments.len(), 3);
    assert!(p.file.comments[1].trailing);
}
