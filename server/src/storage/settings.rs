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

impl StorageSettings {
    /// The settings of a fresh prefix `label-<pid>-<nanos>` of the test bucket named by
    /// `TEST_S3_URL` (`http://KEY:SECRET@127.0.0.1:PORT/BUCKET`, exported by scripts/test.sh, which
    /// starts s3s-fs), for the storage tests and the API tests. Without `TEST_S3_URL`, `None` and a
    /// message, except in CI (`CI=true`), where the S3 tests must run and this panics.
    #[doc(hidden)]
    pub fn test_bucket(label: &str) -> Option<StorageSettings> {
        let raw = match std::env::var("TEST_S3_URL") {
            Ok(v) if !v.trim().is_empty() => v,
            _ => {
                assert!(
                    std::env::var("CI").as_deref() != Ok("true"),
                    "CI=true: TEST_S3_URL must name the test S3 server (scripts/test.sh starts s3s-fs)"
                );
                eprintln!(
                    "SKIPPED ({label}): TEST_S3_URL is not set (scripts/test.sh starts s3s-fs)"
                );
                return None;
            }
        };
        let url = url::Url::parse(&raw).expect("TEST_S3_URL is http://KEY:SECRET@HOST:PORT/BUCKET");
        let bucket = url.path().trim_matches('/').to_owned();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        Some(StorageSettings {
            storage_url: Some(format!(
                "s3://{bucket}/{label}-{}-{nanos}",
                std::process::id()
            )),
            s3_endpoint: Some(format!(
                "http://{}:{}",
                url.host_str().unwrap_or("127.0.0.1"),
                url.port().unwrap_or(80)
            )),
            aws_region: None,
            aws_access_key_id: Some(url.username().to_owned()),
            aws_secret_access_key: url.password().map(str::to_owned),
        })
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
