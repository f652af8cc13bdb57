//! Saved options against a newer catalog: a basket line or a quote entry keeps the codes the
//! customer chose, and the admin may since have removed one of them from the catalog. Such a line
//! is not priced; the customer reads which choice went and what to do.

use super::catalog::Catalog;
use super::lead_time::LeadTimeMode;
use super::{PriceBreakdown, PriceOptions};
use crate::{Analysis, QuoteError};

fn withdrawn(detail: String) -> QuoteError {
    QuoteError::Withdrawn { detail }
}

/// The first choice of `options` that `catalog` no longer offers, as
/// [`QuoteError::Withdrawn`] with a French sentence; `None` when each is still offered. An
/// unknown process is left to [`validate_options`](super::validate_options): the processes are
/// the engine's fixed set, not removed by the catalog editor.
///
/// ```
/// use quote_core::pricing::withdrawn_choice;
/// use quote_core::{Catalog, PriceOptions};
///
/// let mut catalog = Catalog::default_catalog();
/// let mut options = PriceOptions::for_process("SLS");
/// options.material = Some("PA11".into());
/// assert!(withdrawn_choice(&catalog, &options).is_none());
/// catalog.processes[1].materials.retain(|m| m.code != "PA11");
/// assert_eq!(
///     withdrawn_choice(&catalog, &options).unwrap().message(),
///     "Le matériau PA11 n'est plus proposé pour le procédé SLS\u{a0}: choisissez-en un autre."
/// );
/// ```
pub fn withdrawn_choice(catalog: &Catalog, options: &PriceOptions) -> Option<QuoteError> {
    let process = catalog.process(&options.process)?;
    let code = options
        .material
        .as_deref()
        .unwrap_or(&process.default_material);
    let Some(material) = process.material(code) else {
        return Some(withdrawn(format!(
            "Le matériau {code} n'est plus proposé pour le procédé {}\u{a0}: choisissez-en un autre.",
            process.code
        )));
    };
    for (chosen, list, kind) in [
        (&options.colour, &material.colours, "La couleur"),
        (&options.finish, &material.finishes, "La finition"),
    ] {
        if let Some(code) = chosen.as_deref() {
            if !list.iter().any(|c| c.code == code) {
                return Some(withdrawn(format!(
                    "{kind} {code} n'est plus proposée pour le matériau {}\u{a0}: choisissez-en une autre.",
                    material.name
                )));
            }
        }
    }
    if options.economique
        && catalog
            .lead_time_tier(process, LeadTimeMode::Economique)
            .is_none()
    {
        return Some(withdrawn(format!(
            "Le délai économique n'est plus proposé pour le procédé {}\u{a0}: choisissez un autre délai.",
            process.code
        )));
    }
    for choice in &options.post_treatments {
        match catalog.post_treatment(choice.index) {
            None => {
                return Some(withdrawn(format!(
                    "Le post-traitement n°\u{a0}{} n'est plus proposé\u{a0}: retirez-le de vos choix.",
                    choice.index
                )))
            }
            Some(t) if !t.processes.contains(&process.code) => {
                return Some(withdrawn(format!(
                    "Le post-traitement «\u{a0}{}\u{a0}» n'est plus proposé pour le procédé {}\u{a0}: retirez-le de vos choix.",
                    t.name, process.code
                )))
            }
            Some(_) => {}
        }
    }
    None
}

/// Prices options saved earlier (a basket line, a quote entry, an order being placed): a choice
/// the catalog no longer offers is refused with [`withdrawn_choice`]'s sentence, anything else
/// as [`price`](super::price) decides. Options the customer just chose go to `price` directly,
/// whose refusals name the values offered.
pub fn price_saved(
    analysis: &Analysis,
    options: &PriceOptions,
    catalog: &Catalog,
) -> Result<PriceBreakdown, QuoteError> {
    match withdrawn_choice(catalog, options) {
        Some(e) => Err(e),
        None => super::price(analysis, options, catalog),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::PostTreatmentChoice;

    fn sls(change: impl FnOnce(&mut PriceOptions)) -> PriceOptions {
        let mut o = PriceOptions::for_process("SLS");
        change(&mut o);
        o
    }

    fn message(catalog: &Catalog, options: &PriceOptions) -> String {
        let e = withdrawn_choice(catalog, options).expect("a withdrawn choice");
        assert_eq!(e.code(), "option_withdrawn");
        e.message()
    }

    #[test]
    fn choices_still_offered_and_unknown_processes_are_not_reported() {
        let c = Catalog::default_catalog();
        let o = sls(|o| {
            o.material = Some("PA12".into());
            o.colour = Some("noir".into());
            o.finish = Some("microbille".into());
            o.post_treatments = vec![PostTreatmentChoice { index: 1, holes: 3 }];
        });
        assert!(withdrawn_choice(&c, &o).is_none());
        assert!(withdrawn_choice(&c, &PriceOptions::for_process("FDM")).is_none());
    }

    #[test]
    fn a_removed_material_colour_or_finish_is_named_with_what_to_do() {
        let mut c = Catalog::default_catalog();
        let pa12 = &mut c.processes[1].materials[0];
        pa12.colours.retain(|x| x.code != "noir");
        pa12.finishes.retain(|x| x.code != "microbille");
        let colour = sls(|o| o.colour = Some("noir".into()));
        assert_eq!(
            message(&c, &colour),
            "La couleur noir n'est plus proposée pour le matériau Polyamide 12 (PA12)\u{a0}: choisissez-en une autre."
        );
        let finish = sls(|o| o.finish = Some("microbille".into()));
        assert!(message(&c, &finish).starts_with("La finition microbille n'est plus proposée"));
        c.processes[1].materials.retain(|m| m.code != "TPU");
        let material = sls(|o| o.material = Some("TPU".into()));
        assert_eq!(
            message(&c, &material),
            "Le matériau TPU n'est plus proposé pour le procédé SLS\u{a0}: choisissez-en un autre."
        );
        // The default material (no code saved) follows the catalog's default.
        assert!(withdrawn_choice(&c, &PriceOptions::for_process("SLS")).is_none());
    }

    #[test]
    fn a_removed_post_treatment_or_one_no_longer_offered_for_the_process_is_named() {
        let mut c = Catalog::default_catalog();
        let tapping = sls(|o| o.post_treatments = vec![PostTreatmentChoice { index: 1, holes: 2 }]);
        c.post_treatments[1].processes.retain(|p| p != "SLS");
        assert_eq!(
            message(&c, &tapping),
            "Le post-traitement «\u{a0}Taraudage\u{a0}» n'est plus proposé pour le procédé SLS\u{a0}: retirez-le de vos choix."
        );
        c.post_treatments.retain(|t| t.index != 1);
        assert!(
            message(&c, &tapping).starts_with("Le post-traitement n°\u{a0}1 n'est plus proposé")
        );
    }

    #[test]
    fn pricing_saved_options_gives_the_sentence_and_otherwise_the_price() {
        let mut c = Catalog::default_catalog();
        let analysis = crate::analyze_file(
            "cube.stl",
            include_bytes!("../../../fixtures/cube.stl"),
            &c.analysis_options(),
        )
        .unwrap();
        let o = sls(|o| o.material = Some("PA11".into()));
        assert_eq!(
            price_saved(&analysis, &o, &c),
            crate::price(&analysis, &o, &c)
        );
        c.processes[1].materials.retain(|m| m.code != "PA11");
        let e = price_saved(&analysis, &o, &c).unwrap_err();
        assert_eq!(e, withdrawn_choice(&c, &o).unwrap());
        // Fresh choices keep the refusal that lists what is offered.
        assert_eq!(
            crate::price(&analysis, &o, &c).unwrap_err().code(),
            "invalid_option"
        );
    }
}
