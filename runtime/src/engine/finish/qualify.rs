//! Qualification: each quota takes the first N of its ranking, with next-in-line replacement of
//! a place declined or left by withdrawing. A shared place (a chain ending in `shared`, a
//! knockout's losers, a `places ... shared` declaration) is taken as one tier: all its players
//! qualify when the places left hold them; when they do not, the regulation says nothing of
//! who goes, and the places left are drawn by lot among them and the transcript says so (as a
//! tie a chain leaves is drawn by lot, W401; the checker warns of it, W607).

use super::super::outcome::Qualifier;
use super::super::transcript::EntryKind;
use super::super::Ctx;
use super::{category_ranking, spans_sections, Derived, Final};
use crate::plan::{Qualification, Quota};

pub(super) fn qualification(ctx: &mut Ctx<'_>, fin: &Final, derived: &Derived) -> Vec<Qualifier> {
    let mut out = Vec::new();
    for q in &ctx.plan.qualification {
        let mut taken: Vec<usize> = Vec::new();
        for quota in &q.quotas {
            // A quota that names a derived ranking qualifies its units (super::derived).
            if let Some(d) = quota.category.as_ref().and_then(|c| derived.get(c)) {
                out.extend(super::super::derived::qualify(&q.title, quota, d));
                continue;
            }
            let cat_rank = match category_ranking(ctx, fin, quota.category.as_deref()) {
                Ok(r) => r,
                Err(sections) => {
                    let what = format!(
                        "qualification `{}` ({})",
                        q.title,
                        quota.category.as_deref().unwrap_or("overall")
                    );
                    let what_zh = format!(
                        "资格 `{}`（{}）",
                        q.title,
                        quota.category.as_deref().unwrap_or("总名次")
                    );
                    ctx.problems
                        .push(spans_sections((&what, &what_zh), &sections, &quota.origin));
                    continue;
                }
            };
            let mut run = Run {
                q,
                quota,
                taken: &mut taken,
                granted: 0,
                skipped: Vec::new(),
                out: &mut out,
            };
            let mut k = 0;
            while let Some(&(place, _, _)) = cat_rank.get(k) {
                let tier: Vec<usize> = cat_rank[k..]
                    .iter()
                    .take_while(|e| e.0 == place)
                    .map(|e| e.2)
                    .collect();
                if !run.tier(ctx, k as u32, place, &tier) {
                    break;
                }
                k += tier.len();
            }
        }
    }
    out
}

/// One quota being filled, tier by tier of its ranking.
struct Run<'q, 'o> {
    q: &'q Qualification,
    quota: &'q Quota,
    /// Players an earlier quota of the same qualification took.
    taken: &'o mut Vec<usize>,
    granted: u32,
    /// Players passed over (declined, withdrawn, already qualified) whose places the next in
    /// line take.
    skipped: Vec<usize>,
    out: &'o mut Vec<Qualifier>,
}

impl Run<'_, '_> {
    /// The tier of the ranking at `place` (several players where it is shared), its first
    /// player at index `k` of the ranking; false when the quota is done.
    fn tier(&mut self, ctx: &mut Ctx<'_>, k: u32, place: u32, tier: &[usize]) -> bool {
        let (q, count) = (self.q, self.quota.count);
        if self.granted >= count || (!q.replacement.next_in_line && k >= count) {
            return false;
        }
        // `replacement next_in_line until N`: no replacement from below place N.
        if let Some(until) = q.replacement.until.filter(|&u| k >= count && place > u) {
            let left = count - self.granted;
            let text = format!(
                "{}: no replacement below place {until} (`replacement next_in_line until {until}`); {left} place{} not filled",
                q.title,
                if left == 1 { "" } else { "s" }
            );
            ctx.transcript
                .push(EntryKind::Qualification, text, &self.quota.origin);
            return false;
        }
        let mut eligible: Vec<usize> = Vec::new();
        for &p in tier {
            match self.passed_over(ctx, p) {
                Some(why) => self.pass_over(ctx, p, place, why),
                None => eligible.push(p),
            }
        }
        // Without replacement a place passed over stays empty: the tier holds the places from
        // its own down to the quota's last.
        let left = if q.replacement.next_in_line {
            count - self.granted
        } else {
            (count - k).min(count - self.granted)
        };
        if eligible.len() as u32 > left {
            let mut order = eligible.clone();
            ctx.lots.shuffle(&mut order);
            order.truncate(left as usize);
            let names = |set: &[usize]| {
                set.iter()
                    .map(|&p| ctx.id(p).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let text = format!(
                "{}: place {place}{} is shared by {}; the {left} qualification place{} left {} drawn by lot: {}",
                q.title,
                self.in_category(),
                names(&eligible),
                if left == 1 { "" } else { "s" },
                if left == 1 { "is" } else { "are" },
                names(&order)
            );
            ctx.transcript
                .push(EntryKind::Qualification, text, &self.quota.origin);
            eligible = order;
        }
        for (j, p) in eligible.into_iter().enumerate() {
            self.grant(ctx, p, place, k + j as u32);
        }
        true
    }

    /// Why `p` does not take a place: declined, withdrawn, or qualified by an earlier quota.
    fn passed_over(&self, ctx: &Ctx<'_>, p: usize) -> Option<&'static str> {
        if ctx.results.declined.iter().any(|d| d == ctx.id(p)) {
            return Some("declines");
        }
        // A team stands for its board-1 player in rankings; that player's withdrawal is not the
        // team's (a team does not withdraw: its boards are forfeited).
        if !ctx.team_of.contains_key(&p) && ctx.withdrawn.get(p).is_some_and(Option::is_some) {
            return Some("is withdrawn");
        }
        self.taken.contains(&p).then_some("already qualified")
    }

    fn pass_over(&mut self, ctx: &mut Ctx<'_>, p: usize, place: u32, why: &str) {
        let text = format!(
            "{}: {} (place {place}{}) {why}; {}",
            self.q.title,
            ctx.id(p),
            self.in_category(),
            if self.q.replacement.next_in_line {
                "the place passes to the next in line"
            } else {
                "the place is not filled"
            }
        );
        ctx.transcript
            .push(EntryKind::Qualification, text, &self.quota.origin);
        self.skipped.push(p);
    }

    /// `p` qualifies; `at` is its index in the ranking: beyond the quota's count it takes the
    /// place of the first passed over.
    fn grant(&mut self, ctx: &Ctx<'_>, p: usize, place: u32, at: u32) {
        let replaces = if at >= self.quota.count && !self.skipped.is_empty() {
            Some(ctx.id(self.skipped.remove(0)).to_string())
        } else {
            None
        };
        self.taken.push(p);
        self.granted += 1;
        self.out.push(Qualifier {
            title: self.q.title.clone(),
            category: self.quota.category.clone(),
            place,
            id: ctx.id(p).to_string(),
            player: ctx.name(p).to_string(),
            replaces,
        });
    }

    /// ` in women` after a place, for a quota of a category.
    fn in_category(&self) -> String {
        self.quota
            .category
            .as_deref()
            .map(|c| format!(" in {c}"))
            .unwrap_or_default()
    }
}
