//! The document group: the open collection, the file it came from and whether it has
//! unsaved edits ([`Document`]), with the level shown, the undo history and the counters of
//! changes ([`DocumentState`]). Every edit of the document goes through `DocumentState`, one
//! undo step at a time.

use std::path::{Path, PathBuf};

use crate::app::history::History;
use crate::level::format::{self, FileError, Format};
use crate::level::{Collection, Level};

/// A collection with the file it was read from or saved to.
#[derive(Clone, Debug)]
pub struct Document {
    /// The levels.
    pub collection: Collection,
    /// Where the collection was loaded from or last saved to.
    pub path: Option<PathBuf>,
    /// Whether there are edits not yet saved.
    pub dirty: bool,
}

impl Document {
    /// A new document with one empty level and no file.
    pub fn untitled() -> Self {
        Document {
            collection: Collection { notes: Vec::new(), levels: vec![blank_level(10, 8)] },
            path: None,
            dirty: false,
        }
    }

    /// The built-in levels (for when no level file is found), with no file.
    pub fn builtin() -> Self {
        let collection =
            format::read_collection(BUILTIN).expect("the built-in levels are well formed");
        Document { collection, path: None, dirty: false }
    }

    /// Loads the document in `path`, with the lines the reader could not read as what they
    /// look like (`name:line:col: message`).
    pub fn open(path: &Path) -> Result<(Self, Vec<String>), FileError> {
        let located = format::load_located(path)?;
        let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
        let warnings =
            located.warnings.iter().map(|w| format!("{name}:{w}")).collect::<Vec<String>>();
        let mut collection = located.collection;
        if collection.levels.is_empty() {
            collection.levels.push(blank_level(10, 8));
        }
        Ok((Document { collection, path: Some(path.to_path_buf()), dirty: false }, warnings))
    }

    /// Writes `collection` to `path` (atomically), in the format its extension names (XSB
    /// otherwise).
    pub fn write(path: &Path, collection: &Collection) -> Result<(), FileError> {
        let fmt = Format::from_extension(path).unwrap_or(Format::Xsb);
        format::save_file(path, collection, fmt)
    }

    /// The file name shown in the title bar.
    pub fn name(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(|| "Untitled".to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// Which level a view is about, and which version of its board. Every view of a level
/// (the game in play, the inspector's search, the timeline, the solver's solution, the
/// ratings, the live check, the lab's scramble) keeps the key of the level it shows and is
/// dropped or rebuilt when it is not the key of the level selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelKey {
    /// The level's identity: it stays with the level when levels are added, deleted or
    /// moved around it, and through undo and redo; no other level ever has it.
    pub id: u64,
    /// The revision of its board: new with every change of the board (walls, floor, goals,
    /// boxes, player); undo and redo bring back the revision of the board they bring back.
    /// Text fields and saved solutions are not the board: no view of the puzzle depends on
    /// them.
    pub board: u64,
}

/// The undo unit: the whole collection, the keys of its levels, and the level shown.
#[derive(Clone, Debug)]
pub struct UndoUnit {
    collection: Collection,
    keys: Vec<LevelKey>,
    current: usize,
}

/// A level's text field (consecutive edits of one field undo together).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaField {
    /// The title.
    Title,
    /// The author.
    Author,
    /// The comment.
    Comment,
}

/// The open document, the level shown, each level's key, and the history of their changes.
#[derive(Debug)]
pub struct DocumentState {
    /// The collection, its file, and whether it has unsaved edits.
    pub doc: Document,
    /// Index of the level shown.
    current: usize,
    /// Each level's key, in the collection's order.
    keys: Vec<LevelKey>,
    /// The last number given to a level's identity or board revision (each is given once).
    numbered: u64,
    history: History<UndoUnit>,
    /// Counts changes to the document and to the level shown (for the autosave).
    revision: u64,
    /// Counts edits of the document (a save in progress knows which it wrote).
    edits: u64,
    /// The level and field that text edits last changed.
    meta_edit: Option<(usize, MetaField)>,
    /// The collection as the file holds it (when known): edits that come back to it (by
    /// undo) leave the document saved.
    on_disk: Option<Collection>,
}

impl DocumentState {
    /// `doc` with its first level shown and nothing to undo.
    pub fn new(doc: Document) -> Self {
        let mut state = DocumentState {
            doc: Document::untitled(),
            current: 0,
            keys: Vec::new(),
            numbered: 0,
            history: History::default(),
            revision: 0,
            edits: 0,
            meta_edit: None,
            on_disk: None,
        };
        state.replace(doc);
        state.revision = 0;
        state.edits = 0;
        state
    }

    /// Index of the level shown.
    pub fn current(&self) -> usize {
        self.current
    }

    /// The level shown.
    pub fn level(&self) -> &Level {
        &self.doc.collection.levels[self.current]
    }

    /// The key of the level shown.
    pub fn key(&self) -> LevelKey {
        self.keys[self.current]
    }

    /// The key of level `index`.
    pub fn key_of(&self, index: usize) -> Option<LevelKey> {
        self.keys.get(index).copied()
    }

    /// Where the level with identity `id` is in the collection, if it is still there.
    pub fn index_of(&self, id: u64) -> Option<usize> {
        self.keys.iter().position(|k| k.id == id)
    }

    /// The level `key` names, if the collection still holds it with that board.
    pub fn level_of(&self, key: LevelKey) -> Option<&Level> {
        let i = self.keys.iter().position(|k| *k == key)?;
        Some(&self.doc.collection.levels[i])
    }

    /// The levels with their keys, in order.
    pub fn levels(&self) -> impl Iterator<Item = (LevelKey, &Level)> {
        self.keys.iter().copied().zip(&self.doc.collection.levels)
    }

    /// The level shown as the level list names it: its number and title.
    pub fn level_name(&self) -> String {
        level_label(self.current, self.level())
    }

    /// The level shown, to change it without an undo step (a stroke in progress: call
    /// [`DocumentState::touch`], and [`DocumentState::record_step`] when it ends).
    pub fn level_mut(&mut self) -> &mut Level {
        &mut self.doc.collection.levels[self.current]
    }

    /// Counts changes to the document and to the level shown.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Counts edits of the document.
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// The state an undo step goes back to.
    pub fn undo_unit(&self) -> UndoUnit {
        UndoUnit {
            collection: self.doc.collection.clone(),
            keys: self.keys.clone(),
            current: self.current,
        }
    }

    /// A number no level's identity or board revision has had.
    fn number(&mut self) -> u64 {
        self.numbered += 1;
        self.numbered
    }

    /// Marks the board of the level shown as changed without making an undo step (during a
    /// stroke): it gets a new board revision.
    pub fn touch(&mut self) {
        self.revision += 1;
        self.keys[self.current].board = self.number();
    }

    fn changed(&mut self) {
        self.revision += 1;
        self.edits += 1;
        self.doc.dirty = self.on_disk.as_ref() != Some(&self.doc.collection);
    }

    /// Makes the changes since `before` one undo step; true if there were any.
    pub fn record_step(&mut self, before: UndoUnit) -> bool {
        if self.doc.collection == before.collection {
            return false;
        }
        self.history.record(before);
        self.meta_edit = None;
        self.changed();
        true
    }

    /// Applies `f` to the level shown as one undo step; true if it changed anything (a
    /// change of its board gives it a new board revision).
    pub fn edit_level(&mut self, f: impl FnOnce(&mut Level)) -> bool {
        let i = self.current;
        self.edit_level_at(i, f)
    }

    /// Applies `f` to the level with identity `id`, as one undo step, if the collection
    /// still holds it; true if it changed anything.
    pub fn edit_level_with_id(&mut self, id: u64, f: impl FnOnce(&mut Level)) -> bool {
        match self.index_of(id) {
            Some(i) => self.edit_level_at(i, f),
            None => false,
        }
    }

    fn edit_level_at(&mut self, i: usize, f: impl FnOnce(&mut Level)) -> bool {
        let before = self.undo_unit();
        f(&mut self.doc.collection.levels[i]);
        if !self.doc.collection.levels[i].same_board(&before.collection.levels[i]) {
            self.keys[i].board = self.number();
        }
        self.record_step(before)
    }

    /// Inserts `levels` (each a level of its own, with a new identity) at `at` and shows
    /// the first, as one undo step; true if there were any.
    pub fn insert_levels(&mut self, at: usize, levels: Vec<Level>) -> bool {
        if levels.is_empty() {
            return false;
        }
        let before = self.undo_unit();
        let at = at.min(self.doc.collection.levels.len());
        let keys: Vec<LevelKey> = levels
            .iter()
            .map(|_| {
                let (id, board) = (self.number(), self.number());
                LevelKey { id, board }
            })
            .collect();
        self.doc.collection.levels.splice(at..at, levels);
        self.keys.splice(at..at, keys);
        self.current = at;
        self.record_collection_step(before)
    }

    /// Deletes the level shown, as one undo step (the collection keeps at least one level:
    /// the last is replaced by an empty one).
    pub fn delete_level(&mut self) -> bool {
        let before = self.undo_unit();
        self.doc.collection.levels.remove(self.current);
        self.keys.remove(self.current);
        if self.doc.collection.levels.is_empty() {
            self.doc.collection.levels.push(blank_level(10, 8));
            let (id, board) = (self.number(), self.number());
            self.keys.push(LevelKey { id, board });
        }
        self.current = self.current.min(self.doc.collection.levels.len() - 1);
        self.record_collection_step(before)
    }

    /// Moves the level shown one place up (`up`) or down, as one undo step; true if it
    /// moved.
    pub fn move_level(&mut self, up: bool) -> bool {
        let i = self.current;
        let j = if up { i.checked_sub(1) } else { Some(i + 1) };
        let Some(j) = j.filter(|&j| j < self.doc.collection.levels.len()) else { return false };
        let before = self.undo_unit();
        self.doc.collection.levels.swap(i, j);
        self.keys.swap(i, j);
        self.current = j;
        self.record_collection_step(before)
    }

    fn record_collection_step(&mut self, before: UndoUnit) -> bool {
        if self.doc.collection == before.collection && self.current == before.current {
            self.keys = before.keys;
            return false;
        }
        self.history.record(before);
        self.meta_edit = None;
        self.changed();
        true
    }

    /// Sets a text field of the level shown; consecutive edits of one field make one undo
    /// step. True if the text changed.
    pub fn edit_meta(&mut self, field: MetaField, text: String) -> bool {
        let before = self.undo_unit();
        let meta = &mut self.level_mut().meta;
        let slot = match field {
            MetaField::Title => &mut meta.title,
            MetaField::Author => &mut meta.author,
            MetaField::Comment => &mut meta.comment,
        };
        if *slot == text {
            return false;
        }
        *slot = text;
        if self.meta_edit != Some((self.current, field)) {
            self.history.record(before);
            self.meta_edit = Some((self.current, field));
        }
        self.changed();
        true
    }

    /// Undoes one step; true if there was one.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.undo_unit()) {
            Some(unit) => self.restore(unit),
            None => false,
        }
    }

    /// Redoes one undone step; true if there was one.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.undo_unit()) {
            Some(unit) => self.restore(unit),
            None => false,
        }
    }

    fn restore(&mut self, unit: UndoUnit) -> bool {
        (self.doc.collection, self.keys, self.current) = (unit.collection, unit.keys, unit.current);
        self.meta_edit = None;
        self.changed();
        true
    }

    /// Shows level `i`; true if that is another level of the collection.
    pub fn select(&mut self, i: usize) -> bool {
        if i >= self.doc.collection.levels.len() || i == self.current {
            return false;
        }
        self.current = i;
        self.meta_edit = None;
        self.revision += 1;
        true
    }

    /// Puts `doc` (new or read from a file) in place of the document, its first level shown
    /// and nothing to undo; its levels are levels of their own (new identities).
    pub fn replace(&mut self, mut doc: Document) {
        if doc.collection.levels.is_empty() {
            doc.collection.levels.push(blank_level(10, 8));
        }
        self.on_disk = (!doc.dirty).then(|| doc.collection.clone());
        self.keys = (0..doc.collection.levels.len())
            .map(|_| {
                let (id, board) = (self.number(), self.number());
                LevelKey { id, board }
            })
            .collect();
        self.doc = doc;
        self.current = 0;
        self.history.clear();
        self.meta_edit = None;
        self.revision += 1;
        self.edits += 1;
    }

    /// Marks the document saved if a save that started after `edits` edits wrote the last
    /// of them; true then.
    pub fn saved(&mut self, edits: u64) -> bool {
        if edits == self.edits {
            self.doc.dirty = false;
            self.on_disk = Some(self.doc.collection.clone());
        }
        edits == self.edits
    }
}

/// Small levels of our own, compiled into the program.
const BUILTIN: &str = include_str!("builtin.xsb");

/// How the level list names level `index` (from 0): its number and title.
pub fn level_label(index: usize, level: &Level) -> String {
    let title = if level.meta.title.is_empty() { "(untitled)" } else { &level.meta.title };
    format!("{}. {title}", index + 1)
}

/// A level of `width` × `height` floor squares inside a ring of walls.
pub fn blank_level(width: usize, height: usize) -> Level {
    let rows: Vec<String> =
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| {
                        if x == 0 || y == 0 || x + 1 == width || y + 1 == height {
                            '#'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect();
    Level::from_rows(&rows).expect("walls and floor are XSB characters")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::moves::parse_lurd;

    fn two_levels() -> DocumentState {
        let mut doc = Document::untitled();
        doc.collection.levels.push(blank_level(5, 5));
        DocumentState::new(doc)
    }

    #[test]
    fn each_edit_is_one_undo_step_and_redo_brings_it_back() {
        let mut d = two_levels();
        assert!(d.delete_level());
        assert_eq!((d.doc.collection.levels.len(), d.current()), (1, 0));
        assert!(d.doc.dirty && d.can_undo());
        assert!(d.undo());
        assert_eq!(d.doc.collection.levels.len(), 2);
        assert!(!d.undo(), "nothing more to undo");
        assert!(d.redo());
        assert_eq!(d.doc.collection.levels.len(), 1);
        assert!(!d.edit_level(|_| {}), "no change, no step");
    }

    #[test]
    fn a_level_keeps_its_identity_through_moves_and_undo_and_its_board_revision_follows_its_board()
    {
        let mut d = two_levels();
        let (first, second) = (d.key_of(0).unwrap(), d.key_of(1).unwrap());
        assert_ne!(first.id, second.id);
        // Levels added before it, moved, deleted: it keeps its key, wherever it goes.
        assert!(d.insert_levels(0, vec![blank_level(6, 6), blank_level(7, 7)]));
        assert_eq!(
            (d.current(), d.index_of(first.id), d.index_of(second.id)),
            (0, Some(2), Some(3))
        );
        assert_eq!(d.key_of(3), Some(second));
        assert!(d.select(3) && d.move_level(true));
        assert_eq!((d.current(), d.key()), (2, second));
        // A text edit keeps the board revision; a board edit gives a new one, which undo
        // takes back and redo brings again.
        assert!(d.edit_meta(MetaField::Title, "T".into()));
        assert_eq!(d.key(), second);
        let at = crate::level::Pos::new(1, 1);
        assert!(d.edit_level(|l| {
            crate::level::edit::set_square(l, at, crate::level::edit::Tool::Box);
        }));
        let edited = d.key();
        assert_eq!(edited.id, second.id);
        assert_ne!(edited.board, second.board);
        assert_eq!(d.level_of(second), None, "that board is no longer in the collection");
        assert!(d.undo());
        assert_eq!(d.key(), second);
        assert!(d.redo());
        assert_eq!(d.key(), edited);
        // A duplicate is a level of its own.
        let copy = d.level().clone();
        assert!(d.insert_levels(d.current() + 1, vec![copy]));
        assert_ne!(d.key().id, edited.id);
        // Deleting shows the next level; undo brings the deleted one back with its key.
        let gone = d.key();
        assert!(d.delete_level());
        assert_eq!(d.index_of(gone.id), None);
        assert!(d.undo());
        assert_eq!(d.key(), gone);
        // An opened document's levels are new levels.
        d.replace(Document::untitled());
        assert!([first, second, edited, gone].iter().all(|k| d.index_of(k.id).is_none()));
    }

    #[test]
    fn undoing_back_to_the_saved_collection_leaves_nothing_unsaved() {
        let mut d = two_levels();
        assert!(d.edit_meta(MetaField::Title, "New".into()));
        assert!(d.doc.dirty);
        assert!(d.undo());
        assert!(!d.doc.dirty, "back to what the file holds");
        assert!(d.redo());
        assert!(d.doc.dirty);
        let edits = d.edits();
        assert!(d.saved(edits));
        assert!(d.undo());
        assert!(d.doc.dirty, "the file now holds the title");
    }

    #[test]
    fn typing_in_one_field_is_one_step_and_saving_marks_the_edits_written() {
        let mut d = two_levels();
        let edits = d.edits();
        for text in ["A", "Ab", "Abc"] {
            assert!(d.edit_meta(MetaField::Title, text.into()));
        }
        assert!(!d.edit_meta(MetaField::Title, "Abc".into()));
        assert!(d.edit_meta(MetaField::Author, "Me".into()));
        assert!(d.undo());
        assert_eq!((d.level().meta.title.as_str(), d.level().meta.author.as_str()), ("Abc", ""));
        assert!(d.undo());
        assert_eq!(d.level().meta.title, "");
        assert!(!d.saved(edits), "edits made since are not in the file");
        assert!(!d.doc.dirty, "undone back to what the file holds");
        assert!(d.redo());
        assert!(d.doc.dirty);
        assert!(d.saved(d.edits()));
        assert!(!d.doc.dirty);
    }

    #[test]
    fn a_title_typed_in_a_newly_opened_document_can_be_undone() {
        let mut d = two_levels();
        assert!(d.edit_meta(MetaField::Title, "Old".into()));
        d.replace(Document::untitled());
        assert!(d.edit_meta(MetaField::Title, "New".into()));
        assert!(d.undo(), "the first edit after opening is its own undo step");
        assert_eq!(d.level().meta.title, "");
    }

    #[test]
    fn builtin_levels_are_solvable() {
        let doc = Document::builtin();
        let solutions = ["L", "RRRdllluuRRR", "rruulDulllddrrRllUdrruulL"];
        assert_eq!(doc.collection.levels.len(), solutions.len());
        for (level, lurd) in doc.collection.levels.iter().zip(solutions) {
            let r = crate::level::replay(level, &parse_lurd(lurd).unwrap());
            assert!(r.solved, "{}: {:?}", level.meta.title, r.error);
        }
    }
}
