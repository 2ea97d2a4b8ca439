//! Two searches side by side: in place of the board, each search's node with its counters
//! and children, the one that finished first marked; in the lower panel's *Side by side*
//! view, their open and stored sizes on one chart and their trees one above the other.

use egui::{RichText, Ui, Vec2};

use crate::app::board::{self, Overlays, View};
use crate::app::inspector::compare::First;
use crate::app::inspector::text::{child_row, plural};
use crate::app::inspector::{Inspector, Session, charts, tree};
use crate::app::palette::Palette;
use crate::solver::inspect::drawing::Colouring;
use crate::solver::inspect::tree::passes;
use crate::solver::{NodeId, Progress};

/// The chart's height in the *Side by side* view.
const CHART_HEIGHT: f32 = 170.0;

/// Each tree's height in the *Side by side* view.
const TREE_HEIGHT: f32 = 160.0;

/// Both searches' names, for titles and legends: the method and its lower bound.
fn name(s: &Session) -> String {
    format!("{} ({})", s.config.method.label(), s.config.lower_bound.name())
}

/// Where a search stands, in a few words.
fn standing(s: &Session) -> String {
    let expanded = s.with_trace(|t| t.steps.len());
    match s.progress() {
        Progress::Running => format!("running: {}", plural(expanded, "expansion", "expansions")),
        Progress::Solved(_) => {
            format!("solved after {}", plural(expanded, "expansion", "expansions"))
        }
        Progress::Exhausted { .. } => format!("exhausted after {expanded} expansions"),
        Progress::NotFound => format!("gave up after {expanded} expansions"),
    }
}

/// The two searches in place of the board: true when drawn (both built).
pub fn boards(ui: &mut Ui, inspector: &Inspector, pal: &Palette) -> bool {
    let (Some(left), Some(right)) = (&inspector.session, &inspector.compare.session) else {
        return false;
    };
    let first = inspector.compare.first(left);
    ui.columns(2, |cols| {
        for (ui, (session, side)) in
            cols.iter_mut().zip([(left, First::Left), (right, First::Right)])
        {
            column(ui, session, first.is_some_and(|f| f == side || f == First::Both), pal);
        }
    });
    true
}

fn column(ui: &mut Ui, session: &Session, first: bool, pal: &Palette) {
    ui.label(RichText::new(name(session)).strong());
    let mark = if first { " (finished first)" } else { "" };
    ui.label(format!("{}{mark}", standing(session)));
    let search = session.search();
    let current = search.current();
    let board = current.and_then(|c| search.board(c.id)).unwrap_or_else(|| session.level.clone());
    // The board drawn as the main one is, in half the column's height.
    let size = Vec2::new(ui.available_width(), (ui.available_height() * 0.5).max(80.0));
    ui.allocate_ui(size, |ui| {
        board::show(ui, &board, &Overlays::default(), &mut View::default(), pal);
    });
    let s = search.stats();
    let info = session.config.method.info();
    ui.label(
        RichText::new(format!(
            "expanded {}  generated {}  open {}  {} {}  {} {}",
            s.expanded, s.generated, s.open, info.stored.name, s.closed, info.bound_name, s.bound
        ))
        .monospace(),
    );
    let children = search.children().to_vec();
    drop(search);
    ui.label(plural(children.len(), "child", "children"));
    egui::ScrollArea::vertical().id_salt(name(session)).show(ui, |ui| {
        for c in &children {
            ui.label(RichText::new(child_row(c, info.order)).small().monospace());
        }
    });
}

/// The lower panel's *Side by side* view: one chart of both searches' open and stored
/// sizes, and their trees one above the other.
pub fn lower(ui: &mut Ui, inspector: &Inspector) {
    let (Some(left), Some(right)) = (&inspector.session, &inspector.compare.session) else {
        ui.label(if inspector.compare.pending() {
            "The second search is being prepared: both are drawn here once it is ready."
        } else {
            "Turn on Compare (beside the panel's heading) to search the level with two searches \
             side by side."
        });
        return;
    };
    // Scrolled, so that the panel keeps the size it has whatever the trees need.
    egui::ScrollArea::vertical().id_salt("compare-lower").show(ui, |ui| {
        let log = inspector.log_scale;
        let mut lines = Vec::new();
        for s in [left, right] {
            let [open, stored, _] = s.with_trace(|t| {
                let steps = &t.steps;
                charts::series(steps.len(), |i| [steps[i].open, steps[i].closed, 0], log)
            });
            let stored_name = s.config.method.info().stored.name;
            lines.push((format!("{}: open", name(s)), open));
            lines.push((format!("{}: {stored_name}", name(s)), stored));
        }
        ui.allocate_ui(Vec2::new(ui.available_width(), CHART_HEIGHT), |ui| {
            charts::plot_named(ui, "compare-chart", lines, log, None);
        });
        for (session, id) in [(left, "compare-tree-left"), (right, "compare-tree-right")] {
            ui.label(RichText::new(format!("Tree: {}", name(session))).strong());
            let (pass, at) = session.with_trace(|t| {
                let pass = passes(&t.steps, &t.edges, session.depth_first()).pop();
                (pass, t.steps.len().saturating_sub(1))
            });
            let solution: Vec<NodeId> = match session.progress() {
                Progress::Solved(id) if !session.depth_first() => session.search().path(id),
                _ => Vec::new(),
            };
            ui.allocate_ui(Vec2::new(ui.available_width(), TREE_HEIGHT), |ui| match pass {
                Some(pass) => {
                    let info = session.config.method.info();
                    let colouring = Colouring::of(inspector.seed_colours, info);
                    tree::draw(ui, id, &pass.nodes, at, &solution, colouring);
                }
                None => {
                    ui.label("No expansion yet.");
                }
            });
        }
    });
}
