//! A search written out for debugging and for slides: each expansion as one JSON object
//! (one line of a trace file), with its node, parent, push, costs and every child with
//! its verdict.

use serde_json::{Value, json};

use crate::level::Pos;
use crate::solver::search::{ChildView, PushView, Search, Verdict};

/// A square as the JSON output writes it: `[row, column]`, both from 1.
pub fn square(p: Pos) -> [usize; 2] {
    [p.y + 1, p.x + 1]
}

/// The last expansion of `search` (see [`Search::current`]; a search built with a
/// recording observer), as a trace line; `None` before the first.
pub fn expansion(search: &dyn Search) -> Option<Value> {
    let node = search.current()?;
    let path = search.path(node.id);
    let parent = path.len().checked_sub(2).map(|i| path[i]);
    let stats = search.stats();
    Some(json!({
        "expansion": stats.expanded,
        "node": node.id,
        "parent": parent,
        "push": node.push.map(push),
        "g": node.g,
        "h": node.h,
        "f": node.f,
        "open": stats.open,
        "closed": stats.closed,
        "children": search.children().iter().map(child).collect::<Vec<_>>(),
    }))
}

fn push(p: PushView) -> Value {
    json!({
        "box": square(p.from),
        "dir": crate::level::Move { dir: p.dir, push: true }.lurd().to_string(),
        "to": square(p.to),
        "pushes": p.pushes,
    })
}

fn child(c: &ChildView) -> Value {
    let rule = match c.verdict {
        Verdict::Pruned(r) => Some(r.name()),
        _ => None,
    };
    json!({
        "node": c.node,
        "push": push(c.push),
        "g": c.g,
        "h": c.h,
        "f": c.f,
        "verdict": c.verdict.key(),
        "rule": rule,
        "pattern": c.pattern,
    })
}
