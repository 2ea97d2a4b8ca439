//! Line charts as PNG: figure 7-26 (a scramble table's states, open + closed, against n,
//! one line per search, on a logarithmic axis) and the inspector's history. Drawn pixel by
//! pixel with a built-in 3×5 font, so the command line needs no window and no font files.

use crate::lab::experiment::Table;
use crate::solver::inspect::Step;

const WIDTH: usize = 720;
const HEIGHT: usize = 460;
/// The plot area: left, top, right, bottom.
const AREA: (usize, usize, usize, usize) = (70, 50, WIDTH - 20, HEIGHT - 50);
const SCALE: usize = 2;
const COLOURS: [[u8; 3]; 6] =
    [[214, 39, 40], [31, 119, 180], [44, 160, 44], [148, 103, 189], [255, 127, 14], [23, 190, 207]];
const INK: [u8; 3] = [30, 30, 30];
const GRID: [u8; 3] = [220, 220, 220];

/// The glyphs, five rows of three pixels each.
const FONT: &[(char, &str)] = &[
    ('0', "111101101101111"),
    ('1', "010110010010111"),
    ('2', "111001111100111"),
    ('3', "111001111001111"),
    ('4', "101101111001001"),
    ('5', "111100111001111"),
    ('6', "111100111101111"),
    ('7', "111001001001001"),
    ('8', "111101111101111"),
    ('9', "111101111001111"),
    ('A', "010101111101101"),
    ('B', "110101110101110"),
    ('C', "011100100100011"),
    ('D', "110101101101110"),
    ('E', "111100110100111"),
    ('F', "111100110100100"),
    ('G', "011100101101011"),
    ('H', "101101111101101"),
    ('I', "111010010010111"),
    ('J', "001001001101010"),
    ('K', "101101110101101"),
    ('L', "100100100100111"),
    ('M', "101111111101101"),
    ('N', "110101101101101"),
    ('O', "010101101101010"),
    ('P', "110101110100100"),
    ('Q', "010101101110011"),
    ('R', "110101110101101"),
    ('S', "011100010001110"),
    ('T', "111010010010010"),
    ('U', "101101101101111"),
    ('V', "101101101101010"),
    ('W', "101101111111101"),
    ('X', "101101010101101"),
    ('Y', "101101010010010"),
    ('Z', "111001010100111"),
    ('(', "010100100100010"),
    (')', "010001001001010"),
    ('*', "000101010101000"),
    ('.', "000000000000010"),
    ('-', "000000111000000"),
    ('+', "000010111010000"),
    ('/', "001001010100100"),
    (':', "000010000010000"),
    ('=', "000111000111000"),
    ('^', "010101000000000"),
    (',', "000000000010100"),
];

/// An RGB canvas.
struct Canvas {
    pixels: Vec<u8>,
}

impl Canvas {
    fn new() -> Self {
        Canvas { pixels: vec![255; WIDTH * HEIGHT * 3] }
    }

    fn dot(&mut self, x: i64, y: i64, c: [u8; 3]) {
        if (0..WIDTH as i64).contains(&x) && (0..HEIGHT as i64).contains(&y) {
            let i = (y as usize * WIDTH + x as usize) * 3;
            self.pixels[i..i + 3].copy_from_slice(&c);
        }
    }

    fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: [u8; 3]) {
        for dy in 0..h {
            for dx in 0..w {
                self.dot(x + dx, y + dy, c);
            }
        }
    }

    /// A line two pixels thick.
    fn line(&mut self, (x0, y0): (i64, i64), (x1, y1): (i64, i64), c: [u8; 3]) {
        let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for k in 0..=steps {
            let x = x0 + (x1 - x0) * k / steps;
            let y = y0 + (y1 - y0) * k / steps;
            self.rect(x, y, 2, 2, c);
        }
    }

    /// `text` with its upper left corner at (x, y); lower case is drawn as upper case.
    fn text(&mut self, x: i64, y: i64, text: &str, c: [u8; 3]) {
        let s = SCALE as i64;
        for (k, ch) in text.chars().enumerate() {
            let ch = ch.to_ascii_uppercase();
            let Some((_, bits)) = FONT.iter().find(|(g, _)| *g == ch) else { continue };
            for (i, b) in bits.bytes().enumerate() {
                if b == b'1' {
                    let (gx, gy) = ((i % 3) as i64, (i / 3) as i64);
                    self.rect(x + k as i64 * 4 * s + gx * s, y + gy * s, s, s, c);
                }
            }
        }
    }

    fn text_width(text: &str) -> i64 {
        (text.chars().count() * 4 * SCALE) as i64
    }
}

/// The chart of a scramble table as PNG bytes (figure 7-26: states, on a logarithmic axis,
/// against n, a line per search); none for a game-tree table.
pub fn png(table: &Table) -> Option<Vec<u8>> {
    let Table::Scramble { title, algorithms, rows, .. } = table else { return None };
    let lines: Vec<Line> = (algorithms.iter().enumerate())
        .map(|(i, name)| Line {
            name,
            points: rows.iter().map(|r| (f64::from(r.n), r.cells[i].states)).collect(),
        })
        .collect();
    lines_png(title, "n moves", "states (log)", &lines, true, true)
}

/// One line of a chart: its name and its points (x, y), x growing.
pub struct Line<'a> {
    /// Its name in the legend.
    pub name: &'a str,
    /// Its points.
    pub points: Vec<(f64, f64)>,
}

/// `lines` as a PNG chart titled `title`: y on a logarithmic axis when `log` (values under
/// 1 drawn at 1), else from 0; ticks at round numbers (each x when x is a small count); a
/// mark on each point when `marks`. None when the image cannot be encoded.
pub fn lines_png(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    log: bool,
    marks: bool,
) -> Option<Vec<u8>> {
    let (left, top, right, bottom) = AREA;
    let (left, top, right, bottom) = (left as i64, top as i64, right as i64, bottom as i64);
    let mut canvas = Canvas::new();
    canvas.text(left, 6, title, INK);
    let points = || lines.iter().flat_map(|l| l.points.iter().copied());
    let (x0, x1) = points().fold((f64::MAX, f64::MIN), |(a, b), (x, _)| (a.min(x), b.max(x)));
    let (x0, x1) = if x0 > x1 { (0.0, 1.0) } else { (x0, x1.max(x0 + 1.0)) };
    let high = points().map(|(_, y)| y).fold(0.0, f64::max);
    let x_of = |x: f64| left + ((right - left) as f64 * (x - x0) / (x1 - x0)).round() as i64;
    let (y_ticks, t_of): (Vec<f64>, Box<dyn Fn(f64) -> f64>) = if log {
        let low = points().map(|(_, y)| y).filter(|&y| y >= 1.0).fold(f64::MAX, f64::min);
        let d0 = if low == f64::MAX { 0 } else { low.log10().floor() as i32 };
        let d1 = (high.max(1.0).log10().ceil() as i32).max(d0 + 1);
        let ticks = (d0..=d1).map(|d| 10f64.powi(d)).collect();
        let t = move |y: f64| (y.max(10f64.powi(d0)).log10() - f64::from(d0)) / f64::from(d1 - d0);
        (ticks, Box::new(t))
    } else {
        let step = round_step(high.max(1.0));
        let top_tick = (high / step).ceil().max(1.0) * step;
        let ticks = (0..=(top_tick / step) as usize).map(|k| k as f64 * step).collect();
        (ticks, Box::new(move |y: f64| y / top_tick))
    };
    let y_of = |y: f64| bottom - ((bottom - top) as f64 * t_of(y)).round() as i64;
    for &t in &y_ticks {
        let y = y_of(t);
        canvas.line((left, y), (right, y), GRID);
        let label = number(t);
        canvas.text(left - 8 - Canvas::text_width(&label), y - 5, &label, INK);
    }
    let whole = x1 - x0 <= 20.0 && points().all(|(x, _)| x.fract() == 0.0);
    let x_ticks: Vec<f64> = if whole {
        (x0 as i64..=x1 as i64).map(|x| x as f64).collect()
    } else {
        let step = round_step(x1 - x0);
        let first = (x0 / step).ceil() as i64;
        (first..).map(|k| k as f64 * step).take_while(|&x| x <= x1).collect()
    };
    for &t in &x_ticks {
        let x = x_of(t);
        canvas.line((x, bottom), (x, bottom + 4), INK);
        let label = number(t);
        canvas.text(x - Canvas::text_width(&label) / 2, bottom + 10, &label, INK);
    }
    canvas.line((left, top), (left, bottom), INK);
    canvas.line((left, bottom), (right, bottom), INK);
    canvas.text((left + right) / 2 - Canvas::text_width(x_label) / 2, bottom + 30, x_label, INK);
    canvas.text(8, top - 22, y_label, INK);
    for (i, line) in lines.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let at: Vec<(i64, i64)> = line.points.iter().map(|&(x, y)| (x_of(x), y_of(y))).collect();
        for pair in at.windows(2) {
            canvas.line(pair[0], pair[1], colour);
        }
        if marks {
            for &(x, y) in &at {
                canvas.rect(x - 3, y - 3, 7, 7, colour);
            }
        }
        let ly = top + 8 + 18 * i as i64;
        canvas.rect(left + 12, ly, 18, 10, colour);
        canvas.text(left + 38, ly, line.name, INK);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().ok()?;
    writer.write_image_data(&canvas.pixels).ok()?;
    writer.finish().ok()?;
    Some(out)
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `span` into at most about six.
fn round_step(span: f64) -> f64 {
    let rough = span / 6.0;
    let power = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|&s| s >= rough).unwrap_or(power)
}

/// `x` as an axis writes it: whole numbers in full, thousands and millions shortened.
fn number(x: f64) -> String {
    match x {
        x if x >= 1e6 && (x / 1e6).fract() == 0.0 => format!("{}M", x / 1e6),
        x if x >= 1e3 && (x / 1e3).fract() == 0.0 => format!("{}K", x / 1e3),
        x if x.fract() == 0.0 => format!("{x}"),
        x => format!("{x:.1}"),
    }
}

/// The chart of `steps` as PNG: the lines named `names` against expansions, titled
/// `title`, on a logarithmic scale when `log`.
pub fn history_png(steps: &[Step], names: [&str; 3], title: &str, log: bool) -> Option<Vec<u8>> {
    let [open, closed, bound] =
        series(steps.len(), |i| [steps[i].open, steps[i].closed, steps[i].bound.into()], false);
    let pairs = |line: Vec<[f64; 2]>| line.into_iter().map(|[x, y]| (x + 1.0, y)).collect();
    let lines = [
        Line { name: names[0], points: pairs(open) },
        Line { name: names[1], points: pairs(closed) },
        Line { name: names[2], points: pairs(bound) },
    ];
    let scale = if log { " (log)" } else { "" };
    lines_png(title, "expansions", &format!("size{scale}"), &lines, log, false)
}

/// `steps` as CSV, the columns after the expansion named `names` (open, stored, bound).
pub fn history_csv(steps: &[Step], names: [&str; 3]) -> String {
    use std::fmt::Write as _;
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out =
        format!("expansion,{},{},{},g,h\n", quote(names[0]), quote(names[1]), quote(names[2]));
    for (i, s) in steps.iter().enumerate() {
        let _ = writeln!(out, "{},{},{},{},{},{}", i + 1, s.open, s.closed, s.bound, s.g, s.h);
    }
    out
}

/// Most points drawn per line (the history is sampled evenly down to this).
const MAX_POINTS: usize = 1500;

/// The chart's lines: open, seen and bound against the expansion index, for `len`
/// expansions whose values `at` gives.
pub fn series(len: usize, at: impl Fn(usize) -> [u32; 3], log: bool) -> [Vec<[f64; 2]>; 3] {
    let every = len.div_ceil(MAX_POINTS).max(1);
    let y = |v: u32| if log { (v as f64 + 1.0).log10() } else { v as f64 };
    let mut out: [Vec<[f64; 2]>; 3] = Default::default();
    let indices = (0..len).step_by(every).chain(len.checked_sub(1));
    for i in indices {
        let x = i as f64;
        for (line, v) in out.iter_mut().zip(at(i)) {
            line.push([x, y(v)]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::lab::chart::{HEIGHT, MAX_POINTS, WIDTH, png, series};
    use crate::lab::experiment::Experiment;
    use crate::solver::Limits;
    use crate::solver::inspect::Step;

    #[test]
    fn a_scramble_table_draws_as_a_png_and_a_game_tree_does_not() {
        let mut e = Experiment::named("nutshell-7-3").unwrap();
        let Experiment::Scramble(s) = &mut e else { unreachable!() };
        (s.trials, s.moves) = (20, (2, 8));
        let table = e.run(None, None, &Limits::default(), &|_, _| true).unwrap();
        let bytes = png(&table).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((frame.width as usize, frame.height as usize), (WIDTH, HEIGHT));
        // The first line's colour is drawn.
        assert!(pixels.chunks(3).any(|p| p == [214, 39, 40]));
        let plies = Experiment::GameTree { title: "t".into(), plies: vec![8] };
        assert!(png(&plies.run(None, None, &Limits::default(), &|_, _| true).unwrap()).is_none());
    }

    fn step(open: u32) -> Step {
        Step { node: 0, open, closed: 2 * open, g: 0, h: 0, bound: 3, from: (0, 0), dir: 0 }
    }

    #[test]
    fn long_histories_are_sampled_and_keep_their_last_point() {
        let steps: Vec<Step> = (0..10_000).map(step).collect();
        let at = |i: usize| [steps[i].open, steps[i].closed, steps[i].bound.into()];
        let [open, closed, bound] = series(steps.len(), at, false);
        assert!(open.len() <= MAX_POINTS + 1);
        assert_eq!(open.last(), Some(&[9999.0, 9999.0]));
        assert_eq!(closed.last(), Some(&[9999.0, 19998.0]));
        assert!(bound.iter().all(|p| p[1] == 3.0));
        let [log_open, ..] = series(steps.len(), at, true);
        assert!((log_open.last().unwrap()[1] - 4.0).abs() < 1e-9, "log10(9999 + 1)");
    }
}
