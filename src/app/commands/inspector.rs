//! Inspector commands: the search's configuration, stepping, running on the worker,
//! pausing, resetting, what the board shows, the lower panel's view and the pattern list.

use crate::app::command::Command;
use crate::app::inspector::predict::{Predict, choices};
use crate::app::inspector::saving::{self, Saved};
use crate::app::inspector::{Asked, LowerView, Run, Shown};
use crate::app::modes::cannot_search;
use crate::app::overlay::Overlay;
use crate::app::state::{App, WindowRequest};
use crate::app::worker::GRACE;
use crate::app::worker::Waker;
use crate::solver::inspect::breakpoint::Break;

impl App {
    /// Carries out an inspector command.
    pub(crate) fn inspector_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::SetSearchConfig(config) => {
                self.inspector.method = config.method;
                self.inspector.bound = config.lower_bound;
                self.inspector.deadlocks = config.deadlocks;
                self.inspector.techniques = config.techniques;
                match config.parking.apply(self.level()) {
                    Ok(_) => self.inspector.plan = (config.ordering, config.parking),
                    Err(why) => {
                        self.inspector.plan.0 = config.ordering;
                        self.messages.status = format!("Parking by hand not applied: {why}.");
                    }
                }
                self.reset_inspector();
            }
            Command::InspectReset => self.reset_inspector(),
            Command::InspectStep => {
                self.inspector.coverage.selected = None;
                if self.second_search_pending() {
                    return None;
                }
                self.ensure_session();
                if let Some(b) = &mut self.inspector.building {
                    b.then = Some(Asked::Step);
                    return None;
                }
                if let Some(s) = &mut self.inspector.session {
                    s.step_once();
                }
                if self.inspector.compare.on {
                    self.inspector.compare.step_once();
                }
                self.inspector.shown = Shown::Current;
                self.inspector.refresh();
            }
            Command::InspectStepMany(n) => return self.inspect_run(Run::Steps(n)),
            Command::InspectRun(rate) => return self.inspect_run(Run::Rate(rate)),
            Command::InspectRunToSolution => return self.inspect_run(Run::Full),
            Command::InspectRunUntilPruned => {
                return self.inspect_run(Run::Until(vec![Break::Pruned(None)]));
            }
            Command::InspectStepBack => {
                let expanded = self.inspector.snapshot.steps as u64;
                if expanded == 0 {
                    self.messages.status = "No expansion to step back from.".into();
                    return None;
                }
                return self.inspect_go_to(expanded - 1);
            }
            Command::InspectGoTo(to) => return self.inspect_go_to(to),
            Command::ToggleCompare => {
                self.inspector.compare.on = !self.inspector.compare.on;
                if self.inspector.compare.on {
                    self.reset_compare();
                    self.inspector.view = LowerView::Compare;
                } else {
                    self.inspector.compare.pause();
                    self.inspector.compare.session = None;
                    if self.inspector.view == LowerView::Compare {
                        self.inspector.view = LowerView::Charts;
                    }
                }
            }
            Command::SetCompareConfig(config) => {
                self.inspector.compare.config = config;
                self.reset_compare();
            }
            Command::TogglePredict => {
                let on = !self.inspector.predict.on;
                self.inspector.predict = Predict { on, ..Predict::default() };
            }
            Command::Predict(i) => {
                let frontier = self.inspector.snapshot.frontier.clone();
                let &guess = choices(&frontier).get(i)?;
                self.inspector_command(Command::InspectStep);
                let expanded = self.inspector.snapshot.current;
                let info = self.inspector.info();
                self.messages.status =
                    self.inspector.predict.judge(guess, frontier, expanded, info);
            }
            Command::InspectRunUntilBreak => {
                let breaks = self.inspector.breakpoints.active(self.document.key());
                if breaks.is_empty() {
                    self.messages.status =
                        "No breakpoint is on: set one under Breakpoints in the panel.".into();
                    return None;
                }
                return self.inspect_run(Run::Until(breaks));
            }
            Command::InspectPause => {
                if self.inspector.cancel_building() {
                    self.messages.status = "Stopped preparing the search.".into();
                }
                if let Some(s) = &mut self.inspector.session {
                    s.pause();
                }
                self.inspector.compare.pause();
            }
            Command::InspectShow(shown) => {
                self.inspector.coverage.selected = None;
                self.inspector.shown = shown;
                self.inspector.refresh();
            }
            Command::InspectScrub(at) => {
                self.inspector.coverage.selected = None;
                self.inspector.scrub = at;
                self.inspector.shown = Shown::Step(at);
                self.inspector.refresh();
            }
            Command::SetLowerView(v) => self.inspector.view = v,
            Command::SelectPattern(id) => {
                self.inspector.patterns.selected = id;
                if id.is_some() && !self.settings.overlays.contains(&Overlay::Pattern) {
                    self.settings.toggle_overlay(Overlay::Pattern);
                }
                self.inspector.refresh();
            }
            Command::SetPatternOrder(o) => self.inspector.patterns.set_order(o),
            Command::RunCoverage => {
                let (key, level) = (self.document.key(), self.document.level());
                self.messages.status =
                    self.inspector.coverage.start(key, level, self.waker.clone());
            }
            Command::StopCoverage => self.messages.status = self.inspector.coverage.stop(),
            Command::SetCoveragePushes(k) => self.inspector.coverage.pushes = k,
            Command::SelectMissed(i) => {
                self.inspector.coverage.selected = i;
                if i.is_some() {
                    self.messages.status = "A dead position no rule catches, its smallest dead \
                        set outlined (click it again to see the search)."
                        .into();
                }
            }
            Command::AdoptDeadSet => {
                let Some(answer) = &self.overlays.oracle.answer else { return None };
                let (position, boxes) = (answer.level.clone(), answer.dead_set().to_vec());
                self.messages.status = self.inspector.adopt(&position, &boxes);
            }
            Command::ExportTree(what, text) => {
                self.inspector.saving.hold(what, move || Ok(text.into_bytes()));
                return Some(WindowRequest::PickExport(what));
            }
            Command::ExportChart(what) => {
                let make = crate::app::inspector::charts::file_of(&self.inspector, what)?;
                self.inspector.saving.hold(what, make);
                return Some(WindowRequest::PickExport(what));
            }
            Command::ExportTrace => {
                let session = self.inspector.session.as_ref()?;
                let (level, config) = (session.level.clone(), session.config.clone());
                let expansions = session.with_trace(|t| t.steps.len() as u64);
                let make = move || saving::trace_of(&level, &config, expansions);
                self.inspector.saving.hold(Saved::Trace, make);
                return Some(WindowRequest::PickExport(Saved::Trace));
            }
            Command::SaveExport(path) => {
                self.messages.status = self.inspector.saving.save(path, self.waker.clone());
            }
            Command::ToggleLogScale => self.inspector.log_scale = !self.inspector.log_scale,
            Command::ToggleSeedColours => {
                self.inspector.seed_colours = !self.inspector.seed_colours;
            }
            other => unreachable!("{other:?} is not an inspector command"),
        }
        None
    }

    /// Whether the second search of *Compare* is still being built, so that the two
    /// cannot be stepped together yet (the status line says so).
    fn second_search_pending(&mut self) -> bool {
        let pending = self.inspector.compare.pending();
        if pending {
            self.messages.status =
                "The second search is still being prepared: step when it is ready.".into();
        }
        pending
    }

    /// Starts the inspector's worker; `repaint` wakes the window.
    pub fn start_inspector(&mut self, run: Run, repaint: Waker) {
        if self.inspector.compare.on {
            self.inspector.compare.run(run.clone(), repaint.clone());
        }
        if let Some(s) = &mut self.inspector.session {
            s.run(run, repaint);
        }
    }

    /// A fresh second search of the level shown, when side by side is on.
    pub(crate) fn reset_compare(&mut self) {
        if self.inspector.compare.on {
            // It starts where the inspector's search stands, to go on in step with it.
            let (key, level) = (self.document.key(), self.level().clone());
            let to = self.inspector.session.as_ref().map_or(0, |s| s.with_trace(|t| t.steps.len()));
            let (sets, repaint) = (&self.inspector.adopted, self.waker.clone());
            self.inspector.compare.reset((key, &level), to as u64, sets, GRACE, repaint);
        }
    }

    /// A fresh inspector search of the level shown in the editor.
    fn reset_inspector(&mut self) {
        let (key, level) = (self.document.key(), self.level().clone());
        if let Err(e) = self.inspector.reset(key, &level, self.waker.clone()) {
            self.messages.status = cannot_search(&e);
        }
        self.reset_compare();
    }

    /// Builds the inspector's search if there is none for the current level.
    pub(crate) fn ensure_session(&mut self) {
        if self.inspector.key() != Some(self.document.key()) {
            self.reset_inspector();
        }
    }

    /// Puts the search at `to` expansions: back by a re-run on a worker, forward by a run.
    fn inspect_go_to(&mut self, to: u64) -> Option<WindowRequest> {
        if self.inspector.building.is_some() || self.inspector.session.is_none() {
            self.messages.status = "The search is being built: wait for it, or Pause.".into();
            return None;
        }
        self.inspector.coverage.selected = None;
        let run = self.inspector.go_to(to, self.waker.clone())?;
        self.inspect_run(run)
    }

    /// Asks the window to start the worker on the search (built first if needed; when that
    /// takes a while, the run starts once it is built).
    fn inspect_run(&mut self, run: Run) -> Option<WindowRequest> {
        if self.second_search_pending() {
            return None;
        }
        self.ensure_session();
        if let Some(b) = &mut self.inspector.building {
            b.then = Some(Asked::Run(run));
            return None;
        }
        self.inspector.shown = Shown::Current;
        // A search that ended can still go back.
        let back = matches!(run, Run::Back(_));
        let session = self.inspector.session.as_ref();
        let ready = session.is_some_and(|s| s.can_step() || (back && s.rewinds()));
        ready.then_some(WindowRequest::Inspect(run))
    }
}
