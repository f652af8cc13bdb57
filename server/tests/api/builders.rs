//! Builders for the usual worlds of the API tests, so that each test states only what it checks.
//!
//! ```ignore
//! let app = spawn_app().await;
//! let visitor = a_visitor(&app).await;            // no account, CSRF token fetched
//! let admin = an_admin(&app).await;               // admin@exemple.fr, signed in
//! let c = a_customer(&app).await;                 // jeanne@exemple.fr, signed in
//! let c = a_customer(&app).email("a@exemple.fr").with_address(FR).with_basket(cube()).await;
//! let c = a_customer(&app).ready_to_order().await;   // the same: FR address, cube() in basket
//! c.id; c.address(); c.addresses[1]; c.line(); c.part();   // account, addresses, basket lines
//! let placed = place_order(&c, "cle-1").await;       // POST Commande by transfer: its JSON
//! let order = an_order(&app).of(&c).paid().await; // its id: inserted for c, paid by an admin
//! let order = an_order(&app).number(7).at(OrderStatus::Shipped).by(&admin).await;
//! ```
//!
//! A [`User`] derefs to its [`TestClient`], so `c.proxy(…)`, `c.call(…)` and `&c` as a client
//! work as for a bare client. Addresses: [`FR`] (Lyon), [`DE`], [`CH`], or [`Addr::company`];
//! parts: [`cube`] (20 × 30 × 40 mm SLA, quantity 3), [`open_cube`] (to review) or [`Part::file`].
//! Every step asserts what it expects, so a broken set-up fails where it breaks.

use std::future::{Future, IntoFuture};
use std::ops::{Deref, DerefMut};
use std::pin::Pin;

use serde_json::{json, Value};
use server::commerce::order_status::OrderStatus;
use server::db::accounts::Role;

use crate::devis_helpers::{box_stl, drop_file, fixture, post, set_entry};
use crate::helpers::{scalar, TestApp, TestClient};

type Building<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A browser without an account, its CSRF token fetched.
pub async fn a_visitor(app: &TestApp) -> TestClient {
    let mut c = app.client();
    c.csrf_token().await;
    c
}

/// A customer (`jeanne@exemple.fr` unless [`UserBuilder::email`] says otherwise).
pub fn a_customer(app: &TestApp) -> UserBuilder<'_> {
    UserBuilder::new(app, Role::Client, "jeanne@exemple.fr")
}

/// An admin (`admin@exemple.fr` unless [`UserBuilder::email`] says otherwise).
pub fn an_admin(app: &TestApp) -> UserBuilder<'_> {
    UserBuilder::new(app, Role::Admin, "admin@exemple.fr")
}

/// A signed-in account and what the builder gave it.
pub struct User {
    /// Its browser (signed in, CSRF token fetched).
    pub client: TestClient,
    /// The account's id.
    pub id: i64,
    /// Its addresses' ids, in the order of [`UserBuilder::with_address`].
    pub addresses: Vec<i64>,
    /// Its basket lines (`ComptePiece`) after [`UserBuilder::with_basket`].
    pub lines: Vec<Value>,
}

impl User {
    /// The first address's id.
    pub fn address(&self) -> i64 {
        *self.addresses.first().expect("built with_address")
    }

    /// The first basket line.
    pub fn line(&self) -> &Value {
        self.lines.first().expect("built with_basket")
    }

    /// The part of the first basket line (`Id_Piece`).
    pub fn part(&self) -> i64 {
        self.line()["Id_Piece"].as_i64().unwrap()
    }
}

impl Deref for User {
    type Target = TestClient;
    fn deref(&self) -> &TestClient {
        &self.client
    }
}

impl DerefMut for User {
    fn deref_mut(&mut self) -> &mut TestClient {
        &mut self.client
    }
}

/// An address to create: country, postcode and, for a company, its name, VAT number and SIREN.
#[derive(Clone, Copy)]
pub struct Addr {
    /// `idPays`.
    pub country: &'static str,
    /// `codePostal`.
    pub postcode: &'static str,
    /// `(nom_entreprise, numero_tva)`.
    pub company: Option<(&'static str, &'static str)>,
    /// The company's `siren` (empty: none).
    pub siren: &'static str,
}

/// A French consumer's address in Lyon.
pub const FR: Addr = Addr {
    country: "fr",
    postcode: "69003",
    company: None,
    siren: "",
};
/// A German consumer's address in Berlin.
pub const DE: Addr = Addr {
    country: "de",
    postcode: "10115",
    company: None,
    siren: "",
};
/// A Swiss address in Geneva (outside the EU).
pub const CH: Addr = Addr {
    country: "ch",
    postcode: "1201",
    company: None,
    siren: "",
};

impl Addr {
    /// The same address, of a company with this name and VAT number.
    pub const fn company(self, name: &'static str, vat: &'static str) -> Addr {
        Addr {
            company: Some((name, vat)),
            ..self
        }
    }

    /// The same address, its company giving this SIREN.
    pub const fn siren(self, siren: &'static str) -> Addr {
        Addr { siren, ..self }
    }
}

/// A file to put in a basket: its bytes, its name and the quantity to set (none: the default).
pub struct Part {
    bytes: Vec<u8>,
    name: String,
    quantity: Option<u32>,
}

/// `cube.stl`, a closed 20 × 30 × 40 mm box, SLA, quantity 3.
pub fn cube() -> Part {
    Part::file(box_stl(20.0, 30.0, 40.0), "cube.stl").quantity(3)
}

/// `ouvert.stl`, the project's open cube (`fixtures/open_cube.stl`): a part to review.
pub fn open_cube() -> Part {
    Part::file(fixture("open_cube.stl"), "ouvert.stl")
}

impl Part {
    /// Any bytes under `name`, default options.
    pub fn file(bytes: Vec<u8>, name: &str) -> Part {
        Part {
            bytes,
            name: name.to_owned(),
            quantity: None,
        }
    }

    /// The same part, in this quantity.
    pub fn quantity(self, quantity: u32) -> Part {
        Part {
            quantity: Some(quantity),
            ..self
        }
    }
}

/// Builds a [`User`]; `.await` it.
pub struct UserBuilder<'a> {
    app: &'a TestApp,
    role: Role,
    email: String,
    addresses: Vec<Addr>,
    basket: Vec<Part>,
}

impl<'a> UserBuilder<'a> {
    fn new(app: &'a TestApp, role: Role, email: &str) -> Self {
        UserBuilder {
            app,
            role,
            email: email.to_owned(),
            addresses: Vec::new(),
            basket: Vec::new(),
        }
    }

    /// The account's e-mail.
    pub fn email(mut self, email: &str) -> Self {
        self.email = email.to_owned();
        self
    }

    /// Creates this address through `POST Adresses` (call again for more).
    pub fn with_address(mut self, addr: Addr) -> Self {
        self.addresses.push(addr);
        self
    }

    /// The usual customer who can order: an address in Lyon ([`FR`]) and [`cube`] in the basket.
    pub fn ready_to_order(self) -> Self {
        self.with_address(FR).with_basket(cube())
    }

    /// Drops this part on the quote page and puts it in the basket (call again for more).
    pub fn with_basket(mut self, part: Part) -> Self {
        self.basket.push(part);
        self
    }

    async fn build(self) -> User {
        let (client, id) = self.app.signed_in(&self.email, self.role).await;
        let mut addresses = Vec::new();
        for a in &self.addresses {
            addresses.push(address_of(&client, a).await);
        }
        let mut lines = Vec::new();
        if !self.basket.is_empty() {
            let indexes: Vec<usize> = (0..self.basket.len()).collect();
            for (index, part) in self.basket.into_iter().enumerate() {
                drop_file(&client, part.bytes, &part.name, index).await;
                if let Some(quantity) = part.quantity {
                    let res = set_entry(&client, index, json!({ "quantity": quantity })).await;
                    assert_eq!(res.status(), 200);
                }
            }
            let res = post(
                &client,
                "/api/devis/panier",
                json!({ "dataFiles": indexes }),
            )
            .await;
            assert_eq!(res.status(), 200);
            lines = client.get_json("ComptePiece").await;
            assert_eq!(lines.len(), indexes.len(), "{lines:?}");
        }
        User {
            client,
            id,
            addresses,
            lines,
        }
    }
}

impl<'a> IntoFuture for UserBuilder<'a> {
    type Output = User;
    type IntoFuture = Building<'a, User>;
    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.build())
    }
}

/// Creates an address in `country` (with a company and VAT number when given); returns its id.
pub async fn address(
    c: &TestClient,
    country: &str,
    postcode: &str,
    company: Option<(&str, &str)>,
) -> i64 {
    let mut body = json!({
        "idPays": country, "ville": "Ville", "codePostal": postcode, "rue": "1 rue de la Gare",
        "complement": "", "nom": "Dupont", "prenom": "Jeanne", "tel": "06 12 34 56 78"
    });
    if let Some((name, vat)) = company {
        body["nom_entreprise"] = json!(name);
        body["numero_tva"] = json!(vat);
    }
    let a = c.expect(201, "POST", "Adresses", Some(body)).await;
    a["idAdresse"].as_i64().unwrap()
}

/// Creates the address `a` (its company's SIREN included); returns its id.
async fn address_of(c: &TestClient, a: &Addr) -> i64 {
    if a.siren.is_empty() {
        return address(c, a.country, a.postcode, a.company).await;
    }
    let (name, vat) = a.company.expect("a SIREN belongs to a company");
    let body = json!({
        "idPays": a.country, "ville": "Ville", "codePostal": a.postcode,
        "rue": "1 rue de la Gare", "complement": "", "nom": "Dupont", "prenom": "Jeanne",
        "tel": "06 12 34 56 78", "nom_entreprise": name, "numero_tva": vat, "siren": a.siren
    });
    let created = c.expect(201, "POST", "Adresses", Some(body)).await;
    assert_eq!(
        created["entreprise"]["siren"],
        a.siren.replace(' ', ""),
        "{created}"
    );
    created["idAdresse"].as_i64().unwrap()
}

/// The body of `POST Commande` to one address (delivery and billing), by bank transfer, the
/// terms of sale accepted.
pub fn order_body(address: i64) -> Value {
    json!({ "idAdresseLivraison": address, "idAdresseFacturation": address,
            "modePaiement": "virement", "cgvAcceptees": true })
}

/// `POST Commande` through the proxy with an optional `Idempotency-Key`: `(status, body)`.
pub async fn place(c: &TestClient, key: Option<&str>, body: Value) -> (u16, Value) {
    let call = json!({ "path": "Commande", "httpMethod": "POST", "body": body });
    let mut req = c.http.post(c.url("/api/proxy")).json(&call);
    if let Some(t) = &c.csrf {
        req = req.header("x-csrf-token", t);
    }
    if let Some(k) = key {
        req = req.header("idempotency-key", k);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// The customer's basket ordered by bank transfer to their first address, under the
/// idempotency key `key` (must answer 201): the order's JSON (`id_commande`, `numero`…).
pub async fn place_order(c: &User, key: &str) -> Value {
    let (status, order) = place(c, Some(key), order_body(c.address())).await;
    assert_eq!(status, 201, "{order}");
    order
}

/// The frozen address of the orders [`insert_order`] writes.
const SNAPSHOT: &str = r#"{"idAdresse":1,"idPays":{"code":"fr","name":"France"},"ville":"Lyon","codePostal":"69003","rue":"12 rue de la Part-Dieu","complement":"","nom":"Dupont","prenom":"Jeanne","tel":"+33612345678","entreprise":null}"#;

/// Inserts order `CO-2026-{n:06}` of `account` with one line, waiting for payment, by bank
/// transfer, 128.28 € TTC; returns its id.
pub async fn insert_order(app: &TestApp, account: i64, n: i64) -> i64 {
    scalar!(app, "INSERT INTO orders (numero, account_id, status, idempotency_key, customer_email, \
         billing_address, shipping_address, shipping_zone, weight_g, subtotal_cents, discount_cents, \
         shipping_cents, total_ht_cents, vat_rate_bp, vat_cents, total_ttc_cents, reverse_charge, \
         vat_regime, buyer_vat_number, discount_code, payment_method, catalog_version, \
         cgv_accepted_at, created_at, updated_at) \
         VALUES ($1, $2, 'en attente de paiement', $3, 'client@exemple.fr', $4, $4, 'france', 200, \
         10000, 0, 690, 10690, 2000, 2138, 12828, 0, 'france', '', '', 'virement', 1, 1, 1, 1) \
         RETURNING id", format!("CO-2026-{n:06}"), account, format!("cle-{n}"), SNAPSHOT)
}

/// An order inserted in the database (see [`insert_order`]), then moved along the legal path;
/// `.await` gives its id.
pub fn an_order(app: &TestApp) -> OrderBuilder<'_> {
    OrderBuilder {
        app,
        account: None,
        n: None,
        status: OrderStatus::AwaitingPayment,
        admin: None,
    }
}

/// Builds an order; `.await` it for its id.
pub struct OrderBuilder<'a> {
    app: &'a TestApp,
    account: Option<i64>,
    n: Option<i64>,
    status: OrderStatus,
    admin: Option<&'a TestClient>,
}

impl<'a> OrderBuilder<'a> {
    /// The customer's (default: `client@exemple.fr`, created when missing).
    pub fn of(self, customer: &User) -> Self {
        self.of_account(customer.id)
    }

    /// The customer's account id.
    pub fn of_account(mut self, account: i64) -> Self {
        self.account = Some(account);
        self
    }

    /// Its number `CO-2026-{n:06}` (default: one more than the orders there are).
    pub fn number(mut self, n: i64) -> Self {
        self.n = Some(n);
        self
    }

    /// Paid through `PUT Commande/{id}/statut` (the invoice is issued).
    pub fn paid(self) -> Self {
        self.at(OrderStatus::Paid)
    }

    /// Brought to `status` along the legal path, one `PUT Commande/{id}/statut` a step.
    pub fn at(mut self, status: OrderStatus) -> Self {
        self.status = status;
        self
    }

    /// The admin who moves it (default: `caisse@exemple.fr`, signed in when needed).
    pub fn by(mut self, admin: &'a TestClient) -> Self {
        self.admin = Some(admin);
        self
    }

    async fn build(self) -> i64 {
        use OrderStatus::*;
        let app = self.app;
        let account = match self.account {
            Some(id) => id,
            None => account_of(app, "client@exemple.fr", Role::Client).await,
        };
        let n = match self.n {
            Some(n) => n,
            None => {
                let count: i64 = scalar!(app, "SELECT COUNT(*) FROM orders");
                count + 1
            }
        };
        let id = insert_order(app, account, n).await;
        let path: &[OrderStatus] = match self.status {
            AwaitingPayment => &[],
            Paid => &[Paid],
            InProduction => &[Paid, InProduction],
            Shipped => &[Paid, InProduction, Shipped],
            Delivered => &[Paid, InProduction, Shipped, Delivered],
            Cancelled => &[Cancelled],
        };
        if !path.is_empty() {
            let own;
            let admin = match self.admin {
                Some(a) => a,
                None => {
                    account_of(app, "caisse@exemple.fr", Role::Admin).await;
                    let mut c = app.client();
                    app.sign_in_fully(&mut c, "caisse@exemple.fr", crate::helpers::PASSWORD)
                        .await;
                    own = c;
                    &own
                }
            };
            for step in path {
                let res = admin.set_order_status(id, step.as_str()).await;
                assert_eq!(res.status(), 200, "{step:?}: {}", res.text().await.unwrap());
            }
        }
        id
    }
}

impl<'a> IntoFuture for OrderBuilder<'a> {
    type Output = i64;
    type IntoFuture = Building<'a, i64>;
    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.build())
    }
}

/// The id of the account `email`, created with `role` when missing.
async fn account_of(app: &TestApp, email: &str, role: Role) -> i64 {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM accounts WHERE email = $1")
        .bind(email)
        .fetch_optional(&app.db.pool)
        .await
        .unwrap();
    match found {
        Some(id) => id,
        None => app.create_account(email, role).await,
    }
}
