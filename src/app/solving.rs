//! The solving group: the solver runs on a worker thread with the method the user chose ([`Aim`]:
//! fast, push-optimal or move-optimal), reports its counters for the progress line, can be
//! cancelled, and its solution is kept, labelled with how it was found, to be replayed in play
//! mode, watched on the timeline or saved into the level.

use std::collections::HashMap;
use std::time::Duration;

use crate::app::document::LevelKey;
use crate::app::inspector::text::plural;
use crate::app::worker::{Job, Waker};
use crate::level::{Level, Move};
use crate::solver::{Config, Limits, Method, MoveSearch, Outcome, Stats, solve_with_progress};

/// What Solve looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Aim {
    /// Any solution, soon: the strongest any-solution search (`auto`).
    #[default]
    Fast,
    /// A solution with the fewest pushes, proved (A* with the matching bound); slower.
    PushOptimal,
    /// A solution with the fewest moves, then pushes, proved (A* on moves); slower still.
    MoveOptimal,
}

impl Aim {
    /// All, in the order the panel offers them.
    pub const ALL: [Aim; 3] = [Aim::Fast, Aim::PushOptimal, Aim::MoveOptimal];

    /// The search configuration.
    pub fn config(self) -> Config {
        match self {
            Aim::Fast => Config::default(),
            Aim::PushOptimal => Config::with_method(Method::AStar),
            Aim::MoveOptimal => Config::with_method(Method::Moves(MoveSearch::AStar)),
        }
    }

    /// How a solution it found was found: "the fast solver (auto)".
    pub fn how(self) -> &'static str {
        match self {
            Aim::Fast => "the fast solver (auto)",
            Aim::PushOptimal => "the push-optimal solver (A*)",
            Aim::MoveOptimal => "the move-optimal solver (A* on moves)",
        }
    }
}

/// Most memory the solver may hold; it stops with `memory` past this.
const MEMORY: usize = 1 << 30;

/// The solver's run, its last solution, and what this session has proved.
#[derive(Default)]
pub struct SolverState {
    /// The solver running in the background.
    pub run: Option<SolveRun>,
    /// The last solution the solver found.
    pub found: Option<Found>,
    /// The fewest pushes a solution needs, proved this session (by an optimal search or the
    /// generator's breadth-first pulls), per level and board: an edit makes a new key, so a
    /// proof never outlives the board it is about. A file's own claims are never read here.
    proved: HashMap<LevelKey, usize>,
}

impl SolverState {
    /// Starts solving `level` (its key `key`) for `aim`; `repaint` wakes the window when
    /// it reports.
    pub fn start(&mut self, key: LevelKey, level: &Level, aim: Aim, repaint: Waker) {
        self.run = Some(SolveRun::start(key, level, aim, repaint));
    }

    /// Once the run has finished: keeps its solution, and gives the key of the level it
    /// solved and the status line.
    pub fn poll(&mut self) -> Option<(LevelKey, String)> {
        let outcome = self.run.as_mut()?.poll()?;
        let run = self.run.take()?;
        if let Some(sol) = outcome.solution() {
            if sol.optimal {
                self.prove(run.key, sol.pushes);
            }
            self.found = Some(Found {
                key: run.key,
                start: run.start,
                moves: sol.moves.clone(),
                pushes: sol.pushes,
                proved: sol.proved(),
                aim: run.aim,
            });
        }
        Some((run.key, outcome_line(&outcome, run.aim)))
    }

    /// Records that no solution of the board `key` names has fewer than `pushes` pushes.
    pub fn prove(&mut self, key: LevelKey, pushes: usize) {
        self.proved.insert(key, pushes);
    }

    /// The fewest pushes a solution of the board `key` names needs, if this session proved it.
    pub fn fewest_pushes(&self, key: LevelKey) -> Option<usize> {
        self.proved.get(&key).copied()
    }

    /// The solution found for the level and board `key` names, if there is one.
    pub fn found_for(&self, key: LevelKey) -> Option<&Found> {
        self.found.as_ref().filter(|f| f.key == key)
    }
}

/// A solver run on one level of the collection.
pub struct SolveRun {
    /// The key of the level being solved.
    pub key: LevelKey,
    /// The level as it was when the run started.
    pub start: Level,
    /// What it looks for.
    pub aim: Aim,
    job: Job<Stats, Outcome>,
}

/// A solution found for one level, kept for replaying and saving.
#[derive(Clone, Debug)]
pub struct Found {
    /// The key of the level and board it solves.
    pub key: LevelKey,
    /// The level it was found for (replays start here).
    pub start: Level,
    /// The moves.
    pub moves: Vec<Move>,
    /// Pushes among the moves.
    pub pushes: usize,
    /// What it is proved shortest by (`push-optimal`, `move-optimal`), if anything.
    pub proved: Option<&'static str>,
    /// What the search that found it looked for.
    pub aim: Aim,
}

impl Found {
    /// The solution's label wherever it is shown: "62 moves, 20 pushes, not proved optimal
    /// (found by the fast solver (auto))".
    pub fn describe(&self) -> String {
        format!(
            "{}, {}, {} (found by {})",
            plural(self.moves.len(), "move", "moves"),
            plural(self.pushes, "push", "pushes"),
            proof(self.proved),
            self.aim.how()
        )
    }
}

impl SolveRun {
    /// Starts solving `level` (its key `key`) for `aim` in the background; `repaint` wakes
    /// the window.
    pub fn start(key: LevelKey, level: &Level, aim: Aim, repaint: Waker) -> Self {
        let start = level.clone();
        let work_level = level.clone();
        let job = Job::spawn(repaint, move |reporter| {
            let config = aim.config();
            let limits = Limits { memory_bytes: Some(MEMORY), ..Limits::default() };
            solve_with_progress(&work_level, &config, &limits, reporter.cancel, &mut |stats| {
                reporter.progress(stats.clone());
            })
        });
        SolveRun { key, start, aim, job }
    }

    /// Asks the solver to stop.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The outcome, once the solver has finished.
    pub fn poll(&mut self) -> Option<Outcome> {
        self.job.poll()
    }

    /// The progress line: the time so far, nodes expanded and generated, open and closed
    /// sizes.
    pub fn progress_line(&self) -> String {
        let elapsed = self.job.elapsed();
        let cancelling = if self.job.is_cancelling() { " (stopping…)" } else { "" };
        match self.job.latest() {
            Some(s) => format!(
                "Solving{cancelling}: {}, {} expanded, {} generated, open {}, seen {}",
                seconds(elapsed),
                s.expanded,
                s.generated,
                s.open,
                s.closed
            ),
            None => format!("Solving{cancelling}: {}", seconds(elapsed)),
        }
    }
}

/// A saved solution's label: its moves and pushes, and whether it is push-optimal, which
/// it is when its pushes are the `fewest` this session proved the board needs.
pub fn saved_label(lurd: &str, fewest: Option<usize>) -> String {
    match crate::level::moves::parse_lurd(lurd) {
        Ok(moves) => {
            let pushes = moves.iter().filter(|m| m.push).count();
            let proof =
                if fewest == Some(pushes) { "push-optimal (proved)" } else { "not proved optimal" };
            format!(
                "{}, {}, saved with the level, {proof}",
                plural(moves.len(), "move", "moves"),
                plural(pushes, "push", "pushes")
            )
        }
        Err(_) => "not a LURD string".into(),
    }
}

/// "push-optimal (proved)", "move-optimal (proved)" or "not proved optimal".
pub fn proof(proved: Option<&str>) -> String {
    proved.map_or("not proved optimal".into(), |p| format!("{p} (proved)"))
}

/// `1.2 s`.
pub fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

/// The status line for a finished run of `aim`.
fn outcome_line(outcome: &Outcome, aim: Aim) -> String {
    let counters = |s: &Stats| format!("{} expanded, {}", s.expanded, seconds(s.elapsed));
    match outcome {
        Outcome::Solved(sol, s) => format!(
            "Solved: {}, {}, {} by {}{} ({}).",
            plural(sol.moves.len(), "move", "moves"),
            plural(sol.pushes, "push", "pushes"),
            proof(sol.proved()),
            aim.how(),
            sol.found_by.map(|f| format!(", its strategy {f}")).unwrap_or_default(),
            counters(s)
        ),
        Outcome::Unsolvable(s) => format!("No solution exists ({}).", counters(s)),
        Outcome::Stopped(reason, s) => {
            format!("The solver stopped: {} ({}).", reason.status(), counters(s))
        }
        Outcome::Invalid(why) => format!("The level cannot be solved: {why}."),
        Outcome::Failed(_) => {
            format!("No solution: {}.", outcome.message().unwrap_or_default())
        }
    }
}
