//! Every user action as one command type, with its label and keyboard shortcut. Menus,
//! buttons and shortcuts all send these; `App::dispatch` carries them out.

use std::path::PathBuf;

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::app::inspector::{LowerView, PatternOrder, Shown};
use crate::app::overlay::Overlay;
use crate::app::timeline::TimelineSource;
use crate::level::Dir;
use crate::level::edit::Tool;
use crate::solver::Config;

/// How the editor's pointer paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    /// Paint each square the pointer passes over.
    Freehand,
    /// Fill the rectangle between the press and the release.
    Rectangle,
    /// Fill the connected area of squares like the clicked one.
    Fill,
}

/// The window's modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// Paint-style level editor.
    Edit,
    /// Play the level.
    Play,
    /// Step through a search of the level.
    Inspect,
    /// Watch a solution on the timeline.
    Replay,
}

impl Mode {
    /// Every mode, in menu order, with its label.
    pub const ALL: [(Mode, &'static str); 4] = [
        (Mode::Edit, "Editor"),
        (Mode::Play, "Play"),
        (Mode::Inspect, "Inspector"),
        (Mode::Replay, "Timeline"),
    ];
}

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
    /// Run the solver on the current level in the background.
    Solve,
    /// Stop the running solver.
    CancelSolve,
    /// Play the solver's solution back in play mode.
    ReplaySolution,
    /// Switch an analysis overlay on or off.
    ToggleOverlay(Overlay),
    /// Say which deadlock rule proves the position shown dead, and mark its boxes.
    ExplainDeadlock,
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
    /// Inspector: switch the charts' log scale.
    ToggleLogScale,
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
    ExportTo(crate::app::timeline::ExportKind),
    /// Stop the running export.
    CancelExport,
}

const fn key(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

const fn cmd(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn cmd_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

/// Key for each painting tool, in toolbar order.
pub const TOOLS: [(Tool, Key, &str); 6] = [
    (Tool::Wall, Key::W, "Wall: click and drag to paint walls"),
    (Tool::Floor, Key::F, "Floor"),
    (Tool::Goal, Key::G, "Goal (place on a box for a box on goal)"),
    (Tool::Box, Key::B, "Box (place on a goal for a box on goal)"),
    (Tool::Player, Key::P, "Player (moves the player here)"),
    (Tool::Erase, Key::E, "Erase (also: right mouse button)"),
];

/// Key for each painting shape, in toolbar order.
pub const SHAPES: [(Shape, Key, &str); 3] = [
    (Shape::Freehand, Key::D, "Draw: click and drag to paint squares"),
    (Shape::Rectangle, Key::R, "Rectangle: drag to fill a rectangle"),
    (Shape::Fill, Key::K, "Fill: click to fill the connected area"),
];

impl Command {
    /// The shortcuts that work in every mode (with a modifier, so typing never sends them).
    pub fn global_shortcuts() -> Vec<(KeyboardShortcut, Command)> {
        vec![
            (cmd(Key::N), Command::New),
            (cmd(Key::O), Command::Open),
            (cmd_shift(Key::S), Command::SaveAs),
            (cmd(Key::S), Command::Save),
            (cmd(Key::Q), Command::Quit),
            (cmd_shift(Key::Z), Command::Redo),
            (cmd(Key::Z), Command::Undo),
            (cmd(Key::Y), Command::Redo),
            (cmd(Key::D), Command::DuplicateLevel),
            (cmd(Key::Plus), Command::ZoomIn),
            (cmd(Key::Equals), Command::ZoomIn),
            (cmd(Key::Minus), Command::ZoomOut),
            (cmd(Key::Num0), Command::ZoomFit),
            (key(Key::PageDown), Command::NextLevel),
            (key(Key::PageUp), Command::PreviousLevel),
            (key(Key::F5), Command::Solve),
            (key(Key::F6), Command::ToggleDeadSquares),
            (key(Key::F7), Command::ExplainDeadlock),
            (key(Key::F8), Command::ToggleOverlay(Overlay::Rooms)),
            (key(Key::F9), Command::ToggleOverlay(Overlay::Packing)),
            (key(Key::Tab), Command::ToggleMode),
        ]
    }

    /// The single-key shortcuts of a mode (only while no text field has the keyboard).
    pub fn mode_shortcuts(mode: Mode) -> Vec<(KeyboardShortcut, Command)> {
        match mode {
            Mode::Edit => {
                let mut v: Vec<_> =
                    TOOLS.iter().map(|&(t, k, _)| (key(k), Command::SetTool(t))).collect();
                v.extend(SHAPES.iter().map(|&(s, k, _)| (key(k), Command::SetShape(s))));
                v.push((key(Key::Delete), Command::DeleteLevel));
                v
            }
            Mode::Play => {
                let mut v = Vec::new();
                for (d, keys) in [
                    (Dir::Up, [Key::ArrowUp, Key::W]),
                    (Dir::Down, [Key::ArrowDown, Key::S]),
                    (Dir::Left, [Key::ArrowLeft, Key::A]),
                    (Dir::Right, [Key::ArrowRight, Key::D]),
                ] {
                    v.extend(keys.map(|k| (key(k), Command::Step(d))));
                }
                v.push((key(Key::U), Command::Undo));
                v.push((key(Key::Backspace), Command::Undo));
                v.push((key(Key::Escape), Command::Restart));
                v
            }
            Mode::Inspect => vec![
                (key(Key::Space), Command::InspectStep),
                (key(Key::R), Command::InspectRunToSolution),
                (key(Key::P), Command::InspectPause),
                (key(Key::Escape), Command::InspectReset),
            ],
            Mode::Replay => vec![
                (key(Key::Space), Command::TimelinePlay),
                (key(Key::ArrowRight), Command::TimelineForward),
                (key(Key::ArrowLeft), Command::TimelineBack),
                (key(Key::Home), Command::TimelineSeek(0)),
                (key(Key::End), Command::TimelineSeek(usize::MAX)),
            ],
        }
    }

    /// The shortcut shown next to this command in menus and tooltips.
    pub fn shortcut(&self, mode: Mode) -> Option<KeyboardShortcut> {
        Command::global_shortcuts()
            .into_iter()
            .chain(Command::mode_shortcuts(mode))
            .find(|(_, c)| c == self)
            .map(|(s, _)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_shortcut_is_bound_twice_in_a_mode() {
        for (mode, _) in Mode::ALL {
            let all: Vec<_> = Command::global_shortcuts()
                .into_iter()
                .chain(Command::mode_shortcuts(mode))
                .collect();
            for (i, (a, _)) in all.iter().enumerate() {
                assert!(all[i + 1..].iter().all(|(b, _)| b != a), "{a:?} bound twice");
            }
        }
    }
}
