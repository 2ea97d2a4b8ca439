//! The search tree of a small search (its first expansions): nodes coloured as in the open
//! list, expanded, duplicate, pruned or over the bound (and not yet generated at the
//! history step the scrubber is on), or as Van Lishout's thesis colours them (figures
//! 2.4–2.8); the solution path highlighted; a click shows a node.

use egui::{Color32, Pos2, Sense, Stroke, Ui, Vec2};

use crate::app::command::Command;
use crate::app::inspector::saving::Saved;
use crate::app::inspector::text::{push_text, verdict_text};
use crate::app::inspector::{Inspector, Shown};
use crate::app::sink::Sink;
use crate::solver::inspect::trace::TREE_EXPANSIONS;
#[cfg(test)]
use crate::solver::inspect::tree::build_tree;
use crate::solver::inspect::tree::{TreeNode, passes};
use crate::solver::{NodeId, Progress, Verdict};

/// Horizontal and vertical distance between tree nodes, in points.
const DX: f32 = 14.0;
const DY: f32 = 28.0;

/// Horizontal positions (in node widths): leaves side by side in depth-first order,
/// parents centred over their children.
fn layout(tree: &[TreeNode]) -> Vec<f32> {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); tree.len()];
    for (i, n) in tree.iter().enumerate() {
        if let Some(p) = n.parent {
            children[p].push(i);
        }
    }
    let mut x = vec![0.0; tree.len()];
    let mut next_leaf = 0.0;
    // Post-order without recursion: (node, children visited).
    let mut stack = vec![(0usize, false)];
    while let Some((n, done)) = stack.pop() {
        if done || children[n].is_empty() {
            x[n] = if children[n].is_empty() {
                next_leaf += 1.0;
                next_leaf - 1.0
            } else {
                let c = &children[n];
                (x[c[0]] + x[c[c.len() - 1]]) / 2.0
            };
            continue;
        }
        stack.push((n, true));
        stack.extend(children[n].iter().rev().map(|&c| (c, false)));
    }
    x
}

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
    let seed = inspector.seed_colours;
    ui.horizontal(|ui| {
        let tip = "The tree as drawn, in Graphviz DOT (lay it out with dot -Tsvg or -Tpng)";
        if ui.button("Save as DOT…").on_hover_text(tip).clicked() {
            sink.send(Command::ExportTree(Saved::TreeDot, dot(&tree, at, &solution, seed)));
        }
        let tip = "The tree as drawn, as an SVG picture for slides";
        if ui.button("Save as SVG…").on_hover_text(tip).clicked() {
            sink.send(Command::ExportTree(Saved::TreeSvg, svg(&tree, at, &solution, seed)));
        }
    });
    let clicked = draw(ui, "tree", &tree, at, &solution, inspector.seed_colours);
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

/// Draws `tree` as it stood at expansion `at`, with its legend: Van Lishout's colours when
/// `seed`, else by outcome; the nodes of `solution` ringed; `id` keeps its scroll position
/// apart from another tree's. The node clicked, if any.
pub fn draw(
    ui: &mut Ui,
    id: &str,
    tree: &[TreeNode],
    at: usize,
    solution: &[NodeId],
    seed: bool,
) -> Option<usize> {
    let colours = colours(tree, at, seed);
    legend(ui, seed);
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
            painter.circle_filled(c, 4.5, colours[i]);
            if seed {
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

/// Each node's colour at expansion `at`: Van Lishout's when `seed`, else by outcome.
fn colours(tree: &[TreeNode], at: usize, seed: bool) -> Vec<Color32> {
    if seed {
        seed_colours(tree, at).into_iter().map(Seed::color).collect()
    } else {
        tree.iter().map(|n| node_color(n, at)).collect()
    }
}

/// Whether tree node `n` is on the path of the nodes `solution`.
fn on_path(n: &TreeNode, solution: &[NodeId]) -> bool {
    n.node.is_some_and(|id| solution.contains(&id))
        && matches!(
            n.verdict,
            None | Some(Verdict::Kept | Verdict::Improved | Verdict::Passes | Verdict::Fails(_))
        )
}

/// `tree` as it stood at expansion `at`, in Graphviz DOT, coloured as [`draw`] colours it
/// (Van Lishout's colours when `seed`), the nodes of `solution` ringed in gold, each node
/// labelled with its push and each edge with what became of the child; the nodes not
/// generated by then are left out.
pub fn dot(tree: &[TreeNode], at: usize, solution: &[NodeId], seed: bool) -> String {
    let colours = colours(tree, at, seed);
    let hex = |c: Color32| format!("#{:02x}{:02x}{:02x}", c.r(), c.g(), c.b());
    let mut out = String::from(
        "digraph search {\n  node [shape=circle, style=filled, fontsize=9, width=0.3];\n",
    );
    for (i, n) in tree.iter().enumerate().filter(|(_, n)| n.born <= at) {
        let label = n.push.map_or("start".into(), |p| push_text(Some(p)));
        let ring = if on_path(n, solution) { ", color=\"#ffd700\", penwidth=3" } else { "" };
        out += &format!("  n{i} [label=\"{label}\", fillcolor=\"{}\"{ring}];\n", hex(colours[i]));
        if let Some(p) = n.parent {
            let verdict = n.verdict.map(verdict_text).unwrap_or_default();
            out += &format!("  n{p} -> n{i} [label=\"{verdict}\", fontsize=8];\n");
        }
    }
    out + "}\n"
}

/// `tree` as it stood at expansion `at`, as an SVG picture laid out and coloured as
/// [`draw`] draws it (the nodes of `solution` ringed in gold), each node's push and verdict
/// in its tooltip; the nodes not generated by then are left out.
pub fn svg(tree: &[TreeNode], at: usize, solution: &[NodeId], seed: bool) -> String {
    const SX: f32 = 2.0 * DX;
    const SY: f32 = 2.0 * DY;
    const R: f32 = 7.0;
    let colours = colours(tree, at, seed);
    let x = layout(tree);
    let place = |i: usize| (SX + x[i] * SX, SY * 0.5 + tree[i].depth as f32 * SY);
    let width = x.iter().copied().fold(0.0, f32::max) * SX + 2.0 * SX;
    let height = tree.iter().map(|n| n.depth).max().unwrap_or(0) as f32 * SY + SY;
    let hex = |c: Color32| format!("#{:02x}{:02x}{:02x}", c.r(), c.g(), c.b());
    let shown = |n: &&TreeNode| n.born <= at;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (i, n) in tree.iter().enumerate().filter(|(_, n)| shown(n)) {
        if let Some(p) = n.parent {
            let ((x0, y0), (x1, y1)) = (place(p), place(i));
            out += &format!(
                "<line x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{x1:.1}\" y2=\"{y1:.1}\" stroke=\"#999999\"/>\n"
            );
        }
    }
    for (i, n) in tree.iter().enumerate().filter(|(_, n)| shown(n)) {
        let (cx, cy) = place(i);
        let push = n.push.map_or("start".into(), |p| push_text(Some(p)));
        let verdict = n.verdict.map(|v| format!(": {}", verdict_text(v))).unwrap_or_default();
        let title = format!("{push}{verdict}")
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        let ring = if on_path(n, solution) {
            format!(
                "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#ffd700\" stroke-width=\"3\"/>",
                R + 3.0
            )
        } else {
            String::new()
        };
        out += &format!(
            "<g><title>{title}</title><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{R}\" fill=\"{}\" stroke=\"#808080\"/>{ring}</g>\n",
            hex(colours[i])
        );
    }
    out + "</svg>\n"
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

/// The colour of a tree node at history step `at`.
fn node_color(n: &TreeNode, at: usize) -> Color32 {
    if n.born > at {
        return NOT_GENERATED;
    }
    match n.verdict {
        Some(Verdict::Pruned(_)) => PRUNED,
        Some(Verdict::OverBound) => OVER_BOUND,
        Some(Verdict::Duplicate) => DUPLICATE,
        _ if n.expanded.is_some_and(|k| k <= at) => EXPANDED,
        _ => OPEN,
    }
}

/// A node's colour in Van Lishout's thesis (section 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seed {
    /// Not generated yet.
    White,
    /// Generated, not visited (expanded) yet.
    Blue,
    /// Visited, with a blue node below it.
    Green,
    /// Visited with nothing blue below it, or cut: a clone of a node seen before (a
    /// duplicate), pruned, or past the depth limit (the thesis paints those black from the
    /// start).
    Black,
}

impl Seed {
    fn color(self) -> Color32 {
        match self {
            Seed::White => Color32::WHITE,
            Seed::Blue => Color32::from_rgb(50, 100, 230),
            Seed::Green => Color32::from_rgb(40, 170, 70),
            Seed::Black => Color32::BLACK,
        }
    }
}

/// Each tree node's colour in the thesis at history step `at`.
pub fn seed_colours(tree: &[TreeNode], at: usize) -> Vec<Seed> {
    let mut colours: Vec<Seed> = tree
        .iter()
        .map(|n| match n.verdict {
            _ if n.born > at => Seed::White,
            Some(Verdict::Pruned(_) | Verdict::OverBound | Verdict::Duplicate) => Seed::Black,
            _ if n.expanded.is_some_and(|k| k <= at) => Seed::Black,
            _ => Seed::Blue,
        })
        .collect();
    // Children come after their parents: a backward sweep marks every visited ancestor of
    // a blue node green.
    let mut blue_below = vec![false; tree.len()];
    for i in (0..tree.len()).rev() {
        if colours[i] == Seed::Black && blue_below[i] && tree[i].expanded.is_some() {
            colours[i] = Seed::Green;
        }
        let blue = colours[i] == Seed::Blue || blue_below[i];
        if let Some(p) = tree[i].parent
            && blue
        {
            blue_below[p] = true;
        }
    }
    colours
}

const NOT_GENERATED: Color32 = Color32::from_rgba_premultiplied(60, 60, 60, 60);
const PRUNED: Color32 = Color32::from_rgb(220, 70, 60);
const OVER_BOUND: Color32 = Color32::from_rgb(220, 170, 50);
const DUPLICATE: Color32 = Color32::from_rgb(130, 130, 130);
const EXPANDED: Color32 = Color32::from_rgb(80, 140, 230);
const OPEN: Color32 = Color32::from_rgb(90, 190, 100);

fn legend(ui: &mut Ui, seed: bool) {
    ui.horizontal_wrapped(|ui| {
        if seed {
            for (colour, name) in [
                (Seed::White, "white: not generated yet"),
                (Seed::Blue, "blue: generated, not visited"),
                (Seed::Green, "green: visited, a blue node below"),
                (Seed::Black, "black: visited and done, or cut"),
            ] {
                let (r, _) = ui.allocate_exact_size(Vec2::splat(10.0), Sense::hover());
                ui.painter().circle_filled(r.center(), 4.5, colour.color());
                ui.painter().circle_stroke(r.center(), 4.5, Stroke::new(1.0, Color32::GRAY));
                ui.label(name);
            }
            ui.label("(Van Lishout 2006, figures 2.4–2.8); gold ring: solution path");
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
            ui.painter().circle_filled(r.center(), 4.5, color);
            ui.label(name);
        }
        ui.label("gold ring: solution path");
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::inspect::trace::{Trace, Tracer, lock};
    use crate::solver::{Config, Method, build};

    /// The trace of six BFS expansions on a small level, and its tree.
    fn six_bfs_expansions() -> (Trace, Vec<TreeNode>) {
        let level =
            Level::from_rows(&["#######", "#     #", "# $$  #", "#@ .. #", "#######"]).unwrap();
        let tracer = Tracer::new();
        let trace = tracer.trace();
        let mut search = build(&level, &Config::with_method(Method::Bfs), tracer).unwrap();
        search.step(6);
        let t = lock(&trace).clone();
        let tree = build_tree(&t.steps, &t.edges);
        (t, tree)
    }

    #[test]
    fn the_tree_has_a_node_per_child_under_the_node_expanded() {
        let (t, tree) = six_bfs_expansions();
        assert_eq!(tree.len(), 1 + t.edges.len());
        assert_eq!(tree.iter().filter(|n| n.expanded.is_some()).count(), 6);
        for n in &tree[1..] {
            let parent = &tree[n.parent.unwrap()];
            assert_eq!(n.depth, parent.depth + 1);
            assert_eq!(parent.expanded, Some(n.born), "children hang under the node expanded");
        }
        let x = layout(&tree);
        let leaves: Vec<f32> = (0..tree.len())
            .filter(|&i| !tree.iter().any(|m| m.parent == Some(i)))
            .map(|i| x[i])
            .collect();
        let mut sorted = leaves.clone();
        sorted.sort_by(f32::total_cmp);
        sorted.dedup();
        assert_eq!(sorted.len(), leaves.len(), "no two leaves share a column");
    }

    #[test]
    fn the_thesis_colours_follow_the_history_step() {
        let (_, tree) = six_bfs_expansions();
        // After the first expansion: the start is green over its blue children, the rest
        // is white.
        let first = seed_colours(&tree, 0);
        assert_eq!(first[0], Seed::Green);
        for (n, c) in tree.iter().zip(&first).skip(1) {
            let expected = match (n.born, n.verdict) {
                (b, _) if b > 0 => Seed::White,
                (_, Some(Verdict::Kept | Verdict::Improved)) => Seed::Blue,
                _ => Seed::Black,
            };
            assert_eq!(*c, expected, "{n:?}");
        }
        assert!(first.contains(&Seed::Blue) && first.contains(&Seed::White));
    }

    #[test]
    fn a_visited_node_turns_black_when_nothing_blue_is_left_below_it() {
        // The start; A, a duplicate; B, expanded at step 1; C under B, over the bound.
        let node = |parent, verdict, born, expanded| TreeNode {
            parent,
            node: None,
            push: None,
            verdict,
            born,
            expanded,
            depth: 0,
        };
        let tree = vec![
            node(None, None, 0, Some(0)),
            node(Some(0), Some(Verdict::Duplicate), 0, None),
            node(Some(0), Some(Verdict::Kept), 0, Some(1)),
            node(Some(2), Some(Verdict::OverBound), 1, None),
        ];
        use Seed::*;
        assert_eq!(seed_colours(&tree, 0), [Green, Black, Blue, White]);
        assert_eq!(seed_colours(&tree, 1), [Black, Black, Black, Black]);
    }

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
