//! Building a test window on a level, and pointer helpers in board coordinates.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sokolab::app::App;
use sokolab::app::document::Document;
use sokolab::app::inspector::Snapshot;
use sokolab::app::settings::Settings;
use sokolab::level::format::read_collection;
use sokolab::level::{Collection, Level, Pos};
use sokolab::solver::inspect::trace::TREE_EXPANSIONS;

/// A goal room filled through a box parked outside it (the backward search's parking test).
pub const PARKED: &str = "; Parked\n##########\n#@..*    #\n#### $$  #\n   #     #\n   #######\n";

/// The level titled `title` from the levels the program ships, alone in a collection.
pub fn shipped(title: &str) -> Collection {
    let text = include_str!("../../levels/default.xsb");
    let levels = read_collection(text).expect("the shipped levels parse").levels;
    let level = levels.into_iter().find(|l| l.meta.title == title).expect("a shipped level");
    Collection { notes: Vec::new(), levels: vec![level] }
}

/// A window showing a collection read from `xsb`, with default settings and no autosave.
pub fn window(xsb: &str) -> Harness<'static, App> {
    let collection = read_collection(xsb).expect("test level parses");
    window_on(collection)
}

/// The window on `xsb` in lab mode, the 8-puzzle searched by `search`.
pub fn lab_with(xsb: &str, search: sokolab::solver::Textbook) -> Harness<'static, App> {
    let mut h = window(xsb);
    h.get_by_label("Lab").click();
    h.run();
    h.get_by_label("Search").click();
    h.run();
    h.get_by_label(&search.label()).click();
    h.run();
    assert_eq!(h.state().lab().algorithm, search);
    h
}

/// A window showing `collection`.
pub fn window_on(collection: Collection) -> Harness<'static, App> {
    let doc = Document { collection, path: None, dirty: false };
    window_for(App::new(doc, Settings::default(), None))
}

/// A window showing `app`.
pub fn window_for(app: App) -> Harness<'static, App> {
    let mut harness = Harness::builder()
        // Tall enough for the inspector panel with every technique and feature row.
        .with_size(egui::vec2(1200.0, 2000.0))
        // Workers (file jobs, the play mode's deadlock check, plans) wake the window when
        // they finish, which may come during a run: room for those extra frames.
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    // A file the app opens at startup keeps a spinner turning; the frames run regardless.
    harness.run_ok();
    harness
}

/// The screen centre of square `p` on the board as last drawn.
pub fn center(h: &Harness<'_, App>, p: Pos) -> egui::Pos2 {
    h.state().view().geometry.expect("the board was drawn").cell_center(p)
}

/// Presses the primary button on square `from`, moves to `to` and releases there.
pub fn drag(h: &mut Harness<'_, App>, from: Pos, to: Pos) {
    let (a, b) = (center(h, from), center(h, to));
    h.hover_at(a);
    h.step();
    h.drag_at(a);
    h.step();
    h.hover_at(b);
    h.step();
    h.drop_at(b);
    h.run();
}

/// Clicks square `p`.
pub fn click(h: &mut Harness<'_, App>, p: Pos) {
    drag(h, p, p);
}

/// Runs frames until the file being opened or saved is done (20 s at most). The first frame
/// carries out the queued commands, which start the job.
pub fn finish_files(h: &mut Harness<'_, App>) {
    h.step();
    let start = std::time::Instant::now();
    while h.state().files().run.is_some() {
        assert!(start.elapsed().as_secs() < 20, "the file job hangs");
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    // A few frames for what the result opens (a dialog fades in).
    h.run_steps(20);
}

/// Runs frames until `busy` says the app's background work is over (`secs` at most, else
/// the test fails naming `what`), then lets the window settle.
pub fn wait_while(h: &mut Harness<'_, App>, what: &str, secs: u64, busy: impl Fn(&App) -> bool) {
    let start = std::time::Instant::now();
    while busy(h.state()) {
        assert!(start.elapsed().as_secs() < secs, "{what} did not finish in {secs} s");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run();
}

/// Clicks the inspector's "Run to solution" and runs frames until its worker stops (30 s
/// at most).
pub fn run_inspector_to_the_end(h: &mut Harness<'_, App>) {
    h.get_by_label("Run to solution").click();
    h.step(); // The click is carried out: the worker starts.
    wait_while(h, "the search", 30, |app| {
        app.inspector().session.as_ref().is_some_and(|s| s.is_running())
    });
}

/// Presses the inspector's Step and checks that the table of the expansion lists every
/// child it generated under a count of them; the snapshot after the step.
pub fn step_listing_every_child(h: &mut Harness<'_, App>, name: &str) -> Snapshot {
    let before = h.state().inspector().snapshot.stats.generated;
    h.get_by_label("Step").click();
    h.run();
    let snap = h.state().inspector().snapshot.clone();
    let n = snap.children.len();
    assert_eq!(n as u64, snap.stats.generated - before, "{name}: every child is listed");
    h.get_by_label(&format!("{n} {}", if n == 1 { "child" } else { "children" }));
    snap
}

/// Runs a deepening search in the inspector to its solution and checks its tree view: one
/// tree per bound (two at least), the latest drawn with every child its expansions
/// generated, the menu offering each, and the first, chosen, with all of its own.
pub fn check_one_tree_per_bound(h: &mut Harness<'_, App>, name: &str) {
    run_inspector_to_the_end(h);
    let line = h.state().inspector().state_line();
    assert!(line.starts_with("Solved:"), "{name}: {line}");
    let session = h.state().inspector().session.as_ref().unwrap();
    // The passes: each starts with an expansion of the start.
    let (recorded, starts, edges) = session.with_trace(|t| {
        let recorded = t.steps.len().min(TREE_EXPANSIONS);
        let starts: Vec<usize> = (0..recorded).filter(|&k| t.steps[k].push().is_none()).collect();
        (recorded, starts, t.edges.iter().map(|e| e.step as usize).collect::<Vec<_>>())
    });
    let passes = starts.len();
    assert!(passes >= 2, "{name}: {passes} bounds");
    h.get_by_label("Search tree").click();
    h.run();
    let nodes = |from: usize, to: usize| 1 + edges.iter().filter(|&&s| from <= s && s < to).count();
    let last = starts[passes - 1];
    let latest = format!("expansions: {}, nodes: {}", recorded - last, nodes(last, recorded));
    h.get_by_label(&latest);
    h.get_by_label("Iteration").click();
    h.run();
    h.get_by_label_contains(&format!("{passes} of {passes}: bound "));
    h.get_by_label_contains(&format!("1 of {passes}: bound ")).click();
    h.run();
    h.get_by_label(&format!("expansions: {}, nodes: {}", starts[1], nodes(0, starts[1])));
}

/// The level shown on the board.
pub fn board(h: &Harness<'_, App>) -> Level {
    h.state().board_level().clone()
}

/// A window of `width` by `height` points showing a collection read from `xsb` (the size a
/// teacher's laptop shows the program at).
pub fn window_sized(xsb: &str, width: f32, height: f32) -> Harness<'static, App> {
    let collection = read_collection(xsb).expect("test level parses");
    let doc = Document { collection, path: None, dirty: false };
    let app = App::new(doc, Settings::default(), None);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(12)
        .build_ui_state(|ui, app: &mut App| app.show(ui), app);
    harness.run_ok();
    harness
}

/// Steps frames until the live badge shows something other than a running check (30 s at
/// most); its text.
pub fn live_badge(h: &mut egui_kittest::Harness<'_, sokolab::app::App>) -> String {
    let start = std::time::Instant::now();
    loop {
        let state = h.state();
        let badge = state.editor().live.badge(state.document().key(), state.settings().live_check);
        if !matches!(badge, sokolab::app::live_check::Badge::Checking(_)) {
            let text = badge.text();
            h.run();
            return text;
        }
        assert!(start.elapsed().as_secs() < 30, "the live check never finished");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
}

/// The pushes a "Solvable: N pushes, …" badge names (panics on any other text). The live
/// check runs `auto`, whose members race on the machine's threads, so the solution it names
/// is the first one found, not always the shortest: a test checks it against the level's
/// push optimum, never for equality.
pub fn badge_pushes(text: &str) -> u32 {
    let rest = text.strip_prefix("Solvable: ").unwrap_or_else(|| panic!("not solvable: {text}"));
    let n = rest.split(' ').next().unwrap_or_default();
    n.parse().unwrap_or_else(|_| panic!("no push count in {text}"))
}
