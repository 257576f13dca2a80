//! Stages (format, entrants, draws, numbering, colours, byes, tie-breaks, places) and the
//! top-level `places` declaration.

use super::{kids, Builder, R};
use crate::ast::*;
use crate::parser::Rule;
use pest::iterators::Pair;

impl Builder {
    pub fn stage(&self, p: &Pair<Rule>) -> R<Stage> {
        self.named_block(p, Rule::stage_clause, Self::stage_clause)
    }

    /// The identifier right after the keyword `kw` in `p`.
    fn ident_after(&self, p: &Pair<Rule>, kw: Rule) -> Option<Ident> {
        let mut seen = false;
        for k in kids(p) {
            if k.as_rule() == kw {
                seen = true;
            } else if seen && k.as_rule() == Rule::ident {
                return Some(self.ident(&k));
            } else {
                seen = false;
            }
        }
        None
    }

    fn groups_of(&self, p: &Pair<Rule>) -> Vec<Ident> {
        kids(p)
            .filter(|k| k.as_rule() == Rule::group_list)
            .flat_map(|g| {
                kids(&g)
                    .filter(|k| k.as_rule() == Rule::ident)
                    .collect::<Vec<_>>()
            })
            .map(|k| self.ident(&k))
            .collect()
    }

    fn int_in(&self, p: &Pair<Rule>, rule: Rule) -> R<Option<Spanned<u32>>> {
        self.opt_child(p, rule, |b, k| b.nth_int(k, 0))
    }

    fn params(&self, p: &Pair<Rule>) -> R<Vec<Param>> {
        self.each(p, Rule::param, Self::param)
    }

    fn place_range_of(&self, p: &Pair<Rule>) -> R<PlaceRange> {
        self.child(
            p,
            Rule::place_range,
            Self::place_range,
            "places like `1..4`",
        )
    }

    fn stage_clause(&self, c: &Pair<Rule>) -> R<StageClause> {
        let span = self.span(c);
        Ok(match c.as_rule() {
            Rule::round_robin => StageClause::Format(Format::RoundRobin {
                cycles: self.nth_ident(c, 0)?,
                groups: self.groups_of(c),
                size: self.int_in(c, Rule::group_size)?,
                span,
            }),
            Rule::swiss => StageClause::Format(self.swiss(c, span)?),
            Rule::knockout => StageClause::Format(Format::Knockout(self.knockout(c)?)),
            Rule::same_place => StageClause::Format(Format::SamePlace {
                groups: self.each(c, Rule::place_group, Self::place_group)?,
                places: self.place_range_of(c)?,
                span,
            }),
            Rule::team_round_robin => StageClause::Format(Format::TeamRoundRobin {
                cycles: self.nth_ident(c, 0)?,
                boards: self
                    .int_in(c, Rule::team_boards)?
                    .ok_or_else(|| self.missing(c, "`boards N`"))?,
                groups: self.groups_of(c),
                span,
            }),
            Rule::entrants => StageClause::Entrants {
                sources: self.entrant_sources(c)?,
                span,
            },
            Rule::stage_time => StageClause::Time(
                match kids(c).find(|k| k.as_rule() == Rule::stage_time_tbd) {
                    Some(t) => self.ident(&t),
                    None => self.nth_ident(c, 0)?,
                },
            ),
            Rule::stage_assume => self.assume(c, span)?,
            Rule::stage_scoring => StageClause::Scoring(self.nth_ident(c, 0)?),
            Rule::draw => StageClause::Draw(self.draw(c)?),
            Rule::numbers => StageClause::Numbers(self.numbers(c)?),
            Rule::first_round => StageClause::FirstRound {
                method: self.nth_ident(c, 0)?,
                colours: self.ident_after(c, Rule::kw_colours),
                first_board: self.ident_after(c, Rule::kw_first_board),
                span,
            },
            Rule::colours => StageClause::Colours {
                rule: self.nth_ident(c, 0)?,
                team: self.opt_ident(c, 1),
                span: self.tight_span(c),
            },
            Rule::avoid => StageClause::Avoid {
                what: self.nth_ident(c, 0)?,
                when: self.opt_ident(c, 1),
                until: self.opt_child(c, Rule::int, Self::int)?,
                span,
            },
            Rule::colour_limits => StageClause::ColourLimits {
                params: self.params(c)?,
                span,
            },
            Rule::colour_tie => {
                self.named(c, |rule, span| StageClause::ColourTie { rule, span })?
            }
            Rule::bye => StageClause::Bye {
                params: self.params(c)?,
                span,
            },
            Rule::forfeit_counts_as_met => StageClause::ForfeitMet {
                value: self.child(c, Rule::boolean, |b, k| Ok(b.boolean(k)), "`yes` or `no`")?,
                span,
            },
            Rule::tiebreak => StageClause::Tiebreak(self.tiebreak(c)?),
            Rule::stage_playoff => StageClause::Playoff(match self.opt_ident(c, 0) {
                Some(name) => PlayoffRef::Named(name),
                None => PlayoffRef::Inline(self.playoff_chain(c)?),
            }),
            Rule::stage_places => StageClause::Places(self.place_range_of(c)?),
            Rule::split => StageClause::Split {
                after_round: self.nth_int(c, 0)?,
                top: self.nth_int(c, 1)?,
                to: self.nth_ident(c, 0)?,
                span,
            },
            Rule::late_entry => StageClause::LateEntry {
                until_round: self.nth_int(c, 0)?,
                missed: self.nth_ident(c, 0)?,
                span,
            },
            Rule::lineup => self.lineup(c, span)?,
            Rule::stage_cap => StageClause::Cap {
                max: self.nth_int(c, 0)?,
                order: self.opt_ident(c, 0),
                span,
            },
            Rule::score_sheets => {
                self.named(c, |rule, span| StageClause::ScoreSheets { rule, span })?
            }
            Rule::same_as => StageClause::SameAs(self.nth_ident(c, 0)?),
            Rule::stage_note => StageClause::Note(self.nth_text(c, 0)?),
            _ => return Err(self.missing(c, "a stage clause")),
        })
    }

    /// `lineup fixed` or `lineup each_round [deadline 30min before] [default roster_order]`, either
    /// with `[colour_balance K]`.
    fn lineup(&self, c: &Pair<Rule>, span: Span) -> R<StageClause> {
        let deadline = self.opt_child(c, Rule::lineup_deadline, |b, d| {
            b.opt_child(d, Rule::duration, Self::duration)
        })?;
        Ok(StageClause::Lineup {
            mode: self.nth_ident(c, 0)?,
            deadline: deadline.flatten(),
            default: self.opt_child(c, Rule::lineup_default, |b, d| b.nth_ident(d, 0))?,
            colour_balance: self.int_in(c, Rule::lineup_balance)?,
            span,
        })
    }

    /// The sources of `entrants ...`, in their order.
    fn entrant_sources(&self, c: &Pair<Rule>) -> R<Vec<EntrantSource>> {
        self.clauses(c, Rule::entrant_source, Self::entrant_source)
    }

    /// `swiss SYSTEM rounds N|tbd|by entries {...} [boards B]`.
    fn swiss(&self, c: &Pair<Rule>, span: Span) -> R<Format> {
        let rounds = match kids(c)
            .find(|k| matches!(k.as_rule(), Rule::rounds_by_entries | Rule::rounds_tbd))
        {
            Some(t) if t.as_rule() == Rule::rounds_tbd => SwissRounds::Tbd(self.span(&t)),
            Some(b) => {
                SwissRounds::ByEntries(self.each(&b, Rule::entries_arm, Self::entries_arm)?)
            }
            None => SwissRounds::Fixed(self.nth_int(c, 0)?),
        };
        let system = match kids(c).find(|k| k.as_rule() == Rule::swiss_system_tbd) {
            Some(t) => self.ident(&t),
            None => self.nth_ident(c, 0)?,
        };
        Ok(Format::Swiss {
            system,
            rounds,
            boards: self.int_in(c, Rule::team_boards)?,
            span,
        })
    }

    /// `assume rounds N` or `assume system S`, with an optional reason.
    fn assume(&self, c: &Pair<Rule>, span: Span) -> R<StageClause> {
        let value = match kids(c).find(|k| k.as_rule() == Rule::assume_rounds) {
            Some(r) => AssumedValue::Rounds(self.nth_int(&r, 0)?),
            None => {
                let s = kids(c)
                    .find(|k| k.as_rule() == Rule::assume_system)
                    .ok_or_else(|| self.missing(c, "rounds or system"))?;
                AssumedValue::System(self.nth_ident(&s, 0)?)
            }
        };
        Ok(StageClause::Assume {
            value,
            reason: self.opt_text(c)?,
            span,
        })
    }

    fn entries_arm(&self, a: &Pair<Rule>) -> R<EntriesArm> {
        let mut min = None;
        let mut max = None;
        let mut open = false;
        if let Some(b) = kids(a).find(|k| k.as_rule() == Rule::entries_bounds) {
            open = b.as_str().contains("..");
            for k in kids(&b) {
                match k.as_rule() {
                    Rule::entries_min => min = Some(self.nth_int(&k, 0)?.node),
                    Rule::entries_max => max = Some(self.nth_int(&k, 0)?.node),
                    _ => {}
                }
            }
        }
        if !open {
            max = min;
        }
        if let (Some(lo), Some(hi)) = (min, max) {
            if hi < lo {
                return Err(self.err(
                    crate::SyntaxErrorKind::ReversedRange {
                        found: a.as_str().to_string(),
                    },
                    a,
                ));
            }
        }
        // A round-robin row takes as many rounds as its largest field needs (n - 1, or n when odd).
        let round_robin = kids(a)
            .find(|k| k.as_rule() == Rule::entries_round_robin)
            .map(|k| self.span(&k));
        let rounds = match round_robin {
            Some(span) => Spanned {
                node: max.map_or(0, |m| {
                    if m.is_multiple_of(2) {
                        m.saturating_sub(1)
                    } else {
                        m
                    }
                }),
                span,
            },
            None => self.nth_int(a, 0)?,
        };
        Ok(EntriesArm {
            min,
            max,
            rounds,
            round_robin,
            span: self.span(a),
        })
    }

    fn knockout(&self, p: &Pair<Rule>) -> R<Knockout> {
        self.block(p, Rule::knockout_clause, Self::knockout_clause)
    }

    fn knockout_clause(&self, c: &Pair<Rule>) -> R<KnockoutClause> {
        let span = self.span(c);
        Ok(match c.as_rule() {
            Rule::bracket => KnockoutClause::Bracket {
                pairs: kids(c)
                    .filter(|k| k.as_rule() == Rule::bracket_pair)
                    .map(|pair| {
                        let slots = self.clauses(&pair, Rule::bracket_slot, Self::bracket_slot)?;
                        let mut it = slots.into_iter();
                        match (it.next(), it.next()) {
                            (Some(a), Some(b)) => Ok((a, b)),
                            _ => Err(self.missing(&pair, "a pair like `(A v B)`")),
                        }
                    })
                    .collect::<R<_>>()?,
                span,
            },
            Rule::seeded => KnockoutClause::Seeded {
                size: self.nth_int(c, 0)?,
                span,
            },
            Rule::seeding => self.named(c, |rule, span| KnockoutClause::Seeding { rule, span })?,
            Rule::ko_seeds => KnockoutClause::Seeds {
                count: self.nth_int(c, 0)?,
                category: self.nth_ident(c, 0)?,
                span,
            },
            Rule::ko_games => KnockoutClause::Games(self.nth_int(c, 0)?),
            Rule::team_boards => KnockoutClause::Boards(self.nth_int(c, 0)?),
            Rule::third_place => KnockoutClause::ThirdPlace(span),
            Rule::placement => KnockoutClause::Placement(span),
            Rule::only_if_tied => KnockoutClause::OnlyIfTied(span),
            Rule::byes => self.named(c, |rule, span| KnockoutClause::Byes { rule, span })?,
            _ => return Err(self.missing(c, "a knockout clause")),
        })
    }

    fn bracket_slot(&self, s: &Pair<Rule>) -> R<BracketSlot> {
        Ok(match s.as_rule() {
            Rule::place_ref => BracketSlot::Place(self.place_ref(s)?),
            Rule::slot_seed => BracketSlot::Seed(self.nth_int(s, 0)?),
            Rule::slot_bye => BracketSlot::Bye(self.span(s)),
            _ => BracketSlot::Player(self.ident(s)),
        })
    }

    fn entrant_source(&self, s: &Pair<Rule>) -> R<EntrantSource> {
        Ok(match s.as_rule() {
            Rule::place_ref => EntrantSource::Places(self.place_ref(s)?),
            Rule::entrant_roster => EntrantSource::Roster(self.span(s)),
            Rule::entrant_category => EntrantSource::Category(self.nth_ident(s, 0)?),
            Rule::entrant_pool => EntrantSource::Pool(self.nth_ident(s, 0)?),
            _ => EntrantSource::Rest(self.span(s)),
        })
    }

    fn draw(&self, p: &Pair<Rule>) -> R<Draw> {
        Ok(Draw {
            rules: self.clauses(p, Rule::draw_rule, Self::draw_rule)?,
            span: self.span(p),
        })
    }

    fn draw_rule(&self, r: &Pair<Rule>) -> R<DrawRule> {
        let span = self.span(r);
        Ok(match r.as_rule() {
            Rule::draw_pool => DrawRule::PoolQuota {
                pool: self.nth_ident(r, 0)?,
                per_group: self.nth_int(r, 0)?,
                order: self.opt_ident(r, 1),
                span,
            },
            Rule::draw_pot => DrawRule::Pot {
                title: self.opt_text(r)?,
                members: self.idents(r).collect(),
                per_group: self.nth_int(r, 0)?,
                span,
            },
            Rule::draw_rating => DrawRule::RatingSeeds {
                places: self.place_range_of(r)?,
                span,
            },
            Rule::draw_rest => self.named(r, |rule, span| DrawRule::Rest { rule, span })?,
            Rule::draw_avoid => self.named(r, |what, span| DrawRule::Avoid { what, span })?,
            Rule::draw_numbers => self.named(r, |rule, span| DrawRule::Numbers { rule, span })?,
            _ => return Err(self.missing(r, "a draw rule")),
        })
    }

    fn numbers(&self, p: &Pair<Rule>) -> R<Numbers> {
        if let Some(block) = kids(p).find(|k| k.as_rule() == Rule::numbers_parity) {
            return self.numbers_parity(p, &block);
        }
        let Some(block) = kids(p).find(|k| k.as_rule() == Rule::numbers_block) else {
            return Ok(Numbers::Rule(self.nth_ident(p, 0)?));
        };
        let mut tiers = Vec::new();
        let mut seeds_order = None;
        let mut rest = None;
        for k in kids(&block) {
            match k.as_rule() {
                Rule::seeds => {
                    for w in kids(&k).filter(|t| t.as_rule() == Rule::seed_tier) {
                        let Some(t) = self.first(&w) else { continue };
                        tiers.push(match t.as_rule() {
                            Rule::tier_title => SeedTier::Title(self.nth_ident(&t, 0)?),
                            Rule::tier_pool => SeedTier::Pool(self.nth_ident(&t, 0)?),
                            Rule::tier_category => SeedTier::Category(self.nth_ident(&t, 0)?),
                            _ => SeedTier::Players(self.idents(&t).collect()),
                        });
                    }
                }
                Rule::seeds_order => seeds_order = Some(self.nth_ident(&k, 0)?),
                Rule::numbers_rest => rest = Some(self.nth_ident(&k, 0)?),
                _ => {}
            }
        }
        Ok(Numbers::Seeded {
            tiers,
            seeds_order,
            rest: rest.ok_or_else(|| self.missing(&block, "`rest ORDER`"))?,
            span: self.span(p),
        })
    }

    /// `numbers { pool a odd  pool b even  within lot }`
    fn numbers_parity(&self, p: &Pair<Rule>, block: &Pair<Rule>) -> R<Numbers> {
        let mut pools = Vec::new();
        let mut within = None;
        for k in kids(block) {
            match k.as_rule() {
                Rule::parity_pool => pools.push((self.nth_ident(&k, 0)?, self.nth_ident(&k, 1)?)),
                Rule::numbers_within => within = Some(self.nth_ident(&k, 0)?),
                _ => {}
            }
        }
        Ok(Numbers::Parity {
            pools,
            within: within.ok_or_else(|| self.missing(block, "`within ORDER`"))?,
            span: self.span(p),
        })
    }

    pub fn places_decl(&self, p: &Pair<Rule>) -> R<PlacesDecl> {
        let mut rule = None;
        let mut sources = Vec::new();
        for k in kids(p) {
            match k.as_rule() {
                Rule::places_shared => rule = Some(PlacesRule::Shared(self.span(&k))),
                Rule::places_ranked => rule = Some(PlacesRule::Ranked(self.tiebreak(&k)?)),
                Rule::place_ref => sources.push(self.place_ref(&k)?),
                _ => {}
            }
        }
        Ok(PlacesDecl {
            places: self.place_range_of(p)?,
            rule: rule.ok_or_else(|| self.missing(p, "`shared` or `ranked_by`"))?,
            sources,
            title: self.opt_text(p)?,
            span: self.span(p),
        })
    }
}
