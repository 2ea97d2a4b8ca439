//! The breakpoints the user sets for *Run until a breakpoint*: each kind on or off with
//! its settings, and the squares and the painted position picked on the board. Squares
//! and positions belong to a board: they are kept with its key and count only while the
//! inspector searches that board.

use crate::app::document::LevelKey;
use crate::level::{Level, Pos};
use crate::solver::PruneReason;
use crate::solver::inspect::breakpoint::{Among, Break, Measure};

/// What a click on the board does while breakpoints are being set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picking {
    /// The next click picks a box of the start position (then the square it must reach).
    Box,
    /// The next click picks the square (for the box picked, or any box).
    Square(Option<Pos>),
    /// Clicks paint the position: the primary button puts or takes a box, the secondary
    /// one puts the player (or takes him, to match the player anywhere).
    Paint,
}

/// Squares or a position picked on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OnBoard<T> {
    key: LevelKey,
    value: T,
}

/// A box and the square it must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxTarget {
    /// The box, by its square in the start position (any box for `None`).
    pub start: Option<Pos>,
    /// The square.
    pub square: Pos,
}

/// The breakpoints set.
#[derive(Clone, Debug)]
pub struct Breakpoints {
    /// Stop when a rule prunes a child.
    pub rule_on: bool,
    /// The rule (any rule for `None`).
    pub rule: Option<PruneReason>,
    /// Stop when f, the bound or the depth changes ([`Measure::ALL`] order).
    pub changes: [bool; 3],
    /// Stop when the open list passes `open`.
    pub open_on: bool,
    /// The open list's size to pass.
    pub open: u64,
    /// Stop when the box picked reaches the square picked.
    pub box_on: bool,
    box_target: Option<OnBoard<BoxTarget>>,
    /// Why the box breakpoint can never fire, if it cannot.
    box_never: Option<String>,
    /// Stop when the painted position is generated or expanded.
    pub position_on: bool,
    /// Whether it is looked for among the children generated or the nodes expanded.
    pub among: Among,
    position: Option<OnBoard<Level>>,
    /// What a click on the board does now, if it picks for a breakpoint.
    pub picking: Option<Picking>,
    /// Whether the panel shows the settings.
    pub editing: bool,
}

impl Default for Breakpoints {
    fn default() -> Self {
        Breakpoints {
            rule_on: true,
            rule: None,
            changes: [false; 3],
            open_on: false,
            open: 1000,
            box_on: false,
            box_target: None,
            box_never: None,
            position_on: false,
            among: Among::Generated,
            position: None,
            picking: None,
            editing: false,
        }
    }
}

impl Breakpoints {
    /// The breakpoints on for a search of the board `key`, in the order they are checked.
    pub fn active(&self, key: LevelKey) -> Vec<Break> {
        let mut out = Vec::new();
        if self.rule_on {
            out.push(Break::Pruned(self.rule));
        }
        for (m, &on) in Measure::ALL.into_iter().zip(&self.changes) {
            if on {
                out.push(Break::Changes(m));
            }
        }
        if self.open_on {
            out.push(Break::OpenPasses(self.open));
        }
        if let (true, Some(t)) = (self.box_on, self.box_target(key)) {
            out.push(Break::BoxReaches { square: t.square, start: t.start });
        }
        if let (true, Some(p)) = (self.position_on, self.position(key)) {
            let boxes = p.boxes();
            let player = p.player();
            out.push(Break::Position { boxes, player, among: self.among });
        }
        out
    }

    /// The box and square picked on the board `key`.
    pub fn box_target(&self, key: LevelKey) -> Option<BoxTarget> {
        self.box_target.as_ref().filter(|t| t.key == key).map(|t| t.value)
    }

    /// The position painted on the board `key`.
    pub fn position(&self, key: LevelKey) -> Option<&Level> {
        self.position.as_ref().filter(|p| p.key == key).map(|p| &p.value)
    }

    /// Starts painting the position, from `shown` unless a position of this board was
    /// painted already.
    pub fn paint(&mut self, key: LevelKey, shown: &Level) {
        if self.position(key).is_none() {
            self.position = Some(OnBoard { key, value: shown.clone() });
        }
        self.position_on = true;
        self.picking = Some(Picking::Paint);
    }

    /// Sets the box and the square (of the board `key`), with why it can never fire if it
    /// cannot.
    pub fn set_box_target(&mut self, key: LevelKey, target: BoxTarget, never: Option<String>) {
        self.box_target = Some(OnBoard { key, value: target });
        self.box_never = never;
        self.box_on = true;
    }

    /// Why the box breakpoint of the board `key` can never fire, if it cannot.
    pub fn box_never(&self, key: LevelKey) -> Option<&str> {
        self.box_target.as_ref().filter(|t| t.key == key)?;
        self.box_never.as_deref()
    }

    /// What the board shows while picking: the start position to pick a box or a square
    /// on, the position being painted.
    pub fn board<'a>(&'a self, key: LevelKey, start: &'a Level) -> Option<&'a Level> {
        match self.picking.as_ref()? {
            Picking::Box | Picking::Square(_) => Some(start),
            Picking::Paint => self.position(key),
        }
    }

    /// A click on square `at` of the board `key` (`start` is its start position) while
    /// picking: what to tell the user. `never` says why a breakpoint can never fire on
    /// this board, if it cannot.
    pub fn click(
        &mut self,
        key: LevelKey,
        start: &Level,
        at: Pos,
        secondary: bool,
        never: impl FnOnce(&Break) -> Option<String>,
    ) -> String {
        let floor = start.contains(at) && start.square(at).terrain.is_walkable();
        match self.picking.clone() {
            None => String::new(),
            Some(_) if !floor => format!("{at} is not a floor square: pick a floor square."),
            Some(Picking::Box) if !start.square(at).has_box => {
                format!("There is no box on {at} in the start position: click a box.")
            }
            Some(Picking::Box) => {
                self.picking = Some(Picking::Square(Some(at)));
                format!("The box on {at}: now click the square it must reach.")
            }
            Some(Picking::Square(start)) => {
                let why = never(&Break::BoxReaches { square: at, start });
                self.set_box_target(key, BoxTarget { start, square: at }, why.clone());
                self.picking = None;
                let which = start.map_or("any box".into(), |s| format!("the box from {s}"));
                let warning = why.map_or(String::new(), |w| format!(" Beware: {w}."));
                format!("Breakpoint set: {which} reaches {at}.{warning}")
            }
            Some(Picking::Paint) => {
                let Some(p) = self.position.as_mut().filter(|p| p.key == key) else {
                    return String::new();
                };
                let level = &mut p.value;
                if secondary {
                    let had = level.square(at).has_player;
                    for q in level.players() {
                        level.square_mut(q).has_player = false;
                    }
                    level.square_mut(at).has_player = !had && !level.square(at).has_box;
                } else {
                    let sq = level.square_mut(at);
                    sq.has_box = !sq.has_box;
                    sq.has_player &= !sq.has_box;
                }
                let boxes = level.boxes().len();
                let player = level.player().map_or("anywhere".into(), |p| format!("on {p}"));
                format!("Painted position: {boxes} boxes, the player {player}.")
            }
        }
    }
}
