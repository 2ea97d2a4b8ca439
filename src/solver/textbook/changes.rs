//! Sokoban pushes costed by pushes, then box changes, then box lines, as a textbook
//! [`Problem`]: a state is a position and the box pushed last (where it stands, and the
//! way it went), so a search of it finds, among the solutions with the fewest pushes, one
//! with the fewest box changes, then the fewest box lines. The rating counts a level's box
//! changes and lines on it, so that they are the level's, not one search's tie-breaking.

use crate::solver::bounds::INFINITE;
use crate::solver::model::table::Push;
use crate::solver::search::expand::Expander;
use crate::solver::textbook::{Problem, Successor};

/// A level's pushes with box changes and box lines costed below pushes. A state is the
/// position (box words, then the normalised player square), then the box pushed last: its
/// square times four plus the way, plus one (0 before the first push).
///
/// A push costs `push`, plus `change` when it moves another box than the one pushed last,
/// plus 1 when it starts a box line (another box or another way). With `change` more than
/// the lines and `push` more than the changes and lines of any solution compared, a cheaper
/// solution has fewer pushes, then fewer changes, then fewer lines.
pub(crate) struct Changes {
    expander: Expander,
    push: u32,
    change: u32,
}

impl Changes {
    /// The pushes of `expander` costed exactly for solutions of at most `pushes` pushes;
    /// `None` when such a cost would not fit the searches' range (over about 1,200 pushes).
    pub fn new(expander: Expander, pushes: usize) -> Option<Self> {
        let change = u32::try_from(pushes).ok()?.checked_add(1)?;
        let push = change.checked_mul(change)?;
        // A popped node's child stays under half the range, so g + h never saturates.
        push.checked_mul(change + 1).filter(|&g| g < u32::MAX / 2)?;
        Some(Changes { expander, push, change })
    }

    /// The estimate of a state whose push bound is `h`, its boxes `boxes`, the box pushed
    /// last standing on a goal or not (`None` before the first push): each box off the
    /// goals is pushed again, in a line of its own, and each but the one pushed last (if it
    /// is one of them) after a change. Capped at half the range (a capped estimate stays
    /// admissible); a dead state's `INFINITE` stays.
    fn estimate(&self, h: u32, boxes: &[u64], last_on_goal: Option<bool>) -> u32 {
        if h == INFINITE {
            return INFINITE;
        }
        let goals = &self.expander.problem.goal_set;
        let off: u32 = boxes.iter().zip(goals).map(|(b, g)| (b & !g).count_ones()).sum();
        let changes = match last_on_goal {
            Some(true) => off,
            _ => off.saturating_sub(1),
        };
        let cost = u64::from(h) * u64::from(self.push)
            + u64::from(changes) * u64::from(self.change)
            + u64::from(off);
        cost.min(u64::from(u32::MAX / 2)) as u32
    }
}

impl Problem for Changes {
    type State = Box<[u64]>;
    type Move = Push;

    fn start(&mut self) -> (Self::State, u32) {
        let (mut state, _, h) = self.expander.root();
        let estimate = self.estimate(h, &state[..self.expander.problem.words()], None);
        state.push(0);
        (state.into(), estimate)
    }

    fn successors(&mut self, state: &Self::State, out: &mut Vec<Successor<Self>>) {
        out.clear();
        let stride = self.expander.problem.stride;
        let last = state[stride];
        self.expander.expand(&state[..stride], |_, _| None);
        let board = &self.expander.problem.board;
        for (i, c) in self.expander.children.iter().enumerate() {
            let (from, dir) = (c.push.from, u64::from(c.push.dir));
            let changed = last != 0 && (last - 1) >> 2 != u64::from(from);
            let line = last == 0 || changed || (last - 1) & 3 != dir;
            let to = board.nbr(from, c.push.dir as usize);
            let mut child = self.expander.child_state(i).to_vec();
            let h = self.estimate(c.h, &child[..stride - 1], Some(board.is_goal(to)));
            child.push((u64::from(to) << 2 | dir) + 1);
            out.push(Successor {
                state: child.into(),
                mv: c.push,
                cost: self.push + u32::from(changed) * self.change + u32::from(line),
                h,
                pruned: c.pruned,
                pattern: c.pattern,
            });
        }
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        let p = &self.expander.problem;
        p.is_solved(&state[..p.words()])
    }

    fn admissible(&self) -> bool {
        self.expander.lower_bound().admissible()
    }

    /// No: Sokoban's push bounds are admissible, not consistent (see `bounds`), so A*
    /// re-opens closed states.
    fn consistent(&self) -> bool {
        false
    }

    fn interrupted(&self) -> bool {
        self.expander.interrupt.raised()
    }

    fn state_bytes(&self) -> usize {
        (self.expander.problem.stride + 1) * 8
    }
}
