//! "Is it really dead?": the oracle asked about the position shown (the editor's board, a
//! game in play, the inspector's node), on a worker the user can stop, and its answer kept
//! with the position it is about: the oracle's verdict, each detector's beside it, and the
//! smallest dead set, which the board outlines while that position is shown.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::app::worker::{Job, Waker};
use crate::level::format::{Format, save_file};
use crate::level::{Level, Pos};
use crate::solver::oracle::{self, Decision, Verdict};
use crate::solver::{Limits, Unsearchable};

/// The longest the oracle works on one position before it answers "unknown".
pub const TIME_LIMIT: Duration = Duration::from_secs(30);

/// The oracle's answer about one position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The position asked about.
    pub level: Level,
    /// The verdicts, or why the position cannot be searched.
    pub verdict: Result<Verdict, Unsearchable>,
    /// Where the position was saved when a rule called it dead although it is alive (or
    /// why it could not be).
    pub saved: Option<Result<PathBuf, String>>,
}

impl Answer {
    /// The oracle's verdict in a sentence.
    pub fn headline(&self) -> String {
        let v = match &self.verdict {
            Ok(v) => v,
            Err(e) => return format!("The oracle cannot search this position: {e}."),
        };
        let n = v.searched;
        let stopped = if v.stopped { " (stopped by the time limit or by you)" } else { "" };
        match &v.decision {
            Decision::Alive { moves } => format!(
                "Oracle: alive. It found a solution of {} moves, {} pushes, replayed \
                 ({n} positions searched).",
                moves.len(),
                moves.iter().filter(|m| m.push).count()
            ),
            Decision::Dead { dead_set } => format!(
                "Oracle: dead, proved by exhausting {n} positions. Smallest dead set \
                 (outlined): {}.",
                dead_set.iter().map(Pos::to_string).collect::<Vec<_>>().join(", ")
            ),
            Decision::Unknown => {
                format!("Oracle: unknown within the budget ({n} positions searched){stopped}.")
            }
            Decision::Failed(why) => why.clone(),
        }
    }

    /// The boxes of the smallest dead set, if the position is dead.
    pub fn dead_set(&self) -> &[Pos] {
        match &self.verdict {
            Ok(Verdict { decision: Decision::Dead { dead_set }, .. }) => dead_set,
            _ => &[],
        }
    }
}

/// Saves `level`, which `rule` called dead although it is alive, in the temporary folder,
/// for a test to load (each under a name of its own).
pub fn save_false_claim(level: &Level, rule: &str) -> Result<PathBuf, String> {
    static SAVED: AtomicUsize = AtomicUsize::new(0);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let n = SAVED.fetch_add(1, Ordering::Relaxed) + 1;
    let name = format!("sokolab-false-claim-{stamp}-{}-{n}.xsb", std::process::id());
    let path = std::env::temp_dir().join(name);
    save_file(&path, &oracle::false_claim(level, rule), Format::Xsb)
        .map(|()| path)
        .map_err(|e| e.to_string())
}

/// The oracle's run and its last answer.
#[derive(Default)]
pub struct OracleState {
    running: Option<Job<(), Answer>>,
    /// The last answer.
    pub answer: Option<Answer>,
}

impl OracleState {
    /// Asks the oracle about `level` on a worker (`repaint` wakes the window when it
    /// answers); stops the run instead when one is going. What to tell the user.
    pub fn ask(&mut self, level: &Level, repaint: Waker) -> String {
        if let Some(job) = self.running.take() {
            job.cancel();
            return "Stopped the oracle.".into();
        }
        let level = level.clone();
        self.running = Some(Job::spawn(repaint, move |r| {
            let limits = Limits {
                time: Some(TIME_LIMIT),
                nodes: None,
                memory_bytes: Some(Limits::DEFAULT_MEMORY_MIB << 20),
            };
            let verdict = oracle::decide(&level, oracle::BUDGET, &limits, r.cancel);
            let saved = match &verdict {
                Ok(v) => v.false_claims().first().map(|rule| save_false_claim(&level, rule)),
                Err(_) => None,
            };
            Answer { level, verdict, saved }
        }));
        "Asking the oracle: an exhaustive search of this position, nothing pruned (the same \
         command stops it)…"
            .into()
    }

    /// Whether the oracle is working.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// The answer once the worker has it: what to tell the user.
    pub fn poll(&mut self) -> Option<String> {
        let job = self.running.as_mut()?;
        let answer = job.poll();
        if answer.is_none() && job.failed() {
            self.running = None;
            return Some("The oracle failed (an internal error); please report it.".into());
        }
        let answer = answer?;
        self.running = None;
        let text = answer.headline();
        self.answer = Some(answer);
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::format::load_file;

    #[test]
    fn false_claims_saved_at_once_keep_a_file_each_that_loads_back() {
        let a = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        let b = Level::from_rows(&["######", "#@$ .#", "######"]).unwrap();
        let (pa, pb) = (save_false_claim(&a, "freeze").unwrap(), save_false_claim(&b, "corral"));
        let pb = pb.unwrap();
        assert_ne!(pa, pb);
        for (path, level, rule) in [(&pa, &a, "freeze"), (&pb, &b, "corral")] {
            let loaded = load_file(path).unwrap().levels.remove(0);
            assert!(loaded.same_board(level));
            assert!(loaded.meta.title.starts_with(rule), "{}", loaded.meta.title);
            std::fs::remove_file(path).unwrap();
        }
    }
}
