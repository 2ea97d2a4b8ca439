//! What the window remembers between runs (stored with eframe's storage).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::app::board::View;
use crate::app::editor::Shape;
use crate::app::overlay::Overlay;
use crate::app::solving::Aim;

/// Persisted settings. Missing fields take their defaults, so old files keep loading.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Dark (true) or light theme.
    pub dark: bool,
    /// Recently opened files, most recent first.
    pub recent: Vec<PathBuf>,
    /// Board zoom and pan.
    pub view: View,
    /// The analysis overlays switched on.
    pub overlays: Vec<Overlay>,
    /// The editor's painting shape.
    pub shape: Shape,
    /// What Solve looks for.
    pub solve_aim: Aim,
    /// Time the editor's live solvability check may take per edit (zero: off).
    pub live_check: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: true,
            recent: Vec::new(),
            view: View::default(),
            // The pattern overlay draws only what the user picks in the inspector.
            overlays: vec![Overlay::Pattern],
            shape: Shape::Freehand,
            solve_aim: Aim::Fast,
            live_check: Duration::from_secs(2),
        }
    }
}

impl Settings {
    /// The key under which eframe stores the settings.
    pub const KEY: &'static str = "sokolab-settings";
    /// How many recent files are remembered.
    const RECENT: usize = 10;

    /// Switches `overlay` on or off.
    pub fn toggle_overlay(&mut self, overlay: Overlay) {
        if let Some(i) = self.overlays.iter().position(|&o| o == overlay) {
            self.overlays.remove(i);
        } else {
            self.overlays.push(overlay);
        }
    }

    /// Puts `path` first in the recent files.
    pub fn add_recent(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(Self::RECENT);
    }
}

#[cfg(test)]
mod tests {
    use crate::app::settings::Settings;
    use crate::app::solving::Aim;

    /// The window stores its settings between sessions: the Solve button's choice is among
    /// them.
    #[test]
    fn the_solve_choice_is_kept_between_sessions() {
        let chosen = Settings { solve_aim: Aim::PushOptimal, ..Settings::default() };
        let stored = serde_json::to_string(&chosen).unwrap();
        let read: Settings = serde_json::from_str(&stored).unwrap();
        assert_eq!(read.solve_aim, Aim::PushOptimal);
        assert_eq!(read, chosen);
    }
}
