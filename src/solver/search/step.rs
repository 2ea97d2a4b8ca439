//! The step loop, written once for every search on a core ([`super::core::Algorithm`])
//! and every pull search ([`super::pull_core::PullAlgorithm`]): a search that has ended
//! says how on every later step; otherwise it does units of work until the step's budget
//! is spent, its interrupt is raised, or it ends.

use crate::solver::search::Progress;

/// What one unit of a search's work came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Go on.
    Go,
    /// End this step now; the search goes on at the next.
    Pause,
    /// The search has ended.
    End(Progress),
}

/// A search as the step loop drives it.
pub(crate) trait Steps {
    /// How the search ended, once it has.
    fn ended(&mut self) -> &mut Option<Progress>;
    /// Whether its interrupt was raised (it is then not stepped on).
    fn interrupted(&self) -> bool;
    /// Units of work done so far, as a step's budget counts them.
    fn work(&self) -> u64;
    /// Before the first unit of a step of `budget` units (it may end the search).
    fn begin(&mut self, budget: u64);
    /// One unit of work.
    fn advance(&mut self) -> Flow;
    /// After a step that did not end the search.
    fn pause(&mut self);
}

/// Runs up to `budget` units of `search`'s work and says how it stands.
pub(crate) fn step(search: &mut impl Steps, budget: u64) -> Progress {
    if let Some(done) = *search.ended() {
        return done;
    }
    search.begin(budget);
    if let Some(done) = *search.ended() {
        return done;
    }
    let start = search.work();
    while search.work() - start < budget && !search.interrupted() {
        match search.advance() {
            Flow::Go => {}
            Flow::Pause => break,
            Flow::End(progress) => {
                *search.ended() = Some(progress);
                return progress;
            }
        }
    }
    search.pause();
    Progress::Running
}
