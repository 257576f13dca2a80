//! Playing one match: the regular games, then the playoff chain until a step decides.

use super::*;

/// How a match ended.
pub(crate) struct MatchResult {
    pub winner: usize,
    pub loser: usize,
    pub score: (i64, i64),
    pub decided_by: String,
}

/// A match between `a` and `b` (a listed first).
pub(crate) struct MatchSpec<'s> {
    pub games: u32,
    pub colours: ColourRule,
    pub colours_origin: &'s Origin,
    pub playoff: Option<&'s PlayoffChain>,
    pub scoring: &'s Scoring,
    pub label: &'s str,
    /// The first game's colours, drawn with the round's other matches before any is played
    /// ([`Ctx::first_colours`]); None: drawn when the match starts.
    pub first: Option<(usize, usize)>,
}

impl Ctx<'_> {
    /// The colours of a match's first game, drawn as the hall draws them: for every match of the
    /// round before any is played, so that a playoff in one match never moves the lot of the next
    /// (and the live driver can publish a whole round).
    pub(crate) fn first_colours(
        &mut self,
        at: &GameAt<'_>,
        a: usize,
        b: usize,
        spec: &MatchSpec<'_>,
    ) -> (usize, usize) {
        let what = format!(
            "{} {} ({} v {})",
            at.stage,
            spec.label,
            self.id(a),
            self.id(b)
        );
        self.colours(
            spec.colours,
            Side::Red,
            a,
            b,
            None,
            at,
            &what,
            spec.colours_origin,
        )
    }

    pub(crate) fn play_match(
        &mut self,
        at: &GameAt<'_>,
        a: usize,
        b: usize,
        spec: &MatchSpec<'_>,
        out: &mut Vec<GameOut>,
    ) -> MatchResult {
        let what = format!(
            "{} {} ({} v {})",
            at.stage,
            spec.label,
            self.id(a),
            self.id(b)
        );
        let mut prev: Option<(usize, usize)> = None;
        let mut score = (0i64, 0i64);
        let mut regular: Vec<Played> = Vec::new();
        let pending_at_start = self.pending;
        for g in 1..=spec.games.max(1) {
            let game_at = GameAt {
                step: None,
                game_no: g,
                ..*at
            };
            let (red, black) = if let (1, Some(first)) = (g, spec.first) {
                first
            } else if g == 1 {
                self.colours(
                    spec.colours,
                    Side::Red,
                    a,
                    b,
                    None,
                    &game_at,
                    &what,
                    spec.colours_origin,
                )
            } else {
                self.colours(
                    ColourRule::Swap,
                    Side::Red,
                    a,
                    b,
                    prev,
                    &game_at,
                    &what,
                    spec.colours_origin,
                )
            };
            let played = self.play_game(&game_at, red, black, out);
            let (rp, bp) = played.points(spec.scoring);
            if played.red == a {
                score.0 += rp;
                score.1 += bp;
            } else {
                score.0 += bp;
                score.1 += rp;
            }
            regular.push(played);
            prev = Some((red, black));
        }
        let decided = |winner: usize, by: &str| MatchResult {
            winner,
            loser: if winner == a { b } else { a },
            score,
            decided_by: by.to_string(),
        };
        // A match waiting for a result goes no further: its playoff (and any lot) waits too.
        if self.pending > pending_at_start {
            return decided(a, "pending");
        }
        if score.0 != score.1 {
            let all_forfeit = regular.iter().all(|p| p.result.is_forfeit());
            let winner = if score.0 > score.1 { a } else { b };
            return decided(winner, if all_forfeit { "forfeit" } else { "games" });
        }
        let mut log = vec![format!(
            "{what}: level {}–{} after the regular game(s)",
            score.0, score.1
        )];
        let mut seen: BTreeMap<String, u32> = BTreeMap::new();
        let steps = spec.playoff.map(|c| c.steps.as_slice()).unwrap_or(&[]);
        for step in steps {
            match &step.kind {
                PlayoffStepKind::Game {
                    time,
                    colours,
                    games,
                } => {
                    let mut pts = (0i64, 0i64);
                    for k in 0..(*games).max(1) {
                        let rule = if k == 0 { *colours } else { ColourRule::Swap };
                        let n = seen.entry(time.clone()).or_insert(0);
                        *n += 1;
                        let game_at = GameAt {
                            step: Some(time),
                            game_no: *n,
                            ..*at
                        };
                        let (red, black) = self.colours(
                            rule,
                            Side::Red,
                            a,
                            b,
                            prev,
                            &game_at,
                            &what,
                            &step.origin,
                        );
                        let played = self.play_game(&game_at, red, black, out);
                        let (rp, bp) = played.points(spec.scoring);
                        if played.red == a {
                            pts.0 += rp;
                            pts.1 += bp;
                        } else {
                            pts.0 += bp;
                            pts.1 += rp;
                        }
                        log.push(format!(
                            "{time}: {} – {} {}",
                            self.id(red),
                            self.id(black),
                            played.result.notation()
                        ));
                        prev = Some((red, black));
                    }
                    if self.pending > pending_at_start {
                        return decided(a, "pending");
                    }
                    if pts.0 != pts.1 {
                        let winner = if pts.0 > pts.1 { a } else { b };
                        return self.close_playoff(
                            log,
                            winner,
                            time,
                            &step.origin,
                            decided(winner, time),
                        );
                    }
                }
                PlayoffStepKind::Armageddon {
                    time,
                    colours,
                    draw_goes_to,
                } => {
                    let n = seen.entry(time.clone()).or_insert(0);
                    *n += 1;
                    let game_at = GameAt {
                        step: Some(time),
                        alias: Some("armageddon"),
                        game_no: *n,
                        ..*at
                    };
                    let (red, black) = self.colours(
                        *colours,
                        *draw_goes_to,
                        a,
                        b,
                        prev,
                        &game_at,
                        &what,
                        &step.origin,
                    );
                    let played = self.play_game(&game_at, red, black, out);
                    if self.pending > pending_at_start {
                        return decided(a, "pending");
                    }
                    let (red, black) = (played.red, if played.red == red { black } else { red });
                    let winner = match played.result.winner() {
                        Some(Side::Red) => red,
                        Some(Side::Black) => black,
                        None => match draw_goes_to {
                            Side::Red => red,
                            Side::Black => black,
                        },
                    };
                    let note = if played.result.winner().is_none() {
                        format!(
                            " (a draw goes to {})",
                            if *draw_goes_to == Side::Black {
                                "Black"
                            } else {
                                "Red"
                            }
                        )
                    } else {
                        String::new()
                    };
                    log.push(format!(
                        "{time}: {} – {} {}{note}",
                        self.id(red),
                        self.id(black),
                        played.result.notation()
                    ));
                    return self.close_playoff(
                        log,
                        winner,
                        time,
                        &step.origin,
                        decided(winner, time),
                    );
                }
                PlayoffStepKind::Lots => {
                    let winner = if self.lots.below(2) == 0 { a } else { b };
                    log.push(format!("lots: {} wins the lot", self.id(winner)));
                    self.stats.lots_in_matches += 1;
                    return self.close_playoff(
                        log,
                        winner,
                        "lots",
                        &step.origin,
                        decided(winner, "lots"),
                    );
                }
                PlayoffStepKind::Tiebreak { chain } => {
                    if let Some(winner) = tiebreak_in_match(&regular, a, b, chain, spec.scoring) {
                        log.push(format!(
                            "tie-break on the match's games: {} ahead",
                            self.id(winner)
                        ));
                        return self.close_playoff(
                            log,
                            winner,
                            "tiebreak",
                            &step.origin,
                            decided(winner, "tiebreak"),
                        );
                    }
                    log.push("tie-break on the match's games: still level".to_string());
                }
            }
        }
        let origin = Origin::default_rule(if steps.is_empty() {
            "default: a level match without a playoff chain is decided by lot"
        } else {
            "default: a playoff chain that ends level is decided by lot"
        });
        let winner = if self.lots.below(2) == 0 { a } else { b };
        log.push(format!("lots: {} wins the lot", self.id(winner)));
        self.stats.lots_in_matches += 1;
        self.close_playoff(log, winner, "lots", &origin, decided(winner, "lots"))
    }

    fn close_playoff(
        &mut self,
        mut log: Vec<String>,
        winner: usize,
        step: &str,
        origin: &Origin,
        result: MatchResult,
    ) -> MatchResult {
        log.push(format!("{} wins; decided by {step}", self.id(winner)));
        *self
            .stats
            .playoff_steps
            .entry(step.to_string())
            .or_insert(0) += 1;
        self.transcript
            .push(EntryKind::Playoff, log.join("; "), origin);
        result
    }
}

/// A playoff step of criteria on the match's own regular games; None if they stay level.
fn tiebreak_in_match(
    games: &[Played],
    a: usize,
    b: usize,
    chain: &TiebreakChain,
    scoring: &Scoring,
) -> Option<usize> {
    let mut comps = vec![Competitor::default(), Competitor::default()];
    for (round, g) in games.iter().enumerate() {
        let (rp, bp) = if g.red == a { (0, 1) } else { (1, 0) };
        let (r, bl) = g.records(round as u32 + 1, rp, bp, scoring);
        if let Some(c) = comps.get_mut(rp) {
            c.records.push(r);
        }
        if let Some(c) = comps.get_mut(bp) {
            c.records.push(bl);
        }
    }
    let table = Table {
        competitors: comps,
        scoring,
    };
    for item in &chain.criteria {
        let (Some(va), Some(vb)) = (
            table.value(0, &item.criterion),
            table.value(1, &item.criterion),
        ) else {
            continue;
        };
        if va != vb {
            let a_better = if va.lower_first {
                va.parts < vb.parts
            } else {
                va.parts > vb.parts
            };
            return Some(if a_better { a } else { b });
        }
    }
    None
}
