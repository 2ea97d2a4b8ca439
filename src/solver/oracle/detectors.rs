//! The rules the oracle judges: each of our deadlock detectors alone (its switch on, every
//! other off), and the pruning pipeline with all of them, asked about one position at a
//! time through [`Judge::position`].

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::judge::Judge;
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::techniques::Techniques;

/// A rule that may call a position dead.
pub(crate) trait Detector: Send {
    /// Its name in reports.
    fn name(&self) -> &'static str;
    /// The rule that calls the position `boxes`, the player on `player`, dead (its own name,
    /// or for the pipeline the stage's), or `None`: no claim.
    fn claim(&mut self, p: &Problem, boxes: &[u64], player: Sq) -> Option<&'static str>;
}

/// Our detectors judged one by one: the rules that are deadlocks (those with a switch),
/// except the stall patterns, learned only inside feature-space search, and a corral's
/// retry, the corral rule with a larger budget; the pipeline has both.
fn judged() -> impl Iterator<Item = PruneReason> {
    PruneReason::ALL.into_iter().filter(|&r| {
        r.switch().is_some() && !matches!(r, PruneReason::Stalled | PruneReason::CorralRetry)
    })
}

/// The name of the pipeline's row.
const PIPELINE: &str = "pipeline";

/// One detector, alone.
struct Alone {
    reason: PruneReason,
    judge: Judge,
}

impl Detector for Alone {
    fn name(&self) -> &'static str {
        self.reason.name()
    }

    fn claim(&mut self, p: &Problem, boxes: &[u64], player: Sq) -> Option<&'static str> {
        self.judge.position(p, boxes, player).map(|_| self.reason.name())
    }
}

/// Every detector, in the pipeline's order.
struct Pipeline(Judge);

impl Detector for Pipeline {
    fn name(&self) -> &'static str {
        PIPELINE
    }

    fn claim(&mut self, p: &Problem, boxes: &[u64], player: Sq) -> Option<&'static str> {
        self.0.position(p, boxes, player).map(PruneReason::name)
    }
}

/// Each of our detectors alone, then the pipeline, for `p`, with the default techniques (the
/// pattern sub-searches relaxed); their sub-searches give up when `interrupt` is raised.
pub(crate) fn ours(p: &Problem, interrupt: &Interrupt) -> Vec<Box<dyn Detector>> {
    let mut out: Vec<Box<dyn Detector>> = judged()
        .map(|reason| {
            let mut alone = Deadlocks::NONE;
            *alone.flag(reason).expect("a deadlock rule has a switch") = true;
            let judge = Judge::new(p, alone, Techniques::default(), interrupt);
            Box::new(Alone { reason, judge }) as Box<dyn Detector>
        })
        .collect();
    out.push(Box::new(Pipeline(Judge::new(
        p,
        Deadlocks::default(),
        Techniques::default(),
        interrupt,
    ))));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};

    #[test]
    fn no_detector_calls_a_live_position_dead_on_the_small_boards() {
        for rows in BOARDS {
            let p = problem(rows);
            let mut detectors = ours(&p, &Interrupt::default());
            let mut claimed = 0;
            for (boxes, player) in positions(&p) {
                let claims: Vec<bool> =
                    detectors.iter_mut().map(|d| d.claim(&p, &boxes, player).is_some()).collect();
                if claims.iter().any(|&c| c) {
                    claimed += 1;
                    assert!(is_dead(&p, &boxes, player), "{rows:?}: a false claim");
                }
            }
            assert!(claimed > 0, "{rows:?}: some position is called dead");
        }
    }
}
