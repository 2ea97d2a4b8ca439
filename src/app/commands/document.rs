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
            Command::AddLevel => {
                let after = self.document.current() + 1;
                self.document.insert_levels(after, vec![blank_level(10, 8)]);
            }
            Command::DuplicateLevel => {
                let (after, copy) = (self.document.current() + 1, self.level().clone());
                self.document.insert_levels(after, vec![copy]);
            }
            Command::DeleteLevel => {
                self.document.delete_level();
            }
            Command::MoveLevelUp => {
                self.document.move_level(true);
            }
            Command::MoveLevelDown => {
                self.document.move_level(false);
            }
            Command::SelectLevel(i) => self.select(i),
            Command::NextLevel => self.select(self.document.current() + 1),
            Command::PreviousLevel => self.select(self.document.current().saturating_sub(1)),
            Command::SetTitle(t) => self.edit_meta(MetaField::Title, t),
            Command::SetAuthor(t) => self.edit_meta(MetaField::Author, t),
            Command::SetComment(t) => self.edit_meta(MetaField::Comment, t),
            other => unreachable!("{other:?} is not a document command"),
        }
        None
    }

    /// Applies `f` to the level shown as one undo step (if it changes anything).
    pub(crate) fn edit_level(&mut self, f: impl FnOnce(&mut Level)) {
        self.document.edit_level(f);
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

    fn edit_meta(&mut self, field: MetaField, text: String) {
        self.document.edit_meta(field, text);
    }

    /// Takes back the last move in play mode, else the last edit.
    fn undo(&mut self) {
        self.history_step(true);
    }

    /// Makes the next move again in play mode, else the last edit undone.
    fn redo(&mut self) {
        self.history_step(false);
    }

    /// One step back (`back`) or forward through the game's moves in play mode, else
    /// through the document's edits.
    fn history_step(&mut self, back: bool) {
        if self.view.mode == Mode::Play {
            self.play.autoplay = None;
            let (key, level) = (self.document.key(), self.document.level());
            let game = self.play.game_mut(key, level);
            if back {
                game.undo()
            } else {
                game.redo()
            };
        } else if back {
            self.document.undo();
        } else {
            self.document.redo();
        }
    }

    /// Adds the levels written in `text` after the level shown.
    fn paste(&mut self, text: &str) {
        match format::read_collection(text) {
            Ok(pasted) => {
                let n = pasted.levels.len();
                let after = self.document.current() + 1;
                self.document.insert_levels(after, pasted.levels);
                self.messages.status = format!("Pasted {n} level(s).");
            }
            Err(e) => self.messages.status = format!("The clipboard holds no level ({e})."),
        }
    }

    /// Shows level `i` (ending any stroke on the level shown before; its game is kept).
    fn select(&mut self, i: usize) {
        if self.document.select(i) {
            self.editor.stroke = None;
        }
    }
}
