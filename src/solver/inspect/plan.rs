//! The level's plan as the solver sees it, in board coordinates: its rooms, the goal areas
//! and their entrances, the packing order (which goal to fill first), the
//! packing-and-parking plan of the backward search that FESS follows, Talking Stones' goal
//! order by walls, and Demaret's entrances and goal schedule.

use crate::level::{Level, Pos};
use crate::solver::algo::backward;
use crate::solver::analysis::parking::Origin;
use crate::solver::analysis::problem::Problem;
use crate::solver::analysis::schedule::Schedule;
use crate::solver::analysis::wall_order;
use crate::solver::deadlock::Deadlocks;
use crate::solver::model::error::Unsearchable;
use crate::solver::model::interrupt::Interrupt;

/// One step of a packing-and-parking plan: a box brought to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParkingStep {
    /// The square the box comes from: one an earlier step parked it on, or a square where
    /// boxes start (none: a box standing on `to` from the start).
    pub from: Option<Pos>,
    /// The square the step fills.
    pub to: Pos,
    /// Whether the box is parked: a later step moves it on.
    pub parked: bool,
}

/// Rooms, goal areas, entrances and the packing order of one level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// The squares of each room (open floor at least two by three).
    pub rooms: Vec<Vec<Pos>>,
    /// The squares of each goal area.
    pub goal_areas: Vec<Vec<Pos>>,
    /// Squares outside a goal area from which a box can be pushed into it.
    pub entrances: Vec<Pos>,
    /// Each goal with its place in the packing order, 1 for the goal to fill first.
    pub order: Vec<(Pos, u16)>,
    /// Whether every step of the order was proved (false: some are a best guess).
    pub complete: bool,
    /// The steps of the backward search's plan, in order (empty when it found none, and
    /// FESS follows the packing order).
    pub parking: Vec<ParkingStep>,
    /// Each goal with its place in Talking Stones' goal order by adjacent walls.
    pub wall_order: Vec<(Pos, u16)>,
    /// Demaret's potential entrances: non-goal squares beside a goal with floor behind.
    pub potential_entrances: Vec<Pos>,
    /// Demaret's real entrances: potential ones a start stone reaches alone without
    /// crossing another.
    pub real_entrances: Vec<Pos>,
    /// Each goal with its place in Demaret's schedule (empty when no ordering exists).
    pub schedule: Vec<(Pos, u16)>,
    /// The ordering (1, 2 or 3) the schedule comes from.
    pub schedule_ordering: Option<u32>,
    /// The schedule's steps when its goals are rearranged (some stones parked on the way;
    /// empty otherwise, and `schedule` numbers the goals).
    pub schedule_parking: Vec<ParkingStep>,
}

impl Plan {
    /// The plan of `level` (its walls, goals and the boxes where they start), or why the
    /// level cannot be analysed.
    pub fn of(level: &Level) -> Result<Plan, Unsearchable> {
        Ok(Plan::from_problem(&Problem::new(level)?))
    }

    /// The plan a compiled problem holds.
    pub fn from_problem(p: &Problem) -> Plan {
        let pos = |squares: &[crate::solver::model::board::Sq]| -> Vec<Pos> {
            squares.iter().map(|&s| p.board.pos(s)).collect()
        };
        let numbered = |order: &[crate::solver::model::board::Sq]| -> Vec<(Pos, u16)> {
            let place = |i: usize| (i + 1).min(u16::MAX as usize) as u16;
            order.iter().enumerate().map(|(i, &g)| (p.board.pos(g), place(i))).collect()
        };
        let schedule = Schedule::of(p, true, None, &|| false);
        let rearranged = schedule.order.as_ref().filter(|o| o.parked() > 0);
        Plan {
            rooms: p.rooms.rooms.iter().map(|r| pos(r)).collect(),
            goal_areas: p.rooms.goal_areas.iter().map(|a| pos(a)).collect(),
            entrances: pos(&p.rooms.entrances),
            order: numbered(&p.packing.order),
            complete: p.packing.complete,
            parking: backward::plan(p, Deadlocks::default(), &Interrupt::default(), None)
                .map(|plan| {
                    plan.steps
                        .iter()
                        .map(|s| ParkingStep {
                            from: match s.origin {
                                Origin::Square(from) | Origin::Base(from) => {
                                    Some(p.board.pos(from))
                                }
                                Origin::Init | Origin::Any => None,
                            },
                            to: p.board.pos(s.to),
                            parked: s.until.is_some(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            wall_order: numbered(&wall_order::by_walls(&p.board)),
            potential_entrances: pos(&schedule.potential),
            real_entrances: pos(&schedule.real),
            schedule: match (&schedule.order, rearranged) {
                (Some(o), None) => numbered(&o.steps.iter().map(|s| s.to).collect::<Vec<_>>()),
                _ => Vec::new(),
            },
            schedule_ordering: schedule.order.as_ref().map(|o| o.kind.number()),
            schedule_parking: rearranged
                .map(|o| {
                    o.steps
                        .iter()
                        .enumerate()
                        .map(|(i, s)| ParkingStep {
                            from: s.from.map(|f| p.board.pos(f)),
                            to: p.board.pos(s.to),
                            parked: o.parks_at(i),
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_end_goal_corridor_fills_from_its_far_end() {
        // Three goals in a one-wide corridor closed on the right: the far goal first.
        let level = Level::from_rows(&[
            "##########",
            "#        #",
            "# $$$    #",
            "#   @    ######",
            "#         ...#",
            "#        #####",
            "##########",
        ])
        .unwrap();
        let plan = Plan::of(&level).unwrap();
        assert!(plan.complete);
        assert_eq!(
            plan.order,
            vec![(Pos::new(12, 4), 1), (Pos::new(11, 4), 2), (Pos::new(10, 4), 3)]
        );
        assert_eq!(plan.goal_areas.len(), 1);
        assert!(plan.goal_areas[0].contains(&Pos::new(12, 4)));
        // The corridor (goals and the square before them) is the goal area; the room square
        // in front of it is the one way in.
        assert!(plan.goal_areas[0].contains(&Pos::new(9, 4)));
        assert_eq!(plan.entrances, vec![Pos::new(8, 4)]);
        assert!(!plan.rooms.is_empty());
        assert!(plan.rooms.iter().any(|r| r.contains(&Pos::new(3, 2))), "the open room");
    }

    #[test]
    fn a_level_without_a_player_is_not_analysed() {
        let level = Level::from_rows(&["#####", "#$. #", "#####"]).unwrap();
        assert!(Plan::of(&level).is_err());
    }
}
