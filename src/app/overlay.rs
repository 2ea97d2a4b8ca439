//! The analysis overlays: the kinds (which are on persists in the settings), their legend,
//! and the facts they draw, computed by the solver's inspection helpers and kept until the
//! board changes; and the answer to "why is this a deadlock?". The overlays of the search
//! (heat map, deadlock pattern) come from the inspector.

use egui::Color32;

use crate::app::board::Overlays;
use crate::app::oracle::OracleState;
use crate::app::palette::Palette;
use crate::app::plan_overlay::PlanCache;
use crate::app::worker::{GRACE, Job, Waker};
use crate::level::Level;
use crate::solver::PatternView;
use crate::solver::inspect::{Analyser, Deadlock, PositionFacts, SquareFacts};

/// An overlay the user can switch on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Overlay {
    /// Squares from which a box can never reach a goal.
    Dead,
    /// Pushes from each square to the nearest goal.
    Distance,
    /// Where the player can walk.
    Reachable,
    /// Tunnel squares.
    Tunnels,
    /// How often each square held a box in the positions the search expanded.
    Heat,
    /// Boxes that can never move again.
    Frozen,
    /// Areas the player cannot enter.
    Corrals,
    /// Rooms, goal areas and their entrances.
    Rooms,
    /// The order to fill the goals in, as numbers on the goals.
    Packing,
    /// The backward search's packing-and-parking plan: numbered steps, arrows from each
    /// step's box (where it starts or is parked) to its goal or parking square.
    Parking,
    /// Talking Stones' goal order by adjacent walls, as numbers on the goals (drawn instead
    /// of the packing order when both are on).
    WallOrder,
    /// Demaret's goal schedule as numbers on the goals, with his real entrances (filled
    /// triangles) and potential ones (hollow); drawn instead of the other orders.
    Schedule,
    /// The inspector's deadlock pattern in focus: the one selected in the pattern view, or
    /// the one that pruned the child under the pointer in the children table.
    Pattern,
}

impl Overlay {
    /// Every overlay, in legend order.
    pub const ALL: [Overlay; 13] = [
        Overlay::Dead,
        Overlay::Distance,
        Overlay::Reachable,
        Overlay::Tunnels,
        Overlay::Rooms,
        Overlay::Packing,
        Overlay::Parking,
        Overlay::WallOrder,
        Overlay::Schedule,
        Overlay::Heat,
        Overlay::Frozen,
        Overlay::Corrals,
        Overlay::Pattern,
    ];

    /// Whether the overlay draws facts about the level's plan (computed on a worker).
    pub fn shows_plan(self) -> bool {
        matches!(
            self,
            Overlay::Rooms
                | Overlay::Packing
                | Overlay::Parking
                | Overlay::WallOrder
                | Overlay::Schedule
        )
    }

    /// Whether the overlay draws what the inspector's search found.
    fn shows_search(self) -> bool {
        matches!(self, Overlay::Heat | Overlay::Pattern)
    }

    /// The legend's name.
    pub fn name(self) -> &'static str {
        match self {
            Overlay::Dead => "Dead squares",
            Overlay::Distance => "Push distance to the nearest goal",
            Overlay::Reachable => "Player-reachable area",
            Overlay::Tunnels => "Tunnels",
            Overlay::Heat => "Heat map of box squares (search)",
            Overlay::Frozen => "Frozen boxes",
            Overlay::Corrals => "Corrals",
            Overlay::Rooms => "Goal rooms and entrances",
            Overlay::Packing => "Packing order (1 = fill first)",
            Overlay::Parking => "Packing-and-parking plan (FESS's steps)",
            Overlay::WallOrder => "Goal order by walls (Talking Stones; 1 = fill first)",
            Overlay::Schedule => "Goal schedule and entrances (Demaret's planner)",
            Overlay::Pattern => "Deadlock pattern (selected, or that pruned a child)",
        }
    }

    /// The legend's colour.
    pub fn color(self, pal: &Palette) -> Color32 {
        match self {
            Overlay::Dead => pal.dead,
            Overlay::Distance => pal.accent,
            Overlay::Reachable => pal.reach,
            Overlay::Tunnels => pal.tunnel,
            Overlay::Heat => pal.heat,
            Overlay::Frozen => pal.frozen,
            Overlay::Corrals => pal.corral,
            Overlay::Rooms => pal.goal_area,
            Overlay::Packing | Overlay::WallOrder | Overlay::Schedule => pal.order,
            Overlay::Parking => pal.parking,
            Overlay::Pattern => pal.pattern,
        }
    }
}

/// The analysis of a level's walls and goals, made on a worker: the analyser and the facts
/// about its squares.
type Analysed = Option<(Analyser, SquareFacts)>;

/// Facts computed for the board shown, kept until it changes. The analysis of the level
/// (distances, tunnels: the whole level compiled) runs on a worker; the facts of a position
/// (areas, frozen boxes, corrals) are quick and come from it on the window's thread.
#[derive(Default)]
pub struct OverlayCache {
    analyser: Option<Analyser>,
    squares: SquareFacts,
    /// A level the analysis failed for (it is not tried again while that level is shown).
    failed: Option<Level>,
    job: Option<(Level, Job<(), Analysed>)>,
    position_of: Option<Level>,
    position: PositionFacts,
}

impl OverlayCache {
    /// Brings the facts up to date for `level`; false while the analysis runs or when the
    /// level cannot be analysed. `repaint` wakes the window when the analysis is done.
    fn update(&mut self, level: &Level, repaint: Waker) -> bool {
        if let Some((of, job)) = &mut self.job
            && let Some(done) = job.poll()
        {
            match done {
                Some((analyser, squares)) => {
                    (self.analyser, self.squares) = (Some(analyser), squares);
                    self.position_of = None;
                }
                None => self.failed = Some(of.clone()),
            }
            self.job = None;
        }
        if !self.analyser.as_ref().is_some_and(|a| a.fits(level)) {
            if self.job.is_none() && self.failed.as_ref() != Some(level) {
                let work = level.clone();
                let job = Job::spawn(repaint, move |_| {
                    let analyser = Analyser::new(&work).ok()?;
                    let squares = analyser.squares();
                    Some((analyser, squares))
                });
                self.job = Some((level.clone(), job));
            }
            return false;
        }
        let Some(analyser) = &mut self.analyser else { return false };
        if self.position_of.as_ref() != Some(level) {
            self.position = analyser.position(level);
            self.position_of = Some(level.clone());
        }
        true
    }

    /// Whether the analysis of a level is running on its worker.
    pub fn analysing(&self) -> bool {
        self.job.is_some()
    }
}

/// The answer to "why is this a deadlock?" for one position.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The position asked about.
    pub level: Level,
    /// The rule and boxes, none found, or why the position cannot be analysed.
    pub answer: Result<Option<Deadlock>, crate::solver::Unsearchable>,
}

impl Explanation {
    /// Runs the deadlock rules on `level`, then looks for one of a search's `patterns` in
    /// it.
    pub fn of(level: &Level, patterns: &[PatternView]) -> Self {
        let answer = Analyser::new(level)
            .map(|mut a| a.explain(level).or_else(|| Deadlock::by_pattern(patterns, level)));
        Explanation { level: level.clone(), answer }
    }

    /// What to tell the user.
    pub fn text(&self) -> String {
        match &self.answer {
            Ok(Some(d)) => format!("Deadlock ({}). {}", d.rule.name(), d.reason),
            Ok(None) => "No deadlock rule applies to this position (that does not prove it \
                         solvable)."
                .into(),
            Err(e) => format!("This position cannot be analysed: {e}."),
        }
    }

    /// The answer in a few words for the status bar, which points to the whole of it under
    /// Overlays.
    pub fn headline(&self) -> String {
        match &self.answer {
            Ok(Some(d)) => format!("Deadlock ({}): why is under Overlays.", d.rule.name()),
            Ok(None) => "No deadlock rule applies to this position (more under Overlays).".into(),
            Err(_) => "This position cannot be analysed (why is under Overlays).".into(),
        }
    }
}

/// The overlays' facts and plans, and the last deadlock explanation.
#[derive(Default)]
pub struct OverlayState {
    /// The facts of the board shown.
    pub cache: OverlayCache,
    plans: PlanCache,
    /// The last "why is this a deadlock?" answer.
    pub explanation: Option<Explanation>,
    /// The answer being worked out, on a worker.
    explaining: Option<Job<(), Explanation>>,
    /// "Is it really dead?": the oracle's run and its last answer.
    pub oracle: OracleState,
}

impl OverlayState {
    /// Adds the facts of the overlays `on` to `overlays` for the board `shown`: the square
    /// and position facts of `shown`, the plan of `start` (the level as it starts: the
    /// search's plan in the inspector, computed on a worker that `repaint` wakes the window
    /// from), and the boxes of the deadlock explained for `shown`.
    pub fn add(
        &mut self,
        overlays: &mut Overlays,
        on: &[Overlay],
        shown: &Level,
        start: &Level,
        repaint: Waker,
    ) {
        let on = |o: Overlay| on.contains(&o);
        let wanted = Overlay::ALL.iter().any(|&o| !o.shows_search() && !o.shows_plan() && on(o));
        if wanted && self.cache.update(shown, repaint.clone()) {
            let c = &self.cache;
            if on(Overlay::Dead) {
                overlays.dead = c.squares.dead.clone();
            }
            if on(Overlay::Distance) {
                overlays.numbers = c.squares.distance.clone();
            }
            if on(Overlay::Tunnels) {
                overlays.tunnels = c.squares.tunnels.clone();
            }
            if on(Overlay::Reachable) {
                overlays.reach = c.position.reachable.clone();
            }
            if on(Overlay::Frozen) {
                overlays.frozen = c.position.frozen.clone();
            }
            if on(Overlay::Corrals) {
                overlays.corrals =
                    c.position.corrals.iter().flat_map(|k| k.squares.iter().copied()).collect();
            }
        }
        if Overlay::ALL.iter().any(|&o| o.shows_plan() && on(o))
            && let Some(Ok(marks)) = self.plans.get(start, repaint)
        {
            if on(Overlay::Rooms) {
                overlays.room_lines = marks.room_lines.clone();
                overlays.goal_lines = marks.goal_lines.clone();
                overlays.entrances = marks.plan.entrances.clone();
            }
            if on(Overlay::Schedule) {
                let plan = &marks.plan;
                overlays.order = plan.schedule.clone();
                overlays.parking = plan.schedule_parking.clone();
                overlays.entrances = plan.real_entrances.clone();
                overlays.potential = plan
                    .potential_entrances
                    .iter()
                    .copied()
                    .filter(|p| !plan.real_entrances.contains(p))
                    .collect();
            } else if on(Overlay::WallOrder) {
                overlays.order = marks.plan.wall_order.clone();
            } else if on(Overlay::Packing) {
                overlays.order = marks.plan.order.clone();
            }
            if on(Overlay::Parking) {
                overlays.parking = marks.plan.parking.clone();
            }
        }
        if let Some(e) = &self.explanation
            && e.level == *shown
            && let Ok(Some(d)) = &e.answer
        {
            overlays.culprits = d.boxes.clone();
        }
        if let Some(a) = &self.oracle.answer
            && a.level == *shown
        {
            overlays.dead_set = a.dead_set().to_vec();
        }
    }

    /// The line under a plan overlay's toggle for `level`: what its marks mean, or why there
    /// are none.
    pub fn plan_note(&self, o: Overlay, level: &Level) -> String {
        match self.plans.peek(level) {
            None => "Computing…".into(),
            Some(Err(e)) => format!("Not available: {e}."),
            Some(Ok(_)) if o == Overlay::Rooms => {
                "Thin outline: a room. Thick outline: a goal area. Triangle: an entrance.".into()
            }
            Some(Ok(m)) if o == Overlay::Parking => match m.plan.parking.len() {
                0 => "The backward search found no plan: FESS follows the packing order.".into(),
                n => format!(
                    "{n} steps, found by pulling boxes from the solved position to where they \
                     start. Arrow: a step's box, from where it starts or is parked to its \
                     goal or parking square. Ring: a parking square, whose box a later step \
                     moves on."
                ),
            },
            Some(Ok(m)) if o == Overlay::Schedule => match m.plan.schedule_ordering {
                Some(k) if !m.plan.schedule_parking.is_empty() => format!(
                    "Ordering {k} with the goals rearranged: no order fills the goals \
                     directly, so {} stones are parked on the way (ring) and moved on to \
                     their goals later (arrow). Filled triangle: a real entrance; hollow: \
                     potential only.",
                    m.plan.schedule_parking.iter().filter(|s| s.from.is_some()).count()
                ),
                Some(k) => format!(
                    "Ordering {k}. Filled triangle: a real entrance; hollow: potential only."
                ),
                None => "No ordering exists: the planner cannot run here.".into(),
            },
            Some(Ok(_)) if o == Overlay::WallOrder => {
                "Most walls around first; a filled goal counts as a wall.".into()
            }
            Some(Ok(m)) if m.plan.complete => "Each step of the order is proved.".into(),
            Some(Ok(_)) => "Some steps of the order are a best guess.".into(),
        }
    }

    /// Runs the deadlock rules and the search's `patterns` on `level` on a worker; what to
    /// tell the user now (the answer, or that it is being worked out).
    pub fn explain(&mut self, level: &Level, patterns: &[PatternView], repaint: Waker) -> String {
        let (level, patterns) = (level.clone(), patterns.to_vec());
        let mut job = Job::spawn(repaint, move |_| Explanation::of(&level, &patterns));
        match job.wait(GRACE) {
            Some(e) => self.keep(e),
            None => {
                self.explaining = Some(job);
                "Looking for a deadlock rule that applies…".into()
            }
        }
    }

    /// The answer to the last "why is this a deadlock?" once its worker has it (none while
    /// it works or when nothing was asked); whether one is still being worked out.
    pub fn poll_explanation(&mut self) -> (Option<String>, bool) {
        match self.explaining.as_mut().and_then(Job::poll) {
            Some(e) => {
                self.explaining = None;
                (Some(self.keep(e)), false)
            }
            None => (None, self.explaining.is_some()),
        }
    }

    /// Keeps the answer `e`; what to tell the user in the status bar.
    fn keep(&mut self, e: Explanation) -> String {
        let text = e.headline();
        self.explanation = Some(e);
        self.explaining = None;
        text
    }
}
