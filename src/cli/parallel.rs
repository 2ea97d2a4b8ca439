//! Levels worked on by several threads, their lines printed in level order as soon as every
//! earlier one is in (the `rate` and `deadlocks` commands).

use crate::cli::progress::Bar;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Runs `job` on each of `items` on `jobs` threads until all are done or `cancel` is
/// raised; `print` gets each result in the items' order once every earlier one is in (the
/// bar counting them), then, after a cancel, those finished after one that was not. A job
/// returns `None` when the cancel cut its work short: that item is left out. The results,
/// `None` for an item not done.
pub fn in_order<I: Sync, T: Send>(
    items: &[I],
    jobs: usize,
    cancel: &AtomicBool,
    bar: &Bar,
    job: impl Fn(&I) -> Option<T> + Sync,
    mut print: impl FnMut(&T),
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    let mut done: Vec<Option<T>> = items.iter().map(|_| None).collect();
    let mut printed = 0;
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let (send, next, job) = (send.clone(), &next, &job);
            scope.spawn(move || {
                while !cancel.load(Ordering::Relaxed) {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(at) else { break };
                    match job(item) {
                        Some(out) if !cancel.load(Ordering::Relaxed) => {
                            let _ = send.send((at, out));
                        }
                        _ => break,
                    }
                }
            });
        }
        drop(send);
        for (at, out) in receive {
            done[at] = Some(out);
            bar.inc(1);
            while let Some(Some(out)) = done.get(printed) {
                bar.suspend(|| print(out));
                printed += 1;
            }
        }
    });
    bar.finish();
    done.iter().skip(printed).flatten().for_each(&mut print);
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_item_order_whatever_order_they_finish_in() {
        let items: Vec<u64> = (0..40).collect();
        let cancel = AtomicBool::new(false);
        let mut printed = Vec::new();
        let job = |&n: &u64| {
            // Later items finish first.
            std::thread::sleep(std::time::Duration::from_millis(40 - n));
            Some(n * n)
        };
        let bar = Bar::new(None, "items", true);
        let done = in_order(&items, 4, &cancel, &bar, job, |&r| printed.push(r));
        let squares: Vec<u64> = items.iter().map(|n| n * n).collect();
        assert_eq!(printed, squares);
        assert_eq!(done.into_iter().flatten().collect::<Vec<_>>(), squares);
    }

    #[test]
    fn a_job_cut_short_is_left_out_and_no_item_starts_after_a_cancel() {
        let items: Vec<u64> = (0..10).collect();
        let cancel = AtomicBool::new(false);
        let mut printed = Vec::new();
        let job = |&n: &u64| {
            if n == 3 {
                cancel.store(true, Ordering::Relaxed);
                return None;
            }
            Some(n)
        };
        let bar = Bar::new(None, "items", true);
        let done = in_order(&items, 1, &cancel, &bar, job, |&r| printed.push(r));
        assert_eq!(printed, vec![0, 1, 2]);
        assert_eq!(done.iter().flatten().count(), 3);
    }
}
