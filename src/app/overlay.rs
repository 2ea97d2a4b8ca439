//! The analysis overlays: which are on (persisted), their legend, and the facts they draw,
//! computed by the solver's inspection helpers and kept until the board changes.

use egui::{Color32, RichText, Ui};

use crate::app::board::Overlays;
use crate::app::command::Command;
use crate::app::palette::Palette;
use crate::app::state::App;
use crate::level::Level;
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
    /// The inspector's deadlock pattern in focus: the one selected in the pattern view, or
    /// the one that pruned the child under the pointer in the children table.
    Pattern,
}

impl Overlay {
    /// Every overlay, in legend order.
    pub const ALL: [Overlay; 10] = [
        Overlay::Dead,
        Overlay::Distance,
        Overlay::Reachable,
        Overlay::Tunnels,
        Overlay::Rooms,
        Overlay::Packing,
        Overlay::Heat,
        Overlay::Frozen,
        Overlay::Corrals,
        Overlay::Pattern,
    ];

    /// Whether the overlay draws facts about the level's plan (computed on a worker).
    fn shows_plan(self) -> bool {
        matches!(self, Overlay::Rooms | Overlay::Packing)
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
            Overlay::Packing => pal.order,
            Overlay::Pattern => pal.pattern,
        }
    }
}

/// Facts computed for the board shown, kept until it changes.
#[derive(Debug, Default)]
pub struct OverlayCache {
    analyser: Option<Analyser>,
    squares: SquareFacts,
    position_of: Option<Level>,
    position: PositionFacts,
}

impl OverlayCache {
    /// Brings the facts up to date for `level`; false when it cannot be analysed.
    fn update(&mut self, level: &Level) -> bool {
        if !self.analyser.as_ref().is_some_and(|a| a.fits(level)) {
            self.analyser = Analyser::new(level).ok();
            self.squares = self.analyser.as_ref().map(Analyser::squares).unwrap_or_default();
            self.position_of = None;
        }
        let Some(analyser) = &mut self.analyser else { return false };
        if self.position_of.as_ref() != Some(level) {
            self.position = analyser.position(level);
            self.position_of = Some(level.clone());
        }
        true
    }

    /// Dead squares of `level` (empty when it cannot be analysed).
    pub fn dead(&mut self, level: &Level) -> Vec<crate::level::Pos> {
        if self.update(level) { self.squares.dead.clone() } else { Vec::new() }
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
    /// Runs the deadlock rules on `level`.
    pub fn of(level: &Level) -> Self {
        let answer = Analyser::new(level).map(|mut a| a.explain(level));
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
}

impl App {
    /// Adds the overlays that are on to `overlays` for the board `level`.
    pub(crate) fn analysis_overlays(
        &mut self,
        ctx: &egui::Context,
        level: &Level,
        overlays: &mut Overlays,
    ) {
        let on = |o: Overlay| self.settings.overlays.contains(&o);
        let wanted = Overlay::ALL.iter().any(|&o| !o.shows_search() && !o.shows_plan() && on(o));
        if wanted && self.overlay_cache.update(level) {
            let c = &self.overlay_cache;
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
        if on(Overlay::Heat) {
            overlays.heat = self.heat();
        }
        if on(Overlay::Pattern)
            && self.mode == crate::app::command::Mode::Inspect
            && let Some(p) = self.inspector.patterns.focused()
        {
            overlays.pattern_boxes = p.boxes.clone();
            overlays.pattern_area = p.area.clone();
        }
        if on(Overlay::Rooms) || on(Overlay::Packing) {
            // The plan belongs to the level as it starts (the search's plan in the inspector).
            let start = &self.doc.collection.levels[self.current];
            let ctx = ctx.clone();
            if let Some(Ok(marks)) = self.plan_cache.get(start, move || ctx.request_repaint()) {
                if on(Overlay::Rooms) {
                    overlays.room_lines = marks.room_lines.clone();
                    overlays.goal_lines = marks.goal_lines.clone();
                    overlays.entrances = marks.plan.entrances.clone();
                }
                if on(Overlay::Packing) {
                    overlays.order = marks.plan.order.clone();
                }
            }
        }
        if let Some(e) = &self.explanation
            && e.level == *level
            && let Ok(Some(d)) = &e.answer
        {
            overlays.culprits = d.boxes.clone();
        }
    }

    /// The line under a plan overlay's toggle: what its marks mean, or why there are none.
    fn plan_note(&self, o: Overlay) -> String {
        match self.plan_cache.peek(self.level()) {
            None => "Computing…".into(),
            Some(Err(e)) => format!("Not available: {e}."),
            Some(Ok(_)) if o == Overlay::Rooms => {
                "Thin outline: a room. Thick outline: a goal area. Triangle: an entrance.".into()
            }
            Some(Ok(m)) if m.plan.complete => "Each step of the order is proved.".into(),
            Some(Ok(_)) => "Some steps of the order are a best guess.".into(),
        }
    }

    /// The inspector's heat map, scaled to 0..1.
    fn heat(&self) -> Vec<(crate::level::Pos, f32)> {
        let Some(session) = &self.inspector.session else { return Vec::new() };
        let heat = session.with_trace(|t| t.heat.clone());
        let max = heat.iter().copied().max().unwrap_or(0);
        if max == 0 {
            return Vec::new();
        }
        let search = session.search();
        let board = &search.problem().board;
        heat.iter()
            .enumerate()
            .filter(|&(s, &n)| n > 0 && s < board.len())
            .map(|(s, &n)| (board.pos(s as u16), n as f32 / max as f32))
            .collect()
    }

    /// The overlay toggles with their legend, and the deadlock explanation.
    pub(crate) fn overlay_panel(&mut self, ui: &mut Ui) {
        ui.heading("Overlays");
        let pal = Palette::for_dark_mode(self.settings.dark);
        for o in Overlay::ALL {
            ui.horizontal(|ui| {
                let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(r, 2.0, o.color(&pal));
                let mut on = self.settings.overlays.contains(&o);
                let toggle = if o == Overlay::Dead {
                    Command::ToggleDeadSquares
                } else {
                    Command::ToggleOverlay(o)
                };
                let mut r = ui.checkbox(&mut on, o.name());
                if let Some(s) = toggle.shortcut(self.mode) {
                    r = r.on_hover_text(ui.ctx().format_shortcut(&s));
                }
                if r.changed() {
                    self.queue.push(Command::ToggleOverlay(o));
                }
            });
            if o.shows_plan() && self.settings.overlays.contains(&o) {
                ui.label(RichText::new(self.plan_note(o)).small());
            }
        }
        ui.horizontal(|ui| {
            let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, pal.problem);
            self.command_button(ui, Command::ExplainDeadlock, true);
        });
        if let Some(e) = &self.explanation {
            let current = e.level == *self.board_level();
            let text = RichText::new(e.text());
            ui.label(if current { text } else { text.weak() });
            if !current {
                ui.label(RichText::new("(about a position no longer shown)").small());
            }
        }
    }
}
