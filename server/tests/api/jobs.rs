//! Background jobs that must run once for the whole site: of several instances taking a job's
//! lease at the same moment, exactly one runs the job; the lease can be taken again once expired.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use server::db::job_leases;
use server::jobs;

use crate::helpers::spawn_app;

#[tokio::test]
async fn of_instances_taking_a_lease_together_exactly_one_gets_it() {
    let app = spawn_app().await;
    let now = server::clock::now();
    let takers = (0..8).map(|i| {
        let db = app.db.clone();
        tokio::spawn(async move {
            job_leases::try_take(
                &mut db.acquire().await.unwrap(),
                "test-job",
                &format!("instance-{i}"),
                now,
                600,
            )
            .await
            .unwrap()
        })
    });
    let mut taken = 0;
    for taker in takers {
        if taker.await.unwrap() {
            taken += 1;
        }
    }
    assert_eq!(taken, 1);
    let lease = job_leases::find(&mut app.db.acquire().await.unwrap(), "test-job")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((lease.runs, lease.expires_at), (1, now + 600));

    // Held until it expires, then taken over by another instance.
    assert!(!job_leases::try_take(
        &mut app.db.acquire().await.unwrap(),
        "test-job",
        "late",
        now + 599,
        600
    )
    .await
    .unwrap());
    assert!(job_leases::try_take(
        &mut app.db.acquire().await.unwrap(),
        "test-job",
        "late",
        now + 600,
        600
    )
    .await
    .unwrap());
    let lease = job_leases::find(&mut app.db.acquire().await.unwrap(), "test-job")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((lease.holder.as_str(), lease.runs), ("late", 2));
}

#[tokio::test]
async fn a_job_runs_only_on_the_instance_holding_its_lease() {
    let app = spawn_app().await;
    let ran = Arc::new(AtomicUsize::new(0));
    let mut outcomes = Vec::new();
    for holder in ["a", "b", "a"] {
        let ran = ran.clone();
        let outcome = jobs::run_once(&app.db, "test-once", holder, 3600, || async move {
            ran.fetch_add(1, Ordering::SeqCst);
            Ok(())
        })
        .await
        .unwrap();
        outcomes.push(outcome);
    }
    assert_eq!(outcomes, vec![true, false, false]);
    assert_eq!(ran.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn the_server_takes_the_purge_lease_at_start() {
    let app = spawn_app().await;
    // The purge loop checks at start; wait for its lease row (the loop runs in the background).
    let mut lease = None;
    for _ in 0..100 {
        lease = job_leases::find(&mut app.db.acquire().await.unwrap(), jobs::PURGE_JOB)
            .await
            .unwrap();
        if lease.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let lease = lease.expect("the purge took its lease");
    assert_eq!(lease.runs, 1);
    assert!(lease.expires_at > server::clock::now());
}
