//! The search inspector: stepping A* from the panel shows what the solver says.

use egui::Key;
use egui_kittest::kittest::Queryable;
use sokolab::app::inspector::Shown;
use sokolab::app::inspector::text::child_row;
use sokolab::solver::{Config, Method, Recorder, Search, Technique, Textbook, build};

use crate::harness::{PARKED, run_inspector_to_the_end, shipped, wait_while, window, window_on};

type Harness = egui_kittest::Harness<'static, sokolab::app::App>;

const TWO: &str = "; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n";

/// A child's row as A*'s children table shows it.
fn a_star_row(c: &sokolab::solver::ChildView) -> String {
    child_row(c, Method::AStar.info().order)
}

/// A window on `xsb` in inspect mode, its search set to `config`.
fn inspecting(xsb: &str, config: Config) -> Harness {
    inspect(window(xsb), config)
}

/// Window `h` in inspect mode, its search set to `config`.
fn inspect(mut h: Harness, config: Config) -> Harness {
    h.get_by_label("Inspector").click();
    h.run();
    h.state_mut().send(sokolab::app::command::Command::SetSearchConfig(config));
    h.run();
    h
}

/// The window on `xsb`, its inspector open with the default search, stepped once.
fn stepped_once(xsb: &str) -> Harness {
    let mut h = window(xsb);
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("Step").click();
    h.run();
    h
}

/// A* on the window's level, stepped `n` times outside the window.
fn reference(h: &egui_kittest::Harness<'_, sokolab::app::App>, n: u64) -> Box<dyn Search> {
    let level = h.state().level().clone();
    let mut search =
        build(&level, &Config::with_method(Method::AStar), Recorder::default()).unwrap();
    search.step(n);
    search
}

/// Node `id` of `search` on `level` as the board shows it: the pushes from the start
/// played, the player where the last one left it.
fn played(
    level: &sokolab::level::Level,
    search: &dyn Search,
    id: sokolab::solver::NodeId,
) -> sokolab::level::Level {
    sokolab::solver::inspect::boards::after_pushes(level, &search.pushes_to(id))
}

#[test]
fn stepping_a_star_shows_the_solvers_counters_and_children() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("No node expanded yet.");
    h.get_by_label("Step").click();
    h.run();

    let one = reference(&h, 1);
    assert_eq!(h.state().inspector().snapshot.stats, *one.stats());
    h.get_by_label(&format!("{} children", one.children().len()));
    for c in one.children() {
        h.get_by_label(&a_star_row(c));
    }
    assert!(one.children().len() > 1, "the start has several pushes");
    h.get_all_by_label(&one.stats().generated.to_string()).next().expect("generated shown");

    // Space steps again; the table follows the solver's second expansion.
    h.key_press(Key::Space);
    h.run();
    let two = reference(&h, 2);
    assert_eq!(h.state().inspector().snapshot.stats.expanded, 2);
    assert_eq!(h.state().inspector().snapshot.stats, *two.stats());
    for c in two.children() {
        h.get_by_label(&a_star_row(c));
    }
    assert_eq!(h.state().inspector().snapshot.current, two.current());
}

#[test]
fn a_frontier_node_shows_its_board_and_running_finds_the_solution() {
    let mut h = stepped_once(TWO);
    let best = h.state().inspector().snapshot.frontier[0];
    h.state_mut().send(sokolab::app::command::Command::InspectShow(Shown::Node(best.id)));
    h.run();
    let one = reference(&h, 1);
    assert_eq!(
        h.state().board_level(),
        &played(h.state().level(), one.as_ref(), best.id),
        "the board follows"
    );
    h.get_by_label("Path from the start: 1 push");

    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{line}");
    h.get_by_label(&line);
    assert!(
        h.state().inspector().snapshot.steps as u64
            == h.state().inspector().snapshot.stats.expanded
    );
}

const ROOM: &str = "; Room\n#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n";

#[test]
fn fess_shows_the_features_of_the_current_and_of_a_clicked_node_and_fills_the_heat_map() {
    // Without the perimeter, where its plan's pull search would solve the room at once.
    let mut config = Config::with_method(Method::Fess);
    config.techniques.set(Technique::Meeting, false);
    let mut h = inspecting(ROOM, config.clone());
    // Two of the three expansions FESS solves the room in.
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    let mut fess = build(h.state().level(), &config, Recorder::default()).unwrap();
    fess.step(2);
    let current = fess.current().unwrap();
    assert_eq!(h.state().inspector().snapshot.current, Some(current));
    let features = fess.node_features(current.id);
    assert!(features.iter().any(|&(name, _)| name == "packed"), "{features:?}");
    assert_eq!(h.state().inspector().snapshot.features, features);
    h.get_by_label("Its features");
    h.get_by_label("cells met");

    // The path's nodes are listed; clicking the start shows its board and features.
    let path = &h.state().inspector().shown_path;
    assert_eq!(path.last().map(|n| n.id), Some(current.id));
    let start = path[0];
    h.get_by_label(&format!(
        "0. {}",
        sokolab::app::inspector::text::node_row(&start, Method::Fess.info().order)
    ))
    .click();
    h.run();
    assert_eq!(h.state().inspector().shown, Shown::Node(start.id));
    assert_eq!(h.state().inspector().shown_features, fess.node_features(start.id));
    assert_eq!(h.state().board_level(), &played(h.state().level(), fess.as_ref(), start.id));
    h.get_by_label("Features of the node shown");

    // FESS reports every expanded position: the history and the heat map fill.
    let snap = &h.state().inspector().snapshot;
    assert_eq!(snap.steps as u64, snap.stats.expanded + 1, "the start and each expansion");
    // (The overlay toggles are scrolled out of view below the inspector's panel.)
    let heat = sokolab::app::overlay::Overlay::Heat;
    h.state_mut().send(sokolab::app::command::Command::ToggleOverlay(heat));
    h.run();
    let boxes_seen: u32 =
        h.state().inspector().session.as_ref().unwrap().with_trace(|t| t.heat.iter().sum());
    assert_eq!(boxes_seen as usize, 3 * h.state().inspector().snapshot.steps);
    assert!(!h.state().view().drawn.heat.is_empty());
}

#[test]
fn the_history_scrubber_shows_the_node_expanded_at_a_step_and_the_sizes_then() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    for _ in 0..4 {
        h.get_by_label("Step").click();
        h.run();
    }
    h.get_by_label("History").click();
    h.run();
    h.get_by_label(">").click();
    h.run();
    h.get_by_label(">").click();
    h.run();

    // The same search traced outside the window.
    let tracer = sokolab::solver::inspect::trace::Tracer::new();
    let trace = tracer.trace();
    let mut search = build(h.state().level(), &Config::with_method(Method::AStar), tracer).unwrap();
    search.step(4);
    let step = sokolab::solver::inspect::trace::lock(&trace).steps[2];
    assert_eq!(h.state().inspector().shown, Shown::Step(2));
    assert_eq!(h.state().board_level(), &played(h.state().level(), search.as_ref(), step.node));
    h.get_by_label_contains(&format!("Expansion 3 of 4: node {} (", step.node));
    h.get_by_label_contains(&format!("; open {}, seen {}, best f", step.open, step.closed));
    assert!(step.closed > 1, "the sizes are those of a later step than the first");

    // The expansion table beside the board shows that step too: its node, its children
    // with their verdicts, and no frontier (none is recorded for past steps).
    let children: Vec<_> = sokolab::solver::inspect::trace::lock(&trace)
        .edges
        .iter()
        .filter(|e| e.step == 2)
        .map(|e| e.child)
        .collect();
    let snapshot = &h.state().inspector().snapshot;
    assert_eq!(snapshot.current.map(|c| c.id), Some(step.node));
    assert_eq!(snapshot.children, children);
    assert!(snapshot.frontier.is_empty());
    for c in &children {
        h.get_by_label(&a_star_row(c));
    }
    h.get_by_label(&format!(
        "History: expansion 3 of 4 (open {}, seen {} before it)",
        step.open, step.closed
    ));
    h.get_by_label_contains("The frontier of an earlier expansion is not recorded");
    h.get_by_label("Latest").click();
    h.run();
    assert!(h.state().inspector().snapshot.history.is_none());
    assert_eq!(h.state().inspector().snapshot.current, search.current());
}

/// Choosing another level in the inspector starts over on it: the board, the counters and
/// the state line never show the old level's search.
#[test]
fn choosing_another_level_resets_the_search_to_that_level() {
    let two_levels = format!("{TWO}\n; One\n#####\n#@$.#\n#####\n");
    let mut h = window(&two_levels);
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("Run to solution").click();
    let start = std::time::Instant::now();
    while !h.state().inspector().state_line().starts_with("Solved") {
        assert!(start.elapsed().as_secs() < 30, "the search did not finish");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.key_press(Key::PageDown);
    h.run();
    assert_eq!(h.state().document().current(), 1);
    let inspector = &h.state().inspector();
    assert_eq!(&inspector.session.as_ref().expect("a search").level, h.state().level());
    assert_eq!(inspector.snapshot.stats.expanded, 0);
    assert!(inspector.snapshot.current.is_none());
    assert_eq!(h.state().board_level(), h.state().level());
    assert!(h.query_by_label_contains("Solved").is_none(), "the old search's answer stays");
}

/// The node being expanded is drawn with the player where its push left it (behind the box
/// it moved), not on the square the search normalises the player's area to.
#[test]
fn the_expanded_node_shows_the_player_where_the_push_left_it() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    for _ in 0..3 {
        h.get_by_label("Step").click();
        h.run();
    }
    let search = reference(&h, 3);
    let push = search.current().and_then(|c| c.push).expect("a node reached by a push");
    assert_eq!(push.pushes, 1);
    let board = h.state().board_level().clone();
    assert_eq!(board.player(), Some(push.from), "the player stands where the box was");
    assert!(board.square(push.to).has_box);
    // The node stands for every square of the player's area: it is shaded, and the note
    // names the square the search keeps.
    let id = search.current().expect("a node").id;
    let kept = search.board(id).and_then(|b| b.player()).expect("a stored player");
    assert_ne!(Some(kept), board.player(), "this level's search normalises the player");
    let (square, area) = h.state().inspector().area.clone().expect("the area is shown");
    assert_eq!(square, kept);
    assert!(area.contains(&kept) && area.contains(&push.from));
    assert!(area.iter().all(|&p| !board.square(p).has_box));
    h.get_by_label_contains(&format!("with the player on {kept}"));
}

/// The counters say what they count: after one breadth-first expansion the states stored
/// are "seen" (not "closed"), a duplicate shows no bound it did not compute, and the rate is
/// not a made-up 0 before the search has run on its own.
#[test]
fn counts_are_named_by_what_they_count() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    let config = Config { method: Method::Bfs, ..h.state().inspector().config() };
    h.state_mut().send(sokolab::app::command::Command::SetSearchConfig(config));
    h.run();
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    let stats = h.state().inspector().snapshot.stats.clone();
    assert!(stats.closed > stats.expanded, "BFS stores what it has not expanded yet");
    // The counter, and the chart's line of the same count.
    assert_eq!(h.get_all_by_label("seen").count(), 2);
    assert!(h.query_by_label("closed").is_none(), "no count is called closed");
    assert!(h.query_by_label_contains("bytes per expansion").is_none());
    h.get_by_label("nodes/s");
    assert_eq!(h.state().inspector().nodes_per_second(), None);
    for c in &h.state().inspector().snapshot.children {
        let row = a_star_row(c);
        if c.verdict == sokolab::solver::Verdict::Duplicate {
            assert!(!row.contains(" f "), "{row}");
        }
    }
}

/// "Run until a rule prunes" (`U`) stops at the first expansion with a child a deadlock rule
/// pruned: the same expansion as stepping the search one at a time.
#[test]
fn run_until_a_rule_prunes_stops_at_the_first_pruned_child() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    h.key_press(egui::Key::U);
    let start = std::time::Instant::now();
    while h.state().inspector().snapshot.stats.expanded == 0
        || h.state().inspector().session.as_ref().is_some_and(|s| s.is_running())
    {
        assert!(start.elapsed().as_secs() < 20, "the run does not stop");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run();
    let level = h.state().level().clone();
    let mut search =
        build(&level, &Config::with_method(Method::AStar), Recorder::default()).unwrap();
    let pruned = |s: &dyn Search| s.stats().pruned.iter().sum::<u64>();
    while pruned(search.as_ref()) == 0 {
        search.step(1);
    }
    assert_eq!(h.state().inspector().snapshot.stats, *search.stats());
    let children = h.state().inspector().snapshot.children.clone();
    assert!(children.iter().any(|c| matches!(c.verdict, sokolab::solver::Verdict::Pruned(_))));
    assert!(children.iter().any(|c| !matches!(c.verdict, sokolab::solver::Verdict::Pruned(_))));

    // The verdict filter lists the pruned children only, then every child again.
    let listed = |h: &egui_kittest::Harness<'_, sokolab::app::App>, c| {
        h.query_by_label(&a_star_row(c)).is_some()
    };
    h.get_by_label("show").click();
    h.run();
    h.get_by_label("pruned").click();
    h.run();
    for c in &children {
        let pruned = matches!(c.verdict, sokolab::solver::Verdict::Pruned(_));
        assert_eq!(listed(&h, c), pruned, "{}", a_star_row(c));
    }
    h.get_by_label("show").click();
    h.run();
    h.get_by_label("all").click();
    h.run();
    assert!(children.iter().all(|c| listed(&h, c)));
}

/// Demaret's B1: stone by stone fills the bottom goal, then finds no stone for the next.
const B1: &str = "; B1\n#########\n####   .#\n#  $ $ .#\n# $  # .#\n#  $ @#.#\n#   #####\n#####\n";

#[test]
fn talking_stones_marks_which_children_pass_stone_by_stone_and_shows_the_tail() {
    let config = Config::with_method(Method::TalkingStones(Method::TALKING_STONES_CAP));
    let mut h = inspecting(B1, config.clone());
    // The first step tests the start alone (depth 0); the second expands it and tests each
    // child.
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    let mut ts = build(h.state().level(), &config, Recorder::default()).unwrap();
    ts.step(2);
    let children = ts.children();
    assert!(!children.is_empty());
    for c in children {
        assert!(matches!(c.verdict, sokolab::solver::Verdict::Fails(_)), "{c:?}");
        h.get_by_label(&child_row(c, config.method.info().order));
    }
    h.get_all_by_label_contains("fails stone by stone at goal").next().expect("a failure shown");
    h.get_by_label("failed tests");

    // Run on: the solution ends at a node that passes, and its tail is shown.
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved: 26 pushes, ") && line.ends_with(" moves."), "{line}");
    let tail = h.state().inspector().snapshot.tail.len();
    assert_eq!(tail, 22, "26 pushes, 4 of them in the search prefix");
    h.get_by_label(&format!(
        "The solution's last node passes stone by stone; its tail: {tail} pushes"
    ));
    let passes = h
        .state()
        .inspector()
        .snapshot
        .children
        .iter()
        .any(|c| c.verdict == sokolab::solver::Verdict::Passes);
    assert!(passes, "the last expansion's children include the node that passes");

    // The solution put on the timeline is the whole line, the tail included, replayed.
    h.get_by_label("Timeline").click();
    h.run();
    h.get_by_label_contains("Inspector's solution: ").click();
    h.run();
    let timeline = h.state().timeline().loaded.clone().expect("loaded");
    assert_eq!(timeline.total_pushes(), 26, "the search's 4 pushes and the tail's 22");
    let end = sokolab::level::replay(&timeline.start, &timeline.moves);
    assert!(end.solved && end.error.is_none(), "the timeline's solution solves the level");
}

#[test]
fn stone_by_stone_gives_up_on_stones_that_must_move_together() {
    let together = "; Together\n#######\n###.###\n#  $  #\n#  $  #\n#. @  #\n#######\n";
    let mut h = inspecting(together, Config::with_method(Method::StoneByStone));
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Gave up"), "{line}");
    h.get_by_label(&line);
}

#[test]
fn the_planner_shows_its_ordering_sub_problem_and_developed_nodes() {
    let column = "; B\n#########\n####   .#\n#  $ $ .#\n# $  # .#\n#  $ @ .#\n#   #####\n#####\n";
    let config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
    let mut h = inspecting(column, config.clone());
    h.get_by_label("Step").click();
    h.run();
    let mut planner = build(h.state().level(), &config, Recorder::default()).unwrap();
    planner.step(1);
    let stats = planner.stats();
    assert_eq!(h.state().inspector().snapshot.stats, *stats);
    assert_eq!(stats.measure("ordering"), Some(2));
    assert_eq!(stats.measure("developed"), Some(1));
    for name in ["ordering", "sub-problem", "developed"] {
        h.get_by_label(name);
    }
    // The sub-problem: its goal (the schedule's first) and the stones that reach it alone.
    let sub = planner.sub_problem().expect("the planner has a sub-problem");
    assert_eq!((sub.index, sub.count), (1, 4));
    assert!(h.state().level().square(sub.goal).terrain == sokolab::level::Terrain::Goal);
    assert!(sub.stones.iter().all(|&s| h.state().level().square(s).has_box));
    assert_eq!(h.state().inspector().snapshot.sub_problem.as_ref(), Some(&sub));
    h.get_by_label_contains(&format!(
        "Sub-problem 1 of 4 (ordering 2): a stone onto goal {}",
        sub.goal
    ));
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{line}");
    assert_eq!(h.state().inspector().snapshot.stats.measure("sub-problem"), Some(4));
}

#[test]
fn the_planner_shows_the_stone_it_parks_and_moves_on_when_the_goals_are_rearranged() {
    // Demaret's B1: no order fills its goal column directly (see `schedule.rs`).
    let mut h = inspecting(B1, Config::with_method(Method::Planner(Method::PLANNER_LIMIT)));
    let (parking, goal) = (sokolab::level::Pos::new(5, 1), sokolab::level::Pos::new(7, 1));
    let sub_problem = |h: &egui_kittest::Harness<'_, sokolab::app::App>| {
        h.state().inspector().snapshot.sub_problem.as_ref().map(|s| s.index)
    };
    h.get_by_label("Step").click();
    h.run();
    assert_eq!(sub_problem(&h), Some(1));
    h.get_by_label_contains(&format!(
        "Sub-problem 1 of 5 (ordering 1, goals rearranged): a stone onto parking square {parking}"
    ));
    for _ in 0..200 {
        if sub_problem(&h) == Some(4) {
            break;
        }
        h.get_by_label("Step").click();
        h.run();
    }
    h.get_by_label_contains(&format!(
        "Sub-problem 4 of 5 (ordering 1, goals rearranged): the stone parked on {parking} onto \
         goal {goal}"
    ));
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{line}");
    assert_eq!(h.state().inspector().snapshot.stats.measure("parked"), Some(1));
}

/// The planner's ordering and goal rearrangement chosen by hand in the switches: typed
/// parking pairs apply once they read, the sub-problem line says what was chosen by hand,
/// and pairs that do not fit the level are refused with a message.
#[test]
fn the_planner_follows_an_ordering_and_a_rearrangement_chosen_by_hand() {
    let mut h = inspecting(B1, Config::with_method(Method::Planner(Method::PLANNER_LIMIT)));
    h.get_by_label_contains("Switches").click();
    h.run();
    h.get_by_label("Park by hand").click();
    h.run();
    h.get_by_label("Park by hand").type_text("2:8=2:");
    h.run();
    h.get_by_label_contains("Not applied: `2:` is not a square");
    assert!(h.state().inspector().plan.1.is_empty());
    h.get_by_label("Park by hand").type_text("6");
    h.run();
    let park = sokolab::solver::Park {
        goal: sokolab::level::Pos::new(7, 1),
        at: sokolab::level::Pos::new(5, 1),
    };
    assert_eq!(h.state().inspector().plan.1.pairs().collect::<Vec<_>>(), [park]);
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label_contains("(ordering 1, goals rearranged by hand): a stone onto");
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{line}");
    assert_eq!(h.state().inspector().snapshot.stats.measure("parked"), Some(1));
    // The ordering too: both by hand.
    let mut config = h.state().inspector().config();
    config.ordering = Some(sokolab::solver::Ordering::Three);
    h.state_mut().send(sokolab::app::command::Command::SetSearchConfig(config.clone()));
    h.run();
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label_contains("(ordering 3 and goal rearrangement by hand)");
    // A goal that is not one: refused, and said.
    config.parking = sokolab::solver::Parking::new(&["2:7=2:6".parse().unwrap()]).unwrap();
    h.state_mut().send(sokolab::app::command::Command::SetSearchConfig(config));
    h.run();
    assert_eq!(h.state().inspector().plan.1.pairs().collect::<Vec<_>>(), [park]);
    h.get_by_label_contains("Parking by hand not applied: 2:7 is not a goal");
}

/// A room `side` squares wide with a box and a goal on every fourth square of a diagonal
/// band: a level whose analysis takes a good while.
pub(crate) fn big_room(side: usize) -> String {
    let mut rows = vec![vec![' '; side]; side];
    for (y, row) in rows.iter_mut().enumerate() {
        for (x, c) in row.iter_mut().enumerate() {
            if x == 0 || y == 0 || x == side - 1 || y == side - 1 {
                *c = '#';
            } else if (2..side - 2).contains(&x) && (2..side - 2).contains(&y) && x % 4 == 0 {
                if y == x {
                    *c = '$';
                } else if y + 2 == x {
                    *c = '.';
                }
            }
        }
    }
    rows[1][1] = '@';
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    format!("; Big\n{}\n", rows.join("\n"))
}

/// The search of a big level is built off the window's thread: the window says it is
/// preparing, a Step pressed meanwhile is carried out once the search is ready, and Pause
/// stops the preparation.
#[test]
fn a_big_level_is_prepared_without_blocking_the_window() {
    let mut h = window(&big_room(160));
    h.get_by_label("Inspector").click();
    h.run();
    assert!(h.state().inspector().building.is_some(), "the search is prepared on a worker");
    assert!(h.state().inspector().session.is_none());
    h.get_by_label_contains("Preparing the search");
    h.get_by_label("Step").click();
    h.run();
    wait_while(&mut h, "building the search", 120, |app| app.inspector().building.is_some());
    let inspector = &h.state().inspector();
    assert_eq!(&inspector.session.as_ref().expect("a search").level, h.state().level());
    assert_eq!(inspector.snapshot.stats.expanded, 1, "the Step pressed meanwhile was done");

    // "Why is this a deadlock?" answers for the position shown, worked out on a worker too.
    h.key_press(Key::F7);
    h.run();
    let start = std::time::Instant::now();
    while h.state().messages().status.starts_with("Looking for a deadlock rule") {
        assert!(start.elapsed().as_secs() < 60, "the answer never came");
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    assert!(h.state().messages().status.starts_with("No deadlock rule applies"));
    let explained = h.state().overlays().explanation.as_ref().expect("an answer kept");
    assert_eq!(&explained.level, h.state().board_level());

    h.get_by_label("Reset").click();
    h.run();
    assert!(h.state().inspector().building.is_some());
    h.get_by_label("Pause").click();
    h.run();
    assert!(h.state().inspector().building.is_none() && h.state().inspector().session.is_none());
    h.get_by_label_contains("Stopped preparing the search");
}

/// Demaret's B1, its goals not rearranged, defeats the planner's plan: where a sub-problem
/// finds nothing, the planner learns patterns (stones that cannot fill that goal), which
/// the pattern view lists with the goal and apart from the deadlock patterns, and which cut
/// later positions. (Without the pattern retry, whose second try would drop the unproved
/// patterns before the search ends.)
#[test]
fn the_planners_learned_patterns_are_listed_with_the_goal_they_cannot_fill() {
    use sokolab::solver::Technique;
    let mut config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
    config.techniques.set(Technique::GoalRearrangement, false);
    config.techniques.set(Technique::PatternRetry, false);
    let mut h = inspecting(B1, config);
    run_inspector_to_the_end(&mut h);
    assert!(h.state().inspector().state_line().starts_with("Gave up"));
    let patterns = h.state().inspector().session.as_ref().unwrap().search().patterns();
    let planners: Vec<_> =
        patterns.iter().filter(|p| p.source == sokolab::solver::Source::Plan).collect();
    assert!(!planners.is_empty(), "the failed sub-problems taught it patterns");
    assert!(planners.iter().all(|p| {
        p.target
            .is_some_and(|t| h.state().level().square(t).terrain == sokolab::level::Terrain::Goal)
    }));
    let cuts = h.state().inspector().snapshot.stats.measure("pattern cuts").unwrap_or(0);
    assert_eq!(cuts, planners.iter().map(|p| p.hits).sum::<u64>());
    h.get_by_label("Deadlock patterns").click();
    h.run();
    h.get_by_label_contains(&format!("{} planner's patterns", planners.len()));
    let label = sokolab::app::inspector::patterns::pattern_label(planners[0]);
    assert!(label.contains(&format!("cannot fill {}", planners[0].target.unwrap())));
    h.get_by_label(&label);
}

/// The thesis's colours follow the figure of the search's kind, which the legend names:
/// A* by figure 2.8, BFS by 2.6, IDA* (depth-first) by 2.4 and 2.5.
#[test]
fn the_tree_can_be_coloured_as_the_talking_stones_thesis_does() {
    let mut h = stepped_once(TWO);
    h.get_by_label("Search tree").click();
    h.run();
    h.get_by_label("over the bound");
    assert!(h.query_by_label("blue: generated, not visited").is_none());
    h.get_by_label("Colours of the Talking Stones thesis").click();
    h.run();
    assert!(h.state().inspector().seed_colours);
    for (method, figure, green, black) in [
        (
            Method::AStar,
            "figure 2.8: A*",
            "green: visited",
            "black: a clone of a node with a smaller or equal f, or pruned",
        ),
        (
            Method::Bfs,
            "figure 2.6: breadth-first search",
            "green: visited",
            "black: cut (a clone or pruned",
        ),
        (
            Method::IdaStar,
            "figures 2.4 and 2.5: depth-first search",
            "green: visited, a blue node below",
            "black: visited and done, or cut",
        ),
    ] {
        h.state_mut()
            .send(sokolab::app::command::Command::SetSearchConfig(Config::with_method(method)));
        h.run();
        h.get_by_label("Step").click();
        h.run();
        for name in ["white: not generated yet", "blue: generated, not visited", green] {
            h.get_by_label(name);
        }
        assert!(h.query_by_label_contains(black).is_some(), "{method:?}: {black}");
        let named = format!("(Van Lishout 2006, {figure}); gold ring: solution path");
        assert!(h.query_by_label(&named).is_some(), "{method:?}: {named}");
    }
    h.get_by_label("Colours of the Talking Stones thesis").click();
    h.run();
    assert!(!h.state().inspector().seed_colours);
    h.get_by_label("over the bound");
}

/// The window on `xsb` inspecting `config`'s search stepped `n` times with the Step
/// button, and the same search built outside the window and stepped as far: both show the
/// same node and children.
fn stepped_beside(xsb: &str, config: Config, n: u64) -> (Harness, Box<dyn Search>) {
    let mut h = inspecting(xsb, config.clone());
    for _ in 0..n {
        h.get_by_label("Step").click();
        h.run();
    }
    let mut search = build(h.state().level(), &config, Recorder::default()).unwrap();
    search.step(n);
    let snapshot = &h.state().inspector().snapshot;
    assert_eq!(snapshot.current, search.current());
    assert_eq!(snapshot.children, search.children());
    (h, search)
}

/// The textbook's DFS on pushes steps in the inspector like the engineered methods: the
/// same node, children and counters as the search built outside the window, and a run to
/// the solution.
#[test]
fn the_textbook_dfs_steps_in_the_inspector_like_any_method() {
    let config = Config::with_method(Method::Textbook(Textbook::Dfs(10)));
    let (mut h, book) = stepped_beside(TWO, config, 3);
    assert_eq!(h.state().inspector().snapshot.stats, *book.stats());
    assert!(book.stats().expanded == 3 && !book.children().is_empty());
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{line}");
}

#[test]
fn auto_in_the_inspector_lists_its_strategies_and_marks_the_one_running() {
    let mut h = inspecting(TWO, Config::with_method(Method::Auto));
    h.get_by_label("Step").click();
    h.run();
    let strategies = h.state().inspector().snapshot.strategies.clone();
    let names: Vec<&str> = strategies.iter().map(|s| s.name).collect();
    let fess = "feature-space search, backward plan";
    assert_eq!(names, [fess, "greedy best-first", "A*", "greedy pull search"]);
    assert_eq!(strategies.iter().filter(|s| s.running).count(), 1);
    assert!(strategies.iter().all(|s| s.share == 25), "{strategies:?}");
    h.get_by_label("Strategies");
    let running = strategies.iter().find(|s| s.running).unwrap();
    h.get_by_label(&format!("> {}", running.name));
    // A single search has no strategies to show.
    let mut h = inspecting(TWO, Config::with_method(Method::AStar));
    h.get_by_label("Step").click();
    h.run();
    assert!(h.state().inspector().snapshot.strategies.is_empty());
    assert!(h.query_by_label("Strategies").is_none());
}

#[test]
fn the_backward_search_steps_with_pulls_and_ends_with_its_plan() {
    let config = Config::with_method(Method::Backward);
    let (mut h, backward) = stepped_beside(PARKED, config.clone(), 3);
    let snapshot = &h.state().inspector().snapshot;
    assert!(!snapshot.children.is_empty());
    // Each child is a box pulled alone: it stands on the move's first square in the
    // expanded position, and the square it arrives on and the one the player ends on,
    // beyond it, are free (or the box's own first square: a box pulled round a loop).
    let current = backward.board(snapshot.current.unwrap().id).unwrap();
    for child in &snapshot.children {
        let beyond = child.push.to.step(child.push.dir).unwrap();
        assert!(current.square(child.push.from).has_box, "{child:?}");
        let free = |at: sokolab::level::Pos| !current.square(at).has_box || at == child.push.from;
        assert!(free(child.push.to) && free(beyond), "{child:?}");
        assert!(current.square(beyond).terrain.is_walkable(), "{child:?}");
    }
    // Its nodes list what the search ranks them by.
    assert!(snapshot.features.iter().any(|&(name, _)| name == "boxes left"));
    // On this level its line reaches the start itself: a solution.
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{line}");
    // On Turnstile it sends boxes home before the start is in reach: it ends with its plan.
    let mut h = inspect(window_on(shipped("Turnstile")), config.clone());
    run_inspector_to_the_end(&mut h);
    let mut backward = build(h.state().level(), &config, Recorder::default()).unwrap();
    assert_eq!(backward.step(u64::MAX), sokolab::solver::Progress::NotFound);
    let steps = backward.stats().measure(sokolab::solver::PLAN_STEPS).expect("a plan");
    let line = h.state().inspector().state_line();
    assert!(line.starts_with(&format!("Plan found: {steps} steps.")), "{line}");
    h.get_by_label(&line);
}

/// Walking the catalogue alone: every method is in the algorithm menu under its label,
/// chosen there it is built, its parameter has its row, and Step steps it.
#[test]
fn every_method_of_the_catalogue_is_offered_built_and_stepped() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    for info in sokolab::solver::METHODS {
        let method = info.method();
        h.get_by_label("Algorithm").click();
        h.run();
        // The menu's item (the closed menu shows the current method's label too).
        let label = method.label();
        h.get_all_by_label(&label).last().expect("offered in the menu").click();
        h.run();
        wait_while(&mut h, "the search being built", 20, |app| app.inspector().building.is_some());
        assert_eq!(h.state().inspector().method, method, "chosen from the menu");
        match info.param {
            Some(p) => drop(h.get_by_label(p.meaning)),
            None => drop(h.get_by_label("none for this method")),
        }
        h.get_by_label("Step").click();
        h.run();
        let inspector = &h.state().inspector();
        let session = inspector.session.as_ref().expect("built");
        assert_eq!(session.config.method, method);
        // A node expanded is shown, or the search ended at its start.
        let ended = session.progress() != sokolab::solver::Progress::Running;
        assert!(
            inspector.snapshot.current.is_some() || ended,
            "{}: Step did nothing",
            method.name()
        );
    }
}

/// "Save as DOT…" under the search tree asks where (the window's own dialog when the
/// system's cannot open), and writes the tree drawn as Graphviz DOT on a worker: a node per
/// tree node generated, an edge per child with its verdict, the colours the view draws;
/// "Save as SVG…" writes the picture.
#[test]
fn the_search_tree_saves_as_graphviz_dot_and_svg() {
    let mut h = stepped_once(TWO);
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label("Search tree").click();
    h.run();
    h.get_by_label("Save as DOT…").click();
    h.run();
    h.get_by_label("Save the search tree (Graphviz DOT) as");
    // A folder and a name in the window's dialog, and Enter in the name's field.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tree.dot");
    let picker = h.state_mut().files_mut().picker.as_mut().expect("the dialog is open");
    picker.enter(dir.path().into());
    picker.name = "tree.dot".into();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File name").focus();
    h.run();
    h.key_press(Key::Enter);
    h.step();
    assert!(h.state().files().picker.is_none(), "Enter saves as the button does");
    wait_while(&mut h, "the save", 10, |app| app.inspector().saving.busy());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Saved the search tree (Graphviz DOT) to"), "{status}");
    let dot = std::fs::read_to_string(&path).unwrap();
    assert!(dot.starts_with("digraph search {") && dot.trim_end().ends_with('}'), "{dot}");
    let session = h.state().inspector().session.as_ref().unwrap();
    let (nodes, edges) = session.with_trace(|t| {
        let tree = sokolab::solver::inspect::tree::build_tree(&t.steps, &t.edges);
        (tree.len(), t.edges.len())
    });
    let declared: Vec<&str> = dot.lines().filter(|l| l.contains("fillcolor")).collect();
    let arrows: Vec<&str> = dot.lines().filter(|l| l.contains(" -> ")).collect();
    assert_eq!((declared.len(), arrows.len()), (nodes, edges), "{dot}");
    // Every edge joins declared nodes, and a pruned child is red as in the view.
    let names: Vec<&str> = declared.iter().map(|l| l.split_whitespace().next().unwrap()).collect();
    for a in &arrows {
        let mut ends = a.split(" -> ");
        let from = ends.next().unwrap().trim();
        let to = ends.next().unwrap().split_whitespace().next().unwrap();
        assert!(names.contains(&from) && names.contains(&to), "{a}");
    }
    assert!(dot.contains("pruned: ") && dot.contains("#dc463c"), "{dot}");
    if let Ok(out) = std::process::Command::new("dot").arg("-Tsvg").arg(&path).output() {
        assert!(out.status.success(), "dot reads it: {}", String::from_utf8_lossy(&out.stderr));
    }

    // The same tree as an SVG picture: a circle with its tooltip per node, a line per edge.
    h.get_by_label("Save as SVG…").click();
    h.run();
    h.get_by_label("Save the search tree (SVG) as");
    // The test writes the file itself: the dialog is left.
    h.get_by_label("Cancel").click();
    h.run();
    let path = dir.path().join("tree.svg");
    h.state_mut().send(sokolab::app::command::Command::SaveExport(path.clone()));
    h.step();
    wait_while(&mut h, "the save", 10, |app| app.inspector().saving.busy());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")
            && svg.trim_end().ends_with("</svg>")
    );
    assert_eq!((svg.matches("<title>").count(), svg.matches("<line ").count()), (nodes, edges));
    assert!(svg.contains("fill=\"#dc463c\" stroke") && svg.contains("pruned: "), "{svg}");
}

/// "Save as CSV…" under the charts writes the whole history, a row per expansion with the
/// counters the chart draws, named as the chart names them; "Save as PNG…" the chart.
#[test]
fn the_charts_history_saves_as_csv_and_the_chart_as_png() {
    let mut h = stepped_once(TWO);
    for _ in 0..4 {
        h.get_by_label("Step").click();
        h.run();
    }
    h.get_by_label("Charts").click();
    h.run();
    h.get_by_label("Save as CSV…").click();
    h.run();
    h.get_by_label("Save the chart's history (CSV) as");
    h.get_by_label("Cancel").click();
    h.run();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.csv");
    h.state_mut().send(sokolab::app::command::Command::SaveExport(path.clone()));
    h.step();
    wait_while(&mut h, "the save", 10, |app| app.inspector().saving.busy());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Saved the chart's history (CSV) to"), "{status}");
    let csv = std::fs::read_to_string(&path).unwrap();
    let mut rows = csv.lines();
    let info = Method::AStar.info();
    let header = format!("expansion,\"open\",\"{}\",\"{}\",g,h", info.stored.name, info.bound_name);
    assert_eq!(rows.next(), Some(header.as_str()));
    let session = h.state().inspector().session.as_ref().unwrap();
    let steps = session.with_trace(|t| t.steps.clone());
    let rows: Vec<&str> = rows.collect();
    assert_eq!(rows.len(), steps.len());
    assert_eq!(rows.len(), 5);
    for (i, (row, s)) in rows.iter().zip(&steps).enumerate() {
        let want = format!("{},{},{},{},{},{}", i + 1, s.open, s.closed, s.bound, s.g, s.h);
        assert_eq!(*row, want);
    }

    // "Save as PNG…": the chart as a picture, each line in its colour.
    h.get_by_label("Save as PNG…").click();
    h.run();
    h.get_by_label("Save the chart (PNG) as");
    h.get_by_label("Cancel").click();
    h.run();
    let path = dir.path().join("chart.png");
    h.state_mut().send(sokolab::app::command::Command::SaveExport(path.clone()));
    h.step();
    wait_while(&mut h, "the save", 10, |app| app.inspector().saving.busy());
    let file = std::fs::File::open(&path).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert!(frame.width > 300 && frame.height > 200);
    for colour in [[214, 39, 40], [31, 119, 180], [44, 160, 44]] {
        assert!(pixels.chunks(3).any(|p| p == colour), "a line in {colour:?}");
    }
}
