//! Checks a level for mistakes and reports them as diagnostics the editor and CLI show.

use crate::level::{Dir, Level, Pos, Terrain};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The level cannot be played or cannot be solved.
    Error,
    /// The level can be played but is probably not what was meant.
    Warning,
    /// Worth knowing; nothing is wrong.
    Info,
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        })
    }
}

/// One finding about a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// What is wrong, in words.
    pub message: String,
    /// The squares concerned: the first is where to show the problem, the others are
    /// related squares (the other player, further leaks); empty for whole-level findings.
    pub cells: Vec<Pos>,
}

impl Diagnostic {
    fn new(severity: Severity, message: impl Into<String>, cells: Vec<Pos>) -> Self {
        Diagnostic { severity, message: message.into(), cells }
    }
}

/// Most cells listed for one diagnostic.
const MAX_CELLS: usize = 20;

/// Everything found wrong with `level`, errors first: player count, box and goal counts,
/// a player who can walk off the board, boxes that can never move or never reach a goal,
/// a level that is already solved, a missing title.
pub fn validate(level: &Level) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let players = level.players();
    match players.len() {
        0 => out.push(Diagnostic::new(Severity::Error, "no player", vec![])),
        1 => {}
        n => {
            let mut cells = players[1..].to_vec();
            cells.push(players[0]);
            out.push(Diagnostic::new(Severity::Error, format!("{} players", count(n)), cells));
        }
    }
    let (boxes, goals) = (level.boxes(), level.goals());
    if boxes.is_empty() {
        out.push(Diagnostic::new(Severity::Error, "no boxes", vec![]));
    }
    if boxes.len() != goals.len() {
        let message = format!(
            "{} but {}",
            plural(boxes.len(), "box", "boxes"),
            plural(goals.len(), "goal", "goals")
        );
        out.push(Diagnostic::new(Severity::Error, message, vec![]));
    }
    for &player in &players {
        let leaks = leaks(level, player);
        if !leaks.is_empty() {
            let message = "the player can walk off the board (the walls have a gap)";
            out.push(Diagnostic::new(Severity::Error, message, leaks));
            break;
        }
    }
    let frozen = frozen_boxes(level);
    let live = live_squares(level);
    for &b in &boxes {
        let on_goal = level.square(b).terrain == Terrain::Goal;
        let stuck = frozen[index(level, b)];
        if stuck && !on_goal {
            let message = "this box can never be moved and is not on a goal";
            out.push(Diagnostic::new(Severity::Error, message, vec![b]));
        } else if !stuck && !live[index(level, b)] {
            let message = "this box can never be pushed to a goal";
            out.push(Diagnostic::new(Severity::Error, message, vec![b]));
        }
    }
    if level.is_solved() {
        out.push(Diagnostic::new(Severity::Warning, "the level is already solved", vec![]));
    }
    if level.meta.title.trim().is_empty() {
        out.push(Diagnostic::new(Severity::Info, "the level has no title", vec![]));
    }
    out
}

fn count(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        _ => n.to_string(),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn index(level: &Level, p: Pos) -> usize {
    p.y * level.width() + p.x
}

/// Squares on the edge of the area the player can walk through (walls hold it, boxes do
/// not) from which the player leaves the board or enters the outside.
fn leaks(level: &Level, start: Pos) -> Vec<Pos> {
    let mut seen = vec![false; level.width() * level.height()];
    let mut stack = vec![start];
    seen[index(level, start)] = true;
    let mut leaks = Vec::new();
    while let Some(p) = stack.pop() {
        let mut leak = false;
        for dir in Dir::ALL {
            match level.step_on_board(p, dir) {
                None => leak = true,
                Some(q) => match level.square(q).terrain {
                    Terrain::Wall => {}
                    Terrain::Outside => leak = true,
                    _ => {
                        if !seen[index(level, q)] {
                            seen[index(level, q)] = true;
                            stack.push(q);
                        }
                    }
                },
            }
        }
        if leak && leaks.len() < MAX_CELLS {
            leaks.push(p);
        }
    }
    leaks.sort();
    leaks
}

/// Boxes that can never move, whatever the player does: along each axis a wall, or a box
/// that itself can never move, blocks one side (the largest such set), as a grid.
fn frozen_boxes(level: &Level) -> Vec<bool> {
    let mut frozen: Vec<bool> = level.squares().iter().map(|s| s.has_box).collect();
    let mut queue = level.boxes();
    while let Some(b) = queue.pop() {
        if !frozen[index(level, b)] {
            continue;
        }
        let blocked = |p: Option<Pos>| match p {
            None => true,
            Some(q) => !level.square(q).terrain.is_walkable() || frozen[index(level, q)],
        };
        let axis = |a: Dir| {
            blocked(level.step_on_board(b, a)) || blocked(level.step_on_board(b, a.opposite()))
        };
        if !(axis(Dir::Left) && axis(Dir::Up)) {
            frozen[index(level, b)] = false;
            for dir in Dir::ALL {
                if let Some(q) = level.step_on_board(b, dir)
                    && frozen[index(level, q)]
                {
                    queue.push(q);
                }
            }
        }
    }
    frozen
}

/// For each square, whether a box standing there could be pushed to some goal on an
/// otherwise empty board (found by pulling boxes backwards from the goals).
fn live_squares(level: &Level) -> Vec<bool> {
    let walkable = |p: Option<Pos>| p.is_some_and(|q| level.square(q).terrain.is_walkable());
    let mut live = vec![false; level.width() * level.height()];
    let mut stack = level.goals();
    for &g in &stack {
        live[index(level, g)] = true;
    }
    while let Some(p) = stack.pop() {
        for dir in Dir::ALL {
            let from = level.step_on_board(p, dir);
            let player = from.and_then(|q| level.step_on_board(q, dir));
            if let Some(q) = from
                && walkable(from)
                && walkable(player)
                && !live[index(level, q)]
            {
                live[index(level, q)] = true;
                stack.push(q);
            }
        }
    }
    live
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(rows: &[&str]) -> Vec<String> {
        let mut level = Level::from_rows(rows).unwrap();
        level.meta.title = "t".into();
        validate(&level).into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn a_good_level_has_no_findings() {
        assert!(messages(&["#####", "#@$.#", "#####"]).is_empty());
    }

    #[test]
    fn each_problem_is_found() {
        assert_eq!(messages(&["#####", "#@$.#", "#@  #", "#####"]), ["two players"]);
        assert_eq!(messages(&["####", "#  #", "####"]), ["no player", "no boxes"]);
        assert_eq!(messages(&["######", "#@$$.#", "######"])[0], "2 boxes but 1 goal");
        assert!(messages(&["#####", "#@$. ", "#####"])[0].contains("walk off"));
        assert!(messages(&["#####", "#$  #", "#@ .#", "#####"])[0].contains("never be moved"));
        assert!(messages(&["######", "#    #", "#@$  #", "#.   #", "######"]).is_empty());
        assert!(messages(&["#####", "#  .#", "# $ #", "#@  #", "#####"]).is_empty());
        assert!(messages(&["######", "#.  @#", "#  $ #", "#    #", "######"]).is_empty());
        assert!(
            messages(&["#####", "#. @#", "#   #", "#  $#", "#   #", "#####"])[0]
                .contains("never be pushed")
        );
        assert_eq!(messages(&["####", "#@*#", "####"]), ["the level is already solved"]);
    }

    #[test]
    fn two_by_two_boxes_are_frozen() {
        let rows = ["#######", "#@    #", "# $$  #", "# $$  #", "#  .. #", "#  .. #", "#######"];
        let found = messages(&rows);
        assert_eq!(found.iter().filter(|m| m.contains("never be moved")).count(), 4);
    }
}
