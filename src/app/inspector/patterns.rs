//! The pattern book: the deadlock patterns of the search being inspected (what
//! [`Search::patterns`] gives), in the order the user picks, with the one selected and the
//! one under the pointer (the board highlights it).
//!
//! The patterns are read again only when the search has expanded since the last reading,
//! and at most four times a second while the worker runs: a large database costs a frame
//! now and then, not every frame.

use std::time::{Duration, Instant};

use crate::solver::Search;
use crate::solver::{PatternView, Source};

/// Least time between two readings while the worker runs.
const REREAD: Duration = Duration::from_millis(250);

/// The order of the pattern list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PatternOrder {
    /// Most positions pruned first (then in the order found).
    #[default]
    Hits,
    /// In the order found: the precomputed patterns, then the learned ones as learned.
    Found,
}

impl PatternOrder {
    /// Both orders, in menu order.
    pub const ALL: [PatternOrder; 2] = [PatternOrder::Hits, PatternOrder::Found];

    /// The menu's name.
    pub fn name(self) -> &'static str {
        match self {
            PatternOrder::Hits => "most hits first",
            PatternOrder::Found => "in the order found",
        }
    }
}

/// The patterns as last read, their order and the selection.
#[derive(Debug, Default)]
pub struct PatternBook {
    /// Every pattern, by id.
    views: Vec<PatternView>,
    /// The ids in the order shown.
    order: Vec<u32>,
    /// The expansions made when the patterns were read, and when.
    read: Option<(u64, Instant)>,
    /// The order of the list.
    pub order_by: PatternOrder,
    /// The pattern selected (in the list, or by clicking a child it pruned).
    pub selected: Option<u32>,
    /// The pattern that pruned the child under the pointer in the children table, this frame.
    pub hovered: Option<u32>,
}

impl PatternBook {
    /// An empty book listing in `order_by`.
    pub fn new(order_by: PatternOrder) -> Self {
        PatternBook { order_by, ..PatternBook::default() }
    }

    /// Reads the patterns of `search` again if it has expanded since the last reading (at
    /// most every [`REREAD`] while `running`).
    pub fn update(&mut self, search: &dyn Search, running: bool) {
        let expanded = search.stats().expanded;
        let stale = match self.read {
            None => true,
            Some((at, when)) => at != expanded && (!running || when.elapsed() >= REREAD),
        };
        if stale {
            self.views = search.patterns();
            self.read = Some((expanded, Instant::now()));
            self.sort();
        }
    }

    /// Reads the patterns again at the next update (a pattern was added without an
    /// expansion).
    pub fn reread(&mut self) {
        self.read = None;
    }

    /// Lists the patterns in `order`.
    pub fn set_order(&mut self, order: PatternOrder) {
        self.order_by = order;
        self.sort();
    }

    fn sort(&mut self) {
        self.order = self.views.iter().map(|p| p.id).collect();
        if self.order_by == PatternOrder::Hits {
            let views = &self.views;
            self.order.sort_by_key(|&id| std::cmp::Reverse(views[id as usize].hits));
        }
    }

    /// The pattern with id `id`, if it was there at the last reading.
    pub fn get(&self, id: u32) -> Option<&PatternView> {
        self.views.get(id as usize).filter(|p| p.id == id)
    }

    /// The patterns in the order shown.
    pub fn listed(&self) -> impl ExactSizeIterator<Item = &PatternView> + '_ {
        self.order.iter().map(|&id| &self.views[id as usize])
    }

    /// The pattern the board highlights: the one that pruned the child under the pointer,
    /// else the one selected.
    pub fn focused(&self) -> Option<&PatternView> {
        self.hovered.or(self.selected).and_then(|id| self.get(id))
    }

    /// How many deadlock patterns were precomputed, learned (from clusters, rooms and
    /// stalled subtrees) and added from the oracle, and their hits in all; then how many
    /// patterns the planner learned (relative to its plan) and their cuts.
    pub fn counts(&self) -> (Counts, (usize, u64)) {
        let count = |sources: &[Source]| {
            let of = self.views.iter().filter(|p| sources.contains(&p.source));
            of.fold((0, 0), |(n, hits), p| (n + 1, hits + p.hits))
        };
        let (precomputed, pre_hits) = count(&[Source::Precomputed]);
        let (learned, learned_hits) = count(&[Source::Learned, Source::Room, Source::Stalled]);
        let (oracle, oracle_hits) = count(&[Source::Oracle]);
        let hits = pre_hits + learned_hits + oracle_hits;
        (Counts { precomputed, learned, oracle, hits }, count(&[Source::Plan]))
    }
}

/// The deadlock patterns of a search by source, and their hits in all.
pub struct Counts {
    /// Enumerated before the search.
    pub precomputed: usize,
    /// Learned during the search.
    pub learned: usize,
    /// The oracle's dead sets the user added.
    pub oracle: usize,
    /// Positions they pruned.
    pub hits: u64,
}

/// A pattern's line under its picture, e.g. `#3 learned, 12 hits`.
pub fn pattern_label(p: &PatternView) -> String {
    if let Some(target) = p.target {
        let cuts = if p.hits == 1 { "1 cut".to_string() } else { format!("{} cuts", p.hits) };
        let replaced: Vec<String> = p.replaced.iter().map(|r| format!("#{r}")).collect();
        let replaced = match replaced.len() {
            0 => String::new(),
            _ => format!(", replaced {}", replaced.join(" ")),
        };
        return format!("#{} cannot fill {target}{replaced}, {cuts}", p.id);
    }
    format!("#{} {}, {}", p.id, p.source.name(), hits(p.hits))
}

/// `n` hits, in words: `1 hit`, `12 hits`.
pub fn hits(n: u64) -> String {
    if n == 1 { "1 hit".into() } else { format!("{n} hits") }
}
