//! The `countries` table, filled at start-up from the list in `crate::countries`.

use crate::countries;
use sqlx::AnyConnection;

/// Inserts or renames every country of the list, in one statement.
pub async fn seed(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    let all = countries::all();
    let values: Vec<String> = (0..all.len())
        .map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2))
        .collect();
    let sql = format!(
        "INSERT INTO countries (code, nom) VALUES {} ON CONFLICT (code) DO UPDATE SET nom = excluded.nom",
        values.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for c in all {
        query = query.bind(c.code).bind(c.nom);
    }
    query.execute(&mut *conn).await?;
    Ok(())
}
