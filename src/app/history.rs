//! Undo and redo: a stack of snapshots, one per user step.

/// Past and undone snapshots of some state `T`. Each recorded entry is one user step (a
/// paint stroke, a transform, a level added), so one undo reverts one step.
#[derive(Clone, Debug)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
    limit: usize,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History { undo: Vec::new(), redo: Vec::new(), limit: 200 }
    }
}

impl<T> History<T> {
    /// Records `before`, the state just before a step; forgets what was undone.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        if self.undo.len() > self.limit {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Undoes one step: returns the state to go back to, keeping `current` for redo.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let before = self.undo.pop()?;
        self.redo.push(current);
        Some(before)
    }

    /// Redoes one undone step: returns the state to go to, keeping `current` for undo.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let after = self.redo.pop()?;
        self.undo.push(current);
        Some(after)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn undo_and_redo_walk_the_snapshots() {
        let mut h = History::default();
        h.record(1);
        h.record(2);
        assert_eq!(h.undo(3), Some(2));
        assert_eq!(h.undo(2), Some(1));
        assert_eq!(h.undo(1), None);
        assert_eq!(h.redo(1), Some(2));
        h.record(2);
        assert!(!h.can_redo());
    }
}
