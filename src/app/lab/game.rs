//! The lab's game trees: tic-tac-toe from a board some random moves in, searched by
//! Minimax, NegMax or AlphaBeta one state at a time, and the tree of the first states it
//! explores (each node's moves generated when it is entered; the moves AlphaBeta's window
//! cuts marked so when their node is finished).

use crate::lab::game_tree::Game;
use crate::lab::game_tree::stepper::{Rule, Stepper};
use crate::lab::tictactoe::{Cell, TicTacToe};
use crate::solver::Random;
use crate::solver::Verdict;
use crate::solver::inspect::trace::TREE_EXPANSIONS;
use crate::solver::inspect::tree::TreeNode;

/// States a "Run" explores each frame.
const RUN_CHUNK: u32 = 5_000;

/// A tic-tac-toe search being stepped.
pub struct GameLab {
    /// The search.
    pub rule: Rule,
    /// Plies searched.
    pub ply: u32,
    /// The position searched from.
    pub start: TicTacToe,
    /// The search, from `start`.
    pub stepper: Stepper<TicTacToe>,
    /// The tree of the first states explored.
    pub tree: GameTree,
}

impl Default for GameLab {
    fn default() -> Self {
        let start = TicTacToe::new();
        let (rule, ply) = (Rule::AlphaBeta, 9);
        let stepper = Stepper::new(&start, ply, rule);
        GameLab { tree: GameTree::new(&stepper), stepper, rule, ply, start }
    }
}

/// The tree of the first [`TREE_EXPANSIONS`] states a game-tree search explores: a node
/// per move generated, "expanded" when the search makes that move.
#[derive(Clone, Debug, Default)]
pub struct GameTree {
    /// The nodes, parents first.
    pub nodes: Vec<TreeNode>,
    /// Each node's children, in move order.
    children: Vec<Vec<usize>>,
    /// The tree nodes of the search's path, one per frame.
    path: Vec<usize>,
}

impl GameTree {
    /// The root of `stepper`'s search, its moves generated.
    fn new(stepper: &Stepper<TicTacToe>) -> Self {
        let mut tree = GameTree::default();
        tree.add(None, 0);
        tree.nodes[0].expanded = Some(0);
        if let Some(root) = stepper.frames().first() {
            tree.path.push(0);
            tree.generate(0, root.moves.len(), 0);
        }
        tree
    }

    fn add(&mut self, parent: Option<usize>, born: usize) -> usize {
        let depth = parent.map_or(0, |p| self.nodes[p].depth + 1);
        let verdict = parent.map(|_| Verdict::Kept);
        let node = u32::try_from(self.nodes.len()).ok();
        self.nodes.push(TreeNode {
            parent,
            node,
            push: None,
            verdict,
            born,
            expanded: None,
            depth,
        });
        self.children.push(Vec::new());
        self.nodes.len() - 1
    }

    fn generate(&mut self, parent: usize, moves: usize, born: usize) {
        self.children[parent] = (0..moves).map(|_| self.add(Some(parent), born)).collect();
    }

    /// Takes in the step `stepper` just made.
    fn follow(&mut self, stepper: &Stepper<TicTacToe>) {
        let k = (stepper.states() - 1) as usize;
        if k >= TREE_EXPANSIONS {
            // The tree stays as it stood after its last state.
            return;
        }
        let frames = stepper.frames();
        // A frame with no move tried yet was just entered; else the top frame made a move
        // to a leaf (or the root is finished and nothing was explored).
        let pushed = frames.last().is_some_and(|f| f.next == 0 && f.entered_by.is_some());
        let mover = if pushed { frames.len().checked_sub(2) } else { frames.len().checked_sub(1) };
        let keep = mover.map_or(0, |d| d + 1);
        // The nodes left: their untried moves were cut by the window.
        for node in self.path.split_off(keep.min(self.path.len())) {
            for &c in &self.children[node] {
                if self.nodes[c].expanded.is_none() {
                    self.nodes[c].verdict = Some(Verdict::OverBound);
                }
            }
        }
        let Some(d) = mover else { return };
        let (Some(&parent), Some(index)) = (self.path.get(d), frames[d].next.checked_sub(1)) else {
            return;
        };
        let Some(&child) = self.children[parent].get(index) else { return };
        self.nodes[child].expanded = Some(k);
        if pushed {
            self.path.push(child);
            let moves = frames.last().map_or(0, |f| f.moves.len());
            self.generate(child, moves, k);
        }
    }
}

/// `c` as the program writes squares: `row:column`, from 1.
pub fn cell_text(c: Cell) -> String {
    format!("{}:{}", c.row + 1, c.col + 1)
}

impl GameLab {
    /// Starts the search again from `start`.
    pub fn restart(&mut self) {
        self.stepper = Stepper::new(&self.start, self.ply, self.rule);
        self.tree = GameTree::new(&self.stepper);
    }

    /// A new start `moves` random moves into a game (stopping early at its end).
    pub fn new_board(&mut self, moves: u32, random: &mut Random) {
        let mut board = TicTacToe::new();
        for _ in 0..moves.min(8) {
            let options = board.moves();
            if options.is_empty() {
                break;
            }
            board.play(options[random.below(options.len())]);
        }
        self.start = board;
        self.restart();
    }

    /// One state; true when the search is finished.
    pub fn step(&mut self) -> bool {
        if self.stepper.result().is_some() {
            return true;
        }
        let done = self.stepper.step().is_some();
        self.tree.follow(&self.stepper);
        done
    }

    /// A chunk of states; true when the search is finished.
    pub fn run_chunk(&mut self) -> bool {
        (0..RUN_CHUNK).any(|_| self.step())
    }

    /// One line saying where the search stands.
    pub fn state_line(&self) -> String {
        let s = &self.stepper;
        match s.result() {
            Some(e) => {
                let best = e.best.map_or("no move".into(), cell_text);
                format!(
                    "Done: best {best}, score {}, {} states explored.",
                    score_text(e.score),
                    e.states
                )
            }
            None if s.states() == 1 => "Not started: press Step or Run.".into(),
            None => format!("{} states explored, depth {}.", s.states(), s.frames().len()),
        }
    }
}

/// A score, the wins by name.
pub fn score_text(score: i32) -> String {
    match score {
        crate::lab::game_tree::WIN => "win".into(),
        s if s == -crate::lab::game_tree::WIN => "loss".into(),
        i32::MIN => "none yet".into(),
        s => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps `lab` to the end.
    fn finish(lab: &mut GameLab) {
        while !lab.step() {}
    }

    #[test]
    fn the_tree_has_a_node_per_state_explored_under_the_node_that_moved() {
        let mut lab = GameLab::default();
        lab.new_board(5, &mut Random::new(3));
        lab.rule = Rule::Minimax;
        lab.restart();
        finish(&mut lab);
        let states = lab.stepper.result().unwrap().states as usize;
        assert!(states < TREE_EXPANSIONS, "a small search: {states} states");
        let nodes = &lab.tree.nodes;
        // Minimax tries every move: every node is explored, one per state.
        assert_eq!(nodes.len(), states);
        let mut explored: Vec<usize> = nodes.iter().filter_map(|n| n.expanded).collect();
        explored.sort();
        assert_eq!(explored, (0..states).collect::<Vec<_>>(), "one node per step");
        for n in &nodes[1..] {
            let parent = &nodes[n.parent.unwrap()];
            assert!(parent.expanded < n.expanded, "a parent is entered before its children");
            assert_eq!(n.depth, parent.depth + 1);
        }
    }

    #[test]
    fn alpha_beta_marks_the_moves_its_window_cut() {
        let mut lab = GameLab::default();
        lab.new_board(4, &mut Random::new(1));
        lab.restart();
        finish(&mut lab);
        let states = lab.stepper.result().unwrap().states as usize;
        let nodes = &lab.tree.nodes;
        let explored = nodes.iter().filter(|n| n.expanded.is_some()).count();
        let cut = nodes.iter().filter(|n| n.verdict == Some(Verdict::OverBound)).count();
        assert_eq!(explored, states.min(TREE_EXPANSIONS));
        assert!(cut > 0, "AlphaBeta cuts moves");
        for n in nodes {
            assert!(
                n.expanded.is_some() != (n.verdict == Some(Verdict::OverBound)),
                "a move is either made or cut"
            );
        }
    }
}
