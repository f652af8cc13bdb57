//! The statuses of a customer's part (`part_statuses`): their French names and which ones may
//! be ordered.

/// The French name of a part status (`part_statuses`).
pub fn status_label(status_id: i64) -> &'static str {
    match status_id {
        1 => "Analysée",
        2 => "À vérifier",
        3 => "Validée",
        4 => "Refusée",
        _ => "Inconnu",
    }
}

/// Only Analysée and Validée parts can be ordered (PRODUCT.md).
pub fn orderable(status_id: i64) -> bool {
    matches!(status_id, 1 | 3)
}
