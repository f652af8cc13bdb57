//! Unit tests of the discount rules: one refusal per rule, with its French reason, and the
//! amount (rounded once, capped at the subtotal).

use super::*;

// 2026-11-22T12:00:00Z.
const NOW: i64 = 1_795_348_800;
const DAY: i64 = 86_400;

fn code() -> Discount {
    Discount {
        id: 1,
        code: "BIENVENUE10".into(),
        description: String::new(),
        kind: DiscountKind::Percent,
        value: 1_000,
        min_order_cents: 0,
        valid_from: None,
        valid_until: None,
        max_uses: None,
        max_uses_per_account: None,
        uses: 0,
        account_id: None,
        active: true,
    }
}

fn usage() -> Usage {
    Usage {
        account_id: 7,
        account_uses: 0,
        now: NOW,
    }
}

#[test]
fn an_open_code_gives_its_percentage_rounded_once() {
    // 10 % of 10,25 € is 1,025 €: rounded once, half away from zero.
    assert_eq!(evaluate(&code(), &usage(), Cents(1_025)), Ok(Cents(103)));
}

#[test]
fn a_fixed_code_never_gives_more_than_the_subtotal() {
    let d = Discount {
        kind: DiscountKind::Fixed,
        value: 5_000,
        ..code()
    };
    assert_eq!(evaluate(&d, &usage(), Cents(12_000)), Ok(Cents(5_000)));
    assert_eq!(evaluate(&d, &usage(), Cents(3_000)), Ok(Cents(3_000)));
    let all = Discount {
        value: 10_000,
        ..code()
    };
    assert_eq!(amount(&all, Cents(4_321)), Cents(4_321));
}

#[test]
fn an_inactive_code_is_refused() {
    let d = Discount {
        active: false,
        ..code()
    };
    assert_eq!(
        evaluate(&d, &usage(), Cents(1_000)),
        Err(INACTIVE.to_owned())
    );
}

#[test]
fn a_code_reserved_to_another_account_is_refused_and_its_owner_may_use_it() {
    let d = Discount {
        account_id: Some(8),
        ..code()
    };
    assert_eq!(
        evaluate(&d, &usage(), Cents(1_000)),
        Err(UNKNOWN.to_owned())
    );
    let mine = Discount {
        account_id: Some(7),
        ..code()
    };
    assert!(evaluate(&mine, &usage(), Cents(1_000)).is_ok());
}

#[test]
fn a_code_before_its_start_or_after_its_end_is_refused_with_the_paris_date() {
    let future = Discount {
        valid_from: Some(NOW + 10 * DAY),
        ..code()
    };
    assert_eq!(
        evaluate(&future, &usage(), Cents(1_000)),
        Err("Ce code n'est valable qu'à partir du 02/12/2026.".to_owned())
    );
    // 2026-10-31T23:30:00Z is already 1 November in Paris.
    let past = Discount {
        valid_until: Some(1_793_489_400),
        ..code()
    };
    assert_eq!(
        evaluate(&past, &usage(), Cents(1_000)),
        Err("Ce code a expiré le 01/11/2026.".to_owned())
    );
    let bounds = Discount {
        valid_from: Some(NOW),
        valid_until: Some(NOW),
        ..code()
    };
    assert!(evaluate(&bounds, &usage(), Cents(1_000)).is_ok());
}

#[test]
fn a_basket_under_the_minimum_is_refused_with_both_amounts() {
    let d = Discount {
        min_order_cents: 5_000,
        ..code()
    };
    assert_eq!(
        evaluate(&d, &usage(), Cents(4_999)),
        Err("Ce code demande une commande d'au moins 50,00\u{a0}€ HT \
             (votre panier\u{a0}: 49,99\u{a0}€ HT)."
            .to_owned())
    );
    assert_eq!(evaluate(&d, &usage(), Cents(5_000)), Ok(Cents(500)));
}

#[test]
fn a_code_used_up_in_all_is_refused() {
    let d = Discount {
        max_uses: Some(3),
        uses: 3,
        ..code()
    };
    assert_eq!(
        evaluate(&d, &usage(), Cents(1_000)),
        Err(EXHAUSTED.to_owned())
    );
    let left = Discount { uses: 2, ..d };
    assert!(evaluate(&left, &usage(), Cents(1_000)).is_ok());
}

#[test]
fn a_code_used_up_by_this_account_is_refused() {
    let once = Discount {
        max_uses_per_account: Some(1),
        ..code()
    };
    let used = Usage {
        account_uses: 1,
        ..usage()
    };
    assert_eq!(
        evaluate(&once, &used, Cents(1_000)),
        Err("Vous avez déjà utilisé ce code.".to_owned())
    );
    let twice = Discount {
        max_uses_per_account: Some(2),
        ..code()
    };
    assert!(evaluate(&twice, &used, Cents(1_000)).is_ok());
    let used_twice = Usage {
        account_uses: 2,
        ..usage()
    };
    assert_eq!(
        evaluate(&twice, &used_twice, Cents(1_000)),
        Err("Vous avez déjà utilisé ce code 2\u{a0}fois, le maximum autorisé.".to_owned())
    );
}

#[test]
fn codes_are_compared_trimmed_and_upper_cased() {
    assert_eq!(normalise_code("  bienvenue10 "), "BIENVENUE10");
}
