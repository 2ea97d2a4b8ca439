//! The deadlock coverage view: Run or Stop with the pushes to cover and the progress; then
//! each detector's claims, recall and false claims (red), and the dead sets no rule caught,
//! most frequent first, each one click from its first position on the board.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::Inspector;
use crate::app::palette::Palette;
use crate::app::sink::Sink;
use crate::level::Pos;

/// The most missed dead sets listed.
const LISTED: usize = 200;

/// The inspector's lower panel showing the level's deadlock coverage, in the `dark` or
/// light palette.
pub fn show(ui: &mut Ui, inspector: &Inspector, dark: bool, sink: &mut Sink<'_>) {
    let view = &inspector.coverage;
    let pal = Palette::for_dark_mode(dark);
    ui.horizontal_wrapped(|ui| {
        let progress = view.progress();
        let mut pushes = view.pushes;
        let label = ui.label("Every position within").id;
        let drag = egui::DragValue::new(&mut pushes).range(0..=100_000).speed(1.0);
        if ui.add_enabled(progress.is_none(), drag).labelled_by(label).changed() {
            sink.send(Command::SetCoveragePushes(pushes));
        }
        ui.label("pushes of the start");
        match progress {
            None => sink.button(ui, Command::RunCoverage, inspector.key().is_some()),
            Some(done) => {
                sink.button(ui, Command::StopCoverage, true);
                ui.spinner();
                if let Some((done, total)) = done {
                    ui.label(format!("{done} of {total} positions"));
                }
            }
        }
    });
    ui.label(
        RichText::new(
            "Each position is decided by the oracle (an exhaustive search, nothing pruned) \
             and judged by each rule alone, then by all of them (the pipeline).",
        )
        .small(),
    );
    let c = match view.of(inspector.key()) {
        None => return,
        Some(Err(e)) => {
            ui.label(format!("The coverage cannot run on this level: {e}."));
            return;
        }
        Some(Ok(c)) => c,
    };
    ui.label(format!(
        "{} positions{}: {} alive, {} dead, {} unknown ({} searched by the oracle)",
        c.positions,
        if c.complete { "" } else { " (incomplete)" },
        c.alive,
        c.dead,
        c.unknown,
        c.searched
    ));
    let mut command = None;
    ui.horizontal_top(|ui| {
        egui::Grid::new("coverage-rows").striped(true).spacing([12.0, 2.0]).show(ui, |ui| {
            for head in ["rule", "claims", "recall", "false claims"] {
                ui.label(RichText::new(head).small().strong());
            }
            ui.end_row();
            for r in &c.rows {
                ui.label(RichText::new(r.detector).small());
                ui.label(RichText::new(r.claims.to_string()).small());
                let recall = r.recall(c.dead).map_or("-".into(), |x| format!("{:.1}%", 100.0 * x));
                ui.label(RichText::new(recall).small());
                let false_claims = RichText::new(r.false_claims.to_string()).small();
                ui.label(if r.false_claims > 0 {
                    false_claims.color(pal.problem).strong()
                } else {
                    false_claims
                });
                ui.end_row();
            }
        });
        ui.separator();
        ui.vertical(|ui| {
            let missed: usize = c.missed.iter().map(|m| m.count).sum();
            ui.label(format!(
                "Missed by every rule: {missed} dead positions, {} dead sets",
                c.missed.len()
            ));
            if let Some(claim) = c.false_claims.first() {
                let text = format!("UNSOUND: {} called a live position dead", claim.detector);
                ui.label(RichText::new(text).color(pal.problem).strong());
                for saved in &view.saved {
                    let text = match saved {
                        Ok(path) => format!("Saved for a test: {}", path.display()),
                        Err(e) => format!("Not saved: {e}"),
                    };
                    ui.label(RichText::new(text).small());
                }
            }
            egui::ScrollArea::vertical().id_salt("coverage-missed").auto_shrink(false).show(
                ui,
                |ui| {
                    for (i, m) in c.missed.iter().take(LISTED).enumerate() {
                        let selected = view.selected == Some(i);
                        let text = format!("{} × boxes at {}", m.count, list(&m.dead_set));
                        if ui.selectable_label(selected, RichText::new(text).small()).clicked() {
                            command = Some(Command::SelectMissed((!selected).then_some(i)));
                        }
                    }
                },
            );
        });
    });
    if let Some(c) = command {
        sink.send(c);
    }
}

fn list(set: &[Pos]) -> String {
    set.iter().map(Pos::to_string).collect::<Vec<_>>().join(", ")
}
