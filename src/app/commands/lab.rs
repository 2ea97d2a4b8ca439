//! Lab commands: the scrambled level stepped in the inspector, an experiment file chosen.

use crate::app::command::Command;
use crate::app::lab::experiments::Choice;
use crate::app::state::App;
use crate::app::view::Mode;
use crate::solver::Method;

impl App {
    /// Carries out a lab command.
    pub(crate) fn lab_command(&mut self, command: Command) {
        match command {
            Command::InspectLabLevel(level, search) => {
                // An edit of its own (undo takes it back); the inspector follows the level
                // shown, so it searches this one.
                let after = self.document.current() + 1;
                self.document.insert_levels(after, vec![*level]);
                let mut config = self.inspector.config();
                config.method = Method::Textbook(search);
                self.inspector_command(Command::SetSearchConfig(config));
                self.set_mode(Mode::Inspect);
            }
            Command::ChooseExperiment(path) => self.lab.experiments.chosen = Choice::File(path),
            other => unreachable!("{other:?} is not a lab command"),
        }
    }
}
