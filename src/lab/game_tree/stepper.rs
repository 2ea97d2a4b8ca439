//! The three game-tree searches made resumable, for the lab to step: the recursion is kept
//! on an explicit stack, and each step makes one move (explores one state, as the book
//! counts them). It walks the same tree in the same order as [`super::minimax`],
//! [`super::negmax`] and [`super::alpha_beta`] and ends with the same evaluation.

use crate::lab::game_tree::{Evaluation, Game, WIN};

/// Which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub enum Rule {
    /// Minimax: the side that started maximises, the other minimises.
    Minimax,
    /// NegMax: every score for the side to move, negated on the way up.
    NegMax,
    /// AlphaBeta in NegMax form, cutting once its window closes.
    AlphaBeta,
}

impl Rule {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Minimax => "Minimax",
            Rule::NegMax => "NegMax",
            Rule::AlphaBeta => "AlphaBeta",
        }
    }
}

/// One node on the path: its moves, how far through them the search is, and what it has
/// found.
#[derive(Clone, Debug)]
pub struct Frame<M> {
    /// The move that reached this node (none at the root).
    pub entered_by: Option<M>,
    /// Its moves, each with the score it returned once searched.
    pub moves: Vec<(M, Option<i32>)>,
    /// The next move to try.
    pub next: usize,
    /// Plies left below it.
    pub ply: u32,
    /// Minimax: whether it maximises.
    pub max: bool,
    /// AlphaBeta's window.
    pub alpha: i32,
    /// AlphaBeta's window.
    pub beta: i32,
    /// The best score so far and its move.
    pub best: (i32, Option<M>),
}

/// A game-tree search that can be stepped.
#[derive(Clone, Debug)]
pub struct Stepper<G: Game> {
    rule: Rule,
    position: G,
    me: G::Player,
    frames: Vec<Frame<G::Move>>,
    states: u64,
    result: Option<Evaluation<G::Move>>,
    /// The root's frame once the search is done, its moves' scores kept to be shown.
    root: Option<Frame<G::Move>>,
}

impl<G: Game> Stepper<G> {
    /// A search of `rule` from `game`, `ply` moves deep.
    pub fn new(game: &G, ply: u32, rule: Rule) -> Self {
        let me = game.to_move();
        let mut s = Stepper {
            rule,
            position: game.clone(),
            me,
            frames: Vec::new(),
            states: 1,
            result: None,
            root: None,
        };
        match s.leaf(ply) {
            Some(score) => s.result = Some(Evaluation { best: None, score, states: 1 }),
            None => s.frames.push(s.frame(None, ply, true, -WIN, WIN)),
        }
        s
    }

    /// The leaf score of the position for the rule, or none when the node is not a leaf.
    fn leaf(&self, ply: u32) -> Option<i32> {
        let leaf = ply == 0 || self.position.moves().is_empty();
        leaf.then(|| match self.rule {
            Rule::Minimax => self.position.score(self.me),
            Rule::NegMax | Rule::AlphaBeta => self.position.score(self.position.to_move()),
        })
    }

    fn frame(
        &self,
        entered_by: Option<G::Move>,
        ply: u32,
        max: bool,
        alpha: i32,
        beta: i32,
    ) -> Frame<G::Move> {
        let best = match self.rule {
            Rule::Minimax => (if max { i32::MIN } else { i32::MAX }, None),
            Rule::NegMax => (-WIN, None),
            Rule::AlphaBeta => (alpha, None),
        };
        let moves = self.position.moves().into_iter().map(|m| (m, None)).collect();
        Frame { entered_by, moves, next: 0, ply, max, alpha, beta, best }
    }

    /// Takes child score `score` of move `m` into the top frame.
    fn fold(&mut self, m: G::Move, score: i32) {
        let rule = self.rule;
        let Some(top) = self.frames.last_mut() else { return };
        if let Some(entry) = top.moves.iter_mut().find(|(mv, s)| *mv == m && s.is_none()) {
            entry.1 = Some(score);
        }
        match rule {
            Rule::Minimax => {
                if (top.max && score > top.best.0) || (!top.max && score < top.best.0) {
                    top.best = (score, Some(m));
                }
            }
            Rule::NegMax => {
                if -score > top.best.0 {
                    top.best = (-score, Some(m));
                }
            }
            Rule::AlphaBeta => {
                if -score > top.alpha {
                    top.alpha = -score;
                    top.best = (top.alpha, Some(m));
                }
            }
        }
    }

    /// Makes the next move (one state explored), finishing the nodes whose moves are all
    /// tried (or cut) on the way; the evaluation once the root is finished.
    pub fn step(&mut self) -> Option<Evaluation<G::Move>> {
        while self.result.is_none() {
            let rule = self.rule;
            let top = self.frames.last_mut()?;
            let cut = rule == Rule::AlphaBeta && top.alpha >= top.beta;
            if top.next < top.moves.len() && !cut {
                let m = top.moves[top.next].0;
                top.next += 1;
                let (ply, max, alpha, beta) = (top.ply - 1, !top.max, -top.beta, -top.alpha);
                self.position.play(m);
                self.states += 1;
                match self.leaf(ply) {
                    Some(score) => {
                        self.position.undo(m);
                        self.fold(m, score);
                    }
                    None => {
                        let frame = self.frame(Some(m), ply, max, alpha, beta);
                        self.frames.push(frame);
                    }
                }
                return None;
            }
            let done = self.frames.pop()?;
            match done.entered_by {
                Some(m) => {
                    self.position.undo(m);
                    self.fold(m, done.best.0);
                }
                None => {
                    let (score, best) = done.best;
                    self.result = Some(Evaluation { best, score, states: self.states });
                    self.root = Some(done);
                }
            }
        }
        self.result
    }

    /// The evaluation, once finished.
    pub fn result(&self) -> Option<Evaluation<G::Move>> {
        self.result
    }

    /// The root's frame once the search is done (its moves with their scores).
    pub fn finished_root(&self) -> Option<&Frame<G::Move>> {
        self.root.as_ref()
    }

    /// The position at the top of the path.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The path from the root, root first.
    pub fn frames(&self) -> &[Frame<G::Move>] {
        &self.frames
    }

    /// States explored so far (the root and every move made).
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The search.
    pub fn rule(&self) -> Rule {
        self.rule
    }
}

#[cfg(test)]
mod tests {
    use crate::lab::game_tree::stepper::{Rule, Stepper};
    use crate::lab::game_tree::{Game, alpha_beta, minimax, negmax};
    use crate::lab::tictactoe::TicTacToe;

    /// From every position after two moves, at every ply, stepping ends with the
    /// recursive search's evaluation and state count, one state a step.
    #[test]
    fn stepping_ends_where_the_recursive_searches_end() {
        let mut positions = Vec::new();
        for a in TicTacToe::new().moves() {
            let mut one = TicTacToe::new();
            one.play(a);
            positions.push(one.clone());
            for b in one.moves() {
                let mut two = one.clone();
                two.play(b);
                positions.push(two);
            }
        }
        for position in &positions {
            for ply in [1, 2, 3, 7] {
                for (rule, expected) in [
                    (Rule::Minimax, minimax(position, ply)),
                    (Rule::NegMax, negmax(position, ply)),
                    (Rule::AlphaBeta, alpha_beta(position, ply)),
                ] {
                    let mut s = Stepper::new(position, ply, rule);
                    let mut steps = 0;
                    let result = loop {
                        let before = s.states();
                        if let Some(r) = s.step() {
                            break r;
                        }
                        steps += 1;
                        assert_eq!(s.states(), before + 1, "one state a step");
                    };
                    assert_eq!(result, expected, "{rule:?} at ply {ply} from {position:?}");
                    assert_eq!(steps + 1, result.states, "the root, then a state a step");
                    assert_eq!(s.position(), position, "every move taken back");
                }
            }
        }
    }
}
