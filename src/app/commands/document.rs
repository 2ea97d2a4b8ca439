//! Document and undo commands: undo and redo (of moves in play mode), the clipboard, adding,
//! removing, reordering and choosing levels, and the level's text fields.

use crate::app::command::Command;
use crate::app::document::{MetaField, blank_level};
use crate::app::state::{App, WindowRequest};
use crate::app::view::Mode;
use crate::level::format::{self, Format};
use crate::level::{Collection, Level};

impl App {
    /// Carries out a document command.
    pub(crate) fn document_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Copy => {
                let one =
                    Collection { notes: Vec::new(), levels: vec![self.board_level().clone()] };
                self.messages.status = "Copied the level as XSB text.".into();
                return Some(WindowRequest::CopyText(format::write_collection(&one, Format::Xsb)));
            }
            Command::Paste => return Some(WindowRequest::Paste),
            Command::PasteText(text) => self.paste(&text),
            Command::AddLevel => self.edit_collection(|c, cur| {
                c.levels.insert(*cur + 1, blank_level(10, 8));
                *cur += 1;
            }),
            Command::DuplicateLevel => self.edit_collection(|c, cur| {
                let copy = c.levels[*cur].clone();
                c.levels.insert(*cur + 1, copy);
                *cur += 1;
            }),
            Command::DeleteLevel => self.edit_collection(|c, cur| {
                c.levels.remove(*cur);
            }),
            Command::MoveLevelUp => self.edit_collection(|c, cur| {
                if *cur > 0 {
                    c.levels.swap(*cur, *cur - 1);
                    *cur -= 1;
                }
            }),
            Command::MoveLevelDown => self.edit_collection(|c, cur| {
                if *cur + 1 < c.levels.len() {
                    c.levels.swap(*cur, *cur + 1);
                    *cur += 1;
                }
            }),
            Command::SelectLevel(i) => self.select(i),
            Command::NextLevel => self.select(self.document.current + 1),
            Command::PreviousLevel => self.select(self.document.current.saturating_sub(1)),
            Command::SetTitle(t) => self.edit_meta(MetaField::Title, t),
            Command::SetAuthor(t) => self.edit_meta(MetaField::Author, t),
            Command::SetComment(t) => self.edit_meta(MetaField::Comment, t),
            other => unreachable!("{other:?} is not a document command"),
        }
        None
    }

    /// After an edit: the game in play mode was on the level as it was.
    pub(crate) fn after_edit(&mut self, changed: bool) {
        if changed {
            self.play.game = None;
        }
    }

    /// Applies `f` to the level shown as one undo step (if it changes anything).
    pub(crate) fn edit_level(&mut self, f: impl FnOnce(&mut Level)) {
        let changed = self.document.edit_level(f);
        self.after_edit(changed);
    }

    /// Like [`App::edit_level`] for an edit that can fail; the error goes to the status line.
    pub(crate) fn try_edit_level<E: std::fmt::Display>(
        &mut self,
        f: impl FnOnce(&mut Level) -> Result<(), E>,
    ) {
        let mut result = Ok(());
        self.edit_level(|l| result = f(l));
        if let Err(e) = result {
            self.messages.status = format!("Not done: {e}.");
        }
    }

    /// Applies `f` to the collection and the index of the level shown as one undo step.
    pub(crate) fn edit_collection(&mut self, f: impl FnOnce(&mut Collection, &mut usize)) {
        let changed = self.document.edit_collection(f);
        self.after_edit(changed);
    }

    fn edit_meta(&mut self, field: MetaField, text: String) {
        let changed = self.document.edit_meta(field, text);
        self.after_edit(changed);
    }

    /// Takes back the last move in play mode, else the last edit.
    fn undo(&mut self) {
        match (&mut self.play.game, self.view.mode) {
            (Some(g), Mode::Play) => {
                self.play.autoplay = None;
                g.undo();
            }
            _ => {
                let changed = self.document.undo();
                self.after_edit(changed);
            }
        }
    }

    /// Makes the next move again in play mode, else the last edit undone.
    fn redo(&mut self) {
        match (&mut self.play.game, self.view.mode) {
            (Some(g), Mode::Play) => {
                self.play.autoplay = None;
                g.redo();
            }
            _ => {
                let changed = self.document.redo();
                self.after_edit(changed);
            }
        }
    }

    /// Adds the levels written in `text` after the level shown.
    fn paste(&mut self, text: &str) {
        match format::read_collection(text) {
            Ok(pasted) => {
                let n = pasted.levels.len();
                self.edit_collection(|c, cur| {
                    for (i, l) in pasted.levels.into_iter().enumerate() {
                        c.levels.insert(*cur + 1 + i, l);
                    }
                    *cur += 1;
                });
                self.messages.status = format!("Pasted {n} level(s).");
            }
            Err(e) => self.messages.status = format!("The clipboard holds no level ({e})."),
        }
    }

    /// Shows level `i` (ending the game and any stroke on the level shown before).
    fn select(&mut self, i: usize) {
        if self.document.select(i) {
            self.play.game = None;
            self.editor.stroke = None;
        }
    }
}
