//! How a search tree is drawn, on screen and in files: its layout (leaves side by side,
//! parents centred over their children), each node's colour at a history step (by outcome,
//! or as Van Lishout's thesis colours the search's kind in its figure), and the tree as
//! Graphviz DOT and as SVG.

use crate::level::{Move, Pos};
use crate::solver::inspect::tree::TreeNode;
use crate::solver::inspect::words::{push_text, verdict_text};
use crate::solver::{MethodInfo, NodeId, Order, PushView, Verdict};
use std::collections::HashMap;

/// A colour: red, green, blue and alpha (premultiplied).
pub type Rgba = [u8; 4];

/// A colour as `#rrggbb`.
fn hex([r, g, b, _]: Rgba) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Horizontal and vertical distance between the nodes of an SVG picture.
const SX: f32 = 28.0;
const SY: f32 = 56.0;

/// Horizontal positions (in node widths): leaves side by side in depth-first order,
/// parents centred over their children.
pub fn layout(tree: &[TreeNode]) -> Vec<f32> {
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

/// How a tree's nodes are coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colouring {
    /// By what became of each node: expanded, in open, duplicate, pruned, over the bound.
    Outcome,
    /// In Van Lishout's white, blue, green and black, by the rule of the figure of the
    /// search's kind.
    Thesis(Figure),
}

impl Colouring {
    /// The thesis's colours for the search `info` describes when `thesis`, else by outcome.
    pub fn of(thesis: bool, info: &MethodInfo) -> Self {
        if thesis { Colouring::Thesis(Figure::of(info)) } else { Colouring::Outcome }
    }
}

/// The figure of Van Lishout's thesis (2006, chapter 2) whose colouring rule a search's
/// tree follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Figures 2.4 and 2.5: depth-first search. A visited node turns black once nothing
    /// blue is left below it.
    DepthFirst,
    /// Figure 2.6: breadth-first search. A visited node stays green.
    BreadthFirst,
    /// Figure 2.8: A*. A visited node stays green; a clone of a node with a smaller or
    /// equal f is black, and a node is black once a clone with a smaller f is generated.
    AStar,
}

impl Figure {
    /// The figure for the search `info` describes: depth-first searches (deepening and
    /// IDA* too) by figures 2.4 and 2.5, those that order by depth by figure 2.6, the
    /// best-first ones by figure 2.8.
    pub fn of(info: &MethodInfo) -> Self {
        match info.order {
            _ if info.depth_first => Figure::DepthFirst,
            Order::Depth => Figure::BreadthFirst,
            Order::Cost | Order::Moves | Order::Priority(_) => Figure::AStar,
        }
    }

    /// Which figure, for the legend.
    pub fn name(self) -> &'static str {
        match self {
            Figure::DepthFirst => "Van Lishout 2006, figures 2.4 and 2.5: depth-first search",
            Figure::BreadthFirst => "Van Lishout 2006, figure 2.6: breadth-first search",
            Figure::AStar => "Van Lishout 2006, figure 2.8: A*",
        }
    }

    /// What green and black mean by its rule, for the legend.
    pub fn meanings(self) -> [&'static str; 2] {
        match self {
            Figure::DepthFirst => {
                ["green: visited, a blue node below", "black: visited and done, or cut"]
            }
            Figure::BreadthFirst => [
                "green: visited",
                "black: cut (a clone or pruned: the figure's search, without a closed set, cuts none)",
            ],
            Figure::AStar => {
                ["green: visited", "black: a clone of a node with a smaller or equal f, or pruned"]
            }
        }
    }
}

/// Each node's colour at expansion `at`.
pub fn colours(tree: &[TreeNode], at: usize, colouring: Colouring) -> Vec<Rgba> {
    match colouring {
        Colouring::Thesis(figure) => {
            seed_colours(tree, at, figure).into_iter().map(Seed::rgba).collect()
        }
        Colouring::Outcome => tree.iter().map(|n| node_colour(n, at)).collect(),
    }
}

/// Whether tree node `n` is on the path of the nodes `solution`.
pub fn on_path(n: &TreeNode, solution: &[NodeId]) -> bool {
    n.node.is_some_and(|id| solution.contains(&id))
        && matches!(
            n.verdict,
            None | Some(Verdict::Kept | Verdict::Improved | Verdict::Passes | Verdict::Fails(_))
        )
}

/// The search nodes of `tree` on the line of `moves` played from the player's square
/// `player`: from the start, each kept child whose push (or macro move) makes the line's
/// next pushes, as far as the tree goes. What a drawing rings in gold when the search's own
/// node ids are not at hand (the command line has the solution, not the search).
pub fn solution_nodes(tree: &[TreeNode], player: Pos, moves: &[Move]) -> Vec<NodeId> {
    let mut pushes = Vec::new();
    let mut at = player;
    for m in moves {
        let Some(next) = at.step(m.dir) else { break };
        if m.push {
            pushes.push((next, m.dir));
        }
        at = next;
    }
    // The pushes a move makes, when they begin the line `rest`: the same box each time,
    // from its square to its target.
    let makes = |p: &PushView, rest: &[(Pos, crate::level::Dir)]| -> Option<usize> {
        let k = p.pushes as usize;
        let line = rest.get(..k)?;
        let mut b = p.from;
        for &(from, d) in line {
            b = (from == b).then(|| b.step(d)).flatten()?;
        }
        (b == p.to && line.last().is_some_and(|&(_, d)| d == p.dir)).then_some(k)
    };
    let Some(root) = tree.iter().position(|n| n.parent.is_none()) else { return Vec::new() };
    let mut path: Vec<NodeId> = tree[root].node.into_iter().collect();
    let (mut node, mut done) = (root, 0);
    while done < pushes.len() {
        let next = tree.iter().enumerate().find_map(|(i, n)| {
            let kept = matches!(n.verdict, Some(Verdict::Kept | Verdict::Improved));
            let k = makes(n.push.as_ref()?, &pushes[done..])?;
            (n.parent == Some(node) && kept).then_some((i, k))
        });
        let Some((i, k)) = next else { break };
        path.extend(tree[i].node);
        (node, done) = (i, done + k);
    }
    path
}

/// `tree` as it stood at expansion `at`, in Graphviz DOT, coloured as the inspector draws it
/// (coloured by `colouring`), the nodes of `solution` ringed in gold, each node labelled
/// with its push and each edge with what became of the child; the nodes not generated by
/// then are left out.
pub fn dot(tree: &[TreeNode], at: usize, solution: &[NodeId], colouring: Colouring) -> String {
    let colours = colours(tree, at, colouring);
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
/// the inspector draws it (the nodes of `solution` ringed in gold), each node's push and verdict
/// in its tooltip; the nodes not generated by then are left out.
pub fn svg(tree: &[TreeNode], at: usize, solution: &[NodeId], colouring: Colouring) -> String {
    const R: f32 = 7.0;
    let colours = colours(tree, at, colouring);
    let x = layout(tree);
    let place = |i: usize| (SX + x[i] * SX, SY * 0.5 + tree[i].depth as f32 * SY);
    let width = x.iter().copied().fold(0.0, f32::max) * SX + 2.0 * SX;
    let height = tree.iter().map(|n| n.depth).max().unwrap_or(0) as f32 * SY + SY;
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

/// The colour of a tree node at history step `at`.
fn node_colour(n: &TreeNode, at: usize) -> Rgba {
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

/// A node's colour in Van Lishout's thesis (chapter 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seed {
    /// Not generated yet.
    White,
    /// Generated, not visited (expanded) yet.
    Blue,
    /// Visited (by the depth-first rule: with a blue node below it).
    Green,
    /// Cut: a clone of a node seen before (a duplicate), pruned, or past the depth limit
    /// (the thesis paints those black from the start); by the depth-first rule also a
    /// visited node with nothing blue below it, by A*'s a node a better clone replaced.
    Black,
}

impl Seed {
    /// Its colour.
    pub fn rgba(self) -> Rgba {
        match self {
            Seed::White => [255, 255, 255, 255],
            Seed::Blue => [50, 100, 230, 255],
            Seed::Green => [40, 170, 70, 255],
            Seed::Black => [0, 0, 0, 255],
        }
    }
}

/// Each tree node's colour in the thesis at history step `at`, by the rule of `figure`.
pub fn seed_colours(tree: &[TreeNode], at: usize, figure: Figure) -> Vec<Seed> {
    let mut colours: Vec<Seed> = tree
        .iter()
        .map(|n| match n.verdict {
            _ if n.born > at => Seed::White,
            Some(Verdict::Pruned(_) | Verdict::OverBound | Verdict::Duplicate) => Seed::Black,
            _ if n.expanded.is_some_and(|k| k <= at) => Seed::Green,
            _ => Seed::Blue,
        })
        .collect();
    match figure {
        Figure::BreadthFirst => {}
        Figure::AStar => {
            // A child reached with a smaller f than its clone: the clone turns black.
            let mut clones: HashMap<NodeId, Vec<usize>> = HashMap::new();
            for (i, n) in tree.iter().enumerate() {
                let Some(id) = n.node.filter(|_| colours[i] != Seed::Black) else { continue };
                let earlier = clones.entry(id).or_default();
                if n.verdict == Some(Verdict::Improved) && n.born <= at {
                    for &j in earlier.iter() {
                        colours[j] = Seed::Black;
                    }
                }
                earlier.push(i);
            }
        }
        Figure::DepthFirst => {
            // Children come after their parents: a backward sweep keeps green every
            // visited ancestor of a blue node, and turns the other visited nodes black.
            let mut blue_below = vec![false; tree.len()];
            for i in (0..tree.len()).rev() {
                if colours[i] == Seed::Green && !blue_below[i] {
                    colours[i] = Seed::Black;
                }
                let blue = colours[i] == Seed::Blue || blue_below[i];
                if let Some(p) = tree[i].parent
                    && blue
                {
                    blue_below[p] = true;
                }
            }
        }
    }
    colours
}

/// A node not generated yet at the history step drawn.
pub const NOT_GENERATED: Rgba = [60, 60, 60, 60];
/// A child pruned by a rule.
pub const PRUNED: Rgba = [220, 70, 60, 255];
/// A child over the bound.
pub const OVER_BOUND: Rgba = [220, 170, 50, 255];
/// A duplicate.
pub const DUPLICATE: Rgba = [130, 130, 130, 255];
/// A node expanded.
pub const EXPANDED: Rgba = [80, 140, 230, 255];
/// A node waiting in the open list.
pub const OPEN: Rgba = [90, 190, 100, 255];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::inspect::trace::{Trace, Tracer, lock};
    use crate::solver::inspect::tree::build_tree;
    use crate::solver::{Config, Method, build};

    /// The trace of six BFS expansions on a small level, and its tree.
    pub(crate) fn six_bfs_expansions() -> (Trace, Vec<TreeNode>) {
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

    /// The line a drawing rings, found from the solution's moves, is the search's own
    /// path to its goal (what the window rings), for searches with and without macro moves.
    #[test]
    fn the_solutions_nodes_found_from_its_moves_are_the_searchs_path_to_the_goal() {
        use crate::solver::{Progress, solution_of};
        let level =
            Level::from_rows(&["#######", "#     #", "# $$  #", "#@ .. #", "#######"]).unwrap();
        for method in [Method::Bfs, Method::AStar, Method::Greedy] {
            let tracer = Tracer::new();
            let trace = tracer.trace();
            let mut search = build(&level, &Config::with_method(method), tracer).unwrap();
            let Progress::Solved(goal) = search.step(u64::MAX) else { panic!("solved") };
            let t = lock(&trace).clone();
            let tree = build_tree(&t.steps, &t.edges);
            let solution = solution_of(&level, search.as_ref(), goal).unwrap();
            let found = solution_nodes(&tree, level.player().unwrap(), &solution.moves);
            assert_eq!(found, search.path(goal), "{method:?}");
            assert!(found.len() > 2, "{method:?}: a line of several nodes");
        }
        let (_, tree) = six_bfs_expansions();
        let wrong = [Move { dir: crate::level::Dir::Up, push: false }];
        assert_eq!(solution_nodes(&tree, Pos::new(1, 3), &wrong), [0], "a walk: the start alone");
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
        let first = seed_colours(&tree, 0, Figure::DepthFirst);
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

    /// A tree node of a hand-made tree.
    fn tree_node(
        parent: Option<usize>,
        node: Option<NodeId>,
        verdict: Option<Verdict>,
        born: usize,
        expanded: Option<usize>,
    ) -> TreeNode {
        TreeNode { parent, node, push: None, verdict, born, expanded, depth: 0 }
    }

    #[test]
    fn a_visited_node_turns_black_when_nothing_blue_is_left_below_it() {
        // The start; A, a duplicate; B, expanded at step 1; C under B, over the bound.
        let node =
            |parent, verdict, born, expanded| tree_node(parent, None, verdict, born, expanded);
        let tree = vec![
            node(None, None, 0, Some(0)),
            node(Some(0), Some(Verdict::Duplicate), 0, None),
            node(Some(0), Some(Verdict::Kept), 0, Some(1)),
            node(Some(2), Some(Verdict::OverBound), 1, None),
        ];
        use Seed::*;
        assert_eq!(seed_colours(&tree, 0, Figure::DepthFirst), [Green, Black, Blue, White]);
        assert_eq!(seed_colours(&tree, 1, Figure::DepthFirst), [Black, Black, Black, Black]);
        // Breadth-first (figure 2.6) and A* (figure 2.8): a visited node stays green.
        for figure in [Figure::BreadthFirst, Figure::AStar] {
            assert_eq!(seed_colours(&tree, 1, figure), [Green, Black, Green, Black], "{figure:?}");
        }
    }

    /// Figure 2.8's rule: a node is black once a clone is reached with a smaller f (an
    /// improved child), a clone with a smaller or equal f (a duplicate) is black at once.
    #[test]
    fn a_star_blackens_a_node_when_a_better_clone_is_generated() {
        // The start expands into A and B; B's child is A again, reached more cheaply, and
        // then A again, no better.
        let node = |parent, id, verdict, born, expanded| {
            tree_node(parent, Some(id), verdict, born, expanded)
        };
        let tree = vec![
            node(None, 0, None, 0, Some(0)),
            node(Some(0), 1, Some(Verdict::Kept), 0, None),
            node(Some(0), 2, Some(Verdict::Kept), 0, Some(1)),
            node(Some(2), 1, Some(Verdict::Improved), 1, Some(2)),
            node(Some(3), 1, Some(Verdict::Duplicate), 2, None),
        ];
        use Seed::*;
        assert_eq!(seed_colours(&tree, 0, Figure::AStar), [Green, Blue, Blue, White, White]);
        assert_eq!(seed_colours(&tree, 1, Figure::AStar), [Green, Black, Green, Blue, White]);
        assert_eq!(seed_colours(&tree, 2, Figure::AStar), [Green, Black, Green, Green, Black]);
        // By the depth-first rule the same tree is black wherever nothing blue is left.
        assert_eq!(seed_colours(&tree, 2, Figure::DepthFirst), [Green, Blue, Black, Black, Black]);
    }

    /// Each method's tree follows the figure of its kind.
    #[test]
    fn each_method_follows_the_figure_of_its_kind() {
        use crate::solver::Method;
        for (method, figure) in [
            (Method::Bfs, Figure::BreadthFirst),
            (Method::Dfs(12), Figure::DepthFirst),
            (Method::IdaStar, Figure::DepthFirst),
            (Method::AStar, Figure::AStar),
            (Method::Greedy, Figure::AStar),
        ] {
            assert_eq!(Figure::of(method.info()), figure, "{method:?}");
        }
    }
}
