//! The chapter's worked examples, each with the counts the book prints beside ours: the
//! 8- and 15-puzzle searches from the boards its text gives, and the tic-tac-toe game
//! trees. They ship as the `nutshell-fig-…` and `nutshell-table-7-2` experiments.

use crate::lab::game_tree::stepper::Rule;
use crate::lab::game_tree::{alpha_beta, minimax, negmax};
use crate::lab::puzzle::{Evaluator, Puzzle};
use crate::lab::tictactoe::TicTacToe;
use crate::lab::trial::{Algorithm, Bounds, trial};
use crate::solver::Limits;
use serde::{Deserialize, Serialize};

/// A figure's examples: each a search from a given position, with the book's counts.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// What the table shows.
    pub title: String,
    /// The examples, one row each (a sweep of depth bounds, one row a bound).
    pub runs: Vec<Example>,
}

/// One example of a figure.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// What is searched, in words.
    pub what: String,
    /// The search and its start.
    pub case: Case,
    /// What the book prints (nothing when its figure's numbers are not in the text).
    #[serde(default)]
    pub book: Counts,
    /// Why ours differ, or how the example was found, printed under the table.
    #[serde(default)]
    pub note: Option<String>,
}

/// A search of an example.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub enum Case {
    /// A textbook search on a sliding-tile puzzle (3×3 or 4×4, read as
    /// [`Puzzle::parse`] reads it), stopped after `expansions` when given.
    Puzzle {
        /// The start board.
        start: String,
        /// The evaluator (A* and IDA* need one; the others ignore it).
        #[serde(default)]
        evaluator: Option<Evaluator>,
        /// The search.
        search: Algorithm,
        /// Expansions after which the search is stopped, to read its counts there.
        #[serde(default)]
        expansions: Option<u64>,
    },
    /// Depth-first search from `start` with each depth bound of `depths`, one row each.
    DepthSweep {
        /// The start board.
        start: String,
        /// The depth bounds.
        depths: Vec<u32>,
    },
    /// A game-tree search on tic-tac-toe (read as [`TicTacToe::parse`] reads it), `plies`
    /// half-moves deep.
    Game {
        /// The position.
        board: String,
        /// The search.
        search: Rule,
        /// Half-moves searched.
        plies: u32,
    },
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum End {
    /// It found a solution of this many moves.
    Solved(u32),
    /// It ended without one.
    Failed,
    /// It was stopped first (the book's: it ran out of memory).
    Stopped,
}

/// The counts of one search; what is not known is left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    /// How it ended.
    #[serde(default)]
    pub end: Option<End>,
    /// Expansions made (more than closed when a state was queued twice).
    #[serde(default)]
    pub expanded: Option<u64>,
    /// States closed (the book's "processed").
    #[serde(default)]
    pub closed: Option<u64>,
    /// States left open.
    #[serde(default)]
    pub open: Option<u64>,
    /// States explored (the game trees': every node walked).
    #[serde(default)]
    pub states: Option<u64>,
}

impl Counts {
    /// Whether every count the book gives is ours too (none when it gives none).
    pub fn agrees(&self, ours: &Counts) -> Option<bool> {
        let given = [
            self.end.map(|e| Some(e) == ours.end),
            self.expanded.map(|x| Some(x) == ours.expanded),
            self.closed.map(|c| Some(c) == ours.closed),
            self.open.map(|o| Some(o) == ours.open),
            self.states.map(|s| Some(s) == ours.states),
        ];
        let given: Vec<bool> = given.into_iter().flatten().collect();
        (!given.is_empty()).then(|| given.iter().all(|&b| b))
    }

    /// In words: "5 moves, 26 closed, 20 open", "fails, 20441 closed", "8232 states" (ours
    /// say the expansions too).
    pub fn words(&self) -> String {
        let mut parts = Vec::new();
        match self.end {
            Some(End::Solved(m)) => parts.push(format!("{m} moves")),
            Some(End::Failed) => parts.push("fails".into()),
            Some(End::Stopped) => parts.push("stopped".into()),
            None => {}
        }
        if let Some(x) = self.expanded {
            parts.push(format!("{x} expanded"));
        }
        if let Some(c) = self.closed {
            parts.push(format!("{c} closed"));
        }
        if let Some(o) = self.open {
            parts.push(format!("{o} open"));
        }
        if let Some(s) = self.states {
            parts.push(format!("{s} states"));
        }
        if parts.is_empty() { "not in the text".into() } else { parts.join(", ") }
    }
}

/// A row of a figure's table: the example, the book's counts and ours.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureRow {
    /// What was searched.
    pub what: String,
    /// The search, as the book names it.
    pub search: String,
    /// The book's counts.
    pub book: Counts,
    /// Ours.
    pub ours: Counts,
    /// Whether every count the book gives is ours (none when it gives none).
    pub same: Option<bool>,
    /// The example's note (on its first row only).
    pub note: Option<String>,
}

impl FigureRow {
    /// "same" when every count the book gives is ours, "differs" when one is not, "" when
    /// the book gives none.
    pub fn verdict(&self) -> &'static str {
        match self.same {
            Some(true) => "same",
            Some(false) => "differs",
            None => "",
        }
    }
}

impl Figures {
    /// What the parser cannot see, as the index of the example at fault and why: boards
    /// that do not read, a best-first search without an evaluator, no examples.
    pub fn check(&self) -> Result<(), (Option<usize>, String)> {
        if self.runs.is_empty() {
            return Err((None, "no runs; list one or more examples".into()));
        }
        for (i, run) in self.runs.iter().enumerate() {
            let fault = |m: String| Err((Some(i), m));
            match &run.case {
                Case::Puzzle { start, evaluator, search, .. } => {
                    if let Err(e) = Puzzle::parse(start, Evaluator::Fair) {
                        return fault(e);
                    }
                    if evaluator.is_none()
                        && matches!(search, Algorithm::AStar | Algorithm::IdaStar)
                    {
                        return fault(format!("{} needs an evaluator", search.label()));
                    }
                }
                Case::DepthSweep { start, depths } => {
                    if let Err(e) = Puzzle::parse(start, Evaluator::Fair) {
                        return fault(e);
                    }
                    if depths.is_empty() {
                        return fault("no depths; list one or more".into());
                    }
                }
                Case::Game { board, plies, .. } => {
                    if let Err(e) = TicTacToe::parse(board) {
                        return fault(e);
                    }
                    if !(1..=9).contains(plies) {
                        return fault(format!("{plies} plies; give from 1 to 9"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs every example (checked first by [`Figures::check`]) under `limits`;
    /// `done(k, total)` hears of each one finished and stops the run (with
    /// `Err("cancelled")`) when it returns false.
    pub fn run(
        &self,
        limits: &Limits,
        done: &dyn Fn(u64, u64) -> bool,
    ) -> Result<Vec<FigureRow>, String> {
        let bounds = Bounds::new(limits, 1);
        let mut rows = Vec::new();
        for (i, run) in self.runs.iter().enumerate() {
            for (k, (search, ours)) in run.case.counts(&bounds)?.into_iter().enumerate() {
                let same = run.book.agrees(&ours);
                let note = if k == 0 { run.note.clone() } else { None };
                let what = run.what.clone();
                rows.push(FigureRow { what, search, book: run.book, ours, same, note });
            }
            if !done(i as u64 + 1, self.runs.len() as u64) {
                return Err("cancelled".into());
            }
        }
        Ok(rows)
    }
}

impl Case {
    /// Runs the case: each search's name and its counts.
    fn counts(&self, bounds: &Bounds) -> Result<Vec<(String, Counts)>, String> {
        Ok(match self {
            Case::Puzzle { start, evaluator, search, expansions } => {
                let puzzle = Puzzle::parse(start, evaluator.unwrap_or(Evaluator::Fair))?;
                let mut name = search.label();
                if let (Algorithm::AStar | Algorithm::IdaStar, Some(e)) = (search, evaluator) {
                    name = format!("{name}, {}", e.name());
                }
                vec![(name, puzzle_counts(puzzle, *search, *expansions, bounds)?)]
            }
            Case::DepthSweep { start, depths } => {
                let puzzle = Puzzle::parse(start, Evaluator::Fair)?;
                let mut out = Vec::new();
                for &d in depths {
                    let search = Algorithm::Dfs(crate::lab::trial::DepthBound::Fixed(d));
                    out.push((
                        search.label(),
                        puzzle_counts(puzzle.clone(), search, None, bounds)?,
                    ));
                }
                out
            }
            Case::Game { board, search, plies } => {
                let t = TicTacToe::parse(board)?;
                let states = match search {
                    Rule::Minimax => minimax(&t, *plies).states,
                    Rule::NegMax => negmax(&t, *plies).states,
                    Rule::AlphaBeta => alpha_beta(&t, *plies).states,
                };
                let name = format!("{}, {} plies", search.name(), plies);
                vec![(name, Counts { states: Some(states), ..Counts::default() })]
            }
        })
    }
}

/// The counts of `search` on `puzzle`, stopped after `expansions` when given.
fn puzzle_counts(
    puzzle: Puzzle,
    search: Algorithm,
    expansions: Option<u64>,
    bounds: &Bounds,
) -> Result<Counts, String> {
    let t = trial(puzzle, search.search(0), expansions, bounds)?;
    let end = match (t.length, t.stopped) {
        (Some(m), _) => End::Solved(m),
        (None, true) => End::Stopped,
        (None, false) => End::Failed,
    };
    Ok(Counts {
        end: Some(end),
        expanded: Some(t.expanded),
        closed: Some(t.closed),
        open: Some(t.open),
        states: Some(t.closed + t.open),
    })
}

#[cfg(test)]
mod tests {
    use crate::lab::figures::End;
    use crate::solver::Limits;

    /// Figure 7-15's board is drawn, not written. Under the rules that give figure 7-16
    /// exactly, no board within eight moves of the goal gives its counts (8 moves, 50
    /// processed, 4 open) with the depth bound of 9 it names (N1 gives them with 10).
    #[test]
    fn no_board_within_eight_moves_gives_figure_7_15s_counts() {
        use crate::lab::puzzle::{Evaluator, Puzzle};
        use crate::lab::trial::{Algorithm, Bounds, DepthBound};
        let goal = Puzzle::solved(3, Evaluator::Fair).unwrap();
        let mut seen = std::collections::HashSet::from([goal.start_board()]);
        let mut layer = vec![goal.start_board()];
        for _ in 0..8 {
            layer = layer
                .iter()
                .flat_map(|&b| goal.moves(b).map(|(c, _)| c).collect::<Vec<_>>())
                .filter(|&c| seen.insert(c))
                .collect();
        }
        assert!(seen.len() > 100, "{} boards", seen.len());
        let bounds = Bounds::new(&Limits::default(), 1);
        let dfs = Algorithm::Dfs(DepthBound::Fixed(9));
        let figure = seen.iter().filter(|&&b| {
            let c = super::puzzle_counts(goal.from(b), dfs, None, &bounds).unwrap();
            (c.end, c.closed, c.open) == (Some(End::Solved(8)), Some(50), Some(4))
        });
        assert_eq!(figure.count(), 0);
    }
}
