//! Predict mode: before each step the frontier is listed without its priorities, in board
//! order; the student clicks the node they think the search expands next; the step is made
//! and the panel says right or wrong and why (the priorities revealed, the rule the method
//! picks by, from its catalogue entry), and keeps a score. The lab's puzzle searches are
//! predicted the same way: a node of either is a [`Guess`].

use crate::solver::{MethodInfo, NodeId, NodeView, Order};

use super::text::{order_text, push_text};

/// A frontier node as predict mode offers it.
pub trait Guess: Clone {
    /// Whether it is the same node as `other`.
    fn same(&self, other: &Self) -> bool;
    /// Its name in the list of choices (nothing of its priority).
    fn name(&self) -> String;
    /// Its priority, as the search orders by it.
    fn f(&self) -> u32;
}

impl Guess for NodeView {
    /// Frontier nodes not stored yet, as depth-first searches list them, are compared by
    /// their push and depth.
    fn same(&self, other: &Self) -> bool {
        if self.id != NodeId::MAX && other.id != NodeId::MAX {
            self.id == other.id
        } else {
            self.push == other.push && self.g == other.g
        }
    }

    /// Its id (when stored) and its push.
    fn name(&self) -> String {
        match self.id {
            NodeId::MAX => push_text(self.push),
            id => format!("#{id}  {}", push_text(self.push)),
        }
    }

    fn f(&self) -> u32 {
        self.f
    }
}

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
pub struct Answer<G> {
    /// The node guessed.
    pub guess: G,
    /// The node the search expanded (none when the step expanded nothing).
    pub expanded: Option<G>,
    /// The frontier before the step, with its priorities, next first.
    pub frontier: Vec<G>,
    /// How the guess fared.
    pub mark: Mark,
    /// Why, in words.
    pub said: String,
}

/// Predict mode's state, for the inspector's nodes or the lab's.
#[derive(Clone, Debug)]
pub struct Predict<G = NodeView> {
    /// Whether it is on.
    pub on: bool,
    /// Guesses right (ties count).
    pub right: u32,
    /// Guesses made.
    pub asked: u32,
    /// The last guess answered.
    pub last: Option<Answer<G>>,
}

impl<G> Default for Predict<G> {
    fn default() -> Self {
        Predict { on: false, right: 0, asked: 0, last: None }
    }
}

/// The inspector's frontier as predict mode offers it: in board order (the square the box
/// was pushed to, then the direction), so that the list's order gives nothing away.
pub fn choices(frontier: &[NodeView]) -> Vec<NodeView> {
    let mut choices = frontier.to_vec();
    choices.sort_by_key(|n| {
        let push = n.push.map(|p| (p.to.y, p.to.x, p.dir as u8));
        (push, n.g, n.id)
    });
    choices
}

impl<G: Guess> Predict<G> {
    /// Scores `guess` against the node the step expanded, `frontier` being the frontier
    /// before the step (next first); what to tell the student.
    pub fn judge(
        &mut self,
        guess: G,
        frontier: Vec<G>,
        expanded: Option<G>,
        info: &MethodInfo,
    ) -> String {
        let rule = info.picks.unwrap_or("the node its own rule picks");
        let order = info.order;
        let ranked_by_priority = !matches!(order, Order::Depth);
        let (mark, said) = match &expanded {
            None => (Mark::Wrong, "The step expanded no node: the search has ended.".to_string()),
            Some(e) if e.same(&guess) => (
                Mark::Right,
                format!("Right: it expanded {}, {}.", e.name(), order_text(order, e.f())),
            ),
            Some(e) if ranked_by_priority && e.f() == guess.f() => (
                Mark::Tie,
                format!(
                    "A tie: {} has the same {} as {}, which it expanded; it breaks ties its own way.",
                    guess.name(),
                    order.name(),
                    e.name()
                ),
            ),
            Some(e) if !frontier.iter().any(|n| n.same(e)) => (
                Mark::Wrong,
                format!(
                    "Wrong: it expanded {}, which was not in the frontier listed: none of the \
                     children listed could be expanded, so it backed up.",
                    e.name()
                ),
            ),
            Some(e) => (
                Mark::Wrong,
                format!(
                    "Wrong: it expanded {} ({}), not {} ({}).",
                    e.name(),
                    order_text(order, e.f()),
                    guess.name(),
                    order_text(order, guess.f())
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
