//! Figure 7-26 as a PNG: a scramble table's states (open + closed) against n, one line per
//! search, on a logarithmic axis. Drawn pixel by pixel with a built-in 3×5 font, so the
//! command line needs no window and no font files.

use crate::lab::experiment::Table;

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

/// The chart of a scramble table as PNG bytes; none for a game-tree table.
pub fn png(table: &Table) -> Option<Vec<u8>> {
    let Table::Scramble { title, algorithms, rows, .. } = table else { return None };
    let (left, top, right, bottom) = AREA;
    let (left, top, right, bottom) = (left as i64, top as i64, right as i64, bottom as i64);
    let mut canvas = Canvas::new();
    canvas.text(left, 6, title, INK);
    let values = rows.iter().flat_map(|r| r.cells.iter().map(|c| c.states)).filter(|&v| v > 0.0);
    let (low, high) = values.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    let (low, high) = if low > high { (1.0, 10.0) } else { (low, high) };
    let (d0, d1) = (
        low.log10().floor() as i32,
        (high.log10().ceil() as i32).max(low.log10().floor() as i32 + 1),
    );
    let first = rows.first().map_or(0, |r| r.n);
    let last = rows.last().map_or(1, |r| r.n).max(first + 1);
    let x_of = |n: u32| left + (right - left) * i64::from(n - first) / i64::from(last - first);
    let y_of = |v: f64| {
        let t = (v.max(10f64.powi(d0)).log10() - f64::from(d0)) / f64::from(d1 - d0);
        bottom - ((bottom - top) as f64 * t).round() as i64
    };
    for d in d0..=d1 {
        let y = y_of(10f64.powi(d));
        canvas.line((left, y), (right, y), GRID);
        let label = format!("{}", 10u64.saturating_pow(d.max(0) as u32));
        canvas.text(left - 8 - Canvas::text_width(&label), y - 5, &label, INK);
    }
    for n in first..=last {
        let x = x_of(n);
        canvas.line((x, bottom), (x, bottom + 4), INK);
        let label = n.to_string();
        canvas.text(x - Canvas::text_width(&label) / 2, bottom + 10, &label, INK);
    }
    canvas.line((left, top), (left, bottom), INK);
    canvas.line((left, bottom), (right, bottom), INK);
    canvas.text((left + right) / 2 - 40, bottom + 30, "n moves", INK);
    canvas.text(8, top - 22, "states (log)", INK);
    for (i, name) in algorithms.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<(i64, i64)> =
            rows.iter().map(|r| (x_of(r.n), y_of(r.cells[i].states))).collect();
        for pair in points.windows(2) {
            canvas.line(pair[0], pair[1], colour);
        }
        for &(x, y) in &points {
            canvas.rect(x - 3, y - 3, 7, 7, colour);
        }
        let ly = top + 8 + 18 * i as i64;
        canvas.rect(left + 12, ly, 18, 10, colour);
        canvas.text(left + 38, ly, name, INK);
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

#[cfg(test)]
mod tests {
    use crate::lab::chart::{HEIGHT, WIDTH, png};
    use crate::lab::experiment::Experiment;
    use crate::solver::Limits;

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
}
