//! The bound on file analyses: at most a given number run at once (one per core by default),
//! whatever the number of requests, each on the blocking pool once it holds a permit. A request
//! beyond the bound waits for a permit instead of taking a core and its memory.

use std::sync::Arc;

use tokio::sync::Semaphore;

/// Why a gated analysis did not give its result.
#[derive(Debug, thiserror::Error)]
pub enum GateError {
    /// The gate was closed (the server is stopping).
    #[error("analysis gate closed")]
    Closed(#[from] tokio::sync::AcquireError),
    /// The analysis panicked or was cancelled on the blocking pool.
    #[error("analysis task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

/// Permits of the analyses run at once; cloning shares them.
#[derive(Debug, Clone)]
pub struct AnalysisGate {
    permits: Arc<Semaphore>,
}

impl AnalysisGate {
    /// A gate letting `at_once` analyses run together (at least one).
    pub fn new(at_once: usize) -> Self {
        AnalysisGate {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
        }
    }

    /// One analysis per core.
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map_or(1, usize::from))
    }

    /// Runs `work` on the blocking pool once a permit is free; the permit is held until it ends.
    pub async fn run<T, F>(&self, work: F) -> Result<T, GateError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self.permits.clone().acquire_owned().await?;
        let result = tokio::task::spawn_blocking(move || {
            let out = work();
            drop(permit);
            out
        })
        .await?;
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    /// Twelve analyses asked at once through a gate of two: two run together, never three.
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn never_more_analyses_run_at_once_than_the_gate_allows() {
        let gate = AnalysisGate::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..12 {
            let (gate, running, peak) = (gate.clone(), running.clone(), peak.clone());
            tasks.push(tokio::spawn(async move {
                gate.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(40));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }));
        }
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        assert_eq!(peak.load(Ordering::SeqCst), 2);
        assert_eq!(running.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_gate_of_zero_still_lets_one_analysis_run() {
        let gate = AnalysisGate::new(0);
        assert_eq!(gate.run(|| 41 + 1).await.unwrap(), 42);
    }

    #[tokio::test]
    async fn a_panicking_analysis_gives_an_error_and_frees_its_permit() {
        let gate = AnalysisGate::new(1);
        let failed = gate.run(|| -> u8 { panic!("analysis crashed") }).await;
        assert!(matches!(failed, Err(GateError::Task(_))));
        assert_eq!(gate.run(|| 7).await.unwrap(), 7);
    }
}
