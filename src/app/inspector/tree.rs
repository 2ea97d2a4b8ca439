//! The search tree of a small search (its first expansions): nodes coloured as in the open
//! list, expanded, duplicate, pruned or over the bound (and not yet generated at the
//! history step the scrubber is on), or as Van Lishout's thesis colours them by the rule of
//! the figure of the search's kind (2.4 and 2.5 depth-first, 2.6 breadth-first, 2.8 A*);
//! the solution path highlighted; a click shows a node.

use egui::{Color32, Pos2, Sense, Stroke, Ui, Vec2};

use crate::app::command::Command;
use crate::app::inspector::saving::Saved;
use crate::app::inspector::{Inspector, Shown};
use crate::app::sink::Sink;
use crate::solver::inspect::drawing::{
    Colouring, DUPLICATE, EXPANDED, NOT_GENERATED, OPEN, OVER_BOUND, PRUNED, Rgba, Seed, colours,
    dot, layout, on_path, svg,
};
use crate::solver::inspect::trace::TREE_EXPANSIONS;
use crate::solver::inspect::tree::{TreeNode, passes};
use crate::solver::{NodeId, Progress};

/// A drawing colour as egui paints it.
fn colour([r, g, b, a]: Rgba) -> Color32 {
    Color32::from_rgba_premultiplied(r, g, b, a)
}

/// Horizontal and vertical distance between tree nodes, in points.
const DX: f32 = 14.0;
const DY: f32 = 28.0;

/// The search tree view: for a search that deepens (IDA*, iterative deepening), one tree
/// per pass over the start, the pass chosen in a menu (the latest unless chosen).
pub fn show(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    let Some(session) = &inspector.session else {
        ui.label("Step or run the search to draw its tree.");
        return;
    };
    let depth_first = session.depth_first();
    let (mut passes, total) =
        session.with_trace(|t| (passes(&t.steps, &t.edges, depth_first), t.steps.len()));
    let solution: Vec<NodeId> = match session.progress() {
        Progress::Solved(id) if !depth_first => session.search().path(id),
        _ => Vec::new(),
    };
    let at = if total == 0 { 0 } else { inspector.scrub.min(total - 1) };
    let at = if inspector.shown == Shown::Step(at) { at } else { total.saturating_sub(1) };
    if total > TREE_EXPANSIONS {
        ui.label(format!("The tree shows the first {TREE_EXPANSIONS} of {total} expansions."));
    }
    if depth_first && !passes.is_empty() {
        let bounds: Vec<u32> = passes.iter().map(|p| p.bound).collect();
        let pass = choose_pass(ui, "tree-pass", &bounds, |i| {
            (passes[i].steps.len(), passes[i].nodes.len())
        });
        passes.swap(0, pass);
    } else if let Some(p) = passes.first() {
        ui.label(format!("expansions: {}, nodes: {}", p.steps.len(), p.nodes.len()));
    }
    let Some(pass) = passes.into_iter().next() else { return };
    let tree = pass.nodes;
    let colouring = Colouring::of(inspector.seed_colours, inspector.info());
    ui.horizontal(|ui| {
        let tip = "The tree as drawn, in Graphviz DOT (lay it out with dot -Tsvg or -Tpng)";
        if ui.button("Save as DOT…").on_hover_text(tip).clicked() {
            sink.send(Command::ExportTree(Saved::TreeDot, dot(&tree, at, &solution, colouring)));
        }
        let tip = "The tree as drawn, as an SVG picture for slides";
        if ui.button("Save as SVG…").on_hover_text(tip).clicked() {
            sink.send(Command::ExportTree(Saved::TreeSvg, svg(&tree, at, &solution, colouring)));
        }
    });
    let clicked = draw(ui, "tree", &tree, at, &solution, colouring);
    if let Some(shown) = clicked.and_then(|i| target(&tree, i, depth_first)) {
        sink.send(Command::InspectShow(shown));
    }
}

/// The menu of a deepening search's passes over the start, one per bound in `bounds`, with
/// the expansions and nodes `sizes` gives for the pass chosen beside it; the pass chosen.
/// The choice is kept with the window's widget state under `salt`, by the number of passes
/// there were when it was made (a new pass shows the latest again).
pub fn choose_pass(
    ui: &mut Ui,
    salt: &str,
    bounds: &[u32],
    sizes: impl Fn(usize) -> (usize, usize),
) -> usize {
    let count = bounds.len();
    let id = ui.make_persistent_id(salt);
    let chosen: Option<(usize, usize)> = ui.data(|d| d.get_temp(id));
    let mut pass = match chosen {
        Some((i, n)) if n == count && i < count => i,
        _ => count.saturating_sub(1),
    };
    let name = |i: usize| format!("{} of {count}: bound {}", i + 1, bounds[i]);
    ui.horizontal(|ui| {
        let label = ui.label("Iteration").id;
        egui::ComboBox::from_id_salt((salt, "menu"))
            .selected_text(name(pass))
            .show_ui(ui, |ui| {
                for i in 0..count {
                    if ui.selectable_label(i == pass, name(i)).clicked() {
                        pass = i;
                    }
                }
            })
            .response
            .labelled_by(label);
        let (expansions, nodes) = sizes(pass);
        ui.label(format!("expansions: {expansions}, nodes: {nodes}"));
    });
    ui.data_mut(|d| d.insert_temp(id, (pass, count)));
    pass
}

/// Draws `tree` as it stood at expansion `at`, with its legend, coloured by `colouring`;
/// the nodes of `solution` ringed; `id` keeps its scroll position
/// apart from another tree's. The node clicked, if any.
pub fn draw(
    ui: &mut Ui,
    id: &str,
    tree: &[TreeNode],
    at: usize,
    solution: &[NodeId],
    colouring: Colouring,
) -> Option<usize> {
    let colours = colours(tree, at, colouring);
    legend(ui, colouring);
    let x = layout(tree);
    let width = x.iter().copied().fold(0.0, f32::max) * DX + 2.0 * DX;
    let height = tree.iter().map(|n| n.depth).max().unwrap_or(0) as f32 * DY + 2.0 * DY;
    let mut clicked = None;
    egui::ScrollArea::both().id_salt(id).auto_shrink(false).show(ui, |ui| {
        let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::click());
        let place =
            |i: usize| rect.min + Vec2::new(DX + x[i] * DX, DY * 0.5 + tree[i].depth as f32 * DY);
        let painter = ui.painter_at(rect);
        let line = Stroke::new(1.0, ui.visuals().weak_text_color());
        for (i, n) in tree.iter().enumerate() {
            if let Some(p) = n.parent
                && n.born <= at
            {
                painter.line_segment([place(p), place(i)], line);
            }
        }
        for (i, n) in tree.iter().enumerate() {
            let c = place(i);
            painter.circle_filled(c, 4.5, colour(colours[i]));
            if colouring != Colouring::Outcome {
                painter.circle_stroke(c, 4.5, Stroke::new(1.0, Color32::GRAY));
            }
            if on_path(n, solution) {
                painter.circle_stroke(c, 6.5, Stroke::new(2.0, Color32::from_rgb(255, 215, 0)));
            }
        }
        if let Some(p) = response.interact_pointer_pos().filter(|_| response.clicked()) {
            let nearest =
                (0..tree.len()).min_by(|&a, &b| dist(place(a), p).total_cmp(&dist(place(b), p)));
            clicked = nearest.filter(|&i| dist(place(i), p) < DX);
        }
    });
    clicked
}

fn dist(a: Pos2, b: Pos2) -> f32 {
    (a - b).length()
}

/// What a click on tree node `i` shows.
fn target(tree: &[TreeNode], i: usize, depth_first: bool) -> Option<Shown> {
    let n = &tree[i];
    if let Some(k) = n.expanded {
        return Some(Shown::Step(k));
    }
    let parent = &tree[n.parent?];
    if depth_first {
        return parent.expanded.map(Shown::Step);
    }
    Some(Shown::After(parent.node?, n.push?))
}

/// What the colours mean: the outcomes, or the thesis's colours by the rule of the figure
/// followed, named.
fn legend(ui: &mut Ui, colouring: Colouring) {
    ui.horizontal_wrapped(|ui| {
        if let Colouring::Thesis(figure) = colouring {
            let [green, black] = figure.meanings();
            for (thesis, name) in [
                (Seed::White, "white: not generated yet"),
                (Seed::Blue, "blue: generated, not visited"),
                (Seed::Green, green),
                (Seed::Black, black),
            ] {
                let (r, _) = ui.allocate_exact_size(Vec2::splat(10.0), Sense::hover());
                ui.painter().circle_filled(r.center(), 4.5, colour(thesis.rgba()));
                ui.painter().circle_stroke(r.center(), 4.5, Stroke::new(1.0, Color32::GRAY));
                ui.label(name);
            }
            ui.label(format!("({}); gold ring: solution path", figure.name()));
            return;
        }
        for (color, name) in [
            (EXPANDED, "expanded"),
            (OPEN, "in open"),
            (DUPLICATE, "duplicate"),
            (PRUNED, "pruned"),
            (OVER_BOUND, "over the bound"),
            (NOT_GENERATED, "not generated yet"),
        ] {
            let (r, _) = ui.allocate_exact_size(Vec2::splat(10.0), Sense::hover());
            ui.painter().circle_filled(r.center(), 4.5, colour(color));
            ui.label(name);
        }
        ui.label("gold ring: solution path");
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::inspect::drawing::tests::six_bfs_expansions;

    #[test]
    fn a_click_shows_the_step_that_expanded_the_node_or_the_child_after_its_parent() {
        let (t, tree) = six_bfs_expansions();
        let (mut steps, mut children) = (0, 0);
        for (i, n) in tree.iter().enumerate() {
            match target(&tree, i, false) {
                Some(Shown::Step(k)) => {
                    assert_eq!(n.expanded, Some(k), "an expanded node shows its step");
                    assert_eq!(t.steps[k].node, n.node.unwrap());
                    steps += 1;
                }
                Some(Shown::After(parent, push)) => {
                    assert!(n.expanded.is_none());
                    assert_eq!(tree[n.parent.unwrap()].node, Some(parent));
                    assert_eq!(n.push, Some(push));
                    children += 1;
                }
                other => panic!("node {i} shows {other:?}"),
            }
        }
        assert_eq!(steps, 6);
        assert!(children > 0);
    }
}
