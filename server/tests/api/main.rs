//! One integration-test binary for the server: every area has its module, all start the real
//! server on 127.0.0.1:0 against a fresh database (SQLite, or PostgreSQL when
//! `TEST_POSTGRES_URL` is set).

mod builders;
mod helpers;
mod mail_helpers;
mod partners;
mod stripe_helpers;

mod admin_catalogue;
mod admin_catalogue_items;
mod admin_comptes;
mod admin_tableau;
mod admin_volume;
mod adresses;
mod audit;
mod auth;
mod authz;
mod card_checkout;
mod commande;
mod commande_admin;
mod commande_pdf;
mod commande_statut;
mod commande_suivi;
mod compte_piece;
mod comptes;
mod contact;
mod devis;
mod devis_corps;
mod devis_pdf;
mod devis_step;
mod discounts;
mod email;
mod entreprise;
mod extractors;
mod factures;
mod jobs;
mod mail_outbox;
mod pages;
mod password_change;
mod payment;
mod payment_mail;
mod pieces;
mod proxy;
mod reduction_admin;
mod review_queue;
mod security;
mod security_findings;
mod snapshot;
mod statistics;
mod storage_s3;
mod twofa;
