//! The search inspector as a mode: its search follows the level shown (built on a worker,
//! rebuilt when the level or its board changes), the node shown is drawn with the path to
//! it, the player's area and the sub-problem, and the lower panel shows charts, history,
//! tree or patterns.

use crate::app::worker::Waker;
use egui::Ui;

use crate::app::board::Overlays;
use crate::app::command::Command;
use crate::app::document::DocumentState;
use crate::app::inspector::{self, Asked, Inspector, Run, Shown};
use crate::app::modes::{Frame, ModeView, Pointer};
use crate::app::overlay::Overlay;
use crate::level::{Level, Pos};
use crate::solver::Unsearchable;
use crate::solver::inspect::breakpoint::Break;

/// How soon the window looks again for a search being built.
const BUILDING: std::time::Duration = std::time::Duration::from_millis(50);

impl ModeView for Inspector {
    /// Takes the search once its worker has built it (and asks again for the step or run
    /// asked for meanwhile), replaces a search of another level or board by one of the
    /// level shown, and reads the search for this frame.
    fn tick(&mut self, frame: &mut Frame<'_>) {
        match self.poll_building() {
            Ok(Some(asked)) => frame.sink.send(asked_command(asked)),
            Ok(None) => {}
            Err(e) => *frame.status = cannot_search(&e),
        }
        let key = frame.document.key();
        if self.key().is_some_and(|k| k != key)
            && let Err(e) = self.reset(key, frame.document.level(), Waker::new(frame.ctx))
        {
            *frame.status = cannot_search(&e);
        }
        if self.building.is_some() {
            frame.ctx.request_repaint_after(BUILDING);
        }
        self.compare.poll();
        if self.compare.on && self.compare.key() != Some(key) {
            let repaint = Waker::new(frame.ctx);
            let (sets, grace) = (&self.adopted, crate::app::worker::GRACE);
            self.compare.reset((key, frame.document.level()), 0, sets, grace, repaint);
        }
        if self.compare.building.is_some() {
            frame.ctx.request_repaint_after(BUILDING);
        }
        if let Some(done) = self.coverage.poll() {
            *frame.status = done;
        }
        if let Some(done) = self.saving.poll() {
            *frame.status = done;
        }
        self.refresh();
    }

    /// The node shown (the start before the first step), or the position of the missed
    /// dead set selected in the coverage.
    fn board<'a>(&'a self, _: &'a DocumentState) -> Option<&'a Level> {
        if let Some(session) = &self.session
            && let Some(level) = self.breakpoints.board(session.key, &session.level)
        {
            return Some(level);
        }
        if let Some((level, _)) = self.coverage.example(self.key()) {
            return Some(level);
        }
        self.board.as_ref().map(|(l, _)| l)
    }

    fn side_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        inspector::panel::show(ui, self, &mut frame.sink);
    }

    /// Side by side: the two searches' nodes, counters and children in place of the board.
    fn draws_own_board(&mut self, ui: &mut Ui, frame: &Frame<'_>) -> bool {
        // Picking squares for a breakpoint needs the board itself.
        let picking = self.breakpoints.picking.is_some();
        self.compare.on && !picking && inspector::compare_view::boards(ui, self, &frame.palette)
    }

    fn has_lower_panel(&self) -> bool {
        true
    }

    fn lower_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        inspector::panel::lower(ui, self, frame.settings.dark, &mut frame.sink);
    }

    /// While breakpoints are being set, a click picks a box or a square, or paints the
    /// position.
    fn pointer(&mut self, pointer: &Pointer, frame: &mut Frame<'_>) {
        let (Some(session), Some(at)) = (&self.session, pointer.cell) else { return };
        let clicked = pointer.over_board && (pointer.primary || pointer.secondary);
        if self.breakpoints.picking.is_none() || !clicked {
            return;
        }
        let (key, start) = (session.key, session.level.clone());
        let never = |b: &Break| b.never_fires(session.search().as_ref());
        *frame.status = self.breakpoints.click(key, &start, at, pointer.secondary, never);
    }

    /// The pushes to the node shown, the area its player stands for, the sub-problem being
    /// solved, and the search's heat map and deadlock pattern when they are on.
    fn overlays(&mut self, overlays: &mut Overlays, _: &Level, _: Option<Pos>, frame: &Frame<'_>) {
        if let Some((_, dead_set)) = self.coverage.example(self.key()) {
            overlays.dead_set = dead_set.to_vec();
            return;
        }
        if let Some((_, pushes)) = &self.board {
            overlays.path = pushes.iter().filter_map(|&(from, d)| from.step(d)).collect();
        }
        if let Some((_, area)) = &self.area {
            overlays.reach = area.clone();
        }
        if let Some(sub) = &self.snapshot.sub_problem
            && self.shown == Shown::Current
        {
            overlays.sub_problem = Some((sub.goal, sub.stones.clone()));
        }
        let on = &frame.settings.overlays;
        if on.contains(&Overlay::Heat) {
            overlays.heat = self.heat();
        }
        if on.contains(&Overlay::Pattern)
            && let Some(p) = self.patterns.focused()
        {
            overlays.pattern_boxes = p.boxes.clone();
            overlays.pattern_area = p.area.clone();
        }
    }
}

/// The command that asks for `asked` again.
pub(crate) fn asked_command(asked: Asked) -> Command {
    match asked {
        Asked::Step => Command::InspectStep,
        Asked::Run(Run::Steps(n)) => Command::InspectStepMany(n),
        Asked::Run(Run::Rate(rate)) => Command::InspectRun(rate),
        Asked::Run(Run::Full) => Command::InspectRunToSolution,
        Asked::Run(Run::Until(breaks)) if breaks == [Break::Pruned(None)] => {
            Command::InspectRunUntilPruned
        }
        Asked::Run(Run::Until(_)) => Command::InspectRunUntilBreak,
        Asked::Run(Run::Back(to)) => Command::InspectGoTo(to),
    }
}

/// What the status line says of a level the inspector cannot search.
pub(crate) fn cannot_search(why: &Unsearchable) -> String {
    format!("The inspector cannot search this level: {why}.")
}
