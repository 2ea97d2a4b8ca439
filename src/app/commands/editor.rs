//! Editor commands: the tool and the painting shape, and the board transforms (resize,
//! crop, rotate, mirror, swap boxes and goals), each one undo step.

use crate::app::command::Command;
use crate::app::state::{App, WindowRequest};
use crate::level::edit;

impl App {
    /// Carries out an editor command.
    pub(crate) fn editor_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::SetTool(t) => self.editor.tool = t,
            Command::SetShape(s) => self.settings.shape = s,
            Command::SetLiveCheckBudget(t) => self.settings.live_check = t,
            Command::Resize(w, h) => self.try_edit_level(|l| edit::resize(l, w, h, (0, 0))),
            Command::CropToContent => self.edit_level(|l| {
                edit::crop_to_content(l);
            }),
            Command::RotateClockwise => self.edit_level(edit::rotate_cw),
            Command::MirrorHorizontal => self.edit_level(edit::mirror_horizontal),
            Command::MirrorVertical => self.edit_level(edit::mirror_vertical),
            Command::SwapBoxesAndGoals => self.try_edit_level(edit::swap_boxes_and_goals),
            other => unreachable!("{other:?} is not an editor command"),
        }
        None
    }
}
