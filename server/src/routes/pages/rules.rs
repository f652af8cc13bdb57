//! The site-wide rules for page navigations (specification sections 4 and 5, `PRODUCT.md`):
//! maintenance, mobile devices, login-only, visitor-only and admin routes, known routes and the
//! catch-all `/{slug}`. Pure: the caller gathers the facts, this module decides.

use crate::db::accounts::Role;

/// What to do with a page navigation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Redirect (307) to this location.
    Redirect(String),
    /// Serve the app with 200.
    Page,
    /// Serve the app with 404 (its 404 page).
    NotFound,
}

/// The facts a decision needs.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    /// Path, without trailing slash (`/` for the home page).
    pub path: &'a str,
    /// Query string, if any.
    pub query: Option<&'a str>,
    /// Maintenance mode is on.
    pub maintenance: bool,
    /// The user agent is a mobile or Android device.
    pub mobile: bool,
    /// Role of the signed-in user, `None` for a visitor.
    pub role: Option<Role>,
    /// The user is an admin whose two-factor authentication is off: of the admin pages, only
    /// the admin home (which shows the set-up) opens.
    pub admin_without_two_factor: bool,
}

/// Pages a mobile device may open (both spellings of the legal notices, and the accessibility
/// statement, owed to every visitor).
const MOBILE_ALLOWED: [&str; 7] = [
    "/",
    "/accessibilite",
    "/not_allowed_for_mobile",
    "/charte_confidentialite",
    "/mention_legales",
    "/mentions_legales",
    "/conditions_vente",
];

/// Pages for visitors who are not signed in. (`/email_oubli` and `/email_mail` are open to
/// everybody: the e-mail change needs the session, and they ask a visitor to sign in first.)
const VISITOR_ONLY: [&str; 4] = [
    "/connexion_compte",
    "/creation_compte",
    "/mdp_oubli",
    "/mdp_mail",
];

/// Known pages deeper than one segment.
const NESTED_PAGES: [&str; 15] = [
    "/compte/panier",
    "/compte/parametrage",
    "/compte/historique-commande",
    "/compte/mes-devis",
    "/compte/logout",
    "/compte/admin-home",
    "/compte/admin/account",
    "/compte/admin/commande",
    "/compte/admin/factures",
    "/compte/admin/paiement-terme",
    "/compte/admin/reduction",
    "/compte/admin/statistics",
    "/compte/admin/journal",
    "/compte/admin/piece-validation",
    "/compte/admin/catalogue",
];

/// Whether a user agent is a mobile or Android device.
pub fn is_mobile(user_agent: &str) -> bool {
    let ua = user_agent.to_ascii_lowercase();
    ["mobi", "android", "iphone", "ipod"]
        .iter()
        .any(|k| ua.contains(k))
}

fn login_only(path: &str) -> bool {
    path == "/checkout" || path == "/compte" || path.starts_with("/compte/")
}

fn admin_only(path: &str) -> bool {
    path == "/compte/admin-home" || path == "/compte/admin" || path.starts_with("/compte/admin/")
}

/// The admin's home page, open during maintenance, and where an admin without its second factor
/// sets it up.
const ADMIN_HOME: &str = "/compte/admin-home";

/// Known pages with an id as last segment (`/compte/admin/commande/12`).
const PAGES_WITH_ID: [&str; 1] = ["/compte/admin/commande/"];

/// The read-only page of a quote's share link (`/devis/partage/{jeton}`): open to everybody, on a
/// mobile device too (a purchasing department reads it where it receives it).
const SHARED_QUOTE: &str = "/devis/partage/";

fn shared_quote(path: &str) -> bool {
    path.strip_prefix(SHARED_QUOTE).is_some_and(|token| {
        !token.is_empty()
            && token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

fn known(path: &str) -> bool {
    let single_segment = path.len() > 1 && !path[1..].contains('/');
    let with_id = PAGES_WITH_ID.iter().any(|prefix| {
        path.strip_prefix(prefix)
            .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
    });
    path == "/" || single_segment || with_id || shared_quote(path) || NESTED_PAGES.contains(&path)
}

/// Decides what a page navigation gets.
pub fn decide(f: &Facts<'_>) -> Decision {
    let path = f.path;
    if f.maintenance {
        if path == "/maintenance" {
            return Decision::Page;
        }
        if path != ADMIN_HOME {
            return Decision::Redirect("/maintenance".to_owned());
        }
    } else if path == "/maintenance" {
        return Decision::Redirect("/".to_owned());
    }
    if f.mobile && !MOBILE_ALLOWED.contains(&path) && !shared_quote(path) {
        return Decision::Redirect("/not_allowed_for_mobile".to_owned());
    }
    if login_only(path) && f.role.is_none() {
        let target = match f.query {
            Some(q) if !q.is_empty() => format!("{path}?{q}"),
            _ => path.to_owned(),
        };
        let encoded: String = url::form_urlencoded::byte_serialize(target.as_bytes()).collect();
        return Decision::Redirect(format!("/connexion_compte?callbackUrl={encoded}"));
    }
    if VISITOR_ONLY.contains(&path) && f.role.is_some() {
        return Decision::Redirect("/".to_owned());
    }
    if admin_only(path) && f.role != Some(Role::Admin) {
        return Decision::NotFound;
    }
    if admin_only(path) && f.admin_without_two_factor && path != ADMIN_HOME {
        return Decision::Redirect(ADMIN_HOME.to_owned());
    }
    if known(path) {
        Decision::Page
    } else {
        Decision::NotFound
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(path: &str) -> Facts<'_> {
        Facts {
            path,
            query: None,
            maintenance: false,
            mobile: false,
            role: None,
            admin_without_two_factor: false,
        }
    }

    #[test]
    fn an_admin_without_its_second_factor_opens_only_the_admin_home_where_it_sets_it_up() {
        let admin = |p| Facts {
            role: Some(Role::Admin),
            admin_without_two_factor: true,
            ..facts(p)
        };
        assert_eq!(decide(&admin("/compte/admin-home")), Decision::Page);
        for p in [
            "/compte/admin/commande",
            "/compte/admin/commande/12",
            "/compte/admin/catalogue",
        ] {
            assert_eq!(decide(&admin(p)), redirect("/compte/admin-home"), "{p}");
        }
        assert_eq!(decide(&admin("/compte/parametrage")), Decision::Page);
        let maintenance = Facts {
            maintenance: true,
            ..admin("/compte/admin-home")
        };
        assert_eq!(decide(&maintenance), Decision::Page);
    }

    #[test]
    fn a_shared_quote_opens_for_everybody_even_on_a_mobile() {
        let token = "/devis/partage/aZ09-_aZ09-_aZ09-_aZ09-_aZ09-_aZ09-_aZ09-_a";
        assert_eq!(decide(&facts(token)), Decision::Page);
        let mobile = Facts {
            mobile: true,
            ..facts(token)
        };
        assert_eq!(decide(&mobile), Decision::Page);
        for p in [
            "/devis/partage/",
            "/devis/partage/a%2Fb",
            "/devis/partage/a/b",
            "/devis",
        ] {
            let expected = if p == "/devis" {
                Decision::Page
            } else {
                Decision::NotFound
            };
            assert_eq!(decide(&facts(p)), expected, "{p}");
        }
    }

    fn redirect(to: &str) -> Decision {
        Decision::Redirect(to.to_owned())
    }

    #[test]
    fn maintenance_sends_every_page_but_two_to_the_maintenance_page() {
        let on = |p| Facts {
            maintenance: true,
            ..facts(p)
        };
        assert_eq!(decide(&on("/devis_ligne")), redirect("/maintenance"));
        assert_eq!(decide(&on("/maintenance")), Decision::Page);
        let admin = Facts {
            role: Some(Role::Admin),
            ..on("/compte/admin-home")
        };
        assert_eq!(decide(&admin), Decision::Page);
        assert_eq!(decide(&facts("/maintenance")), redirect("/"));
    }

    #[test]
    fn mobiles_may_only_open_the_home_and_legal_pages() {
        let m = |p| Facts {
            mobile: true,
            ..facts(p)
        };
        assert_eq!(
            decide(&m("/devis_ligne")),
            redirect("/not_allowed_for_mobile")
        );
        for ok in MOBILE_ALLOWED {
            assert_eq!(decide(&m(ok)), Decision::Page, "{ok}");
        }
        assert!(is_mobile(
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36"
        ));
        assert!(!is_mobile("Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0"));
    }

    #[test]
    fn visitors_are_sent_to_sign_in_with_their_path() {
        let f = Facts {
            query: Some("a=1"),
            ..facts("/compte/panier")
        };
        assert_eq!(
            decide(&f),
            redirect("/connexion_compte?callbackUrl=%2Fcompte%2Fpanier%3Fa%3D1")
        );
        assert_eq!(
            decide(&facts("/checkout")),
            redirect("/connexion_compte?callbackUrl=%2Fcheckout")
        );
    }

    #[test]
    fn signed_in_users_leave_visitor_only_pages_and_customers_never_see_admin_pages() {
        let client = |p| Facts {
            role: Some(Role::Client),
            ..facts(p)
        };
        assert_eq!(decide(&client("/connexion_compte")), redirect("/"));
        assert_eq!(
            decide(&client("/compte/admin/commande")),
            Decision::NotFound
        );
        assert_eq!(decide(&client("/compte/admin-home")), Decision::NotFound);
        assert_eq!(decide(&client("/compte/panier")), Decision::Page);
        let admin = Facts {
            role: Some(Role::Admin),
            ..facts("/compte/admin/commande")
        };
        assert_eq!(decide(&admin), Decision::Page);
    }

    #[test]
    fn any_single_segment_is_a_page_and_unknown_nested_paths_are_404() {
        assert_eq!(decide(&facts("/une-page-quelconque")), Decision::Page);
        assert_eq!(decide(&facts("/")), Decision::Page);
        assert_eq!(decide(&facts("/a/b")), Decision::NotFound);
        let client = Facts {
            role: Some(Role::Client),
            ..facts("/compte/inconnu")
        };
        assert_eq!(decide(&client), Decision::NotFound);
    }

    #[test]
    fn an_order_page_is_known_to_admins_only_and_needs_a_numeric_id() {
        let as_role = |role, p| Facts {
            role: Some(role),
            ..facts(p)
        };
        assert_eq!(
            decide(&as_role(Role::Admin, "/compte/admin/commande/42")),
            Decision::Page
        );
        assert_eq!(
            decide(&as_role(Role::Client, "/compte/admin/commande/42")),
            Decision::NotFound
        );
        for path in [
            "/compte/admin/commande/",
            "/compte/admin/commande/abc",
            "/compte/admin/commande/4/2",
            "/compte/admin/factures/42",
        ] {
            assert_eq!(
                decide(&as_role(Role::Admin, path)),
                Decision::NotFound,
                "{path}"
            );
        }
    }
}
