//! JSoko's secondary metrics of a solution: besides its moves and pushes, its box lines
//! (runs of pushes of one box in one direction), its box changes (pushes of another box
//! than the one pushed before) and its pushing sessions (runs of pushes with no walk
//! between them); and the groups of boxes whose pushes interleave on it.

use std::collections::HashMap;

use crate::level::{Dir, Level, Move, Pos};

/// The metrics of a move sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Player steps.
    pub moves: usize,
    /// Steps that push a box.
    pub pushes: usize,
    /// Runs of pushes of the same box in the same direction (another box, or a turn,
    /// starts a new line; walks between do not).
    pub box_lines: usize,
    /// Pushes of a box other than the one pushed before (the first push is none).
    pub box_changes: usize,
    /// Runs of consecutive pushes (a walk ends one).
    pub pushing_sessions: usize,
}

impl Metrics {
    /// The metrics of `moves` played from `level`'s start; `None` when the level has no
    /// single player or a step leaves the board. The moves are not checked against the
    /// level's rules: replay them first.
    pub fn of(level: &Level, moves: &[Move]) -> Option<Metrics> {
        let mut at = level.player()?;
        let mut m = Metrics::default();
        // The square the box pushed last stands on, and the direction it went.
        let mut last: Option<(Pos, Dir)> = None;
        let mut pushing = false;
        for step in moves {
            let next = at.step(step.dir)?;
            if step.push {
                let to = next.step(step.dir)?;
                match last {
                    Some((b, d)) if b == next => m.box_lines += usize::from(d != step.dir),
                    Some(_) => {
                        m.box_lines += 1;
                        m.box_changes += 1;
                    }
                    None => m.box_lines += 1,
                }
                m.pushing_sessions += usize::from(!pushing);
                last = Some((to, step.dir));
                m.pushes += 1;
            }
            pushing = step.push;
            at = next;
            m.moves += 1;
        }
        Some(m)
    }

    /// Of `candidates`, the move sequences that solve `level` (replayed), the one whose
    /// metrics give the least `key`, with its metrics.
    pub fn best_of<K: Ord>(
        level: &Level,
        candidates: impl IntoIterator<Item = Vec<Move>>,
        key: impl Fn(&Metrics) -> K,
    ) -> Option<(Vec<Move>, Metrics)> {
        candidates
            .into_iter()
            .filter(|m| crate::level::replay(level, m).solved)
            .filter_map(|m| Metrics::of(level, &m).map(|k| (m, k)))
            .min_by_key(|(_, k)| key(k))
    }

    /// The secondary metrics in words, e.g. `2 box lines, 1 box change, 2 pushing sessions`.
    pub fn secondary(&self) -> String {
        let n = |k: usize, one: &str| format!("{k} {one}{}", if k == 1 { "" } else { "s" });
        format!(
            "{}, {}, {}",
            n(self.box_lines, "box line"),
            n(self.box_changes, "box change"),
            n(self.pushing_sessions, "pushing session")
        )
    }
}

/// The sizes of the groups of boxes whose pushes interleave when `moves` are played from
/// `level`'s start, largest first: a box's pushes span from its first push to its last, and
/// boxes whose spans overlap, directly or through others, form one group. A level solved
/// box by box has groups of one; a box that must wait for another, or clear the way for it,
/// joins its group (a decomposition of the level into parts solved one after another).
/// Boxes never pushed are in no group. `None` as for [`Metrics::of`].
pub fn interleaved_groups(level: &Level, moves: &[Move]) -> Option<Vec<usize>> {
    let mut at = level.player()?;
    let mut boxes: HashMap<Pos, usize> =
        level.boxes().into_iter().enumerate().map(|(i, p)| (p, i)).collect();
    // Each box's first and last push, by push number.
    let mut spans: Vec<Option<(usize, usize)>> = vec![None; boxes.len()];
    let mut pushes = 0;
    for step in moves {
        let next = at.step(step.dir)?;
        if step.push {
            let id = boxes.remove(&next)?;
            boxes.insert(next.step(step.dir)?, id);
            let span = spans[id].get_or_insert((pushes, pushes));
            span.1 = pushes;
            pushes += 1;
        }
        at = next;
    }
    let mut spans: Vec<(usize, usize)> = spans.into_iter().flatten().collect();
    spans.sort_unstable();
    let mut groups: Vec<usize> = Vec::new();
    let mut end = None;
    for (first, last) in spans {
        match end {
            Some(e) if first <= e => {
                *groups.last_mut().expect("a group is open") += 1;
                end = Some(last.max(e));
            }
            _ => {
                groups.push(1);
                end = Some(last);
            }
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    Some(groups)
}

#[cfg(test)]
mod tests {
    use crate::level::Level;
    use crate::level::metrics::Metrics;
    use crate::level::moves::parse_lurd;

    fn metrics(rows: &[&str], lurd: &str) -> Metrics {
        let level = Level::from_rows(rows).unwrap();
        let moves = parse_lurd(lurd).unwrap();
        assert!(crate::level::replay(&level, &moves).solved, "{lurd} solves the level");
        Metrics::of(&level, &moves).unwrap()
    }

    /// One box pushed straight to its goal: one line, one session, no change.
    #[test]
    fn one_straight_push_run() {
        let m = metrics(&["#######", "#@$  .#", "#######"], "RRR");
        let want =
            Metrics { moves: 3, pushes: 3, box_lines: 1, box_changes: 0, pushing_sessions: 1 };
        assert_eq!(m, want);
    }

    /// One box pushed right; then the other pushed down, a walk, and right: the other box
    /// is a change, its turn a new line, each walk ends a session.
    #[test]
    fn turns_other_boxes_and_walks_are_counted() {
        let rows = ["########", "#@ $  .#", "#  $   #", "#     .#", "########"];
        let m = metrics(&rows, "rRRRllDldRRR");
        let want =
            Metrics { moves: 12, pushes: 7, box_lines: 3, box_changes: 1, pushing_sessions: 3 };
        assert_eq!(m, want);
    }

    /// Two boxes taken one after the other are two groups of one; a box pushed between two
    /// pushes of another joins its group.
    #[test]
    fn boxes_whose_pushes_interleave_form_one_group() {
        let rows = ["########", "#@ $  .#", "#  $   #", "#     .#", "########"];
        let level = Level::from_rows(&rows).unwrap();
        let one_by_one = parse_lurd("rRRRllDldRRR").unwrap();
        assert!(crate::level::replay(&level, &one_by_one).solved);
        assert_eq!(super::interleaved_groups(&level, &one_by_one), Some(vec![1, 1]));
        // The first box pushed once, the second down, the first on, the second right.
        let mixed = parse_lurd("rRDuRRlllddRRR").unwrap();
        assert!(crate::level::replay(&level, &mixed).solved);
        assert_eq!(super::interleaved_groups(&level, &mixed), Some(vec![2]));
        assert_eq!(super::interleaved_groups(&level, &[]), Some(vec![]));
    }

    #[test]
    fn the_words_say_one_or_many() {
        let m = Metrics { moves: 3, pushes: 2, box_lines: 1, box_changes: 2, pushing_sessions: 1 };
        assert_eq!(m.secondary(), "1 box line, 2 box changes, 1 pushing session");
    }
}
