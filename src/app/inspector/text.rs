//! How the inspector writes pushes, verdicts and nodes in its tables and lists (pushes and
//! verdicts as [`crate::solver::inspect::words`] writes them, for the files too).

pub use crate::solver::inspect::words::{dir_letter, push_text, verdict_text};

use crate::solver::{ChildView, NodeView, Order, Verdict};

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
