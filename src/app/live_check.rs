//! Live solvability while editing: whenever the level shown changes, a background solve of
//! it (the fast solver, within the budget the settings give) replaces the one running, and
//! the badge beside the checks says what it found. The check never blocks the window: the
//! next edit cancels it and starts another.

use std::time::Duration;

use crate::app::document::LevelKey;
use crate::app::inspector::text::plural;
use crate::app::worker::{Job, Waker};
use crate::level::Level;
use crate::solver::{Config, Limits, Outcome, StopReason, solve};

/// Most memory a check may hold.
const MEMORY: usize = 512 << 20;

/// What a finished check found.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A solution, replayed by the solver.
    Solvable {
        /// Its pushes.
        pushes: usize,
        /// Its moves.
        moves: usize,
        /// Seconds the check took.
        secs: f64,
    },
    /// The search was exhausted with sound pruning: no solution exists.
    Unsolvable {
        /// Seconds the check took.
        secs: f64,
    },
    /// Neither within the budget.
    Unknown {
        /// Why not (the time limit, memory, or the solver gave up).
        why: String,
    },
    /// The level cannot be searched (the checks say why).
    Invalid,
}

impl Verdict {
    fn of(outcome: &Outcome, secs: f64, budget: Duration) -> Verdict {
        match outcome {
            Outcome::Solved(s, _) => {
                Verdict::Solvable { pushes: s.pushes, moves: s.moves.len(), secs }
            }
            Outcome::Unsolvable(_) => Verdict::Unsolvable { secs },
            Outcome::Stopped(StopReason::Time, _) => {
                Verdict::Unknown { why: format!("not within {}", seconds(budget.as_secs_f64())) }
            }
            Outcome::Stopped(StopReason::Memory, _) => {
                Verdict::Unknown { why: "the check ran out of memory".into() }
            }
            Outcome::Stopped(_, _) => Verdict::Unknown { why: "the solver gave up".into() },
            Outcome::Invalid(_) => Verdict::Invalid,
            Outcome::Failed(_) => Verdict::Unknown {
                why: outcome.message().unwrap_or_else(|| "the solver failed".into()),
            },
        }
    }
}

/// What the badge shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Badge<'a> {
    /// The settings switch the live check off.
    Off,
    /// A check of the level shown is running, for so long.
    Checking(Duration),
    /// The check of the level shown found this.
    Done(&'a Verdict),
}

impl Badge<'_> {
    /// The badge's text.
    pub fn text(&self) -> String {
        match self {
            Badge::Off => "Live solvability check off (set a budget to switch it on)".into(),
            Badge::Checking(t) => format!("Checking solvability… {}", seconds(t.as_secs_f64())),
            Badge::Done(Verdict::Solvable { pushes, moves, secs }) => format!(
                "Solvable: {}, {} (found in {})",
                plural(*pushes, "push", "pushes"),
                plural(*moves, "move", "moves"),
                seconds(*secs)
            ),
            Badge::Done(Verdict::Unsolvable { secs }) => {
                format!("Unsolvable: proved, the search was exhausted ({})", seconds(*secs))
            }
            Badge::Done(Verdict::Unknown { why }) => format!("Solvability not known ({why})"),
            // The checks above say why, in the same words.
            Badge::Done(Verdict::Invalid) => "Not checked until the level is valid".into(),
        }
    }
}

/// The check of the level shown.
#[derive(Default)]
pub struct LiveCheck {
    /// The key of the level and board last checked, and what the check found.
    done: Option<(LevelKey, Verdict)>,
    /// The check running, and the key of the level and board it checks.
    job: Option<(LevelKey, Job<(), Verdict>)>,
    /// Checks a newer edit cancelled before they finished.
    pub cancelled: u64,
}

impl LiveCheck {
    /// Follows `level` (whose key is `key`), checked within `budget` (zero: off). A level
    /// and board neither checked nor being checked cancels the running check and starts
    /// one; `repaint` wakes the window when it is done. Whether a check is running.
    pub fn follow(
        &mut self,
        key: LevelKey,
        level: &Level,
        budget: Duration,
        repaint: Waker,
    ) -> bool {
        if let Some((of, job)) = &mut self.job
            && let Some(verdict) = job.poll()
        {
            self.done = Some((*of, verdict));
            self.job = None;
        }
        if budget.is_zero() {
            self.job = None;
            return false;
        }
        let known = self.done.as_ref().is_some_and(|(of, _)| *of == key);
        let running = self.job.as_ref().is_some_and(|(of, _)| *of == key);
        if !known && !running {
            if self.job.take().is_some() {
                // Dropping the job cancels it.
                self.cancelled += 1;
            }
            let work = level.clone();
            let job = Job::spawn(repaint, move |r| {
                let limits =
                    Limits { time: Some(budget), memory_bytes: Some(MEMORY), ..Limits::default() };
                let start = std::time::Instant::now();
                let outcome = solve(&work, &Config::default(), &limits, r.cancel);
                Verdict::of(&outcome, start.elapsed().as_secs_f64(), budget)
            });
            self.job = Some((key, job));
        }
        self.job.is_some()
    }

    /// The badge for the level and board `key` names, with `budget`.
    pub fn badge(&self, key: LevelKey, budget: Duration) -> Badge<'_> {
        if budget.is_zero() {
            return Badge::Off;
        }
        if let Some((_, verdict)) = self.done.as_ref().filter(|(of, _)| *of == key) {
            return Badge::Done(verdict);
        }
        match self.job.as_ref().filter(|(of, _)| *of == key) {
            Some((_, job)) => Badge::Checking(job.elapsed()),
            None => Badge::Checking(Duration::ZERO),
        }
    }

    /// The key of the level the running check is about, if one runs.
    pub fn checking(&self) -> Option<LevelKey> {
        self.job.as_ref().map(|(of, _)| *of)
    }
}

impl std::fmt::Debug for LiveCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveCheck")
            .field("done", &self.done.as_ref().map(|(_, v)| v))
            .field("running", &self.job.is_some())
            .field("cancelled", &self.cancelled)
            .finish()
    }
}

fn seconds(s: f64) -> String {
    if s < 10.0 { format!("{s:.1} s") } else { format!("{s:.0} s") }
}

#[cfg(test)]
mod tests {
    use crate::app::document::LevelKey;
    use crate::app::live_check::{Badge, LiveCheck, Verdict};
    use crate::app::worker::Waker;
    use crate::level::Level;
    use std::time::{Duration, Instant};

    fn settle(check: &mut LiveCheck, key: LevelKey, level: &Level) -> Verdict {
        let start = Instant::now();
        while check.follow(
            key,
            level,
            Duration::from_secs(5),
            Waker::new(&egui::Context::default()),
        ) {
            assert!(start.elapsed() < Duration::from_secs(30), "the check never finished");
            std::thread::sleep(Duration::from_millis(5));
        }
        match check.badge(key, Duration::from_secs(5)) {
            Badge::Done(v) => v.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_check_says_solvable_unsolvable_or_not_checked() {
        let mut check = LiveCheck::default();
        let good = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        let key = |id| LevelKey { id, board: 1 };
        let solvable = settle(&mut check, key(1), &good);
        assert!(matches!(solvable, Verdict::Solvable { pushes: 1, moves: 1, .. }));
        let cornered = Level::from_rows(&["#####", "#$ .#", "# @ #", "#####"]).unwrap();
        assert!(matches!(settle(&mut check, key(2), &cornered), Verdict::Unsolvable { .. }));
        let two_players = Level::from_rows(&["#####", "#@$.#", "#@  #", "#####"]).unwrap();
        assert!(matches!(settle(&mut check, key(3), &two_players), Verdict::Invalid));
        assert_eq!(check.cancelled, 0, "each check finished before the next level came");
        assert_eq!(check.badge(key(1), Duration::ZERO), Badge::Off);
    }
}
