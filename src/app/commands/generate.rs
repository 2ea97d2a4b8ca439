//! Taking the level generator's result: the levels made go after the level shown.

use crate::app::state::App;
use crate::solver::generate::difficulty_spread;

impl App {
    /// Once the generator has finished: adds the levels it made after the level shown (one
    /// undo step), shows the first, and says what it made.
    pub fn poll_generator(&mut self) {
        let Some((run, result)) = self.generator.poll() else { return };
        let made = match result {
            Ok(made) => made,
            Err(why) => {
                self.messages.status = format!("No levels generated: {why}.");
                return;
            }
        };
        let spec = run.spec;
        let what =
            format!("{}x{}, {} boxes, seed {}", spec.width, spec.height, spec.boxes, run.seed);
        if made.is_empty() {
            self.messages.status = format!(
                "No level generated ({what}): no room drawn gave one; try another size, fewer \
                 boxes or another seed."
            );
            return;
        }
        let after = self.document.current() + 1;
        let levels: Vec<_> = made.iter().map(|g| g.level.clone()).collect();
        self.document.insert_levels(after, levels);
        // Each level's solution is push-optimal: its pulls were a breadth-first search's.
        for (i, g) in made.iter().enumerate() {
            if let Some(key) = self.document.key_of(after + i) {
                self.solver.prove(key, g.pushes);
            }
        }
        let spread = match difficulty_spread(&made) {
            Some((lo, _, hi)) => format!(", difficulty {lo:.1} to {hi:.1}"),
            None => String::new(),
        };
        self.messages.status = format!(
            "Added {} of {} generated levels ({what}{spread}) after level {after}, with \
             push-optimal solutions.",
            made.len(),
            run.count
        );
    }
}
