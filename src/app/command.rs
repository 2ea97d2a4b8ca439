//! Every user action as one command type, and the command table: for each command its
//! label, the shorter label of its button, a tooltip where it needs one, and the keys that
//! send it, side by side. Menus, buttons, tooltips and the keyboard all read the table (a
//! Help list can too); `App::dispatch` carries the commands out.

use std::path::PathBuf;
use std::sync::LazyLock;

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::app::editor::Shape;
use crate::app::inspector::saving::Saved;
use crate::app::inspector::{LowerView, PatternOrder, Shown};
use crate::app::overlay::Overlay;
use crate::app::solving::Aim;
use crate::app::timeline::{ExportKind, TimelineSource};
use crate::app::view::Mode;
use crate::level::edit::Tool;
use crate::level::{Dir, Level};
use crate::solver::optimize::Metric;
use crate::solver::{Config, Textbook};

/// A user action.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Start a new collection with one empty level.
    New,
    /// Choose a file to open with the native dialog.
    Open,
    /// Open this file.
    OpenPath(PathBuf),
    /// Save to the current file (asks for one if there is none).
    Save,
    /// Choose a file to save to with the native dialog.
    SaveAs,
    /// Save to this file and make it the current file.
    SaveTo(PathBuf),
    /// Stop opening or saving a file.
    CancelFile,
    /// Close the window (asks first when there are unsaved edits).
    Quit,
    /// Undo the last edit (or move, in play mode).
    Undo,
    /// Redo what was undone.
    Redo,
    /// Copy the current level to the clipboard as XSB text.
    Copy,
    /// Ask for the clipboard's text, to paste it as a level.
    Paste,
    /// Add the level written in this XSB text after the current one.
    PasteText(String),
    /// Add an empty level after the current one.
    AddLevel,
    /// Add a copy of the current level after it.
    DuplicateLevel,
    /// Delete the current level.
    DeleteLevel,
    /// Move the current level one place up the list.
    MoveLevelUp,
    /// Move the current level one place down the list.
    MoveLevelDown,
    /// Show this level (index into the collection).
    SelectLevel(usize),
    /// Show the next level.
    NextLevel,
    /// Show the previous level.
    PreviousLevel,
    /// Set the current level's title.
    SetTitle(String),
    /// Set the current level's author.
    SetAuthor(String),
    /// Set the current level's comment.
    SetComment(String),
    /// Switch mode.
    SetMode(Mode),
    /// Switch between editing and playing.
    ToggleMode,
    /// Choose what the editor paints.
    SetTool(Tool),
    /// Choose how the editor paints.
    SetShape(Shape),
    /// Resize the board to this many columns and rows.
    Resize(usize, usize),
    /// Cut the board down to the walls and what they enclose.
    CropToContent,
    /// Turn the board a quarter turn clockwise.
    RotateClockwise,
    /// Mirror the board left to right.
    MirrorHorizontal,
    /// Mirror the board top to bottom.
    MirrorVertical,
    /// Turn boxes into goals and goals into boxes.
    SwapBoxesAndGoals,
    /// Zoom in one step.
    ZoomIn,
    /// Zoom out one step.
    ZoomOut,
    /// Fit the board to the window.
    ZoomFit,
    /// Show or hide dead squares.
    ToggleDeadSquares,
    /// Switch between the dark and the light theme.
    ToggleTheme,
    /// Play: step (and push) in a direction.
    Step(Dir),
    /// Play: back to the level's start.
    Restart,
    /// Play: store the moves made so far as a solution of the level.
    SaveSolution,
    /// Play: switch pull mode (play backwards from the solved position) on or off.
    TogglePullMode,
    /// Run the solver on the current level in the background.
    Solve,
    /// Choose what Solve looks for.
    SetSolveAim(Aim),
    /// Stop the running solver.
    CancelSolve,
    /// Play the solver's solution back in play mode.
    ReplaySolution,
    /// Switch an analysis overlay on or off.
    ToggleOverlay(Overlay),
    /// Say which deadlock rule proves the position shown dead, and mark its boxes.
    ExplainDeadlock,
    /// Ask the oracle whether the position shown is really dead (again: stop it).
    AskOracle,
    /// Add the oracle's smallest dead set to the inspected search's deadlock patterns.
    AdoptDeadSet,
    /// Inspector: choose the algorithm, bound and pruning (builds a fresh search).
    SetSearchConfig(Config),
    /// Inspector: one expansion.
    InspectStep,
    /// Inspector: this many expansions, in the background.
    InspectStepMany(u64),
    /// Inspector: run at this many expansions per second until paused.
    InspectRun(f64),
    /// Inspector: run as fast as possible until solved or exhausted.
    InspectRunToSolution,
    /// Inspector: save the search tree drawn (this text, Graphviz DOT or SVG) to a file the
    /// user picks.
    ExportTree(Saved, String),
    /// Inspector: save the chart's history (CSV, [`Saved::Chart`]) or the chart (PNG,
    /// [`Saved::ChartPng`]) to a file the user picks.
    ExportChart(Saved),
    /// Inspector: save the search's trace (JSON lines) to a file the user picks.
    ExportTrace,
    /// Inspector: write the tree or the chart held to this file.
    SaveExport(PathBuf),
    /// Inspector: run until an expansion has a child a deadlock rule prunes.
    InspectRunUntilPruned,
    /// Inspector: put the search back one expansion.
    InspectStepBack,
    /// Inspector: put the search at this many expansions (back, or forward by stepping).
    InspectGoTo(u64),
    /// Inspector: a second search side by side with the inspector's, or not.
    ToggleCompare,
    /// Inspector: the second search's choices.
    SetCompareConfig(crate::solver::Config),
    /// Inspector: predict mode on or off.
    TogglePredict,
    /// Inspector, predict mode: guess that the search expands this node next (an index
    /// into the choices offered), then step.
    Predict(usize),
    /// Inspector: run until one of the breakpoints set fires.
    InspectRunUntilBreak,
    /// Inspector: stop running.
    InspectPause,
    /// Inspector: start the search again from the level shown.
    InspectReset,
    /// Inspector: show this position on the board.
    InspectShow(Shown),
    /// Inspector: move the history scrubber to this expansion and show its node.
    InspectScrub(usize),
    /// Inspector: choose the lower panel's view.
    SetLowerView(LowerView),
    /// Inspector: select a deadlock pattern (none clears the selection); the pattern overlay
    /// switches on to show it.
    SelectPattern(Option<u32>),
    /// Inspector: the order of the pattern list.
    SetPatternOrder(PatternOrder),
    /// Inspector: cover the level's positions with the oracle and every deadlock rule.
    RunCoverage,
    /// Inspector: stop the coverage.
    StopCoverage,
    /// Inspector: how many pushes from the start the coverage reaches.
    SetCoveragePushes(u32),
    /// Inspector: select a dead set the coverage found no rule catches (none clears it); its
    /// first position goes on the board.
    SelectMissed(Option<usize>),
    /// Inspector: switch the charts' log scale.
    ToggleLogScale,
    /// Editor: the time the live solvability check may take per edit (zero: off).
    SetLiveCheckBudget(std::time::Duration),
    /// Inspector: colour the search tree as Van Lishout's thesis does, or by outcome.
    ToggleSeedColours,
    /// Timeline: load a solution.
    TimelineLoad(TimelineSource),
    /// Timeline: play or pause.
    TimelinePlay,
    /// Timeline: one move forward.
    TimelineForward,
    /// Timeline: one move back.
    TimelineBack,
    /// Timeline: go to the position after this many moves.
    TimelineSeek(usize),
    /// Timeline: go to the position just after push N.
    TimelineToPush(usize),
    /// Timeline: copy the solution as LURD.
    CopyLurd,
    /// Timeline: choose a GIF file to export the solution to.
    ExportGif,
    /// Timeline: choose a folder to export the solution to as PNG frames.
    ExportFrames,
    /// Timeline: export as this.
    ExportTo(ExportKind),
    /// Stop the running export.
    CancelExport,
    /// Timeline: search near the solution for a shorter one by this metric.
    OptimizeSolution(Metric),
    /// Stop the optimiser (it keeps what it found so far).
    CancelOptimize,
    /// Rate every level's difficulty in the background (shown in the level list).
    RateLevels,
    /// Stop rating levels (those rated keep their ratings).
    CancelRating,
    /// Open the level generator's dialog.
    ShowGenerator,
    /// Generate levels as the dialog says, on a worker; they are added after the level shown.
    GenerateLevels,
    /// Stop generating (the levels made so far are added).
    CancelGenerate,
    /// Lab: add this level after the level shown and step it in the inspector with this
    /// textbook search.
    InspectLabLevel(Box<Level>, Textbook),
    /// Lab: ask for an experiment's RON file (the file dialog).
    OpenExperiment,
    /// Lab: run the experiment in this RON file.
    ChooseExperiment(PathBuf),
}

/// Where a shortcut works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// In every mode, even while a text field has the keyboard (such shortcuts have a
    /// modifier or are function keys, so typing never sends them).
    Global,
    /// In one mode, while no text field has the keyboard.
    In(Mode),
}

/// A command's row in the table.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The command.
    pub command: Command,
    /// Its label in menus (and in a Help list).
    pub label: &'static str,
    /// The label of its button, shorter where a panel is narrow.
    pub short: &'static str,
    /// A tooltip saying more, where one helps.
    pub tip: Option<&'static str>,
    /// The keys that send it and where they work; the first that works in a mode is the
    /// one menus and tooltips show.
    pub keys: Vec<(Scope, KeyboardShortcut)>,
}

impl Entry {
    fn new(command: Command, label: &'static str) -> Self {
        Entry { command, label, short: label, tip: None, keys: Vec::new() }
    }

    fn short(mut self, short: &'static str) -> Self {
        self.short = short;
        self
    }

    fn tip(mut self, tip: &'static str) -> Self {
        self.tip = Some(tip);
        self
    }

    fn key(mut self, scope: Scope, shortcut: KeyboardShortcut) -> Self {
        self.keys.push((scope, shortcut));
        self
    }

    /// The shortcut shown for it in `mode`.
    pub fn shortcut(&self, mode: Mode) -> Option<KeyboardShortcut> {
        self.keys.iter().find(|(scope, _)| works_in(*scope, mode)).map(|&(_, s)| s)
    }
}

fn works_in(scope: Scope, mode: Mode) -> bool {
    scope == Scope::Global || scope == Scope::In(mode)
}

const fn key(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

const fn cmd(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::SHIFT, key)
}

const fn cmd_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

/// The command table, in menu order: every command with a label of its own. Commands whose
/// button shows what they carry (a file, a count, a position) are not in it.
pub fn table() -> &'static [Entry] {
    static TABLE: LazyLock<Vec<Entry>> = LazyLock::new(build_table);
    &TABLE
}

fn build_table() -> Vec<Entry> {
    use Command as C;
    use Scope::{Global, In};
    let edit = In(Mode::Edit);
    let play = In(Mode::Play);
    let inspect = In(Mode::Inspect);
    let replay = In(Mode::Replay);
    let mut t = vec![
        // File
        Entry::new(C::New, "New").key(Global, cmd(Key::N)),
        Entry::new(C::Open, "Open…").key(Global, cmd(Key::O)),
        Entry::new(C::Save, "Save").key(Global, cmd(Key::S)),
        Entry::new(C::SaveAs, "Save as…").key(Global, cmd_shift(Key::S)),
        Entry::new(C::CancelFile, "Stop opening or saving").short("Cancel"),
        Entry::new(C::Quit, "Quit").key(Global, cmd(Key::Q)),
        // Edit
        Entry::new(C::Undo, "Undo")
            .key(Global, cmd(Key::Z))
            .key(play, key(Key::U))
            .key(play, key(Key::Backspace)),
        Entry::new(C::Redo, "Redo").key(Global, cmd_shift(Key::Z)).key(Global, cmd(Key::Y)),
        Entry::new(C::Copy, "Copy level"),
        Entry::new(C::Paste, "Paste level"),
        Entry::new(C::AddLevel, "Add level").short("Add"),
        Entry::new(C::DuplicateLevel, "Duplicate level")
            .short("Duplicate")
            .key(Global, cmd(Key::D)),
        Entry::new(C::DeleteLevel, "Delete level").short("Delete").key(edit, key(Key::Delete)),
        Entry::new(C::MoveLevelUp, "Move level up").short("Up"),
        Entry::new(C::MoveLevelDown, "Move level down").short("Down"),
        Entry::new(C::NextLevel, "Next level").key(Global, key(Key::PageDown)),
        Entry::new(C::PreviousLevel, "Previous level").key(Global, key(Key::PageUp)),
        // Board
        Entry::new(C::CropToContent, "Crop to content").short("Crop"),
        Entry::new(C::RotateClockwise, "Rotate clockwise").short("Rotate"),
        Entry::new(C::MirrorHorizontal, "Mirror left-right").short("Mirror L-R"),
        Entry::new(C::MirrorVertical, "Mirror top-bottom").short("Mirror T-B"),
        Entry::new(C::SwapBoxesAndGoals, "Swap boxes and goals").short("Swap boxes/goals"),
        Entry::new(C::Solve, "Solve").key(Global, key(Key::F5)),
        Entry::new(C::SetSolveAim(Aim::Fast), "Fast")
            .tip("Solve finds a solution soon; it may have more pushes than needed"),
        Entry::new(C::SetSolveAim(Aim::PushOptimal), "Push-optimal")
            .tip("Solve finds a solution with the fewest pushes and proves it (slower)"),
        Entry::new(C::SetSolveAim(Aim::MoveOptimal), "Move-optimal")
            .tip("Solve finds a solution with the fewest moves, then pushes, and proves it (slower still)"),
        Entry::new(C::CancelSolve, "Stop the solver").short("Cancel"),
        Entry::new(C::ReplaySolution, "Replay solution"),
        Entry::new(C::ExplainDeadlock, "Why is this a deadlock?").key(Global, key(Key::F7)),
        Entry::new(C::AskOracle, "Is it really dead?")
            .tip("An exhaustive search of the position shown, nothing pruned, beside each deadlock rule's verdict; again to stop it")
            .key(Global, shift(Key::F7)),
        Entry::new(C::AdoptDeadSet, "Add to the search's patterns")
            .tip("The oracle's smallest dead set becomes a deadlock pattern of the inspected search (and of every search the inspector builds of this board): it prunes every position holding those boxes with the player in that area"),
        // View
        Entry::new(C::ZoomIn, "Zoom in").key(Global, cmd(Key::Plus)).key(Global, cmd(Key::Equals)),
        Entry::new(C::ZoomOut, "Zoom out").key(Global, cmd(Key::Minus)),
        Entry::new(C::ZoomFit, "Fit to window").key(Global, cmd(Key::Num0)),
        Entry::new(C::ToggleDeadSquares, "Show dead squares").key(Global, key(Key::F6)),
        Entry::new(C::ToggleTheme, "Dark or light theme"),
        Entry::new(C::ToggleMode, "Editor or play").key(Global, key(Key::Tab)),
    ];
    t.extend(Mode::ALL.map(|m| {
        let label = match m {
            Mode::Edit => "Editor",
            Mode::Play => "Play",
            Mode::Inspect => "Inspector",
            Mode::Replay => "Timeline",
            Mode::Lab => "Lab",
        };
        Entry::new(C::SetMode(m), label).tip("Tab switches")
    }));
    t.extend(Overlay::ALL.map(|o| {
        let entry = Entry::new(C::ToggleOverlay(o), o.name());
        match o {
            Overlay::Rooms => entry.key(Global, key(Key::F8)),
            Overlay::Packing => entry.key(Global, key(Key::F9)),
            _ => entry,
        }
    }));
    // The editor's tools and shapes, in toolbar order.
    t.extend(
        [
            (Tool::Wall, "Wall", Key::W, "Wall: click and drag to paint walls"),
            (Tool::Floor, "Floor", Key::F, "Floor"),
            (Tool::Goal, "Goal", Key::G, "Goal (place on a box for a box on goal)"),
            (Tool::Box, "Box", Key::B, "Box (place on a goal for a box on goal)"),
            (Tool::Player, "Player", Key::P, "Player (moves the player here)"),
            (
                Tool::Erase,
                "Erase",
                Key::E,
                "Erase: the square becomes outside (also: Shift+right button)",
            ),
        ]
        .map(|(tool, label, k, tip)| {
            Entry::new(C::SetTool(tool), label).key(edit, key(k)).tip(tip)
        }),
    );
    t.extend(
        [
            (Shape::Freehand, "Draw", Key::D, "Draw: click and drag to paint squares"),
            (Shape::Rectangle, "Rectangle", Key::R, "Rectangle: drag to fill a rectangle"),
            (Shape::Fill, "Fill", Key::K, "Fill: click to fill the connected area"),
        ]
        .map(|(shape, label, k, tip)| {
            Entry::new(C::SetShape(shape), label).key(edit, key(k)).tip(tip)
        }),
    );
    // Play
    t.extend(
        [
            (Dir::Up, "Step up", [Key::ArrowUp, Key::W]),
            (Dir::Down, "Step down", [Key::ArrowDown, Key::S]),
            (Dir::Left, "Step left", [Key::ArrowLeft, Key::A]),
            (Dir::Right, "Step right", [Key::ArrowRight, Key::D]),
        ]
        .map(|(d, label, [arrow, letter])| {
            Entry::new(C::Step(d), label).key(play, key(arrow)).key(play, key(letter))
        }),
    );
    t.extend([
        Entry::new(C::Restart, "Restart").key(play, key(Key::Escape)),
        Entry::new(C::SaveSolution, "Save solution into the level"),
        Entry::new(C::TogglePullMode, "Pull mode").tip(
            "Play backwards from the solved position, pulling boxes; reaching the start \
             turns the pulls into a solution",
        ),
        // Inspector
        Entry::new(C::InspectStep, "Step").key(inspect, key(Key::Space)),
        Entry::new(C::InspectStepBack, "Step back")
            .tip("Put the search itself back one expansion: its node, children, frontier, counters, chart and tree as they were")
            .key(inspect, key(Key::Backspace)),
        Entry::new(C::InspectGoTo(0), "Go to this expansion").tip(
            "Put the search itself at this expansion (re-run from its start: the search is deterministic), to step on from there",
        ),
        Entry::new(C::InspectRunToSolution, "Run to solution").key(inspect, key(Key::R)),
        Entry::new(C::TogglePredict, "Predict").tip(
            "Predict mode: the frontier listed without priorities; click the node you think the search expands next, and see why it was right or wrong",
        ),
        Entry::new(C::InspectRunUntilPruned, "Run until a rule prunes")
            .short("Until pruned")
            .tip("Run until an expansion has a child that a deadlock rule prunes")
            .key(inspect, key(Key::U)),
        Entry::new(C::InspectRunUntilBreak, "Run until a breakpoint")
            .short("Until breakpoint")
            .tip("Run until one of the breakpoints set fires (the one that fired is named)")
            .key(inspect, key(Key::B)),
        Entry::new(C::InspectPause, "Pause").key(inspect, key(Key::P)),
        Entry::new(C::InspectReset, "Reset").key(inspect, key(Key::Escape)),
        Entry::new(C::InspectShow(Shown::Current), "Show the node being expanded"),
        Entry::new(C::SetLowerView(LowerView::Charts), "Charts"),
        Entry::new(C::SetLowerView(LowerView::History), "History"),
        Entry::new(C::SetLowerView(LowerView::Tree), "Search tree"),
        Entry::new(C::SetLowerView(LowerView::Patterns), "Deadlock patterns"),
        Entry::new(C::SetLowerView(LowerView::Coverage), "Deadlock coverage"),
        Entry::new(C::SetLowerView(LowerView::Compare), "Side by side"),
        Entry::new(C::ToggleCompare, "Compare").tip(
            "A second search of the level, with choices of its own, stepped and run with this one: both in place of the board, on one chart and as two trees (the Side by side view below)",
        ),
        Entry::new(C::ExportChart(Saved::Chart), "Save as CSV…")
            .tip("Every expansion of the history (open, stored, bound, g, h) as a CSV row, for a spreadsheet or a plot of your own"),
        Entry::new(C::ExportChart(Saved::ChartPng), "Save as PNG…")
            .tip("The chart as a picture (the log scale as shown), for slides"),
        Entry::new(C::ExportTrace, "Save trace…").tip(
            "Every expansion so far with its children and their verdicts, one JSON line each (the search re-run to where it stands, as sokolab solve --trace writes it)",
        ),
        Entry::new(C::RunCoverage, "Run coverage").tip(
            "Decide every position within the pushes given by the oracle, and judge each by every deadlock rule (on a worker)",
        ),
        Entry::new(C::StopCoverage, "Stop coverage"),
        Entry::new(C::ToggleLogScale, "log scale"),
        Entry::new(C::ToggleSeedColours, "Colours of the Talking Stones thesis"),
        // Timeline
        Entry::new(C::TimelinePlay, "Play or pause").key(replay, key(Key::Space)),
        Entry::new(C::TimelineSeek(0), "To the start").short("|<").key(replay, key(Key::Home)),
        Entry::new(C::TimelineBack, "One move back").short("<").key(replay, key(Key::ArrowLeft)),
        Entry::new(C::TimelineForward, "One move forward")
            .short(">")
            .key(replay, key(Key::ArrowRight)),
        Entry::new(C::TimelineSeek(usize::MAX), "To the end")
            .short(">|")
            .key(replay, key(Key::End)),
        Entry::new(C::CopyLurd, "Copy LURD"),
        Entry::new(C::ExportGif, "Export GIF…"),
        Entry::new(C::ExportFrames, "Export PNG frames…"),
        Entry::new(C::CancelExport, "Stop the export").short("Cancel"),
        Entry::new(C::OptimizeSolution(Metric::Moves), "Optimise by moves")
            .short("Fewer moves")
            .tip(
                "Search the positions near this solution for one with fewer moves (then fewer \
             pushes); a shorter one is saved beside the level's solutions",
            ),
        Entry::new(C::OptimizeSolution(Metric::Pushes), "Optimise by pushes")
            .short("Fewer pushes")
            .tip(
                "Search the positions near this solution for one with fewer pushes (then \
                 fewer moves); a shorter one is saved beside the level's solutions",
            ),
        Entry::new(C::CancelOptimize, "Stop optimising").short("Stop"),
        Entry::new(C::RateLevels, "Rate every level's difficulty").short("Rate levels").tip(
            "Rate each level from 0 to 10 by measures you can see: the reference search's \
             effort, the fewest pushes known, box lines, box changes and hard decisions",
        ),
        Entry::new(C::CancelRating, "Stop rating").short("Stop"),
        Entry::new(C::ShowGenerator, "Generate levels…"),
        Entry::new(C::GenerateLevels, "Generate").tip(
            "Make the levels on a worker; they are added after the level shown, each with its \
             push-optimal solution and rating",
        ),
        Entry::new(C::CancelGenerate, "Stop generating").short("Stop"),
    ]);
    t
}

impl Command {
    /// The commands that transform the whole board, in the order the editor and the menu
    /// list them.
    pub const BOARD_TRANSFORMS: [Command; 5] = [
        Command::CropToContent,
        Command::RotateClockwise,
        Command::MirrorHorizontal,
        Command::MirrorVertical,
        Command::SwapBoxesAndGoals,
    ];

    /// The command's row in the table, if it has one.
    pub fn entry(&self) -> Option<&'static Entry> {
        table().iter().find(|e| e.command == *self)
    }

    /// The command's label from the table (`?` for a command not in it).
    pub fn label(&self) -> &'static str {
        self.entry().map_or("?", |e| e.label)
    }

    /// The shortcut shown next to this command in menus and tooltips in `mode`.
    pub fn shortcut(&self, mode: Mode) -> Option<KeyboardShortcut> {
        self.entry()?.shortcut(mode)
    }

    /// The shortcuts that work in `mode`, with their commands: only the global ones while
    /// `typing` (a text field has the keyboard). A shortcut comes before those with fewer
    /// modifiers, so Ctrl+Shift+S is taken as itself before Ctrl+S could take it.
    pub fn shortcuts(mode: Mode, typing: bool) -> Vec<(KeyboardShortcut, Command)> {
        let mut all: Vec<_> = table()
            .iter()
            .flat_map(|e| e.keys.iter().map(move |&(scope, s)| (scope, s, &e.command)))
            .filter(|&(scope, ..)| scope == Scope::Global || (!typing && scope == Scope::In(mode)))
            .map(|(_, s, c)| (s, c.clone()))
            .collect();
        all.sort_by_key(|(s, _)| std::cmp::Reverse(modifier_count(s.modifiers)));
        all
    }
}

fn modifier_count(m: Modifiers) -> usize {
    [m.alt, m.ctrl || m.command || m.mac_cmd, m.shift].into_iter().filter(|&on| on).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_shortcut_is_bound_twice_in_a_mode() {
        for mode in Mode::ALL {
            let all = Command::shortcuts(mode, false);
            for (i, (a, _)) in all.iter().enumerate() {
                assert!(all[i + 1..].iter().all(|(b, _)| b != a), "{a:?} bound twice");
            }
        }
    }

    #[test]
    fn each_command_has_one_row() {
        let t = table();
        for (i, e) in t.iter().enumerate() {
            assert!(t[i + 1..].iter().all(|f| f.command != e.command), "{:?} twice", e.command);
        }
    }

    #[test]
    fn no_shortcut_is_taken_by_one_listed_before_it() {
        // egui takes a key press for the first shortcut it logically matches: a shortcut with
        // Shift must be tried before the same key without it.
        for mode in Mode::ALL {
            let all = Command::shortcuts(mode, false);
            for (i, (later, _)) in all.iter().enumerate() {
                for (earlier, _) in &all[..i] {
                    let taken = earlier.logical_key == later.logical_key
                        && later.modifiers.matches_logically(earlier.modifiers);
                    assert!(!taken, "{later:?} is taken by {earlier:?}");
                }
            }
        }
    }

    #[test]
    fn typing_leaves_only_the_global_shortcuts() {
        let typing = Command::shortcuts(Mode::Play, true);
        let global = table().iter().flat_map(|e| &e.keys).filter(|(s, _)| *s == Scope::Global);
        assert_eq!(typing.len(), global.count());
        assert!(typing.iter().any(|(_, c)| *c == Command::Undo));
        assert!(!typing.iter().any(|(_, c)| matches!(c, Command::Step(_))));
    }

    #[test]
    fn menus_and_buttons_read_labels_and_shortcuts_from_the_table() {
        let save_as = Command::SaveAs.entry().unwrap();
        assert_eq!((save_as.label, save_as.short), ("Save as…", "Save as…"));
        assert_eq!(Command::Undo.shortcut(Mode::Play), Some(cmd(Key::Z)));
        assert_eq!(Command::Redo.shortcut(Mode::Edit), Some(cmd_shift(Key::Z)));
        assert_eq!(
            Command::InspectStep.shortcut(Mode::Edit),
            None,
            "Space steps in the inspector only"
        );
        assert_eq!(Command::CropToContent.entry().unwrap().short, "Crop");
        assert!(Command::OpenPath(PathBuf::new()).entry().is_none());
    }
}
