//! Where the stored files go: the `STORAGE_URL` and, for a bucket, its endpoint and keys (flags or
//! environment variables, flattened into the server's settings).

use clap::Args;

/// The object storage settings.
#[derive(Clone, Default, Args)]
pub struct StorageSettings {
    /// Stockage des fichiers déposés et des PDF : absent, le dossier DATA_DIR ; s3://seau ou s3://seau/préfixe pour un seau S3 ; file:///chemin pour un autre dossier (STORAGE_URL).
    #[arg(long, env = "STORAGE_URL", global = true, hide_env = true)]
    pub storage_url: Option<String>,

    /// Adresse d'un service compatible S3 (MinIO, Garage, Ceph…), par exemple http://127.0.0.1:9000 ; absent : AWS (S3_ENDPOINT).
    #[arg(long, env = "S3_ENDPOINT", global = true, hide_env = true)]
    pub s3_endpoint: Option<String>,

    /// Région du seau S3 (AWS_REGION, défaut : us-east-1).
    #[arg(long, env = "AWS_REGION", global = true, hide_env = true)]
    pub aws_region: Option<String>,

    /// Identifiant de la clé d'accès S3 (AWS_ACCESS_KEY_ID).
    #[arg(long, env = "AWS_ACCESS_KEY_ID", global = true, hide_env = true)]
    pub aws_access_key_id: Option<String>,

    /// Clé secrète S3 (AWS_SECRET_ACCESS_KEY).
    #[arg(long, env = "AWS_SECRET_ACCESS_KEY", global = true, hide_env = true)]
    pub aws_secret_access_key: Option<String>,
}

impl std::fmt::Debug for StorageSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StorageSettings")
            .field("storage_url", &self.storage_url)
            .field("s3_endpoint", &self.s3_endpoint)
            .field("aws_region", &self.aws_region)
            .field("aws_access_key_id", &self.aws_access_key_id)
            .field(
                "aws_secret_access_key",
                &self.aws_secret_access_key.as_ref().map(|_| "***"),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_key_never_shows_in_the_logs() {
        let settings = StorageSettings {
            storage_url: Some("s3://boutique".into()),
            aws_secret_access_key: Some("tres-secret".into()),
            ..StorageSettings::default()
        };
        let shown = format!("{settings:?}");
        assert!(shown.contains("s3://boutique"), "{shown}");
        assert!(!shown.contains("tres-secret"), "{shown}");
    }
}
