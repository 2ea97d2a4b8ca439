//! `sokolab generate --size WxH --boxes N --count K --seed S`: new levels, each with its
//! push-optimal solution and rating, as XSB on standard output; what it took on standard
//! error.

use crate::cli::error::CliError;
use crate::level::Collection;
use crate::level::format::{Format, write_collection};
use crate::solver::generate::{Spec, difficulty_spread, generate};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Options of `sokolab generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Board size, walls included, e.g. 8x8.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: (usize, usize),
    /// Boxes (and goals) per level.
    #[arg(long, value_name = "N")]
    pub boxes: usize,
    /// Levels to make.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// The seed: the same seed gives the same levels.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

/// `WxH`, both from 1.
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}`: expected WIDTHxHEIGHT, such as 8x8");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((w.trim().parse().map_err(|_| bad())?, h.trim().parse().map_err(|_| bad())?))
}

/// Runs `generate`: exit status 0 when every level asked for was made, 1 when fewer were
/// (they are printed); an error for a size or box count that cannot give levels.
pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let spec = Spec { width: args.size.0, height: args.size.1, boxes: args.boxes };
    let start = Instant::now();
    let made = generate(spec, args.seed, args.count, &AtomicBool::new(false), &mut |_| {})
        .map_err(|e| CliError::Generate(e.to_string()))?;
    let secs = start.elapsed().as_secs_f64();
    let levels: Vec<_> = made.iter().map(|g| g.level.clone()).collect();
    let collection = Collection { levels, ..Collection::default() };
    let text = write_collection(&collection, Format::Xsb);
    print!("{text}");
    if !text.is_empty() && !text.ends_with('\n') {
        println!();
    }
    let spread = match difficulty_spread(&made) {
        Some((lo, median, hi)) => format!("; difficulty {lo:.1} to {hi:.1}, median {median:.1}"),
        None => String::new(),
    };
    let pushes: usize = made.iter().map(|g| g.pushes).sum();
    eprintln!(
        "made {} of {} levels ({}x{}, {} boxes) in {secs:.1} s: {:.1} a minute; {:.1} pushes \
         on average{spread}",
        made.len(),
        args.count,
        spec.width,
        spec.height,
        spec.boxes,
        made.len() as f64 * 60.0 / secs.max(1e-9),
        pushes as f64 / made.len().max(1) as f64
    );
    Ok(if made.len() == args.count { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
