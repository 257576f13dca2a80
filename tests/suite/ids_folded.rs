//! Ids as a person reads them (the fold of R002: case, full-width letters, invisible characters,
//! and Unicode canonical composition): two roster ids that fold alike are one id twice, and a
//! results row or a command that names a player exactly as no roster id but as one folds is
//! refused, saying how the roster writes it. Found by the damage pass of ids11.

use crate::common::xqreg;

/// `simulate` of the Swiss of [`crate::event_inputs::roster12`] with `w05` written `twin` (and
/// `w01` written `first`): refused with R002 at line 6, its message holding `said`.
fn one_id_twice(first: &str, twin: &str, said: &str) {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = crate::common::written(tmp.path(), "swiss.xqr", crate::event_inputs::SWISS);
    let roster = crate::event_inputs::roster12()
        .replace("w01,", &format!("{first},"))
        .replace("w05,", &format!("{twin},"));
    let csv = crate::common::written(tmp.path(), "roster.csv", &roster);
    let out = xqreg(&["simulate", &reg, "--roster", &csv]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{twin:?}: {err}");
    assert!(
        err.contains("R002") && err.contains("roster.csv:6:") && err.contains("help:"),
        "{twin:?}: {err}"
    );
    assert!(err.contains(said), "{twin:?}: {err}");
}

/// Two ids a person reads as one because one of them holds a character nobody sees (a zero-width
/// space, a byte-order mark, a right-to-left override, pasted with the id): R002 at the second,
/// as for case and full-width letters. Both were read as two players, paired and printed (the
/// damage fuzzers' shadow reader folds them; found reading roster.py's duplicate ids).
#[test]
fn an_id_twice_but_for_an_invisible_character_is_refused() {
    for twin in ["w01\u{200B}", "\u{FEFF}w01", "w0\u{200D}1", "\u{202E}W01"] {
        one_id_twice("w01", twin, "invisible characters");
    }
}

/// Two ids that are one text by Unicode's definition (`é` as one code point, `e` followed by a
/// combining acute: what a file saved on a Mac often holds) display alike: R002 at the second,
/// as for case, full-width letters and invisible characters. Both were read as two players, and a
/// results row naming `wé01` meant whichever its bytes happened to match.
#[test]
fn an_id_twice_but_for_how_its_accent_is_encoded_is_refused() {
    for (first, twin) in [("w\u{E9}01", "we\u{301}01"), ("we\u{301}01", "W\u{C9}01")] {
        one_id_twice(first, twin, "accents written in two ways");
    }
}

/// Results name a player exactly as the roster writes the id; a row naming one a person reads
/// as a roster id (`W01`, or `wé01` with the accent encoded the other way) is refused as before,
/// and now says which roster id it was read as, instead of a bare "not in the roster" about an
/// id that looks the same as one that is.
#[test]
fn a_result_naming_an_id_as_a_person_reads_it_says_how_the_roster_writes_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = crate::common::written(tmp.path(), "swiss.xqr", crate::event_inputs::SWISS);
    let roster = crate::event_inputs::roster12().replace("w01,", "w\u{E9}01,");
    let csv = crate::common::written(tmp.path(), "roster.csv", &roster);
    for named in ["we\u{301}01", "W\u{C9}01"] {
        let results = crate::common::written(
            tmp.path(),
            "results.csv",
            &format!("stage,round,red,black,result\nmain,1,{named},w07,1-0\n"),
        );
        let out = xqreg(&["simulate", &reg, "--roster", &csv, "--results", &results]);
        let err = crate::common::one_line(&String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{named:?}: {err}");
        assert!(out.stdout.is_empty(), "{named:?}: nothing simulated");
        assert!(
            err.contains("not in the roster") && err.contains("the roster writes `w\u{E9}01`"),
            "{named:?}: {err}"
        );
    }
}

/// `event withdraw` names the player exactly as the roster writes the id, as results do: `W01`
/// for the roster's `w01` is refused (E833, nothing stored) and says which id it was read as.
#[test]
fn a_withdrawal_naming_an_id_as_a_person_reads_it_says_how_the_roster_writes_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, out) = crate::event_inputs::new_event(
        tmp.path(),
        crate::event_inputs::SWISS,
        crate::event_inputs::roster12().as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = xqreg(&[
        "event", "withdraw", &ev, "W01", "--stage", "main", "--after", "1",
    ]);
    let err = crate::common::one_line(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("E833") && err.contains("the roster writes `w01`"),
        "{err}"
    );
}

/// A player the regulation names (`player W01 …` in its entry) whom the roster writes `w01`, and
/// a scenario test expecting `B` where its roster has `b`: each says which id the roster writes,
/// as a results row naming them does (the same fold). They said only "not in the roster" (R008)
/// and E704 with a did-you-mean or an offer to add `B` to the roster.
#[test]
fn a_named_player_and_an_expectation_as_a_person_reads_them_say_how_the_roster_writes_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let text = crate::event_inputs::SWISS.replace(
        "entry {\n  field 12\n}",
        "entry {\n  field 12\n  player W01 \"棋手1\"\n}",
    );
    assert_ne!(text, crate::event_inputs::SWISS);
    let reg = crate::common::written(tmp.path(), "swiss.xqr", &text);
    let csv = crate::common::written(tmp.path(), "roster.csv", &crate::event_inputs::roster12());
    let out = xqreg(&["simulate", &reg, "--roster", &csv]);
    let err = crate::common::one_line(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("R008") && err.contains("the roster writes `w01`"),
        "{err}"
    );
    let scenario =
        std::fs::read_to_string(crate::common::root().join("tests/scenarios/only_if_tied.xqr"))
            .expect("scenario")
            .replace("    place 1 b\n", "    place 1 B\n");
    let file = crate::common::written(tmp.path(), "test.xqr", &scenario);
    let out = xqreg(&["test", &file]);
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("E704") && said.contains("the roster writes `b`"),
        "{said}"
    );
    // A generated roster's ids are the run's: the expectation's failure says it (it said only
    // `P001 was expected to be withdrawn`).
    let generated =
        std::fs::read_to_string(crate::common::root().join("tests/scenarios/host_when_odd.xqr"))
            .expect("scenario")
            .replace(
                "  expect { rounds main 3 }",
                "  expect { rounds main 3\n    withdrawn P001 }",
            );
    assert!(generated.contains("withdrawn P001"));
    let file = crate::common::written(tmp.path(), "generated.xqr", &generated);
    let out = xqreg(&["test", &file]);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("P001 was expected to be withdrawn; the roster writes `p001`"),
        "{said}"
    );
}
