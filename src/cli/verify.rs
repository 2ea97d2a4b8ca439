//! `sokolab verify FILE --level N --solution LURD`: replays a solution and judges it.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::level::format::load_file;
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
/// first illegal move is named by its number, from 1), 2 on a bad file, level number or
/// LURD string.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let collection = match load_file(&args.file) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let count = collection.levels.len();
    let Some(level) = args.level.checked_sub(1).and_then(|i| collection.levels.get(i)) else {
        eprintln!(
            "{}: there is no level {}; the file has {count} level(s), numbered from 1",
            args.file.display(),
            args.level
        );
        return ExitCode::from(2);
    };
    let moves = match parse_lurd(&args.solution) {
        Ok(moves) => moves,
        Err(e) => {
            eprintln!("--solution: {e}");
            return ExitCode::from(2);
        }
    };
    let name = if level.meta.title.is_empty() {
        format!("level {}", args.level)
    } else {
        format!("level {} \"{}\"", args.level, level.meta.title)
    };
    let result = replay(level, &moves);
    if let Some(illegal) = result.error {
        println!("rejected: {name}: {illegal}");
        return ExitCode::from(1);
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
        return ExitCode::from(1);
    }
    let (moves, pushes) = (result.moves, result.pushes);
    let s = |n: usize| if n == 1 { "" } else { "s" };
    println!(
        "ok: {name} solved in {moves} move{}, {pushes} push{}",
        s(moves),
        s(pushes).replace('s', "es")
    );
    ExitCode::SUCCESS
}
