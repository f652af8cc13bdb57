//! The admin lists of parts, paged on the server: the review queue
//! (`GET Pieces/ForReview?q=&page=&par_page=`, longest waiting first, searched by file name and
//! owner) and an account's parts (`GET Admin/Comptes/{id}/Pieces?page=&par_page=`, newest first),
//! each `{items, total, page, par_page}` with French 400s for wrong page parameters.

use serde_json::{json, Value};
use server::db::accounts::Role;

use crate::builders::{a_customer, an_admin, open_cube, Part};
use crate::devis_helpers::box_stl;
use crate::helpers::{assert_paging, exec, ids_of, scalar, spawn_app, TestApp, TestClient};

/// A copy of the real part `from` for `account` (or nobody) named `name`, in `status`, created at
/// `at` (Unix seconds); returns its id.
async fn copy_part(
    app: &TestApp,
    from: i64,
    account: Option<i64>,
    name: &str,
    status: i64,
    at: i64,
) -> i64 {
    scalar!(
        app,
        "INSERT INTO parts (account_id, file_name, storage_key, sha256, size_bytes, analysis, \
         options, status_id, review_note, review_reasons, review_request, created_at, \
         updated_at) SELECT $1, $2, storage_key, sha256, size_bytes, analysis, options, $3, '', \
         review_reasons, '', $4, $4 FROM parts WHERE id = $5 RETURNING id",
        account,
        name,
        status,
        at,
        from
    )
}

/// A history row: `part` was given `status` at `at`.
async fn history(app: &TestApp, part: i64, status: i64, at: i64) {
    exec!(
        app,
        "INSERT INTO part_status_history (part_id, status_id, comment, actor_account_id, \
         created_at) VALUES ($1, $2, '', NULL, $3)",
        part,
        status,
        at
    );
}

async fn account_id(app: &TestApp, email: &str) -> i64 {
    scalar!(app, "SELECT id FROM accounts WHERE email = $1", email)
}

/// A 200 page of `path`.
async fn page(admin: &TestClient, path: &str) -> Value {
    let (status, body) = admin.call("GET", path, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// `path` is refused with a French 400 whose first error starts with `expected`.
async fn refused(admin: &TestClient, path: &str, expected: &str) {
    let (status, body) = admin.call("GET", path, None).await;
    assert_eq!(status, 400, "{path}: {body}");
    let first = body["errors"][0].as_str().unwrap_or_default();
    assert!(first.starts_with(expected), "{path}: {body}");
}

#[tokio::test]
async fn the_review_queue_is_paged_on_the_server_longest_waiting_first_with_its_total() {
    let app = spawn_app().await;
    // A real open cube of Jeanne's, waiting since its analysis (now).
    let first = a_customer(&app).with_basket(open_cube()).await.part();
    let jeanne = account_id(&app, "jeanne@exemple.fr").await;
    let paul = app.create_account("paul@exemple.fr", Role::Client).await;
    exec!(
        app,
        "UPDATE accounts SET nom = 'LEFÈVRE', prenom = 'JÉRÔME' WHERE id = $1",
        paul
    );
    let now: i64 = scalar!(app, "SELECT created_at FROM parts WHERE id = $1", first);
    let base = now - 10_000;
    // 24 copies, Paul's and Jeanne's in turn, inserted in the opposite order of their waiting:
    // the later a copy is made, the longer it has waited. Copies 10 and 11 wait since the same
    // second (then the smaller id comes first); copy 5 was created long ago, validated, and
    // asked again: it waits since the new request.
    let mut expected: Vec<(i64, i64)> = Vec::new();
    for i in 0..24_i64 {
        let owner = if i % 2 == 0 { paul } else { jeanne };
        let since = base + (24 - if i == 11 { 10 } else { i }) * 60;
        let created = if i == 5 { base - 50_000 } else { since };
        let id = copy_part(
            &app,
            first,
            Some(owner),
            &format!("piece-{i:02}.stl"),
            2,
            created,
        )
        .await;
        if i == 5 {
            history(&app, id, 2, base - 50_000).await;
            history(&app, id, 3, base - 40_000).await;
        }
        history(&app, id, 2, since).await;
        expected.push((since, id));
    }
    // Not in the queue: a validated part, and a visitor's upload that nobody put in a basket.
    let done = copy_part(&app, first, Some(paul), "validee.stl", 3, base).await;
    history(&app, done, 3, base).await;
    let anonymous = copy_part(&app, first, None, "anonyme.stl", 2, base).await;
    history(&app, anonymous, 2, base).await;
    expected.sort();
    let mut order: Vec<i64> = expected.iter().map(|(_, id)| *id).collect();
    order.push(first);
    assert_eq!(order.len(), 25);

    let admin = an_admin(&app).await;
    // Without parameters: the first page of 20.
    let p1 = page(&admin, "Pieces/ForReview").await;
    assert_paging(&p1, 25, 1, 20);
    assert_eq!(ids_of(&p1), order[..20]);
    // The rows keep the fields of a part, with the owner and since when it waits.
    let row = &p1["items"][0];
    assert_eq!(row["Id_Piece"], row["id"]);
    assert_eq!(row["id_statut"], 2);
    assert_eq!(row["statut"], "À vérifier");
    assert!(row["en_attente_depuis"].as_str().unwrap().ends_with('Z'));
    assert!(row["client"]["email"]
        .as_str()
        .unwrap()
        .ends_with("@exemple.fr"));
    // The last page holds the rest, ending with the part that waits the least.
    let p2 = page(&admin, "Pieces/ForReview?page=2&par_page=20").await;
    assert_eq!((&p2["total"], &p2["page"]), (&json!(25), &json!(2)));
    assert_eq!(ids_of(&p2), order[20..]);
    assert_eq!(ids_of(&p2).last(), Some(&first));
    let p = page(&admin, "Pieces/ForReview?page=2&par_page=10").await;
    assert_eq!(ids_of(&p), order[10..20]);
    let all = page(&admin, "Pieces/ForReview?par_page=100").await;
    assert_eq!(ids_of(&all), order);
    // Past the last page: an empty page, with the total.
    let past = page(&admin, "Pieces/ForReview?page=9").await;
    assert_eq!((ids_of(&past).len(), &past["total"]), (0, &json!(25)));

    // The search: the owner's e-mail or names (accents and capitals folded), the file name.
    for q in [
        "PAUL%40",
        "j%C3%A9r%C3%B4me",
        "Lef%C3%A8vre",
        "J%C3%89R%C3%94ME%20lef",
    ] {
        let found = page(&admin, &format!("Pieces/ForReview?q={q}&par_page=100")).await;
        assert_eq!(found["total"], 12, "{q}: {found}");
        for item in found["items"].as_array().unwrap() {
            assert_eq!(item["client"]["email"], "paul@exemple.fr", "{q}");
        }
        let found_ids = ids_of(&found);
        let mut sorted = found_ids.clone();
        sorted.sort_by_key(|id| order.iter().position(|o| o == id));
        assert_eq!(found_ids, sorted, "{q}: oldest first");
    }
    let found = page(&admin, "Pieces/ForReview?q=%20ouvert%20").await;
    assert_eq!((ids_of(&found), &found["total"]), (vec![first], &json!(1)));
    let found = page(&admin, "Pieces/ForReview?q=piece-0&page=2&par_page=6").await;
    assert_eq!((ids_of(&found).len(), &found["total"]), (4, &json!(10)));
    let found = page(&admin, "Pieces/ForReview?q=anonyme").await;
    assert_eq!(found["total"], 0);
    let found = page(&admin, "Pieces/ForReview?q=%25").await;
    assert_eq!(found["total"], 0, "a % is a character, not a wildcard");

    // Wrong parameters: French 400s.
    refused(&admin, "Pieces/ForReview?page=0", "Numéro de page invalide").await;
    refused(
        &admin,
        "Pieces/ForReview?page=deux",
        "Numéro de page invalide",
    )
    .await;
    refused(
        &admin,
        "Pieces/ForReview?par_page=101",
        "Nombre de lignes par page invalide",
    )
    .await;
    refused(
        &admin,
        "Pieces/ForReview?par_page=0",
        "Nombre de lignes par page invalide",
    )
    .await;
    refused(
        &admin,
        "Pieces/ForReview?par_page=2.5",
        "Nombre de lignes par page invalide",
    )
    .await;
    let long = "a".repeat(201);
    refused(
        &admin,
        &format!("Pieces/ForReview?q={long}"),
        "La recherche ne doit pas dépasser 200",
    )
    .await;

    // Decided, a part leaves the queue and the next one moves up.
    let body = json!({ "Id_Piece": order[0], "Id_Status": 3 });
    let (status, _) = admin.call("PUT", "Pieces/status", Some(body)).await;
    assert_eq!(status, 200);
    let p1 = page(&admin, "Pieces/ForReview?par_page=5").await;
    assert_eq!(
        (ids_of(&p1), &p1["total"]),
        (order[1..6].to_vec(), &json!(24))
    );
}

#[tokio::test]
async fn an_accounts_parts_are_paged_on_the_server_newest_first() {
    let app = spawn_app().await;
    let real = a_customer(&app)
        .email("lea@exemple.fr")
        .with_basket(Part::file(box_stl(12.0, 8.0, 5.0), "boitier.stl"))
        .await
        .part();
    let lea = account_id(&app, "lea@exemple.fr").await;
    let other = app.create_account("autre@exemple.fr", Role::Client).await;
    let mut leas = vec![real];
    for i in 0..44 {
        // Created in no particular order of time: the list goes by id, newest first.
        let at = 1_800_000_000 + (i * 7919) % 1000;
        let status = 1 + i % 4;
        leas.push(
            copy_part(
                &app,
                real,
                Some(lea),
                &format!("lea-{i:02}.stl"),
                status,
                at,
            )
            .await,
        );
        if i % 10 == 0 {
            copy_part(&app, real, Some(other), "autre.stl", 1, at).await;
        }
    }
    leas.sort_unstable_by(|a, b| b.cmp(a));
    let admin = an_admin(&app).await;
    let path = |query: &str| format!("Admin/Comptes/{lea}/Pieces{query}");

    let p1 = page(&admin, &path("")).await;
    assert_paging(&p1, 45, 1, 20);
    assert_eq!(ids_of(&p1), leas[..20]);
    let row = &p1["items"][0];
    assert_eq!(row["file_name"], "lea-43.stl");
    assert_eq!(row["id_status"], 4);
    assert_eq!(row["statut"], "Refusée");
    assert!(row["created_at"].as_str().unwrap().ends_with('Z'), "{row}");
    let last = page(&admin, &path("?page=3")).await;
    assert_eq!(ids_of(&last), leas[40..]);
    assert_eq!(ids_of(&last).last(), Some(&real));
    let p = page(&admin, &path("?page=2&par_page=15")).await;
    assert_eq!(ids_of(&p), leas[15..30]);
    let all = page(&admin, &path("?par_page=100")).await;
    assert_eq!(ids_of(&all), leas);
    let past = page(&admin, &path("?page=4")).await;
    assert_eq!((ids_of(&past).len(), &past["total"]), (0, &json!(45)));
    let others = page(&admin, &format!("Admin/Comptes/{other}/Pieces")).await;
    assert_eq!(others["total"], 5);

    refused(&admin, &path("?page=0"), "Numéro de page invalide").await;
    refused(&admin, &path("?page=-2"), "Numéro de page invalide").await;
    refused(
        &admin,
        &path("?par_page=500"),
        "Nombre de lignes par page invalide",
    )
    .await;
    for unknown in ["999999", "abc", "0"] {
        let (status, body) = admin
            .call("GET", &format!("Admin/Comptes/{unknown}/Pieces"), None)
            .await;
        assert_eq!(status, 404, "{unknown}: {body}");
        assert!(
            body.to_string().contains("Ce compte n'existe pas"),
            "{body}"
        );
    }
    // The account's page itself carries neither its parts nor its orders (each paged apart).
    let detail = page(&admin, &format!("Admin/Comptes/{lea}")).await;
    assert_eq!(detail["compte"]["email"], "lea@exemple.fr");
    assert!(detail.get("pieces").is_none(), "{detail}");
    assert!(detail.get("commandes").is_none(), "{detail}");
}
