//! Ranking a set of competitors: the primary score, then the chain criterion by criterion, contextual criteria recomputed among the still-tied, lots (or a shared place) last.

use super::*;

struct Ranker<'t, 'a> {
    table: &'t Table<'a>,
    chain: &'t TiebreakChain,
    lots: &'t mut Lots,
    applied: Vec<Vec<(usize, TbValue)>>,
    separations: Vec<Separation>,
    drawn: Vec<LotDrawn>,
    shared: Vec<Vec<usize>>,
}

impl Ranker<'_, '_> {
    fn note_value(&mut self, p: usize, k: usize, v: &TbValue) {
        if let Some(list) = self.applied.get_mut(p) {
            if !list.iter().any(|(kk, _)| *kk == k) {
                list.push((k, v.clone()));
            }
        }
    }

    fn lot(&mut self, set: &[usize], implicit: bool) -> Vec<usize> {
        let mut order = set.to_vec();
        self.lots.shuffle(&mut order);
        self.drawn.push(LotDrawn {
            order: order.clone(),
            implicit,
        });
        order
    }

    /// Order `set` (all tied so far) using criteria from `k` on.
    fn resolve(&mut self, set: Vec<usize>, k: usize) -> Vec<usize> {
        if set.len() <= 1 {
            return set;
        }
        let Some(item) = self.chain.criteria.get(k) else {
            let order = self.lot(&set, true);
            self.mark_lot_separations(&order, None);
            return order;
        };
        let criterion = item.criterion;
        if criterion == Criterion::Lots {
            let order = self.lot(&set, false);
            self.mark_lot_separations(&order, Some(item.origin.clone()));
            return order;
        }
        // 如仍相同，名次并列: no lot; the set keeps its order and shares one place.
        if criterion == Criterion::Shared {
            self.shared.push(set.clone());
            return set;
        }
        let mut valued: Vec<(usize, Option<TbValue>)> = set
            .iter()
            .map(|&p| (p, self.table.contextual(p, &set, &criterion)))
            .collect();
        if valued.iter().any(|(_, v)| v.is_none()) {
            return self.resolve(set, k + 1);
        }
        for (p, v) in &valued {
            if let Some(v) = v {
                self.note_value(*p, k, v);
            }
        }
        // Best first; stable on the incoming order.
        valued.sort_by(|(_, a), (_, b)| match (a, b) {
            (Some(a), Some(b)) => b.better(a),
            _ => std::cmp::Ordering::Equal,
        });
        let mut parts: Vec<(TbValue, Vec<usize>)> = Vec::new();
        for (p, v) in valued {
            let Some(v) = v else { continue };
            match parts.last_mut() {
                Some((pv, members)) if *pv == v => members.push(p),
                _ => parts.push((v, vec![p])),
            }
        }
        if parts.len() == 1 {
            return self.resolve(set, k + 1);
        }
        let mut out: Vec<usize> = Vec::with_capacity(set.len());
        let mut prev: Option<(usize, TbValue)> = None;
        for (v, members) in parts {
            let again = matches!(
                criterion,
                Criterion::HeadToHead {
                    mode: HeadToHeadMode::MiniTable
                }
            ) && members.len() > 1
                && members.len() < set.len();
            let ordered = if again {
                self.resolve(members, k)
            } else {
                self.resolve(members, k + 1)
            };
            if let (Some((above, av)), Some(&below)) = (prev.take(), ordered.first()) {
                self.separations.push(Separation {
                    above,
                    below,
                    criterion,
                    above_value: av,
                    below_value: v.clone(),
                    origin: item.origin.clone(),
                });
            }
            if let Some(&last) = ordered.last() {
                prev = Some((last, v.clone()));
            }
            out.extend(ordered);
        }
        out
    }

    fn mark_lot_separations(&mut self, order: &[usize], origin: Option<Origin>) {
        let origin = origin.unwrap_or_else(|| {
            Origin::default_rule(
                "default: a tie the chain leaves is decided by lot (FIDE C.07 art. 4.2)",
            )
        });
        for (i, w) in order.windows(2).enumerate() {
            if let [a, b] = w {
                let rank = |x: usize| TbValue::one(x as i64);
                self.separations.push(Separation {
                    above: *a,
                    below: *b,
                    criterion: Criterion::Lots,
                    above_value: rank(i + 1),
                    below_value: rank(i + 2),
                    origin: origin.clone(),
                });
            }
        }
    }
}

/// Rank `subset` (positions in `table`) by the primary score, then `chain`.
pub fn rank(
    table: &Table<'_>,
    subset: &[usize],
    chain: &TiebreakChain,
    primary: Primary,
    lots: &mut Lots,
) -> Ranked {
    let primary_value = |p: usize| -> i64 {
        match primary {
            Primary::Points => table.points(p),
            Primary::MatchPoints => table
                .competitors
                .get(p)
                .map(|c| c.match_points)
                .unwrap_or(0),
        }
    };
    let mut sorted = subset.to_vec();
    sorted.sort_by_key(|&p| std::cmp::Reverse(primary_value(p)));
    let mut ranker = Ranker {
        table,
        chain,
        lots,
        applied: vec![Vec::new(); table.competitors.len()],
        separations: Vec::new(),
        drawn: Vec::new(),
        shared: Vec::new(),
    };
    let mut order = Vec::with_capacity(sorted.len());
    let mut i = 0;
    while i < sorted.len() {
        let score = sorted.get(i).map(|&p| primary_value(p));
        let mut j = i;
        while j < sorted.len() && sorted.get(j).map(|&p| primary_value(p)) == score {
            j += 1;
        }
        let tied: Vec<usize> = sorted.get(i..j).map(<[usize]>::to_vec).unwrap_or_default();
        order.extend(ranker.resolve(tied, 0));
        i = j;
    }
    let values = order
        .iter()
        .map(|&p| {
            chain
                .criteria
                .iter()
                .enumerate()
                .filter_map(|(k, item)| {
                    table
                        .value(p, &item.criterion)
                        .map(|v| (item.criterion, v))
                        .or_else(|| {
                            ranker
                                .applied
                                .get(p)
                                .and_then(|l| l.iter().find(|(kk, _)| *kk == k))
                                .map(|(_, v)| (item.criterion, v.clone()))
                        })
                })
                .collect()
        })
        .collect();
    Ranked {
        order,
        values,
        separations: ranker.separations,
        lots: ranker.drawn,
        shared: ranker.shared,
    }
}
