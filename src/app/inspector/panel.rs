//! The inspector's side panel: the choices, the controls, the counters, the node being
//! expanded with its children, and the best frontier nodes.

use egui::{Color32, RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::{METHODS, Shown, method_label};
use crate::app::state::App;
use crate::solver::Technique;
use crate::solver::search::{ChildView, NodeView, PushView, Verdict};
use crate::solver::{LowerBound, Method, PruneReason};

/// The push as `3:4 R` (the box's square and the direction).
pub fn push_text(push: Option<PushView>) -> String {
    match push {
        Some(p) if p.pushes > 1 => format!("{} to {} ({} pushes)", p.from, p.to, p.pushes),
        Some(p) => format!("{} {}", p.from, dir_letter(p.dir)),
        None => "start".into(),
    }
}

fn dir_letter(d: crate::level::Dir) -> char {
    crate::level::Move { dir: d, push: true }.lurd()
}

/// What became of a child, as the table says it.
pub fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Kept => "kept".into(),
        Verdict::Duplicate => "duplicate".into(),
        Verdict::Improved => "improved".into(),
        Verdict::OverBound => "over the bound".into(),
        Verdict::Pruned(r) => format!("pruned: {}", r.name()),
    }
}

/// One row of the children table (naming the deadlock pattern that pruned the child).
pub fn child_row(c: &ChildView) -> String {
    let cost = match c.verdict {
        Verdict::Pruned(_) => format!("g {}", c.g),
        _ => format!("g {} h {} f {}", c.g, c.h, c.f),
    };
    let pattern = c.pattern.map(|id| format!(" #{id}")).unwrap_or_default();
    format!("{}  {cost}  {}{pattern}", push_text(Some(c.push)), verdict_text(c.verdict))
}

/// A grid of a node's named features (feature-space search's packed boxes, connectivity,
/// room links cut, boxes out of plan, and its cell).
fn features_grid(ui: &mut Ui, id: &str, features: &[(&'static str, u32)]) {
    egui::Grid::new(id).num_columns(2).striped(true).show(ui, |ui| {
        for (name, value) in features {
            ui.label(*name);
            ui.label(RichText::new(value.to_string()).monospace());
            ui.end_row();
        }
    });
}

/// One row of the frontier list.
pub fn node_row(n: &NodeView) -> String {
    format!("{}  g {} h {} f {}", push_text(n.push), n.g, n.h, n.f)
}

fn verdict_color(v: Verdict, ui: &Ui) -> Color32 {
    match v {
        Verdict::Kept | Verdict::Improved => Color32::from_rgb(90, 190, 100),
        Verdict::Duplicate => ui.visuals().weak_text_color(),
        Verdict::OverBound => Color32::from_rgb(220, 170, 50),
        Verdict::Pruned(_) => Color32::from_rgb(230, 90, 80),
    }
}

impl App {
    /// The panel beside the board in inspect mode.
    pub(crate) fn inspector_panel(&mut self, ui: &mut Ui) {
        ui.heading("Search inspector");
        self.choices(ui);
        ui.separator();
        self.controls(ui);
        ui.separator();
        self.counters(ui);
        ui.separator();
        self.expansion(ui);
        ui.separator();
        self.frontier(ui);
    }

    fn choices(&mut self, ui: &mut Ui) {
        let before = self.inspector.config();
        let mut config = before;
        egui::Grid::new("inspector-choices").num_columns(2).show(ui, |ui| {
            let name = ui.label("Algorithm").id;
            egui::ComboBox::from_id_salt("method")
                .selected_text(method_label(config.method))
                .show_ui(ui, |ui| {
                    for m in METHODS {
                        let same =
                            std::mem::discriminant(&m) == std::mem::discriminant(&config.method);
                        if ui.selectable_label(same, method_label(m)).clicked() && !same {
                            config.method = m;
                        }
                    }
                })
                .response
                .labelled_by(name);
            ui.end_row();
            match &mut config.method {
                Method::WeightedAStar(w) => {
                    let name = ui.label("Weight").id;
                    ui.add(egui::DragValue::new(w).range(1..=20)).labelled_by(name);
                    ui.end_row();
                }
                Method::Dfs(d) => {
                    let name = ui.label("Depth limit").id;
                    ui.add(egui::DragValue::new(d).range(1..=2000)).labelled_by(name);
                    ui.end_row();
                }
                _ => {}
            }
            let name = ui.label("Lower bound").id;
            egui::ComboBox::from_id_salt("bound")
                .selected_text(config.lower_bound.name())
                .show_ui(ui, |ui| {
                    for b in LowerBound::ALL {
                        let label = if b.admissible() {
                            b.name().to_string()
                        } else {
                            format!("{} (not admissible)", b.name())
                        };
                        ui.selectable_value(&mut config.lower_bound, b, label);
                    }
                })
                .response
                .labelled_by(name);
            ui.end_row();
        });
        ui.label("Pruning");
        ui.horizontal_wrapped(|ui| {
            let d = &mut config.deadlocks;
            for (flag, reason) in [
                (&mut d.dead_squares, PruneReason::DeadSquare),
                (&mut d.freeze, PruneReason::Freeze),
                (&mut d.bipartite, PruneReason::Bipartite),
                (&mut d.corral, PruneReason::Corral),
                (&mut d.patterns, PruneReason::Pattern),
            ] {
                ui.checkbox(flag, reason.name());
            }
        });
        ui.label("Techniques")
            .on_hover_text("FESS's features and advisors, PI-corrals, tunnel and goal macros");
        ui.horizontal_wrapped(|ui| {
            for t in Technique::ALL {
                let mut on = config.techniques.on(t);
                if ui.checkbox(&mut on, t.name()).changed() {
                    config.techniques.set(t, on);
                }
            }
        });
        if config != before {
            self.queue.push(Command::SetSearchConfig(config));
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        let (built, running, can_step) = match &self.inspector.session {
            Some(s) => (true, s.is_running(), s.can_step()),
            None => (false, false, false),
        };
        let idle = !running && (can_step || !built);
        ui.horizontal_wrapped(|ui| {
            self.command_button(ui, Command::InspectStep, idle);
            let n = self.inspector.step_count;
            self.command_button_labelled(
                ui,
                &format!("Step ×{n}"),
                Command::InspectStepMany(n),
                idle,
            );
            let name = ui.label("N").id;
            let count = egui::DragValue::new(&mut self.inspector.step_count).range(1..=1_000_000);
            ui.add(count).labelled_by(name);
        });
        ui.horizontal_wrapped(|ui| {
            let rate = self.inspector.rate;
            self.command_button_labelled(ui, "Run", Command::InspectRun(rate), idle);
            let name = ui.label("at").id;
            ui.add(
                egui::DragValue::new(&mut self.inspector.rate)
                    .range(1.0..=1e6)
                    .speed(5.0)
                    .suffix(" /s"),
            )
            .labelled_by(name)
            .on_hover_text("Expansions per second while running");
            self.command_button(ui, Command::InspectPause, running);
        });
        ui.horizontal_wrapped(|ui| {
            self.command_button(ui, Command::InspectRunToSolution, idle);
            self.command_button(ui, Command::InspectReset, true);
        });
        ui.label(self.inspector.state_line());
    }

    fn counters(&mut self, ui: &mut Ui) {
        let s = &self.inspector.snapshot.stats;
        let bound = match self.inspector.method {
            Method::Dfs(_) | Method::IterativeDeepening => "depth limit",
            Method::IdaStar => "cost bound",
            Method::Bfs => "depth",
            Method::Fess => "weight",
            _ => "best f",
        };
        let mut rows = vec![
            ("generated".to_string(), s.generated.to_string()),
            ("expanded".into(), s.expanded.to_string()),
            ("duplicates".into(), s.duplicates.to_string()),
        ];
        for r in PruneReason::ALL {
            rows.push((format!("pruned: {}", r.name()), s.pruned_by(r).to_string()));
        }
        rows.push(("open".into(), s.open.to_string()));
        rows.push(("closed".into(), s.closed.to_string()));
        rows.push((bound.into(), s.bound.to_string()));
        rows.push(("deepest".into(), s.depth.to_string()));
        rows.push(("nodes/s".into(), format!("{:.0}", self.inspector.nodes_per_second())));
        egui::Grid::new("counters").num_columns(2).striped(true).show(ui, |ui| {
            for (name, value) in rows {
                ui.label(name);
                ui.label(RichText::new(value).monospace());
                ui.end_row();
            }
        });
    }

    fn expansion(&mut self, ui: &mut Ui) {
        self.inspector.patterns.hovered = None;
        let snap = &self.inspector.snapshot;
        let Some(current) = snap.current else {
            ui.label("No node expanded yet.");
            return;
        };
        ui.label(RichText::new(format!("Expanded: {}", node_row(&current))).strong());
        if !snap.features.is_empty() {
            ui.label("Its features");
            features_grid(ui, "current-features", &snap.features);
        }
        let children = snap.children.clone();
        ui.label(format!("{} children", children.len()));
        let mut clicked = None;
        let mut hovered = None;
        egui::ScrollArea::vertical().id_salt("children").max_height(180.0).show(ui, |ui| {
            for c in &children {
                let text = RichText::new(child_row(c)).color(verdict_color(c.verdict, ui));
                let shown = self.inspector.shown == Shown::After(current.id, c.push);
                let mut row = ui.selectable_label(shown, text);
                if c.pattern.is_some() {
                    row = row.on_hover_text("The board shows the deadlock pattern that pruned it.");
                    if row.hovered() {
                        hovered = c.pattern;
                    }
                }
                if row.clicked() {
                    clicked = Some((Shown::After(current.id, c.push), c.pattern));
                }
            }
        });
        self.inspector.patterns.hovered = hovered;
        if let Some((s, pattern)) = clicked {
            self.queue.push(Command::InspectShow(s));
            if pattern.is_some() {
                self.queue.push(Command::SelectPattern(pattern));
            }
        }
    }

    fn frontier(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Best frontier nodes").strong());
        let frontier = self.inspector.snapshot.frontier.clone();
        if frontier.is_empty() {
            ui.label("(empty)");
        }
        let parent = self.inspector.snapshot.current.map(|v| v.id);
        for n in &frontier {
            let target = match (n.id, parent, n.push) {
                (crate::solver::NodeId::MAX, Some(p), Some(push)) => Shown::After(p, push),
                _ => Shown::Node(n.id),
            };
            let shown = self.inspector.shown == target;
            if ui.selectable_label(shown, node_row(n)).clicked() {
                self.queue.push(Command::InspectShow(target));
            }
        }
        ui.separator();
        if self.inspector.shown != Shown::Current {
            self.command_button(ui, Command::InspectShow(Shown::Current), true);
        }
        if self.inspector.shown != Shown::Current {
            if !self.inspector.shown_features.is_empty() {
                ui.label("Features of the node shown");
                features_grid(ui, "shown-features", &self.inspector.shown_features.clone());
            } else if matches!(self.inspector.shown, Shown::After(..)) {
                ui.label(RichText::new("A move not played yet: no node, no features.").small());
            }
        }
        if let Some((_, pushes)) = &self.inspector.board {
            let path: Vec<String> =
                pushes.iter().map(|&(from, d)| format!("{from} {}", dir_letter(d))).collect();
            ui.label(format!("Path from the start: {} pushes", pushes.len()));
            ui.label(RichText::new(path.join(", ")).small().monospace());
        }
        self.path_nodes(ui);
    }

    /// The stored nodes on the path to what is shown; clicking one shows it.
    fn path_nodes(&mut self, ui: &mut Ui) {
        let path = self.inspector.shown_path.clone();
        if path.len() < 2 {
            return;
        }
        ui.label(format!("Nodes on the path: {}", path.len()));
        let mut clicked = None;
        egui::ScrollArea::vertical().id_salt("path-nodes").max_height(140.0).show(ui, |ui| {
            for (i, n) in path.iter().enumerate() {
                let shown = self.inspector.shown == Shown::Node(n.id);
                if ui.selectable_label(shown, format!("{i}. {}", node_row(n))).clicked() {
                    clicked = Some(Shown::Node(n.id));
                }
            }
        });
        if let Some(s) = clicked {
            self.queue.push(Command::InspectShow(s));
        }
    }
}
