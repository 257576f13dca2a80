//! A playoff game whose colours the winner of a lot chooses (`colours black_chooses`) is
//! published with the choice the simulation models (an armageddon's draw odds); the player may
//! choose the other side in the hall. A results row with the colours so chosen is the game as
//! played: recorded on those colours, stored and logged so (`verify` and every load agree), the
//! next round paired from it. It was refused as colours the other way round (E846).

use crate::common::{assert_phrases, event_new, written, xqreg, xqreg_ok};
use crate::withdrawn_forfeits::KO;

/// The knockout [`KO`] under `armageddon … colours black_chooses`, eight players p1..p8 by
/// rating, started in `dir/ev` (seed 1) with round 1 published: the event.
fn round_one_published(dir: &std::path::Path) -> String {
    let text = KO.replace(
        "armageddon armageddon colours lot",
        "armageddon armageddon colours black_chooses",
    );
    assert_ne!(text, KO);
    let roster: String = std::iter::once("id,name,unit,rating\n".to_string())
        .chain((1..=8).map(|i| format!("p{i},选手{i},U{i},{}\n", 2500 - i * 10)))
        .collect();
    let reg = written(dir, "ko.xqr", &text);
    let roster = written(dir, "roster.csv", &roster);
    let ev = dir.join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 1);
    xqreg_ok(&["event", "pair", &ev]);
    ev
}

#[test]
fn an_armageddon_colour_chosen_in_the_hall_is_recorded_as_played() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = round_one_published(tmp.path());
    // p1 - p8 drawn: the armageddon is published with p8, the lot's winner, on Black (the draw
    // odds); in the hall p8 takes Red and wins.
    xqreg_ok(&["event", "result", &ev, "cup", "1", "1", "="]);
    for board in ["2", "3", "4"] {
        xqreg_ok(&["event", "result", &ev, "cup", "1", board, "1-0"]);
    }
    let pair = xqreg_ok(&["event", "pair", &ev]);
    assert_phrases(&pair, &["5  p1 选手1 (U1)  -  p8 选手8 (U8)"], &[]);
    let header = "stage,round,board,red,black,result,step,game\n";
    let chosen = written(
        tmp.path(),
        "chosen.csv",
        &format!("{header}cup,1,5,p8,p1,1-0,armageddon,1\n"),
    );
    xqreg_ok(&["event", "result", &ev, &chosen]);
    let games = xqreg_ok(&["event", "games", &ev]);
    assert_phrases(
        &games,
        &["5  p8 选手8 (U8)  -  p1 选手1 (U1)"],
        &["p1 选手1 (U1)  -  p8"],
    );
    xqreg_ok(&["event", "verify", &ev]);
    let standings = xqreg_ok(&["event", "standings", &ev]);
    assert_phrases(&standings, &["p8 选手8 wins by armageddon"], &[]);
    let pair = xqreg_ok(&["event", "pair", &ev]);
    assert_phrases(&pair, &["p8 选手8"], &["p1 选手1"]);
    xqreg_ok(&["event", "verify", &ev]);
    xqreg_ok(&["event", "export", &ev]);
    let csv = std::fs::read_to_string(tmp.path().join("ev/export/results.csv")).expect("csv");
    assert_phrases(&csv, &["cup,1,5,p8,p1,1-0,armageddon,1"], &[]);
    // Once recorded the colours stand: a correction row the other way round is E846 again, and a
    // regular game's colours are never the player's choice.
    let back = written(
        tmp.path(),
        "back.csv",
        &format!("{header}cup,1,5,p1,p8,0-1,armageddon,1\n"),
    );
    let regular = written(
        tmp.path(),
        "regular.csv",
        &format!("{header}cup,2,1,p8,p4,1-0,,1\n"),
    );
    for file in [back, regular] {
        let out = xqreg(&["event", "result", &ev, &file]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("E846"), "{err}");
    }
    // A store and log edited alike to turn round a game nobody chose (the drawn p1 - p8 of round
    // 1) pass every load's check of the store against its log; `verify` refuses it.
    let db = rusqlite::Connection::open(tmp.path().join("ev/event.sqlite")).expect("store");
    let (id, changes): (i64, String) = db
        .query_row(
            "SELECT id, changes FROM log WHERE command = 'result' ORDER BY id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("the first result's entry");
    let mut v: serde_json::Value = serde_json::from_str(&changes).expect("JSON");
    v["results"][0]["colours_chosen"] = serde_json::Value::Bool(true);
    let swap = "UPDATE games SET red = black, black = red WHERE round = 1 AND board = 1";
    db.execute(swap, []).expect("swaps");
    let log = "UPDATE log SET changes = ?1 WHERE id = ?2";
    db.execute(log, rusqlite::params![v.to_string(), id])
        .expect("edits the log");
    drop(db);
    let out = xqreg(&["event", "verify", &ev]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("E836") && err.contains("but nobody chooses that game's colours"),
        "{err}"
    );
}

/// The same choice recorded from the command line: `event result DIR STAGE ROUND BOARD RESULT
/// --red ID` names who took Red in the hall, RESULT from that side; the game is stored and
/// logged on the colours chosen (`colours_chosen`), and `verify` agrees. Before, one game on the
/// command line could not record a choice at all. While the game waits, `games --waiting` says
/// the colours listed are the modelled choice, not one made (it listed them as if made). `--red`
/// naming neither player is E861; naming the published Black of a game whose colours nobody
/// chooses is E846, as a row the other way round is.
#[test]
fn a_colour_choice_is_recorded_from_the_command_line() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = round_one_published(tmp.path());
    // A regular game's colours are nobody's choice: `--red` its Black is E846.
    let csv = xqreg_ok(&["event", "games", &ev, "--format", "csv"]);
    let black = csv
        .lines()
        .nth(1)
        .and_then(|l| l.split(',').nth(4))
        .expect("board 1's Black");
    let regular = xqreg(&[
        "event", "result", &ev, "cup", "1", "1", "1-0", "--red", black,
    ]);
    let err = String::from_utf8_lossy(&regular.stderr);
    assert!(
        regular.status.code() == Some(1) && err.contains("E846"),
        "{err}"
    );
    xqreg_ok(&["event", "result", &ev, "cup", "1", "1", "="]);
    for board in ["2", "3", "4"] {
        xqreg_ok(&["event", "result", &ev, "cup", "1", board, "1-0"]);
    }
    xqreg_ok(&["event", "pair", &ev]);
    for lang in ["en", "zh"] {
        let waiting = xqreg_ok(&["event", "--lang", lang, "games", &ev, "--waiting"]);
        let note = if lang == "en" {
            "(colours as p8 is expected to choose: the choice is made in the hall"
        } else {
            "（红黑方按 p8 预计的选择列出"
        };
        assert_phrases(&waiting, &["5  p1 选手1 (U1)  -  p8 选手8 (U8)", note], &[]);
    }
    let stranger = xqreg(&[
        "event", "result", &ev, "cup", "1", "5", "1-0", "--red", "p2",
    ]);
    let err = String::from_utf8_lossy(&stranger.stderr);
    assert_eq!(stranger.status.code(), Some(1), "{err}");
    assert_phrases(&err, &["E861", "`--red p2` names neither player"], &[]);
    // p8 took Red in the hall and won.
    xqreg_ok(&[
        "event", "result", &ev, "cup", "1", "5", "1-0", "--red", "p8",
    ]);
    let games = xqreg_ok(&["event", "games", &ev]);
    assert_phrases(
        &games,
        &["5  p8 选手8 (U8)  -  p1 选手1 (U1)"],
        &["p1 选手1 (U1)  -  p8", "expected to choose"],
    );
    let standings = xqreg_ok(&["event", "standings", &ev]);
    assert_phrases(&standings, &["p8 选手8 wins by armageddon"], &[]);
    xqreg_ok(&["event", "verify", &ev]);
    let db = rusqlite::Connection::open(tmp.path().join("ev/event.sqlite")).expect("store");
    let last: String = db
        .query_row(
            "SELECT changes FROM log WHERE command = 'result' ORDER BY id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .expect("the last result's entry");
    assert!(last.contains("\"colours_chosen\":true"), "{last}");
}
