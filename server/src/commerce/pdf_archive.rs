//! The PDFs of the issued documents, kept in the object store under `documents/<number>.pdf`:
//! an invoice or credit note is rendered from its frozen data the first time it is asked for
//! (download or e-mail) and kept, and every later copy is the kept file, byte for byte; a quote
//! is kept as it was handed out. Several instances share the store, so they serve one file.

use bytes::Bytes;
use serde::de::DeserializeOwned;

use crate::documents::DocumentError;
use crate::storage::{self, Storage};

/// The PDF of the issued quote `number` (its frozen `data`): see [`issued_pdf`].
pub async fn issued_quote_pdf(
    storage: &Storage,
    number: &str,
    data: String,
) -> anyhow::Result<Bytes> {
    issued_pdf::<crate::documents::QuoteData, _>(
        storage,
        number,
        data,
        crate::documents::render_quote,
    )
    .await
}

/// The PDF of the issued document `number`: the kept file, else `render` of its frozen `data`
/// (JSON of `T`), kept for the next time.
pub async fn issued_pdf<T, F>(
    storage: &Storage,
    number: &str,
    data: String,
    render: F,
) -> anyhow::Result<Bytes>
where
    T: DeserializeOwned + Send + 'static,
    F: FnOnce(&T) -> Result<Vec<u8>, DocumentError> + Send + 'static,
{
    let key = storage::document_key(number);
    if let Some(kept) = storage.get(&key).await? {
        return Ok(kept);
    }
    let rendered = tokio::task::spawn_blocking(move || {
        let doc: T = serde_json::from_str(&data)
            .map_err(|e| anyhow::anyhow!("frozen document data: {e}"))?;
        render(&doc).map_err(|e| anyhow::anyhow!("PDF rendering: {e}"))
    })
    .await
    .map_err(|e| anyhow::anyhow!("PDF task: {e}"))??;
    let bytes = Bytes::from(rendered);
    // Two instances rendering at once write the same document: the last write wins, harmlessly.
    storage.put(&key, bytes.clone()).await?;
    Ok(bytes)
}

/// Keeps the PDF of the quote `number` as it is handed out.
pub async fn keep_quote(storage: &Storage, number: &str, pdf: Bytes) -> anyhow::Result<()> {
    storage.put(&storage::document_key(number), pdf).await?;
    Ok(())
}
