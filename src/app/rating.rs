//! The level list's difficulty ratings: every level of the collection rated on a worker,
//! one after another, with progress and cancel. A rating is kept with the key of the level
//! and board it rates: it follows its level wherever the level goes in the list, and is
//! shown only while the level has that board.

use std::collections::HashMap;

use crate::app::document::LevelKey;

use crate::app::worker::{Job, Waker};
use crate::level::Level;
use crate::solver::rating::{Rating, TIME_LIMIT, rate};

/// What rating a level gave: its rating (`None` when it was stopped), or why it has none.
pub type Rated = Result<Option<Rating>, String>;

/// The ratings known and the run rating the rest.
#[derive(Default)]
pub struct RatingState {
    /// Per level (by identity): the board revision rated and what it gave.
    rated: HashMap<u64, (u64, Rated)>,
    /// The run, while it goes on.
    pub run: Option<RateRun>,
}

/// Levels being rated one after another.
pub struct RateRun {
    /// The levels still to rate, with their keys, the next last.
    queue: Vec<(LevelKey, Level)>,
    /// How many levels the run rates.
    pub total: usize,
    /// The level being rated and its job.
    current: Option<(LevelKey, Job<(), Rated>)>,
    repaint: Waker,
}

impl RatingState {
    /// Starts rating `levels` (key, level), replacing any run; `repaint` wakes the window.
    pub fn start(&mut self, levels: Vec<(LevelKey, Level)>, repaint: Waker) {
        let mut queue = levels;
        queue.reverse();
        let total = queue.len();
        self.run = Some(RateRun { queue, total, current: None, repaint });
        self.next();
    }

    /// Takes the finished rating, if any, and starts the next; says when the run is over.
    pub fn poll(&mut self) -> Option<String> {
        let run = self.run.as_mut()?;
        let (key, job) = run.current.as_mut()?;
        let result = match job.poll() {
            Some(result) => result,
            None if job.failed() => Err("the rating failed (an internal error)".into()),
            None => return None,
        };
        let key = *key;
        run.current = None;
        self.rated.insert(key.id, (key.board, result));
        self.next();
        match &self.run {
            Some(_) => None,
            None => Some(
                "Rated every level: hover over a difficulty in the list to see its measures."
                    .into(),
            ),
        }
    }

    /// Stops the run (the levels rated so far keep their ratings).
    pub fn cancel(&mut self) {
        if let Some(run) = self.run.take()
            && let Some((_, job)) = &run.current
        {
            job.cancel();
        }
    }

    /// Levels rated so far by the run and how many it rates.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let run = self.run.as_ref()?;
        Some((run.total - run.queue.len() - usize::from(run.current.is_some()), run.total))
    }

    /// The rating of the level and board `key` names, if it was rated.
    pub fn of(&self, key: LevelKey) -> Option<&Rated> {
        match self.rated.get(&key.id)? {
            (board, rated) if *board == key.board => Some(rated),
            _ => None,
        }
    }

    /// Starts the next level's job, or ends the run.
    fn next(&mut self) {
        let Some(run) = &mut self.run else { return };
        match run.queue.pop() {
            Some((key, level)) => {
                let repaint = run.repaint.clone();
                let job = Job::spawn(repaint, move |r| {
                    rate(&level, Some(TIME_LIMIT), r.cancel).map_err(|why| why.to_string())
                });
                run.current = Some((key, job));
            }
            None => self.run = None,
        }
    }
}
