//! How pushes and verdicts are written, in the inspector's tables and in the files it and
//! the command line write (the search tree's labels).

use crate::level::{Dir, Move};
use crate::solver::{PushView, Verdict};

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
