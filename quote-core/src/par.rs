//! Work spread over the machine's cores (feature `threads`, for native builds: `quote` turns it
//! on; the WebAssembly build has no threads and runs the same work in one), with every result
//! kept in its task's place, so that a caller that combines them in task order gets the same
//! bits whatever the number of threads, and the same as the single-threaded build.

/// How many threads the work may use: the cores the system gives this process with the feature,
/// else 1.
pub(crate) fn threads() -> usize {
    #[cfg(feature = "threads")]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    #[cfg(not(feature = "threads"))]
    {
        1
    }
}

/// `f(0), f(1), … f(n - 1)`, in that order, computed on up to [`threads`] threads (tasks taken
/// in turn from a shared counter, so a slow task does not hold the others back).
pub(crate) fn map<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let workers = threads().min(n);
    if workers <= 1 {
        return (0..n).map(f).collect();
    }
    spread(n, workers, &f)
}

/// `(a(), b())`, `b` on a thread of its own when there are threads.
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "threads")]
    {
        std::thread::scope(|s| {
            let other = s.spawn(b);
            let first = a();
            let second = other
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            (first, second)
        })
    }
    #[cfg(not(feature = "threads"))]
    {
        (a(), b())
    }
}

#[cfg(feature = "threads")]
fn spread<T: Send>(n: usize, workers: usize, f: &(impl Fn(usize) -> T + Sync)) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                return done;
            }
            done.push((i, f(i)));
        }
    };
    let mut slots: Vec<Option<T>> = (0..n).map(|_| None).collect();
    std::thread::scope(|s| {
        let others: Vec<_> = (1..workers).map(|_| s.spawn(work)).collect();
        let mut all = work();
        for h in others {
            // A task that panicked re-raises its panic here, as it would have single-threaded.
            all.extend(h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        for (i, r) in all {
            slots[i] = Some(r);
        }
    });
    slots
        .into_iter()
        .map(|r| r.expect("every task ran once"))
        .collect()
}

#[cfg(not(feature = "threads"))]
fn spread<T: Send>(n: usize, _workers: usize, f: &(impl Fn(usize) -> T + Sync)) -> Vec<T> {
    (0..n).map(f).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_come_back_in_task_order() {
        let out = super::map(1000, |i| i * 2);
        assert_eq!(out, (0..1000).map(|i| i * 2).collect::<Vec<_>>());
        assert!(super::map(0, |i| i).is_empty());
        assert_eq!(super::join(|| 1, || "two"), (1, "two"));
    }
}
