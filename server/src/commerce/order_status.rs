//! The order state machine of docs/commerce-api.md: en attente de paiement → payée | annulée;
//! payée → en production | annulée; en production → expédiée | annulée; expédiée → livrée.
//! Anything else is refused with a French message and never applied. An order on payment terms
//! (issue 25, part 4) may also go from « en attente de paiement » to « en production »: it is
//! made without waiting for its payment ([`Machine::OnTerms`]).

use serde::{Deserialize, Serialize};

/// An order's status, spelled in the API as the customer reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OrderStatus {
    /// Waiting for the bank transfer or the card payment.
    #[serde(rename = "en attente de paiement")]
    AwaitingPayment,
    /// Paid: the invoice is issued.
    #[serde(rename = "payée")]
    Paid,
    /// Being printed.
    #[serde(rename = "en production")]
    InProduction,
    /// Handed to the carrier.
    #[serde(rename = "expédiée")]
    Shipped,
    /// Delivered.
    #[serde(rename = "livrée")]
    Delivered,
    /// Cancelled (with a credit note when it had been paid).
    #[serde(rename = "annulée")]
    Cancelled,
}

/// Which machine an order follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Machine {
    /// Paid (by card or transfer) before it is made.
    PaidFirst,
    /// On payment terms: made without waiting for its payment, invoiced when placed.
    OnTerms,
}

impl Machine {
    /// The machine of an order whose invoice falls due on `due_at`: an order on terms has one
    /// (`orders.due_at`, set when it is placed); an order paid first has none.
    pub fn of(due_at: Option<i64>) -> Machine {
        if due_at.is_some() {
            Machine::OnTerms
        } else {
            Machine::PaidFirst
        }
    }
}

/// Every status, in the order of the machine.
pub const ALL: [OrderStatus; 6] = [
    OrderStatus::AwaitingPayment,
    OrderStatus::Paid,
    OrderStatus::InProduction,
    OrderStatus::Shipped,
    OrderStatus::Delivered,
    OrderStatus::Cancelled,
];

impl OrderStatus {
    /// The spelling stored in `orders.status` and sent by the API.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::AwaitingPayment => "en attente de paiement",
            OrderStatus::Paid => "payée",
            OrderStatus::InProduction => "en production",
            OrderStatus::Shipped => "expédiée",
            OrderStatus::Delivered => "livrée",
            OrderStatus::Cancelled => "annulée",
        }
    }

    /// Reads a spelling of [`OrderStatus::as_str`].
    pub fn parse(s: &str) -> Option<OrderStatus> {
        ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// Whether the machine allows `self → to`.
    pub fn can_go_to(self, to: OrderStatus) -> bool {
        use OrderStatus::*;
        matches!(
            (self, to),
            (AwaitingPayment, Paid | Cancelled)
                | (Paid, InProduction | Cancelled)
                | (InProduction, Shipped | Cancelled)
                | (Shipped, Delivered)
        )
    }

    /// Whether `machine` allows `self → to`.
    pub fn can_go_to_in(self, to: OrderStatus, machine: Machine) -> bool {
        self.can_go_to(to)
            || (machine == Machine::OnTerms
                && self == OrderStatus::AwaitingPayment
                && to == OrderStatus::InProduction)
    }

    /// The statuses the machine allows from `self`, in the order of [`ALL`] (what an admin may
    /// choose next).
    pub fn next(self) -> Vec<OrderStatus> {
        self.next_in(Machine::PaidFirst)
    }

    /// The statuses `machine` allows from `self`, in the order of [`ALL`].
    pub fn next_in(self, machine: Machine) -> Vec<OrderStatus> {
        ALL.into_iter()
            .filter(|to| self.can_go_to_in(*to, machine))
            .collect()
    }

    /// `Ok` for a legal transition, else the French reason (answered with a 409).
    pub fn check(self, to: OrderStatus) -> Result<(), String> {
        self.check_in(to, Machine::PaidFirst)
    }

    /// `Ok` for a transition `machine` allows, else the French reason (answered with a 409).
    pub fn check_in(self, to: OrderStatus, machine: Machine) -> Result<(), String> {
        if self.can_go_to_in(to, machine) {
            Ok(())
        } else if self == to {
            Err(format!(
                "La commande est déjà «\u{a0}{}\u{a0}».",
                to.as_str()
            ))
        } else {
            Err(format!(
                "Une commande «\u{a0}{}\u{a0}» ne peut pas passer à «\u{a0}{}\u{a0}».",
                self.as_str(),
                to.as_str()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::*;
    use super::*;

    #[test]
    fn the_legal_transitions_are_exactly_those_of_the_contract() {
        let legal = [
            (AwaitingPayment, Paid),
            (AwaitingPayment, Cancelled),
            (Paid, InProduction),
            (Paid, Cancelled),
            (InProduction, Shipped),
            (InProduction, Cancelled),
            (Shipped, Delivered),
        ];
        let mut illegal = 0;
        for from in ALL {
            for to in ALL {
                let expected = legal.contains(&(from, to));
                assert_eq!(from.can_go_to(to), expected, "{from:?} -> {to:?}");
                assert_eq!(from.check(to).is_ok(), expected);
                if !expected {
                    illegal += 1;
                    let m = from.check(to).unwrap_err();
                    assert!(m.contains(to.as_str()), "{m}");
                }
            }
        }
        assert_eq!(illegal, 36 - 7);
    }

    #[test]
    fn the_next_statuses_are_the_legal_targets_in_machine_order() {
        assert_eq!(AwaitingPayment.next(), [Paid, Cancelled]);
        assert_eq!(Paid.next(), [InProduction, Cancelled]);
        assert_eq!(InProduction.next(), [Shipped, Cancelled]);
        assert_eq!(Shipped.next(), [Delivered]);
        assert!(Delivered.next().is_empty());
        assert!(Cancelled.next().is_empty());
    }

    #[test]
    fn an_order_on_terms_may_go_to_production_before_its_payment() {
        let terms = Machine::of(Some(1_798_000_000));
        assert_eq!(terms, Machine::OnTerms);
        assert_eq!(Machine::of(None), Machine::PaidFirst);
        assert_eq!(
            AwaitingPayment.next_in(terms),
            [Paid, InProduction, Cancelled]
        );
        assert!(AwaitingPayment.check_in(InProduction, terms).is_ok());
        assert!(AwaitingPayment.check(InProduction).is_err());
        for from in ALL {
            for to in ALL {
                if (from, to) != (AwaitingPayment, InProduction) {
                    assert_eq!(from.can_go_to_in(to, terms), from.can_go_to(to));
                }
            }
        }
    }

    #[test]
    fn messages_are_french() {
        assert_eq!(
            Delivered.check(Cancelled).unwrap_err(),
            "Une commande «\u{a0}livrée\u{a0}» ne peut pas passer à «\u{a0}annulée\u{a0}»."
        );
        assert_eq!(
            Paid.check(Paid).unwrap_err(),
            "La commande est déjà «\u{a0}payée\u{a0}»."
        );
    }

    #[test]
    fn spellings_round_trip_and_serialise_as_stored() {
        for s in ALL {
            assert_eq!(OrderStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        assert_eq!(OrderStatus::parse("payee"), None);
    }
}
