//! Two searches side by side: a second search of the level the inspector searches, with a
//! configuration of its own (another method, bound or switches), stepped and run with the
//! first one (*Step* advances both by one expansion). It is kept with the key of the board
//! it searches and rebuilt when the inspector's search is.

use std::time::Duration;

use crate::app::document::LevelKey;
use crate::app::inspector::adopted::AdoptedSets;
use crate::app::inspector::building::Building;
use crate::app::inspector::session::{Run, Session};
use crate::app::worker::Waker;
use crate::level::Level;
use crate::solver::{Config, Progress, Unsearchable};

/// The second search and its choices.
pub struct Compare {
    /// Whether the searches are compared.
    pub on: bool,
    /// The second search's choices.
    pub config: Config,
    /// The second search, once built.
    pub session: Option<Session>,
    /// The second search being built.
    pub building: Option<Building>,
    /// Why the second search cannot search the board of this key, if it cannot.
    pub error: Option<(LevelKey, String)>,
}

impl Default for Compare {
    fn default() -> Self {
        let config = Config::with_method(crate::solver::Method::Bfs);
        Compare { on: false, config, session: None, building: None, error: None }
    }
}

/// Which of the two searches finished first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// The inspector's own search (shown on the left).
    Left,
    /// The second search.
    Right,
    /// Both, after the same number of expansions.
    Both,
}

impl Compare {
    /// The key of the board the second search searches (or is being built for).
    pub fn key(&self) -> Option<LevelKey> {
        let building = self.building.as_ref().map(|b| b.key);
        let failed = self.error.as_ref().map(|(k, _)| *k);
        building.or(self.session.as_ref().map(|s| s.key)).or(failed)
    }

    /// Builds the second search of `level` (key `key`) afresh and runs it to expansion `to`
    /// (where the inspector's search stands; `sets` are the dead sets added on the board),
    /// waiting for it at most `grace` (a big level is built on a worker, [`Compare::poll`]
    /// takes it).
    pub fn reset(
        &mut self,
        (key, level): (LevelKey, &Level),
        to: u64,
        sets: &AdoptedSets,
        grace: Duration,
        repaint: Waker,
    ) {
        self.session = None;
        self.error = None;
        let mut building = match to {
            0 => Building::start(key, level, self.config.clone(), repaint),
            to => Building::rewind(key, level, self.config.clone(), sets.clone(), to, repaint),
        };
        let built = building.wait(grace);
        self.building = Some(building);
        if let Some(built) = built {
            self.install(key, built);
        }
    }

    /// Whether the second search is on and still being built: the two cannot step together
    /// yet.
    pub fn pending(&self) -> bool {
        self.on && self.building.is_some()
    }

    /// Takes the second search once built.
    pub fn poll(&mut self) {
        let key = self.building.as_ref().map(|b| b.key);
        if let (Some(key), Some(built)) = (key, self.building.as_mut().and_then(Building::poll)) {
            self.install(key, built);
        }
        if let Some(s) = &mut self.session {
            s.poll();
        }
    }

    fn install(&mut self, key: LevelKey, built: Result<Option<Session>, Unsearchable>) {
        self.building = None;
        match built {
            Ok(Some(session)) => self.session = Some(session),
            Ok(None) => {}
            Err(why) => {
                let said = format!("The second search cannot search this level: {why}.");
                self.error = Some((key, said));
            }
        }
    }

    /// Goes back by the re-run `building` (to the expansion the inspector's search goes
    /// back to); the search shown stays until it is done.
    pub fn back(&mut self, building: Building) {
        self.building = Some(building);
    }

    /// One expansion of the second search, as the inspector's Step makes one of its own.
    pub fn step_once(&mut self) {
        if let Some(s) = &mut self.session {
            s.step_once();
        }
    }

    /// Runs the second search as the inspector's runs its own.
    pub fn run(&mut self, run: Run, repaint: Waker) {
        if let Some(s) = &mut self.session {
            s.run(run, repaint);
        }
    }

    /// Pauses the second search's run.
    pub fn pause(&mut self) {
        if let Some(s) = &mut self.session {
            s.pause();
        }
        self.building = None;
    }

    /// Which search finished first, `left` being the inspector's own (none while both
    /// run).
    pub fn first(&self, left: &Session) -> Option<First> {
        let right = self.session.as_ref()?;
        let standing = |s: &Session| {
            (s.with_trace(|t| t.steps.len() as u64), s.progress() != Progress::Running)
        };
        first_to_finish(standing(left), standing(right))
    }
}

/// Which of two searches finished first, each given as its expansions and whether it has
/// ended: the one that ended after fewer expansions, or one that ended before the other
/// reached as many (none while both run and neither is decided).
pub fn first_to_finish((a, a_ended): (u64, bool), (b, b_ended): (u64, bool)) -> Option<First> {
    match (a_ended, b_ended) {
        (true, true) if a == b => Some(First::Both),
        (true, true) => Some(if a < b { First::Left } else { First::Right }),
        (true, false) if b >= a => Some(First::Left),
        (false, true) if a >= b => Some(First::Right),
        _ => None,
    }
}
