//! "Why is this a deadlock?": runs the deadlock rules on one position and names the first
//! that proves it dead, with the boxes involved. The rules are the solver's own detectors
//! (dead squares, freeze, corral) plus a matching that finds the boxes of a bipartite
//! deadlock (a set of boxes with fewer reachable goals than boxes), then the deadlock
//! patterns a search has (precomputed or learned), in the order the search judges them.

use crate::level::{Level, Pos, Terrain};
use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::deadlock::PruneReason;
use crate::solver::deadlock::corral::Corral as CorralRule;
use crate::solver::deadlock::patterns::{PatternView, Source};
use crate::solver::inspect::analysis::Analyser;
use crate::solver::model::board::Sq;

/// Why a position is dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadlock {
    /// The rule that proves it.
    pub rule: PruneReason,
    /// The boxes the rule is about.
    pub boxes: Vec<Pos>,
    /// One sentence for the user.
    pub reason: String,
}

fn list(boxes: &[Pos]) -> String {
    boxes.iter().map(Pos::to_string).collect::<Vec<_>>().join(", ")
}

impl Deadlock {
    /// The first of `patterns` that `level`'s position contains (every box of the pattern
    /// stands on the board and the player is in the pattern's area).
    pub fn by_pattern(patterns: &[PatternView], level: &Level) -> Option<Deadlock> {
        let player = level.player()?;
        // A planner's patterns are relative to its plan: they prove no deadlock.
        let pat = patterns.iter().find(|pat| {
            pat.source != Source::Plan
                && pat.area.contains(&player)
                && pat.boxes.iter().all(|&b| level.square(b).has_box)
        })?;
        let source = match pat.source {
            Source::Precomputed => "precomputed before the search",
            Source::Room => "the boxes of a room, found dead during the search",
            Source::Stalled => "learned where a subtree of the search stalled",
            Source::Learned | Source::Plan => "learned during the search",
            Source::Oracle => "the oracle's smallest dead set, added by you",
        };
        Some(Deadlock {
            rule: pat.source.rule(),
            boxes: pat.boxes.clone(),
            reason: format!(
                "Deadlock pattern #{} ({source}; it has pruned {} position(s)): the boxes at \
                 {}, with the player in this area, cannot all be put on goals, as a search of \
                 those boxes alone proved.",
                pat.id,
                pat.hits,
                list(&pat.boxes)
            ),
        })
    }
}

impl Analyser {
    /// The first rule that proves `level`'s position dead, or `None` when none does (which
    /// does not prove it solvable) or when the level does not fit this analyser.
    pub fn explain(&mut self, level: &Level) -> Option<Deadlock> {
        if !self.fits(level) {
            return None;
        }
        let (bits, boxes, player) = self.state(level)?;
        let p = &self.problem;
        let pos = |s: Sq| p.board.pos(s);
        if let Some(&b) = boxes.iter().find(|&&b| p.dist.is_dead(b)) {
            return Some(Deadlock {
                rule: PruneReason::DeadSquare,
                boxes: vec![pos(b)],
                reason: format!(
                    "The box at {} stands on a dead square: even alone on the board it could \
                     never be pushed to a goal.",
                    pos(b)
                ),
            });
        }
        for &b in &boxes {
            let frozen = self.freeze.frozen_with(&p.board, &p.dist, &bits, b);
            if frozen.iter().any(|&f| !p.board.is_goal(f)) {
                let mut all: Vec<Pos> = frozen.iter().map(|&f| pos(f)).collect();
                all.sort_by_key(|q| (q.y, q.x));
                let off: Vec<Pos> =
                    frozen.iter().filter(|&&f| !p.board.is_goal(f)).map(|&f| pos(f)).collect();
                return Some(Deadlock {
                    rule: PruneReason::Freeze,
                    reason: format!(
                        "Frozen: the boxes at {} are each blocked on both axes (by walls, dead \
                         squares or each other), so none can ever move, and {} not on a goal.",
                        list(&all),
                        if off.len() == 1 {
                            format!("the one at {} is", off[0])
                        } else {
                            format!("those at {} are", list(&off))
                        }
                    ),
                    boxes: all,
                });
            }
        }
        if let Some(stuck) = hall_violator(&p.dist, &boxes) {
            let mut all: Vec<Pos> = stuck.iter().map(|&i| pos(boxes[i])).collect();
            all.sort_by_key(|q| (q.y, q.x));
            let goals = p.board.goals().len();
            let reachable = (0..goals)
                .filter(|&g| stuck.iter().any(|&i| p.dist.to_goal(boxes[i], g) != INF))
                .count();
            return Some(Deadlock {
                rule: PruneReason::Bipartite,
                reason: format!(
                    "Bipartite: the {} boxes at {} can reach only {} goal(s) between them, so \
                     they cannot all be put on goals.",
                    all.len(),
                    list(&all),
                    reachable
                ),
                boxes: all,
            });
        }
        self.reach.flood(&p.board, &bits, player);
        let mut rule = CorralRule::new(Default::default());
        for corral in self.corrals(&bits) {
            let all_on_goals =
                corral.boxes.iter().all(|&b| level.square(b).terrain == Terrain::Goal);
            let Some(&fence) = corral.boxes.first() else { continue };
            let Some(to) = p.board.square_at(fence) else { continue };
            if !all_on_goals && rule.is_deadlock(p, &bits, &self.reach, player, to) {
                let mut boxes = corral.boxes.clone();
                boxes.sort_by_key(|q| (q.y, q.x));
                return Some(Deadlock {
                    rule: PruneReason::Corral,
                    reason: format!(
                        "Corral: the player cannot get into the area next to {}, and no way of \
                         pushing the boxes around it ({}) opens it or puts them all on goals.",
                        fence,
                        list(&boxes)
                    ),
                    boxes,
                });
            }
        }
        None
    }
}

/// Indices of a set of boxes with fewer reachable goals than boxes, if there is one: the
/// boxes met by the augmenting-path search that failed to give one of them a goal.
fn hall_violator(dist: &Distances, boxes: &[Sq]) -> Option<Vec<usize>> {
    let goals = boxes.first().map_or(0, |&b| dist.row(b).len());
    let mut owner: Vec<Option<usize>> = vec![None; goals];
    for i in 0..boxes.len() {
        let mut seen = vec![false; goals];
        if !augment(dist, boxes, i, &mut owner, &mut seen) {
            let mut set = vec![i];
            set.extend((0..goals).filter(|&g| seen[g]).filter_map(|g| owner[g]));
            return Some(set);
        }
    }
    None
}

fn augment(
    dist: &Distances,
    boxes: &[Sq],
    i: usize,
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for g in 0..owner.len() {
        if seen[g] || dist.to_goal(boxes[i], g) == INF {
            continue;
        }
        seen[g] = true;
        if owner[g].is_none_or(|o| augment(dist, boxes, o, owner, seen)) {
            owner[g] = Some(i);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explain(rows: &[&str]) -> Option<Deadlock> {
        let level = Level::from_rows(rows).unwrap();
        Analyser::new(&level).unwrap().explain(&level)
    }

    #[test]
    fn a_box_in_a_corner_is_on_a_dead_square() {
        let d = explain(&["#######", "#$  @.#", "#######"]).unwrap();
        assert_eq!(d.rule, PruneReason::DeadSquare);
        assert_eq!(d.boxes, vec![Pos::new(1, 1)]);
    }

    #[test]
    fn two_boxes_side_by_side_at_a_wall_are_frozen() {
        let d = explain(&["########", "#. $$ .#", "#@     #", "########"]).unwrap();
        assert_eq!(d.rule, PruneReason::Freeze);
        assert_eq!(d.boxes, vec![Pos::new(3, 1), Pos::new(4, 1)]);
    }

    #[test]
    fn two_boxes_sharing_their_only_goal_are_a_bipartite_deadlock() {
        let d = explain(&["########", "#.$ $  #", "#@######", "#     .#", "########"]).unwrap();
        assert_eq!(d.rule, PruneReason::Bipartite);
        assert_eq!(d.boxes, vec![Pos::new(2, 1), Pos::new(4, 1)]);
        assert!(d.reason.contains("only 1 goal"), "{}", d.reason);
    }

    #[test]
    fn a_pocket_that_cannot_be_opened_is_a_corral_deadlock() {
        let rows = ["####", "# .#", "#  ###", "#*   #", "# $@ #", "#  ###", "####"];
        let d = explain(&rows).unwrap();
        assert_eq!(d.rule, PruneReason::Corral);
        assert!(d.boxes.contains(&Pos::new(2, 4)), "{:?}", d.boxes);
    }

    #[test]
    fn a_solvable_position_has_no_explanation() {
        assert_eq!(explain(&["#######", "#@ $ .#", "#######"]), None);
    }
}
