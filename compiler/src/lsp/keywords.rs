//! The keywords of the language and what each means, for hover and completion.
//!
//! Nothing here is a second list of the language: the top-level keywords are the grammar's
//! ([`xqreg_grammar::TOP_LEVEL_KEYWORDS`]), the clauses of each block and what they do are the
//! contract table's rows ([`contract::KINDS`], [`contract::WORDS`]: `stage { time T }` is clause
//! `time` of block `stage`), and the tie-break criteria are the checker's library.

use crate::check::criteria;
use crate::contract::{self, Status};

/// One clause keyword of one block, with its contract row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clause {
    pub block: &'static str,
    pub word: &'static str,
    pub syntax: &'static str,
    pub status: Status,
    pub acts: &'static str,
}

/// `head { word ...`: the block and first clause word of a contract syntax line, when the clause
/// starts with a keyword (not a placeholder like `R:` or `KIND`).
fn split(syntax: &str) -> Option<(&str, &str)> {
    let head = syntax.split_whitespace().next()?;
    let inner = syntax.split_once("{ ")?.1;
    let word = inner
        .split(|c: char| c.is_whitespace() || c == '{')
        .next()?;
    let keyword = !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    keyword.then_some((head, word))
}

/// Every clause of every block, in contract order (a word appears once per block).
pub fn clauses() -> Vec<Clause> {
    let mut out: Vec<Clause> = Vec::new();
    for e in contract::KINDS {
        let Some((block, word)) = split(e.syntax) else {
            continue;
        };
        if e.status == Status::ByWord {
            continue;
        }
        if !out.iter().any(|c| c.block == block && c.word == word) {
            out.push(Clause {
                block,
                word,
                syntax: e.syntax,
                status: e.status,
                acts: e.acts,
            });
        }
    }
    for (block, word, status, acts) in contract::words::by_word() {
        out.push(Clause {
            block,
            word,
            syntax: "",
            status,
            acts,
        });
    }
    out
}

/// The keywords valid at a place inside `blocks` (outermost first): the top-level keywords
/// outside every block, else the clauses of the innermost block (and the criteria in a
/// `tiebreak` block).
pub fn keywords_at(blocks: &[String]) -> Vec<&'static str> {
    let Some(inner) = blocks.last() else {
        return xqreg_grammar::TOP_LEVEL_KEYWORDS.to_vec();
    };
    let mut out: Vec<&'static str> = clauses()
        .into_iter()
        .filter(|c| c.block == inner)
        .map(|c| c.word)
        .collect();
    if inner == "tiebreak" {
        out.extend(criteria::LIBRARY.iter().map(|(name, _)| *name));
    }
    out.dedup();
    out
}

/// Markdown for a keyword under the cursor, or None when the word is no keyword there.
pub fn hover(word: &str, blocks: &[String]) -> Option<String> {
    if blocks.is_empty() && xqreg_grammar::TOP_LEVEL_KEYWORDS.contains(&word) {
        return Some(block_hover(word));
    }
    let all = clauses();
    let inner = blocks.last().map(String::as_str);
    let clause = all
        .iter()
        .find(|c| Some(c.block) == inner && c.word == word)
        .or_else(|| all.iter().find(|c| c.word == word))?;
    Some(clause_hover(clause))
}

fn clause_hover(c: &Clause) -> String {
    let mut s = format!(
        "**`{}`** (in `{}`): {}\n\n",
        c.word,
        c.block,
        c.status.label()
    );
    if !c.syntax.is_empty() {
        s.push_str(&format!("```xqr\n{}\n```\n\n", c.syntax));
    }
    s.push_str(&format!("Acts: {}", c.acts));
    s
}

fn block_hover(block: &str) -> String {
    let rows: Vec<String> = clauses()
        .into_iter()
        .filter(|c| c.block == block)
        .map(|c| format!("- `{}`: {}", c.word, c.status.label()))
        .collect();
    let mut s = format!("**`{block}`**: a top-level block");
    if let Some(e) = contract::KINDS
        .iter()
        .find(|e| e.syntax.split_whitespace().next() == Some(block))
    {
        s.push_str(&format!("\n\n```xqr\n{}\n```", e.syntax));
    }
    if !rows.is_empty() {
        s.push_str("\n\nClauses:\n");
        s.push_str(&rows.join("\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_come_from_the_contract() {
        let time = keywords_at(&["time".to_string()]);
        assert!(
            time.contains(&"base") && time.contains(&"increment"),
            "{time:?}"
        );
        let stage = keywords_at(&["stage".to_string()]);
        assert!(
            stage.contains(&"swiss") && stage.contains(&"tiebreak"),
            "{stage:?}"
        );
        assert!(!stage.contains(&"base"));
        assert_eq!(keywords_at(&[]), xqreg_grammar::TOP_LEVEL_KEYWORDS.to_vec());
        let conduct = keywords_at(&["conduct".to_string()]);
        assert!(conduct.contains(&"withdraw"), "{conduct:?}");
        let tiebreak = keywords_at(&["stage".to_string(), "tiebreak".to_string()]);
        assert!(tiebreak.contains(&"sonneborn_berger"), "{tiebreak:?}");
    }

    #[test]
    fn hover_names_the_clause_and_its_status() {
        let h = hover("moves", &["time".to_string()]).expect("a clause");
        assert!(
            h.contains("printed only") && h.contains("moves N then D"),
            "{h}"
        );
        let h = hover("stage", &[]).expect("a block");
        assert!(h.contains("`swiss`"), "{h}");
        assert_eq!(hover("groups", &["stage".to_string()]), None);
    }
}
