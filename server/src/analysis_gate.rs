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

    /// Waits for a free permit. Take it before loading what the analysis reads (a stored file
    /// of up to 100 MB), so that requests beyond the bound wait without holding their file.
    pub async fn permit(&self) -> Result<Permit, GateError> {
        Ok(Permit(self.permits.clone().acquire_owned().await?))
    }

    /// Runs `work` on the blocking pool once a permit is free; the permit is held until it ends.
    pub async fn run<T, F>(&self, work: F) -> Result<T, GateError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        self.permit().await?.run(work).await
    }
}

/// A permit of the gate: one analysis may run while it is held.
#[derive(Debug)]
pub struct Permit(tokio::sync::OwnedSemaphorePermit);

impl Permit {
    /// Runs `work` on the blocking pool, holding this permit until it ends.
    pub async fn run<T, F>(self, work: F) -> Result<T, GateError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self.0;
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

    /// What a request loads for its analysis (the stored file) is loaded only once it holds a
    /// permit: while the gate is full, a waiting request has loaded nothing.
    #[tokio::test]
    async fn a_waiting_request_loads_nothing_before_its_permit() {
        let gate = AnalysisGate::new(1);
        let held = gate.permit().await.unwrap();
        let loaded = Arc::new(AtomicUsize::new(0));
        let waiting = {
            let (gate, loaded) = (gate.clone(), loaded.clone());
            tokio::spawn(async move {
                let permit = gate.permit().await.unwrap();
                loaded.fetch_add(1, Ordering::SeqCst);
                permit.run(|| ()).await.unwrap();
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(
            loaded.load(Ordering::SeqCst),
            0,
            "loaded while the gate was full"
        );
        held.run(|| ()).await.unwrap();
        waiting.await.unwrap();
        assert_eq!(loaded.load(Ordering::SeqCst), 1);
    }
}
