//! `sokolab verify FILE --level N --solution LURD`: replays a solution and judges it.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::error::{CliError, level_of};
use crate::level::format::load_file;
use crate::level::metrics::Metrics;
use crate::level::moves::parse_lurd;
use crate::level::replay;

/// Options of `sokolab verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Level number in the file, from 1.
    #[arg(long, default_value_t = 1)]
    pub level: usize,
    /// The moves: `lurd` walks, `LURD` pushes; counts and groups allowed (`3l2U`, `2(rU)`).
    #[arg(long)]
    pub solution: String,
}

/// Runs `verify`: exit status 0 when the solution solves the level, 1 when it does not (the
/// first illegal move is named by its number, from 1); an error on a bad file, level number
/// or LURD string.
pub fn run(args: &VerifyArgs) -> Result<ExitCode, CliError> {
    let collection = load_file(&args.file)?;
    let level = level_of(&collection, &args.file, args.level)?;
    let moves_played = parse_lurd(&args.solution).map_err(CliError::BadSolution)?;
    let name = if level.meta.title.is_empty() {
        format!("level {}", args.level)
    } else {
        format!("level {} \"{}\"", args.level, level.meta.title)
    };
    let result = replay(level, &moves_played);
    if let Some(illegal) = result.error {
        println!("rejected: {name}: {illegal}");
        return Ok(ExitCode::from(1));
    }
    if !result.solved {
        let boxes = result.end.boxes();
        let placed = boxes.iter().filter(|&&b| result.end.goals().contains(&b)).count();
        println!(
            "rejected: {name}: the {} move(s) are legal but leave the level unsolved \
             ({placed} of {} box(es) on goals)",
            result.moves,
            boxes.len()
        );
        return Ok(ExitCode::from(1));
    }
    let (moves, pushes) = (result.moves, result.pushes);
    let s = |n: usize| if n == 1 { "" } else { "s" };
    let metrics = Metrics::of(level, &moves_played).map(|m| format!(" ({})", m.secondary()));
    println!(
        "ok: {name} solved in {moves} move{}, {pushes} push{}{}",
        s(moves),
        s(pushes).replace('s', "es"),
        metrics.unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}
