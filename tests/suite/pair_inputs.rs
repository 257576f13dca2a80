//! `xqreg pair` on bad input (tests/fixtures/trf/, listed in its EXPECT file): exit 1, the code
//! and the place each lists, nothing on stdout. The good file still pairs (exit 0).

use std::process::Command;

use crate::common::root;

fn pair(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .arg("pair")
        .args(args)
        .current_dir(root())
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .output()
        .expect("run xqreg")
}

/// `pair --system dutch FILE` succeeds and prints `pairing`.
fn pairs_as_dutch(file: &str, pairing: &[u8]) {
    let o = pair(&["--system", "dutch", file]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{file}: {err}");
    assert_eq!(o.stdout, pairing, "{file}");
}

#[test]
fn each_bad_trf_input_gives_its_code_and_place() {
    let dir = "tests/fixtures/trf";
    let expect = std::fs::read_to_string(root().join(dir).join("EXPECT")).expect("EXPECT");
    let mut failures = Vec::new();
    let mut listed = std::collections::BTreeSet::new();
    for line in expect.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert!(f.len() == 6 || f.len() == 8, "EXPECT line `{line}`");
        listed.insert(f[0].to_string());
        let trf = format!("{dir}/{}", f[0]);
        let mut args = vec!["--system", f[1]];
        if f.len() == 8 {
            args.extend(["--regulation", f[6], "--stage", f[7]]);
        }
        args.push(&trf);
        let o = pair(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        let pointed = if f[3].contains('/') {
            f[3].to_string()
        } else {
            format!("{dir}/{}", f[3])
        };
        let place = format!("{pointed}:{}:{}", f[4], f[5]);
        if o.status.code() != Some(1)
            || !o.stdout.is_empty()
            || !err.contains(f[2])
            || !err.contains(&place)
            || err.contains("panicked")
        {
            failures.push(format!(
                "{line}: exit {:?}, want {} at {place}\n{err}",
                o.status.code(),
                f[2]
            ));
        }
    }
    let on_disk: std::collections::BTreeSet<String> = std::fs::read_dir(root().join(dir))
        .expect("the folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('E') && n.ends_with(".trf"))
        .collect();
    assert!(
        on_disk.is_subset(&listed),
        "unlisted: {on_disk:?} vs {listed:?}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A forbidden pair (`XXP`) is honoured: the engine's pairing of the round with it, which
/// differs from the round's pairing without it.
#[test]
fn a_forbidden_pair_is_honoured() {
    let f = "tests/fixtures/trf/t01-round-03-xxp.trf";
    let o = pair(&["--system", "dutch", f]);
    assert_eq!(o.status.code(), Some(0));
    let norm = |s: &str| {
        let mut v: Vec<String> = s
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|l| !l.is_empty())
            .collect();
        v.sort();
        v
    };
    let mut got = norm(&String::from_utf8_lossy(&o.stdout));
    got.retain(|l| l.contains(' '));
    let want = norm(
        &std::fs::read_to_string(root().join("tests/fixtures/trf/t01-round-03-xxp.pairs"))
            .expect("pairs"),
    );
    assert_eq!(got, want);
    assert!(!got.iter().any(|l| l == "7 4" || l == "4 7"), "{got:?}");
}

#[test]
fn the_good_trf_still_pairs() {
    let o = pair(&["--system", "dutch", "tests/fixtures/trf/t01-round-05.trf"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(!o.stdout.is_empty());
    // The same file with its lines ended by CR LF, or by a lone CR (an old Mac export): the
    // same pairing.
    let text = std::fs::read_to_string(root().join("tests/fixtures/trf/t01-round-05.trf"))
        .expect("the good file");
    let tmp = tempfile::tempdir().expect("tmp");
    for (name, end) in [("crlf.trf", "\r\n"), ("cr.trf", "\r")] {
        let file = tmp.path().join(name);
        std::fs::write(&file, text.replace('\n', end)).expect("writes");
        pairs_as_dutch(&file.to_string_lossy(), &o.stdout);
    }
}

/// The federation, FIDE id and birth date in every form the TRF and its writers use (a FIDE
/// code in either case, an id right- or left-aligned or `0`, a date `YYYY/MM/DD`, `YYYY-MM-DD`,
/// `YYYY/00/00` or a year alone, or blank), beside the `NRS` records and the comments TRF-2026
/// allows and an extension's own record (`DAT`): the same pairing as without them.
#[test]
fn the_player_fields_in_every_form_in_use_pair_as_blank() {
    let plain = pair(&["--system", "dutch", "tests/fixtures/trf/t01-round-05.trf"]);
    let f = "tests/fixtures/trf/t01-round-05-fields.trf";
    let text = std::fs::read_to_string(root().join(f)).expect("the file");
    let tmp = tempfile::tempdir().expect("tmp");
    let more = tmp.path().join("more.trf");
    let nrs = "CHN    1      Test0001 Player0001               2100 GD      12345 1990/05/12";
    let extra = format!("### a comment\n{nrs}\nDAT 0001 EMAIL someone\n");
    std::fs::write(&more, format!("{extra}{text}")).expect("writes");
    for file in [f.to_string(), more.to_string_lossy().into_owned()] {
        pairs_as_dutch(&file, &plain.stdout);
    }
}

/// An `XXC` line with no colour word declares nothing, as bbpPairings reads it (it was refused):
/// the file pairs as with the colour its round 1 shows (`XXC white1`).
#[test]
fn an_empty_xxc_line_declares_nothing() {
    let with = pair(&["--system", "dutch", "tests/fixtures/trf/t01-round-05.trf"]);
    let f = "tests/fixtures/trf/t01-round-05-empty-xxc.trf";
    pairs_as_dutch(f, &with.stdout);
}

/// `XXC white1 white1` declares white1 once (no rule of the TRF nor of bbpPairings or JaVaFo
/// forbids a word repeated, and it says one thing): the same pairing as `XXC white1`. `XXC white1
/// black1` names both colours: the later word won unseen (black1); refused at that word, as two
/// lines declaring both colours are.
#[test]
fn an_xxc_word_repeated_is_one_colour_and_both_colours_are_refused() {
    let f = "tests/fixtures/trf/t01-round-05.trf";
    let with = pair(&["--system", "dutch", f]);
    let text = std::fs::read_to_string(root().join(f)).expect("the file");
    let tmp = tempfile::tempdir().expect("tmp");
    let twice = tmp.path().join("twice.trf");
    std::fs::write(&twice, text.replace("XXC white1", "XXC white1 white1")).expect("writes");
    pairs_as_dutch(&twice.to_string_lossy(), &with.stdout);
    let both = tmp.path().join("both.trf");
    std::fs::write(&both, text.replace("XXC white1", "XXC white1 black1")).expect("writes");
    let o = pair(&["--system", "dutch", &both.to_string_lossy()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(o.stdout.is_empty(), "{err}");
    assert!(
        err.contains("both.trf:13:12") && err.contains("names both colours"),
        "{err}"
    );
}

/// `XXC black1` in round 1: the CXA pairer's board 1 gives the top seed Black (the lower half
/// Red), as the Dutch engine reads the line; it was dropped (upper half Red on board 1).
#[test]
fn cxa_honours_the_files_initial_colour() {
    let f = "tests/fixtures/trf/t01-round-01-black1.trf";
    for system in ["cxa", "dutch"] {
        let o = pair(&["--system", system, f]);
        assert_eq!(o.status.code(), Some(0), "{system}");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(out.lines().nth(1), Some("5 1"), "{system}: {out}");
    }
}

/// Player 9's line has the half-point bye of round 5, the round to be paired, and its points
/// column counts it (2.0, not 1.5): read as bbpPairings reads it, without the bye (it was
/// refused as points that do not add up), so the pairing is that of the 1.5 the rounds give.
#[test]
fn points_that_count_the_next_rounds_bye_are_read_without_it() {
    let f = "tests/fixtures/trf/t01-round-05-next-bye-in-points.trf";
    let counted = pair(&["--system", "dutch", f]);
    let err = String::from_utf8_lossy(&counted.stderr);
    assert_eq!(counted.status.code(), Some(0), "{err}");
    let text = std::fs::read_to_string(root().join(f)).expect("the file");
    let tmp = tempfile::tempdir().expect("tmp");
    let without = tmp.path().join("without.trf");
    std::fs::write(
        &without,
        text.replace("   2.0    9  0000", "   1.5    9  0000"),
    )
    .expect("w");
    let o = pair(&["--system", "dutch", &without.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(counted.stdout, o.stdout);
    let boards = String::from_utf8_lossy(&o.stdout).into_owned();
    let paired = boards.lines().skip(1).flat_map(str::split_whitespace);
    assert!(
        !paired.clone().any(|id| id == "9"),
        "player 9 has his bye: {boards}"
    );
}

/// `--format json|human` show the engine's boards (same players, same colours, same bye) with
/// the names and points the TRF gives.
#[test]
fn pair_formats_for_people_show_the_engine_boards() {
    let f = "tests/fixtures/trf/t01-round-05.trf";
    let engine = pair(&["--system", "dutch", f]);
    let json = pair(&["--system", "dutch", "--format", "json", f]);
    let human = pair(&["--system", "dutch", "--format", "human", f]);
    assert_eq!(engine.status.code(), Some(0));
    assert_eq!(json.status.code(), Some(0));
    assert_eq!(human.status.code(), Some(0));
    let text = std::fs::read_to_string(root().join(f)).expect("trf");
    let trf = xqreg_runtime::trf::parse(&text).expect("parses");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    let human = String::from_utf8_lossy(&human.stdout).to_string();
    let mut boards = 0;
    for line in String::from_utf8_lossy(&engine.stdout).lines().skip(1) {
        let ids: Vec<u64> = line
            .split_whitespace()
            .map(|x| x.parse().expect("id"))
            .collect();
        let name = |id: u64| {
            trf.players
                .iter()
                .find(|p| u64::from(p.id) == id)
                .map(|p| p.name.clone())
                .expect("player")
        };
        if ids[1] == 0 {
            assert_eq!(v["bye"]["id"], ids[0]);
            assert_eq!(v["bye"]["name"], name(ids[0]));
            continue;
        }
        let b = &v["boards"][boards];
        assert_eq!(
            (b["red"]["id"].clone(), b["black"]["id"].clone()),
            (ids[0].into(), ids[1].into())
        );
        assert_eq!(b["red"]["name"], name(ids[0]));
        assert!(human.contains(&name(ids[0])) && human.contains(&name(ids[1])));
        boards += 1;
    }
    assert!(boards > 0);
    assert_eq!(v["boards"].as_array().map(Vec::len), Some(boards));
}

/// E812 in Chinese says what the stage is in Chinese (it once read `是not a Swiss stage`).
#[test]
fn the_wrong_system_is_said_in_chinese() {
    let dutch_in_zh = |regulation, stage| {
        let o = pair(&[
            "--lang",
            "zh",
            "--system",
            "dutch",
            "--regulation",
            regulation,
            "--stage",
            stage,
            "tests/fixtures/trf/t01-round-05.trf",
        ]);
        assert_eq!(o.status.code(), Some(1), "{o:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let err = dutch_in_zh("tests/fixtures/roster/groups.xqr", "groups");
    crate::common::assert_phrases(&err, &["E812", "不是积分编排阶段"], &["not a Swiss"]);
    let err = dutch_in_zh("examples/003_xiexiaxun/open.xqr", "main");
    crate::common::assert_phrases(&err, &["是 `swiss cxa` 阶段"], &["a `swiss cxa` stage"]);
}

/// A TRF saved as UTF-16 (with its byte-order mark, or without: a NUL after every letter) is
/// said to be UTF-16 with the conversion from it; the help said to convert from GB18030.
#[test]
fn a_utf16_trf_is_said_as_such() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/trf/t01-round-05.trf"))
        .expect("the good file");
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let with_bom = [&[0xFF, 0xFE][..], &le].concat();
    let tmp = tempfile::tempdir().expect("tmp");
    for (name, bytes) in [("bom.trf", with_bom), ("le.trf", le)] {
        let file = tmp.path().join(name);
        std::fs::write(&file, bytes).expect("writes");
        let o = pair(&["--system", "dutch", &file.to_string_lossy()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.contains("E816") && err.contains("iconv -f UTF-16"),
            "{name}: {err}"
        );
        assert!(!err.contains("GB18030"), "{name}: {err}");
    }
}
