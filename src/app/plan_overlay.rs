//! The goal-rooms and packing-order overlays: the solver's plan for the level (rooms, goal
//! areas, entrances, the order to fill the goals), computed on a worker thread because it
//! compiles the whole level (a few milliseconds on 20×20, more on big boards), and kept with
//! the outlines to draw until the level changes.

use crate::app::board::Line;
use crate::app::worker::{Job, Waker};
use crate::level::{Dir, Level, Pos};
use crate::solver::inspect::Plan;

/// A plan with the outlines the board draws for it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanMarks {
    /// The plan.
    pub plan: Plan,
    /// Room outlines: lines along the sides of room squares that face out of the room.
    pub room_lines: Vec<Line>,
    /// Goal-area outlines.
    pub goal_lines: Vec<Line>,
}

impl PlanMarks {
    /// The plan of `level` with its outlines, or why there is none.
    pub fn of(level: &Level) -> Result<PlanMarks, crate::solver::Unsearchable> {
        let plan = Plan::of(level)?;
        let (w, h) = (level.width(), level.height());
        Ok(PlanMarks {
            room_lines: outline(&plan.rooms, w, h),
            goal_lines: outline(&plan.goal_areas, w, h),
            plan,
        })
    }
}

type Computed = Result<PlanMarks, crate::solver::Unsearchable>;

/// The plan of the level last asked about, and the job computing a newer one.
#[derive(Default)]
pub struct PlanCache {
    /// The level the plan is for, and the plan (or why there is none).
    done: Option<(Level, Computed)>,
    job: Option<(Level, Job<(), Computed>)>,
}

impl PlanCache {
    /// The plan of `level` if it is known. Otherwise a job starts computing it (unless one
    /// is running: the newest level is taken up when it finishes, so a stroke of edits keeps
    /// at most one thread busy); `repaint` wakes the window when it is done.
    pub fn get(&mut self, level: &Level, repaint: Waker) -> Option<&Computed> {
        if let Some((of, job)) = &mut self.job
            && let Some(result) = job.poll()
        {
            self.done = Some((of.clone(), result));
            self.job = None;
        }
        let known = self.done.as_ref().is_some_and(|(of, _)| of == level);
        if !known && self.job.is_none() {
            let work = level.clone();
            let job = Job::spawn(repaint, move |_| PlanMarks::of(&work));
            self.job = Some((level.clone(), job));
        }
        self.done.as_ref().filter(|(of, _)| of == level).map(|(_, plan)| plan)
    }

    /// The plan of `level` if it is known (starts nothing).
    pub fn peek(&self, level: &Level) -> Option<&Computed> {
        self.done.as_ref().filter(|(of, _)| of == level).map(|(_, plan)| plan)
    }

    /// Whether a plan is being computed.
    pub fn computing(&self) -> bool {
        self.job.is_some()
    }
}

/// The outlines of `areas`: the sides of their squares that do not face a square of the same
/// area, joined into the longest straight lines (a wall-long side is one line to draw).
fn outline(areas: &[Vec<Pos>], width: usize, height: usize) -> Vec<Line> {
    let mut owner = vec![usize::MAX; width * height];
    for (i, area) in areas.iter().enumerate() {
        for p in area {
            if p.x < width && p.y < height {
                owner[p.y * width + p.x] = i;
            }
        }
    }
    let mut edges = Vec::new();
    for (i, area) in areas.iter().enumerate() {
        for &p in area {
            for d in Dir::ALL {
                let same = p
                    .step(d)
                    .filter(|q| q.x < width && q.y < height)
                    .is_some_and(|q| owner[q.y * width + q.x] == i);
                if !same {
                    edges.push(side(p, d));
                }
            }
        }
    }
    join(edges)
}

/// The side of square `p` facing `d`, between two square corners.
fn side(p: Pos, d: Dir) -> Line {
    let (x, y) = (p.x, p.y);
    match d {
        Dir::Up => [(x, y), (x + 1, y)],
        Dir::Down => [(x, y + 1), (x + 1, y + 1)],
        Dir::Left => [(x, y), (x, y + 1)],
        Dir::Right => [(x + 1, y), (x + 1, y + 1)],
    }
}

/// Joins unit sides that continue one another along a row or column line.
fn join(mut sides: Vec<Line>) -> Vec<Line> {
    // Horizontal sides first (by row, then column), then vertical ones (by column, row).
    sides.sort_unstable_by_key(|&[a, b]| if a.1 == b.1 { (0, a.1, a.0) } else { (1, a.0, a.1) });
    sides.dedup();
    let mut lines: Vec<Line> = Vec::with_capacity(sides.len());
    for s in sides {
        match lines.last_mut() {
            Some(last) if last[1] == s[0] && (last[0].0 == s[1].0 || last[0].1 == s[1].1) => {
                last[1] = s[1];
            }
            _ => lines.push(s),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_joins_the_sides_facing_out_into_lines() {
        // An L of three squares: 8 outer sides make 6 lines.
        let area = vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(0, 1)];
        let mut lines = outline(&[area], 3, 3);
        lines.sort();
        assert_eq!(
            lines,
            vec![
                [(0, 0), (0, 2)],
                [(0, 0), (2, 0)],
                [(0, 2), (1, 2)],
                [(1, 1), (1, 2)],
                [(1, 1), (2, 1)],
                [(2, 0), (2, 1)],
            ]
        );
    }

    #[test]
    fn two_areas_side_by_side_share_their_border_line() {
        let (a, b) = (vec![Pos::new(0, 0)], vec![Pos::new(1, 0)]);
        let lines = outline(&[a, b], 2, 1);
        assert!(lines.contains(&[(1, 0), (1, 1)]), "the border between them: {lines:?}");
        assert!(lines.contains(&[(0, 0), (2, 0)]), "the top joins across both");
        assert_eq!(lines.len(), 5, "top, bottom, both ends and the border");
    }

    #[test]
    fn the_cache_computes_on_a_worker_and_keeps_the_result_for_its_level() {
        let level = Level::from_rows(&["#######", "#@$  .#", "#######"]).unwrap();
        let mut cache = PlanCache::default();
        let start = std::time::Instant::now();
        let plan = loop {
            if let Some(p) = cache.get(&level, Waker::new(&egui::Context::default())) {
                break p.clone().unwrap();
            }
            assert!(cache.computing());
            assert!(start.elapsed().as_secs() < 20, "the plan is never computed");
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        assert_eq!(plan.plan.order, vec![(Pos::new(5, 1), 1)]);
        assert!(cache.get(&level, Waker::new(&egui::Context::default())).is_some());
        assert!(!cache.computing(), "a known level starts no job");
        let mut other = level.clone();
        other.meta.title = "changed".into();
        assert!(
            cache.get(&other, Waker::new(&egui::Context::default())).is_none(),
            "another level waits for its own plan"
        );
        assert!(cache.computing());
    }
}
