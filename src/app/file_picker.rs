//! Sokolab's own file dialog, for when the system's cannot open (on Linux it needs
//! xdg-desktop-portal or zenity): a folder, its entries (folders first), a file name, and
//! the choice, which the window takes as it takes the system dialog's.

use std::path::{Path, PathBuf};

use crate::app::inspector::saving::Saved;

/// What the file is chosen for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A level file to open.
    Open,
    /// Where to save the collection.
    Save,
    /// Where to write the GIF of the timeline.
    Gif,
    /// The folder for the PNG frames.
    Frames,
    /// A lab experiment's RON file.
    Experiment,
    /// Where to write the inspector's tree, chart or trace.
    Export(Saved),
}

impl Purpose {
    /// The dialog's title.
    pub fn title(self) -> String {
        match self {
            Purpose::Open => "Open a level file".into(),
            Purpose::Save => "Save the collection as".into(),
            Purpose::Gif => "Export the GIF as".into(),
            Purpose::Frames => "Export the PNG frames into a folder".into(),
            Purpose::Experiment => "Open an experiment (RON file)".into(),
            Purpose::Export(what) => format!("Save {} as", what.name()),
        }
    }

    /// The label of the button that chooses.
    pub fn action(self) -> &'static str {
        match self {
            Purpose::Open | Purpose::Experiment => "Open file",
            Purpose::Save | Purpose::Gif | Purpose::Export(_) => "Save file",
            Purpose::Frames => "Choose this folder",
        }
    }

    /// Whether a file name is chosen (else the folder is).
    pub fn names_a_file(self) -> bool {
        self != Purpose::Frames
    }

    /// Whether the file chosen is written (so an existing one would be replaced).
    pub fn writes_a_file(self) -> bool {
        matches!(self, Purpose::Save | Purpose::Gif | Purpose::Export(_))
    }
}

/// One entry of the folder listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name.
    pub name: String,
    /// Whether it is a folder.
    pub folder: bool,
}

/// The dialog's state.
#[derive(Clone, Debug)]
pub struct FilePicker {
    /// What the file is for.
    pub purpose: Purpose,
    /// The folder listed.
    pub dir: PathBuf,
    /// The file name typed or clicked.
    pub name: String,
    /// The folder's entries, folders first, then by name.
    pub entries: Vec<Entry>,
    /// Why the folder could not be listed.
    pub error: Option<String>,
    /// An existing file the user chose to write, until they say whether to replace it.
    pub replacing: Option<PathBuf>,
}

impl FilePicker {
    /// A dialog for `purpose` in `dir`, the name field holding `name`.
    pub fn new(purpose: Purpose, dir: PathBuf, name: String) -> Self {
        let mut picker = FilePicker {
            purpose,
            dir: PathBuf::new(),
            name,
            entries: Vec::new(),
            error: None,
            replacing: None,
        };
        picker.enter(dir);
        picker
    }

    /// Lists `dir` (a folder a person opened: listing it is quick), made absolute so that
    /// Up can leave it.
    pub fn enter(&mut self, dir: PathBuf) {
        let dir = std::path::absolute(&dir).unwrap_or(dir);
        self.entries.clear();
        self.error = None;
        match std::fs::read_dir(&dir) {
            Ok(read) => {
                for e in read.flatten() {
                    let folder = e.file_type().is_ok_and(|t| t.is_dir())
                        || e.path().metadata().is_ok_and(|m| m.is_dir());
                    let name = e.file_name().to_string_lossy().into_owned();
                    if !name.starts_with('.') {
                        self.entries.push(Entry { name, folder });
                    }
                }
                self.entries.sort_by(|a, b| b.folder.cmp(&a.folder).then(a.name.cmp(&b.name)));
            }
            Err(e) => self.error = Some(format!("Cannot list {}: {e}", dir.display())),
        }
        self.dir = dir;
    }

    /// Lists the folder above, if there is one.
    pub fn up(&mut self) {
        if let Some(parent) = self.dir.parent().map(Path::to_path_buf) {
            self.enter(parent);
        }
    }

    /// The path chosen: the file named in the folder listed, or for [`Purpose::Frames`] the
    /// folder; none while no file name is given.
    pub fn chosen(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        match self.purpose {
            Purpose::Frames => Some(self.dir.clone()),
            _ if name.is_empty() => None,
            _ => Some(self.dir.join(name)),
        }
    }

    /// What the dialog's action does with `path` (the path chosen): the path to use, or
    /// none while the user is asked whether to replace the file there.
    pub fn confirm(&mut self, path: PathBuf) -> Option<PathBuf> {
        let exists = path.symlink_metadata().is_ok();
        if self.purpose.writes_a_file() && exists && self.replacing.as_ref() != Some(&path) {
            self.replacing = Some(path);
            return None;
        }
        Some(path)
    }

    /// The file the user is asked about, while the name chosen still names it.
    pub fn asking(&self) -> Option<&Path> {
        self.replacing.as_deref().filter(|p| self.chosen().as_deref() == Some(*p))
    }
}

/// Whether the system's file dialog can open: on Linux it needs a desktop portal (reached
/// through the session bus) or zenity; elsewhere it always can.
pub fn native_available() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let zenity = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|d| d.join("zenity").is_file()));
    zenity || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_folders_first_and_chooses_a_file_or_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("b.xsb"), "").unwrap();
        std::fs::create_dir(dir.path().join("z")).unwrap();
        let mut picker = FilePicker::new(Purpose::Open, dir.path().to_path_buf(), String::new());
        let names: Vec<&str> = picker.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["z", "b.xsb"]);
        assert_eq!(picker.chosen(), None, "no file name yet");
        picker.name = "b.xsb".into();
        assert_eq!(picker.chosen(), Some(dir.path().join("b.xsb")));
        picker.enter(dir.path().join("z"));
        assert!(picker.entries.is_empty());
        picker.up();
        assert_eq!(picker.dir, dir.path());
        picker.enter(dir.path().join("missing"));
        assert!(picker.error.as_deref().is_some_and(|e| e.starts_with("Cannot list")));
        let frames = FilePicker::new(Purpose::Frames, dir.path().to_path_buf(), String::new());
        assert_eq!(frames.chosen(), Some(dir.path().to_path_buf()));
    }

    #[test]
    fn a_relative_folder_is_made_absolute_so_up_leaves_it() {
        let mut picker = FilePicker::new(Purpose::Open, PathBuf::from("src"), String::new());
        assert!(picker.dir.is_absolute() && picker.dir.ends_with("src"));
        picker.up();
        assert_eq!(picker.error, None);
        assert!(picker.entries.iter().any(|e| e.name == "src" && e.folder));
    }
}
