//! How the inspector writes pushes, verdicts and nodes in its tables and lists.

use crate::level::{Dir, Move};
use crate::solver::{ChildView, NodeView, Order, PushView, Verdict};

/// The push as `3:4 R` (the box's square and the direction).
pub fn push_text(push: Option<PushView>) -> String {
    match push {
        Some(p) if p.pushes > 1 => format!("{} to {} ({} pushes)", p.from, p.to, p.pushes),
        Some(p) => format!("{} {}", p.from, dir_letter(p.dir)),
        None => "start".into(),
    }
}

/// The letter of a push in `dir` (`U`, `D`, `L`, `R`).
pub fn dir_letter(d: Dir) -> char {
    Move { dir: d, push: true }.lurd()
}

/// What became of a child, as the table says it.
pub fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Kept => "kept".into(),
        Verdict::Duplicate => "duplicate".into(),
        Verdict::Improved => "improved".into(),
        Verdict::OverBound => "over the bound".into(),
        Verdict::Pruned(r) => format!("pruned: {}", r.name()),
        Verdict::Passes => "passes stone by stone".into(),
        Verdict::Fails(f) => format!(
            "fails stone by stone at goal {} ({} filled): {}",
            f.goal,
            f.filled,
            match f.tried {
                0 => "no stone can move".to_string(),
                1 => "the one stone that can move cannot reach it alone".to_string(),
                n => format!("none of the {n} stones that can move reaches it alone"),
            }
        ),
    }
}

/// `1 push`, `2 pushes`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The number a method orders by, named for what it is (`f 7`, `depth 3`, `priority 12`);
/// `u32::MAX` stands for a number not recorded (`priority –`).
pub fn order_text(order: Order, f: u32) -> String {
    match f {
        u32::MAX => format!("{} –", order.name()),
        f => format!("{} {f}", order.name()),
    }
}

/// One row of the children table (naming the deadlock pattern that pruned it), the number
/// the method orders by named as `order` says. A pruned child or a duplicate (whose bound
/// is not computed again) shows only its g.
pub fn child_row(c: &ChildView, order: Order) -> String {
    let cost = match c.verdict {
        Verdict::Pruned(_) | Verdict::Duplicate => format!("g {}", c.g),
        _ => format!("g {} h {} {}", c.g, c.h, order_text(order, c.f)),
    };
    let pattern = c.pattern.map(|id| format!(" #{id}")).unwrap_or_default();
    format!("{}  {cost}  {}{pattern}", push_text(Some(c.push)), verdict_text(c.verdict))
}

/// One row of the frontier list.
pub fn node_row(n: &NodeView, order: Order) -> String {
    format!("{}  g {} h {} {}", push_text(n.push), n.g, n.h, order_text(order, n.f))
}
