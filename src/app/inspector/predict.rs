//! Predict mode: before each step the frontier is listed without its priorities, in board
//! order; the student clicks the node they think the search expands next; the step is made
//! and the panel says right or wrong and why (the priorities revealed, the rule the method
//! picks by, from its catalogue entry), and keeps a score.

use crate::solver::{MethodInfo, NodeId, NodeView, Order};

use super::text::{node_row, push_text};

/// How a guess fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The node the search expanded.
    Right,
    /// Another node of the same priority: the search broke the tie its own way.
    Tie,
    /// Wrong.
    Wrong,
}

/// The last guess and what the search did.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The node guessed.
    pub guess: NodeView,
    /// The node the search expanded (none when the step expanded nothing).
    pub expanded: Option<NodeView>,
    /// The frontier before the step, with its priorities, next first.
    pub frontier: Vec<NodeView>,
    /// How the guess fared.
    pub mark: Mark,
    /// Why, in words.
    pub said: String,
}

/// Predict mode's state.
#[derive(Clone, Debug, Default)]
pub struct Predict {
    /// Whether it is on.
    pub on: bool,
    /// Guesses right (ties count).
    pub right: u32,
    /// Guesses made.
    pub asked: u32,
    /// The last guess answered.
    pub last: Option<Answer>,
}

/// Whether `a` and `b` are the same node (frontier nodes not stored yet, as depth-first
/// searches list them, by their push and depth).
pub fn same(a: &NodeView, b: &NodeView) -> bool {
    if a.id != NodeId::MAX && b.id != NodeId::MAX {
        a.id == b.id
    } else {
        a.push == b.push && a.g == b.g
    }
}

/// The name of a frontier node in predict mode: its id (when stored) and its push.
pub fn choice_text(n: &NodeView) -> String {
    match n.id {
        NodeId::MAX => push_text(n.push),
        id => format!("#{id}  {}", push_text(n.push)),
    }
}

impl Predict {
    /// The frontier as predict mode offers it: in board order (the square the box was
    /// pushed to, then the direction), so that the list's order gives nothing away.
    pub fn choices(frontier: &[NodeView]) -> Vec<NodeView> {
        let mut choices = frontier.to_vec();
        choices.sort_by_key(|n| {
            let push = n.push.map(|p| (p.to.y, p.to.x, p.dir as u8));
            (push, n.g, n.id)
        });
        choices
    }

    /// Scores `guess` against the node the step expanded, `frontier` being the frontier
    /// before the step (next first); what to tell the student.
    pub fn judge(
        &mut self,
        guess: NodeView,
        frontier: Vec<NodeView>,
        expanded: Option<NodeView>,
        info: &MethodInfo,
    ) -> String {
        let rule = info.picks.unwrap_or("the node its own rule picks");
        let order = info.order;
        let ranked_by_priority = !matches!(order, Order::Depth);
        let (mark, said) = match expanded {
            None => (Mark::Wrong, "The step expanded no node: the search has ended.".to_string()),
            Some(e) if same(&e, &guess) => (
                Mark::Right,
                format!("Right: it expanded {}, {}.", choice_text(&e), priority(&e, order)),
            ),
            Some(e) if ranked_by_priority && e.f == guess.f => (
                Mark::Tie,
                format!(
                    "A tie: {} has the same {} as {}, which it expanded; it breaks ties its own way.",
                    choice_text(&guess),
                    order.name(),
                    choice_text(&e)
                ),
            ),
            Some(e) if !frontier.iter().any(|n| same(n, &e)) => (
                Mark::Wrong,
                format!(
                    "Wrong: it expanded {}, which was not in the frontier listed: none of the \
                     children listed could be expanded, so it backed up.",
                    choice_text(&e)
                ),
            ),
            Some(e) => (
                Mark::Wrong,
                format!(
                    "Wrong: it expanded {} ({}), not {} ({}).",
                    choice_text(&e),
                    priority(&e, order),
                    choice_text(&guess),
                    priority(&guess, order)
                ),
            ),
        };
        self.asked += 1;
        self.right += u32::from(mark != Mark::Wrong);
        let said = format!("{said} This search expands {rule}.");
        self.last = Some(Answer { guess, expanded, frontier, mark, said: said.clone() });
        said
    }

    /// The score, in words.
    pub fn score(&self) -> String {
        format!("Score: {} of {}", self.right, self.asked)
    }
}

/// A node's priority, named as the method names it (`f 7`, `depth 3`).
fn priority(n: &NodeView, order: Order) -> String {
    let row = node_row(n, order);
    row.rsplit("  ").next().unwrap_or(&row).to_string()
}
