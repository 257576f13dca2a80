//! Reading a TRF: line by line, fields by column, then cross-checks between lines (known
//! opponents, both sides of each game, points adding up).

use std::collections::BTreeMap;

use super::fields::{cols, err, identity_field, parse_points, parse_uint};
use super::records::{
    known_record, set_colour, set_once, xxc, Byes, NAME_TWICE, ROUNDS_TWICE, SYSTEM_TWICE,
    UNKNOWN_RECORD,
};
use super::{
    ResultCode, Trf, TrfAcceleration, TrfError, TrfErrorKind, TrfPlayer, TrfRound, TrfScoring,
};
use crate::pairing::swiss::state::Colour;

/// Parse a TRF given as bytes (checks UTF-8 first).
pub fn parse_bytes(bytes: &[u8]) -> Result<Trf, TrfError> {
    match std::str::from_utf8(bytes) {
        Ok(s) => parse(s),
        Err(e) => {
            let upto = bytes.get(..e.valid_up_to()).unwrap_or(&[]);
            let line = upto.iter().filter(|&&c| c == b'\n').count() + 1;
            let col = upto.iter().rev().take_while(|&&c| c != b'\n').count() + 1;
            Err(err(line, col, TrfErrorKind::NotUtf8))
        }
    }
}

/// Parse a TRF-16 or TRF-2026 text.
pub fn parse(text: &str) -> Result<Trf, TrfError> {
    let mut trf = Trf::default();
    let mut scoring = ScoringLines::default();
    let mut byes = Vec::new();
    let mut absent = Vec::new();
    let (mut free_system, mut coded_system, mut unknown) = (None, None, None);
    for (idx, raw) in text.split('\n').enumerate() {
        let lineno = idx + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let b = line.as_bytes();
        if line.trim().is_empty() {
            continue;
        }
        // A line shorter than a code is its own code (`01`: a code cut, not a line to skip).
        let code = Some(String::from_utf8_lossy(b.get(..3).unwrap_or(b)).to_string());
        match code.as_deref() {
            Some("001") => {
                let player = player_line(&trf, line, lineno)?;
                trf.players.push(player)
            }
            Some("012") => set_once(&mut trf.name, cols(b, 5, b.len()), lineno, NAME_TWICE)?,
            // The encoded type (`192`) is the one read, whichever comes first: a free-text `092`
            // after it replaced it (a Baku method asked and not applied).
            Some("092") => set_once(&mut free_system, cols(b, 5, b.len()), lineno, SYSTEM_TWICE)?,
            Some("192") => set_once(&mut coded_system, cols(b, 5, b.len()), lineno, SYSTEM_TWICE)?,
            Some("XXR") | Some("142") => {
                let v = parse_uint(&cols(b, 4, b.len()))
                    .ok_or_else(|| err(lineno, 5, TrfErrorKind::BadHeader("number of rounds")))?;
                if trf.rounds_declared.is_some_and(|d| d != v) {
                    return Err(err(lineno, 5, TrfErrorKind::BadRecord(ROUNDS_TWICE)));
                }
                trf.rounds_declared = Some(v);
            }
            // An `XXC` with no colour word declares nothing (as in bbpPairings): the colour is
            // then the one another line declares, or the one the games played show.
            Some("XXC") => {
                if let Some(c) = xxc(b, lineno)? {
                    set_colour(&mut trf, c, lineno)?;
                }
            }
            Some("299") => return Err(err(lineno, 1, TrfErrorKind::BadRecord(ABNORMAL))),
            Some(c) if TEAM_RECORDS.contains(&c) => {
                return Err(err(lineno, 1, TrfErrorKind::BadRecord(TEAMS)))
            }
            Some("152") => {
                let v = cols(b, 4, b.len()).to_ascii_uppercase();
                let c = match v.chars().next() {
                    Some('W') => Colour::White,
                    Some('B') => Colour::Black,
                    _ => return Err(err(lineno, 5, TrfErrorKind::BadHeader("152"))),
                };
                set_colour(&mut trf, c, lineno)?;
            }
            Some("162") => scoring.symbols(b, lineno, "162")?,
            Some("XXS") => scoring.symbols(b, lineno, "XXS")?,
            Some(c) if c.starts_with("BB") && c.len() == 3 => {
                if !scoring.javafo(c, b, lineno)? {
                    trf.other_lines.push((lineno, line.to_string()));
                }
            }
            Some("XXA") | Some("250") => {
                let a = if code.as_deref() == Some("XXA") {
                    super::records::xxa(b, lineno)?
                } else {
                    super::records::r250(b, lineno)?
                };
                trf.accelerations.push(a);
                trf.other_lines.push((lineno, line.to_string()));
            }
            Some("240") => byes.push(super::records::r240(b, lineno)?),
            Some("XXZ") => absent.push(super::records::xxz(b, lineno)?),
            Some("XXP") | Some("260") => {
                let f = if code.as_deref() == Some("XXP") {
                    super::records::xxp(b, lineno)?
                } else {
                    super::records::r260(b, lineno)?
                };
                trf.forbidden.push(f);
                trf.other_lines.push((lineno, line.to_string()));
            }
            Some(c) if !known_record(c) => {
                unknown.get_or_insert(err(lineno, 1, TrfErrorKind::BadRecord(UNKNOWN_RECORD)));
            }
            _ => trf.other_lines.push((lineno, line.to_string())),
        }
    }
    // A file with no player line is not a TRF at all (E810), not one with a damaged line.
    if let Some(e) = unknown.filter(|_| !trf.players.is_empty()) {
        return Err(e);
    }
    trf.system = coded_system.or(free_system);
    trf.scoring = scoring.finish();
    // `XXZ` speaks of the round to be paired; when every declared round is played there is
    // none, and the file is refused below as finished.
    let next = trf.rounds_played() + 1;
    if trf.rounds_declared.is_none_or(|d| next <= d) {
        byes.extend(absent.into_iter().map(|a| Byes { round: next, ..a }));
    }
    apply_byes(&mut trf, &byes)?;
    without_next_bye(&mut trf);
    check(&trf)?;
    Ok(trf)
}

/// Why a `299` record is refused: it changes players' points outside their round blocks, which
/// the pairing would not see (bbpPairings refuses it too).
const ABNORMAL: &str = "a `299` record (points the arbiter assigned outside the games) is not read: the pairing would score those players without it; write those points as the round's result (`+`, `-`, `H`, `F`, `Z`) in the players' lines, then delete the record";

/// The records of a team competition (TRF-2026: `013` and `310` teams, `300` boards out of
/// order, `320` a team's bye, `330` forfeited matches, `352` board colours, `362` match points,
/// `801`/`802` team results).
const TEAM_RECORDS: [&str; 9] = [
    "013", "310", "300", "320", "330", "352", "362", "801", "802",
];

/// Why team records are refused: they are a team competition's, whose pairing (and the
/// same-team rules of an individual one) `xqreg pair` would make as if the teams were absent.
const TEAMS: &str = "team records (`013`, `310`, `300`, `320`, `330`, ...) are not read: `xqreg pair` pairs the players one by one and would pair them as if the teams were not there; pair a team competition with `xqreg event`, or delete the team records to pair the players as individuals";

/// A player line (`001`). Columns count characters: a name in Chinese is one column a
/// character. The fixed columns are read from a one-byte-per-character copy of the line, the
/// name from the characters themselves.
fn player_line(trf: &Trf, line: &str, lineno: usize) -> Result<TrfPlayer, TrfError> {
    let chars: Vec<char> = line.chars().collect();
    let narrow: Vec<u8> = chars
        .iter()
        .map(|&c| if c.is_ascii() { c as u8 } else { b'?' })
        .collect();
    // A character in a column that separates two fields is a field too long or out of place:
    // read by column, it would be cut off or shift into its neighbour's value unseen (a rank
    // of five digits would read as another player's four). Said before anything read from it.
    if let Some((column, what)) = SEPARATORS
        .iter()
        .find(|(c, _)| narrow.get(c - 1).is_some_and(|&x| x != b' '))
    {
        return Err(err(lineno, *column, TrfErrorKind::BadRecord(what)));
    }
    // A repeated starting rank is named as such, before what it breaks on its line (a game
    // against "itself", a game the other line does not record).
    let rank = parse_uint(&cols(&narrow, 5, 8));
    if let Some(rank) = rank.filter(|r| trf.players.iter().any(|p| p.id == *r)) {
        return Err(err(lineno, 5, TrfErrorKind::DuplicatePlayer(rank)));
    }
    let mut player = parse_player(&narrow, lineno)?;
    if let Some((column, what)) = identity_field(&narrow) {
        return Err(err(lineno, column, TrfErrorKind::BadRecord(what)));
    }
    player.name = chars
        .get(14.min(chars.len())..47.min(chars.len()))
        .map(|cs| cs.iter().collect::<String>().trim().to_string())
        .unwrap_or_default();
    Ok(player)
}

/// The scoring the header lines declare, and which byes and forfeits were set on their own.
#[derive(Default)]
struct ScoringLines {
    scoring: TrfScoring,
    pab_set: bool,
    half_set: bool,
    fwin_set: bool,
}

impl ScoringLines {
    /// `162  W 2.0    D 1.0` (symbol, value pairs) or `XXS W=1.0 D=0.5`.
    fn symbols(&mut self, b: &[u8], lineno: usize, what: &'static str) -> Result<(), TrfError> {
        let rest = cols(b, 4, b.len()).replace('=', " ");
        let toks: Vec<&str> = rest.split_whitespace().collect();
        if !toks.len().is_multiple_of(2) {
            return Err(err(lineno, 5, TrfErrorKind::BadHeader(what)));
        }
        let s = &mut self.scoring;
        for pair in toks.chunks(2) {
            let (Some(sym), Some(val)) = (pair.first(), pair.get(1)) else {
                continue;
            };
            let v =
                parse_points(val).ok_or_else(|| err(lineno, 5, TrfErrorKind::BadHeader(what)))?;
            match sym.to_ascii_uppercase().as_str() {
                "W" | "WW" | "BW" => s.win = v,
                "D" | "WD" | "BD" => s.draw = v,
                "L" | "WL" | "BL" => s.loss = v,
                "P" | "U" | "PAB" => {
                    s.pab = v;
                    self.pab_set = true;
                }
                "H" => {
                    s.half_bye = v;
                    self.half_set = true;
                }
                "F" | "FW" | "X" => {
                    s.forfeit_win = v;
                    self.fwin_set = true;
                }
                "FL" => s.forfeit_loss = v,
                "Z" | "A" => s.zero_bye = v,
                _ => {}
            }
        }
        s.declared = true;
        Ok(())
    }

    /// JaVaFo extensions: BBW win, BBD draw, BBL loss, BBZ zero bye, BBF forfeit loss, BBU
    /// pairing-allocated bye. False for another `BB?` code (kept as an other line).
    fn javafo(&mut self, code: &str, b: &[u8], lineno: usize) -> Result<bool, TrfError> {
        let v = parse_points(&cols(b, 4, b.len()))
            .ok_or_else(|| err(lineno, 5, TrfErrorKind::BadHeader("BB?")))?;
        let s = &mut self.scoring;
        match code {
            "BBW" => s.win = v,
            "BBD" => s.draw = v,
            "BBL" => s.loss = v,
            "BBZ" => s.zero_bye = v,
            "BBF" => s.forfeit_loss = v,
            "BBU" => {
                s.pab = v;
                self.pab_set = true;
            }
            _ => return Ok(false),
        }
        s.declared = true;
        Ok(true)
    }

    /// Byes worth a win or a draw follow the declared win and draw unless set on their own.
    fn finish(self) -> TrfScoring {
        let mut s = self.scoring;
        if !self.pab_set {
            s.pab = s.win;
        }
        s.full_bye = s.win;
        if !self.fwin_set {
            s.forfeit_win = s.win;
        }
        if !self.half_set {
            s.half_bye = s.draw;
        }
        s
    }
}

/// The blank columns of a player line (`001`) and what each separates.
const SEPARATORS: [(usize, &str); 10] = [
    (4, "column 4 of a player line must be blank: it separates `001` from the starting rank (5-8)"),
    (9, "column 9 of a player line must be blank: it separates the starting rank (5-8) from the sex (10)"),
    (14, "column 14 of a player line must be blank: it separates the title (11-13) from the name (15-47)"),
    (48, "column 48 of a player line must be blank: it separates the name (15-47, at most 33 characters) from the rating (49-52)"),
    (53, "column 53 of a player line must be blank: it separates the rating (49-52) from the federation (54-56)"),
    (57, "column 57 of a player line must be blank: it separates the federation (54-56) from the FIDE id (58-68)"),
    (69, "column 69 of a player line must be blank: it separates the FIDE id (58-68) from the birth date (70-79)"),
    (80, "column 80 of a player line must be blank: it separates the birth date (70-79) from the points (81-84)"),
    (85, "column 85 of a player line must be blank: it separates the points (81-84) from the rank (86-89)"),
    (90, "columns 90-91 of a player line must be blank: they separate the rank (86-89) from round 1 (92-99)"),
];

fn parse_player(b: &[u8], lineno: usize) -> Result<TrfPlayer, TrfError> {
    if b.len() < 84 {
        return Err(err(lineno, b.len() + 1, TrfErrorKind::LineTooShort));
    }
    let id = parse_uint(&cols(b, 5, 8))
        .filter(|&v| v > 0)
        .ok_or_else(|| err(lineno, 5, TrfErrorKind::BadNumber("starting rank")))?;
    let rating_s = cols(b, 49, 52);
    let rating = if rating_s.is_empty() {
        None
    } else {
        Some(
            parse_uint(&rating_s)
                .ok_or_else(|| err(lineno, 49, TrfErrorKind::BadNumber("rating")))?,
        )
    };
    let points = parse_points(&cols(b, 81, 84))
        .ok_or_else(|| err(lineno, 81, TrfErrorKind::BadNumber("points")))?;
    let rank_s = cols(b, 86, 89);
    let rank = if rank_s.is_empty() {
        None
    } else {
        Some(parse_uint(&rank_s).ok_or_else(|| err(lineno, 86, TrfErrorKind::BadNumber("rank")))?)
    };
    let mut rounds = Vec::new();
    let mut start = 92usize; // 1-based column of the round's first character
                             // Up to the last separator the line reaches: a character in columns 100-101 after the last
                             // block would otherwise end the loop unread (`1 w 0X`).
    while start - 2 <= b.len() {
        let block_end = (start + 7).min(b.len());
        let block = b.get(start - 1..block_end).unwrap_or(&[]);
        // The two columns before the block (90-91 before round 1, 100-101 after it) must be
        // blank: a `=Q` read by column is a draw with the `Q` dropped.
        if let Some(c) = (start - 2..start).find(|&c| b.get(c - 1).is_some_and(|&x| x != b' ')) {
            return Err(err(lineno, c, TrfErrorKind::BadRoundBlock));
        }
        if block.iter().all(|&c| c == b' ') {
            rounds.push(None);
            start += 10;
            continue;
        }
        rounds.push(Some(round_block(block, start, id, lineno)?));
        start += 10;
    }
    while rounds.last().is_some_and(|r| r.is_none()) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        line: lineno,
        id,
        sex: cols(b, 10, 10),
        title: cols(b, 11, 13),
        name: cols(b, 15, 47),
        rating,
        federation: cols(b, 54, 56),
        fide_id: cols(b, 58, 68),
        birth: cols(b, 70, 79),
        points,
        rank,
        rounds,
    })
}

fn round_col(r: usize) -> usize {
    92 + 10 * r
}

fn check(trf: &Trf) -> Result<(), TrfError> {
    let mut by_id: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, p) in trf.players.iter().enumerate() {
        if by_id.insert(p.id, i).is_some() {
            return Err(err(p.line, 5, TrfErrorKind::DuplicatePlayer(p.id)));
        }
    }
    check_records(trf, &by_id)?;
    let played = trf.rounds_played() as usize;
    for p in &trf.players {
        for (r, block) in p.rounds.iter().enumerate() {
            let Some(block) = block else { continue };
            if let Some(declared) = trf.rounds_declared {
                if r as u32 >= declared {
                    return Err(err(
                        p.line,
                        round_col(r),
                        TrfErrorKind::RoundOutOfRange {
                            round: r as u32 + 1,
                            declared,
                        },
                    ));
                }
            }
            let Some(o) = block.opponent else { continue };
            let Some(&oi) = by_id.get(&o) else {
                return Err(err(p.line, round_col(r), TrfErrorKind::UnknownOpponent(o)));
            };
            let back = trf
                .players
                .get(oi)
                .and_then(|q| q.rounds.get(r).copied().flatten());
            let consistent = back.is_some_and(|q| {
                q.opponent == Some(p.id)
                    && (block.colour.is_none() || q.colour != block.colour)
                    && q.result.answers(block.result)
            });
            if !consistent {
                return Err(err(
                    p.line,
                    round_col(r),
                    TrfErrorKind::AsymmetricGame {
                        opponent: o,
                        round: r as u32 + 1,
                    },
                ));
            }
        }
        let computed = played_points(&trf.scoring, p, played);
        if computed != p.points {
            return Err(err(
                p.line,
                81,
                TrfErrorKind::ScoreMismatch {
                    declared: p.points,
                    computed,
                },
            ));
        }
    }
    Ok(())
}

/// The points of `p`'s first `played` rounds, a blank round scoring as a zero-point bye.
fn played_points(scoring: &TrfScoring, p: &TrfPlayer, played: usize) -> u32 {
    p.rounds
        .iter()
        .take(played)
        .map(|b| b.map_or(scoring.zero_bye, |b| scoring.points(b.result)))
        .fold(0u32, |a, x| a.saturating_add(x))
}

/// A points column that counts the bye of the round to be paired too (an `H` or `F` written
/// before the pairing, by hand or by a `240` record) is read as bbpPairings reads it: without
/// that bye, so that the pairing does not score it as won already. Any other difference is
/// refused by [`check`].
fn without_next_bye(trf: &mut Trf) {
    let played = trf.rounds_played() as usize;
    let scoring = trf.scoring;
    for p in &mut trf.players {
        let computed = played_points(&scoring, p, played);
        let next = p.rounds.get(played).copied().flatten();
        let with_next = next.and_then(|b| computed.checked_add(scoring.points(b.result)));
        if computed != p.points && with_next == Some(p.points) {
            p.points = computed;
        }
    }
}

/// The `240` records' byes written into the players' round blocks, as if the lines said
/// `0000 - H` there: the pairing, the scores and the writer then read one thing. A player line
/// that says something else in that round contradicts the record and is refused at it.
fn apply_byes(trf: &mut Trf, byes: &[Byes]) -> Result<(), TrfError> {
    for r in byes {
        if let Some(declared) = trf.rounds_declared.filter(|&d| r.round > d) {
            let kind = TrfErrorKind::RoundOutOfRange {
                round: r.round,
                declared,
            };
            return Err(err(r.line, 7, kind));
        }
        let slot = r.round as usize - 1;
        let bye = TrfRound {
            opponent: None,
            colour: None,
            result: r.kind,
        };
        for &(column, id) in &r.players {
            let Some(p) = trf.players.iter_mut().find(|p| p.id == id) else {
                let kind = TrfErrorKind::UnknownPlayer {
                    record: r.record,
                    id,
                };
                return Err(err(r.line, column, kind));
            };
            if p.rounds.len() <= slot {
                p.rounds.resize(slot + 1, None);
            }
            match p.rounds.get(slot).copied().flatten() {
                None => {}
                Some(b) if b == bye => {}
                Some(b) if b.opponent.is_none() && b.result == ResultCode::Blank => {}
                Some(_) => {
                    return Err(err(
                        r.line,
                        column,
                        TrfErrorKind::BadRecord(
                            "a bye record (`240`, `XXZ`): the player's line records another result in that round",
                        ),
                    ))
                }
            }
            if let Some(s) = p.rounds.get_mut(slot) {
                *s = Some(bye);
            }
        }
    }
    Ok(())
}

/// Every starting rank an acceleration or forbidden-pair record names has a player line.
fn check_records(trf: &Trf, by_id: &BTreeMap<u32, usize>) -> Result<(), TrfError> {
    let unknown = |line: usize, column: usize, record: &'static str, id: u32| {
        err(line, column, TrfErrorKind::UnknownPlayer { record, id })
    };
    for a in &trf.accelerations {
        match a {
            TrfAcceleration::Player { line, player, .. } => {
                if !by_id.contains_key(player) {
                    return Err(unknown(*line, 5, "XXA", *player));
                }
            }
            TrfAcceleration::Range { line, from, to, .. } => {
                if let Some(id) = (*from..=*to).find(|id| !by_id.contains_key(id)) {
                    let column = if id == *from { 23 } else { 28 };
                    return Err(unknown(*line, column, "250", id));
                }
            }
        }
    }
    for f in &trf.forbidden {
        let record = if f.rounds.is_some() { "260" } else { "XXP" };
        for (k, id) in f.players.iter().enumerate() {
            if !by_id.contains_key(id) {
                let column = f.columns.get(k).copied().unwrap_or(1);
                return Err(unknown(f.line, column, record, *id));
            }
        }
    }
    Ok(())
}

/// One round's block of a player line (columns `start`..`start + 7`): opponent, colour, result.
fn round_block(block: &[u8], start: usize, id: u32, lineno: usize) -> Result<TrfRound, TrfError> {
    let opp_s = String::from_utf8_lossy(block.get(..4.min(block.len())).unwrap_or(&[])).to_string();
    let opp_t = opp_s.trim();
    let opponent = if opp_t.is_empty() {
        None
    } else {
        let v = parse_uint(opp_t)
            .ok_or_else(|| err(lineno, start, TrfErrorKind::BadNumber("opponent")))?;
        if v == 0 {
            None
        } else {
            Some(v)
        }
    };
    if block.get(4).is_some_and(|&c| c != b' ') {
        return Err(err(lineno, start + 4, TrfErrorKind::BadRoundBlock));
    }
    let colour_c = block.get(5).copied().unwrap_or(b' ');
    let colour = match colour_c {
        b'w' | b'W' => Some(Colour::White),
        b'b' | b'B' => Some(Colour::Black),
        b'-' | b' ' => None,
        c => {
            return Err(err(
                lineno,
                start + 5,
                TrfErrorKind::BadColour(char::from(c)),
            ))
        }
    };
    if block.get(6).is_some_and(|&c| c != b' ') {
        return Err(err(lineno, start + 6, TrfErrorKind::BadRoundBlock));
    }
    let res_c = block.get(7).copied().unwrap_or(b' ');
    let result = if res_c.is_ascii() {
        ResultCode::from_char(char::from(res_c))
    } else {
        None
    }
    .ok_or_else(|| {
        err(
            lineno,
            start + 7,
            TrfErrorKind::BadResult(char::from(res_c)),
        )
    })?;
    if opponent == Some(id) {
        return Err(err(lineno, start, TrfErrorKind::OwnOpponent));
    }
    // Played results need an opponent and a colour; byes have neither.
    if result.is_played() && (opponent.is_none() || colour.is_none()) {
        return Err(err(lineno, start, TrfErrorKind::BadRoundBlock));
    }
    if matches!(
        result,
        ResultCode::HalfBye | ResultCode::FullBye | ResultCode::Pab | ResultCode::ZeroBye
    ) && opponent.is_some()
    {
        return Err(err(lineno, start, TrfErrorKind::BadRoundBlock));
    }
    Ok(TrfRound {
        opponent,
        colour,
        result,
    })
}
