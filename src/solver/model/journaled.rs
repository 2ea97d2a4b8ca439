//! A map keyed by Zobrist hashes that can be put back as it was at an earlier point: a
//! search's learned caches, so that the inspector can take the search back to an earlier
//! expansion. Journaling is off until [`JournaledMap::journal`] switches it on; until then
//! the map costs what a plain map costs.

use crate::solver::model::prehashed::PrehashedMap;

/// A map whose changes can be undone back to a [`JournaledMap::mark`].
#[derive(Debug)]
pub(crate) struct JournaledMap<V> {
    map: PrehashedMap<V>,
    log: Option<Log<V>>,
}

/// What undoes the changes: each insertion with the value it replaced, and each clearing
/// with the map it emptied (moved, not copied).
#[derive(Debug)]
struct Log<V> {
    changes: Vec<(u64, Option<V>)>,
    /// The number of changes before each clearing, and the map as it was then.
    clears: Vec<(usize, PrehashedMap<V>)>,
}

impl<V> Default for JournaledMap<V> {
    fn default() -> Self {
        JournaledMap { map: PrehashedMap::default(), log: None }
    }
}

impl<V: Copy> JournaledMap<V> {
    /// Starts keeping the journal (changes before this cannot be undone).
    pub fn journal(&mut self) {
        self.log.get_or_insert_with(|| Log { changes: Vec::new(), clears: Vec::new() });
    }

    /// The value of `key`.
    pub fn get(&self, key: &u64) -> Option<&V> {
        self.map.get(key)
    }

    /// Whether `key` has a value.
    pub fn contains_key(&self, key: &u64) -> bool {
        self.map.contains_key(key)
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Bytes held, about (`entry` bytes an entry, the journal's included).
    pub fn memory(&self, entry: usize) -> usize {
        let log = self.log.as_ref().map_or(0, |log| {
            log.changes.capacity() * std::mem::size_of::<(u64, Option<V>)>()
                + log.clears.iter().map(|(_, m)| m.capacity() * entry).sum::<usize>()
        });
        self.map.capacity() * entry + log
    }

    /// Sets `key` to `value`.
    pub fn insert(&mut self, key: u64, value: V) {
        let old = self.map.insert(key, value);
        if let Some(log) = &mut self.log {
            log.changes.push((key, old));
        }
    }

    /// Empties the map.
    pub fn clear(&mut self) {
        match &mut self.log {
            Some(log) => log.clears.push((log.changes.len(), std::mem::take(&mut self.map))),
            None => self.map.clear(),
        }
    }

    /// The point the map can be put back to (0 without a journal).
    pub fn mark(&self) -> usize {
        self.log.as_ref().map_or(0, |log| log.changes.len())
    }

    /// Puts the map back as it was at `mark`, undoing every later change and clearing.
    pub fn rewind(&mut self, mark: usize) {
        let Some(log) = &mut self.log else { return };
        loop {
            if let Some((at, _)) = log.clears.last()
                && *at >= mark
                && *at == log.changes.len()
            {
                self.map = log.clears.pop().expect("just seen").1;
                continue;
            }
            if log.changes.len() <= mark {
                break;
            }
            let (key, old) = log.changes.pop().expect("longer than the mark");
            match old {
                Some(v) => self.map.insert(key, v),
                None => self.map.remove(&key),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(m: &JournaledMap<u32>) -> Vec<(u64, u32)> {
        let mut all: Vec<_> = m.map.iter().map(|(&k, &v)| (k, v)).collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn going_back_undoes_insertions_replacements_and_clearings() {
        let mut m = JournaledMap::default();
        m.insert(1, 10);
        m.journal();
        m.insert(2, 20);
        let first = m.mark();
        let at_first = entries(&m);
        m.insert(1, 11);
        m.insert(3, 30);
        m.clear();
        m.insert(4, 40);
        let second = m.mark();
        let at_second = entries(&m);
        m.clear();
        m.clear();
        m.insert(2, 21);
        m.rewind(second);
        assert_eq!(entries(&m), at_second);
        m.rewind(first);
        assert_eq!(entries(&m), at_first);
        assert_eq!(m.get(&1), Some(&10));
        m.rewind(0);
        assert_eq!(entries(&m), vec![(1, 10)], "what came before the journal stays");
    }
}
