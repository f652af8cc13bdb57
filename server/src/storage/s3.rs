//! The S3-compatible bucket store (`STORAGE_URL=s3://bucket` or `s3://bucket/prefix`), through
//! `object_store`'s S3 client: AWS, or any S3-compatible service at `S3_ENDPOINT` (MinIO, Garage,
//! Ceph, s3s-fs in the tests), addressed path-style (`endpoint/bucket/key`). Keys come from
//! `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, or from the other standard `AWS_*` sources
//! (session token, web identity, instance role) when they are not given.

use std::sync::Arc;

use object_store::aws::AmazonS3Builder;
use object_store::prefix::PrefixStore;
use object_store::ObjectStore;

use super::{Storage, StorageError, StorageSettings};

/// Region when none is given (what S3-compatible services expect by default).
pub const DEFAULT_REGION: &str = "us-east-1";

/// `s3://bucket/prefix` split into the bucket and the prefix (without slashes around it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BucketUrl {
    /// The bucket.
    pub bucket: String,
    /// The key prefix inside it, if any.
    pub prefix: Option<String>,
}

impl BucketUrl {
    /// Reads `s3://bucket` or `s3://bucket/some/prefix`.
    pub fn parse(url: &str) -> Result<BucketUrl, StorageError> {
        let bad = |why: &str| StorageError::Config(format!("« {url} » : {why}"));
        let rest = url
            .strip_prefix("s3://")
            .ok_or_else(|| bad("s3://seau attendu"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        let valid_bucket = (3..=63).contains(&bucket.len())
            && bucket
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.');
        if !valid_bucket {
            return Err(bad(
                "nom de seau invalide (3 à 63 minuscules, chiffres, points ou tirets)",
            ));
        }
        let prefix = prefix.trim_matches('/');
        if prefix.contains("//") || prefix.split('/').any(|p| p == "." || p == "..") {
            return Err(bad("préfixe invalide"));
        }
        Ok(BucketUrl {
            bucket: bucket.to_owned(),
            prefix: (!prefix.is_empty()).then(|| prefix.to_owned()),
        })
    }
}

/// The store of the bucket `url` with the endpoint and keys of `settings`.
pub fn open(url: &str, settings: &StorageSettings) -> Result<Storage, StorageError> {
    let target = BucketUrl::parse(url)?;
    let mut builder = AmazonS3Builder::from_env()
        .with_bucket_name(&target.bucket)
        .with_region(
            settings
                .aws_region
                .as_deref()
                .filter(|r| !r.trim().is_empty())
                .unwrap_or(DEFAULT_REGION),
        )
        .with_virtual_hosted_style_request(false);
    let mut name = match &target.prefix {
        Some(prefix) => format!("s3://{}/{prefix}", target.bucket),
        None => format!("s3://{}", target.bucket),
    };
    if let Some(endpoint) = settings
        .s3_endpoint
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let parsed = url::Url::parse(endpoint)
            .map_err(|e| StorageError::Config(format!("S3_ENDPOINT « {endpoint} » : {e}")))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(StorageError::Config(format!(
                "S3_ENDPOINT « {endpoint} » : http:// ou https:// attendu"
            )));
        }
        builder = builder
            .with_endpoint(endpoint.trim_end_matches('/'))
            .with_allow_http(parsed.scheme() == "http");
        name = format!("{name} ({endpoint})");
    }
    match (
        settings.aws_access_key_id.as_deref(),
        settings.aws_secret_access_key.as_deref(),
    ) {
        (Some(id), Some(secret)) => {
            builder = builder
                .with_access_key_id(id)
                .with_secret_access_key(secret);
        }
        (None, None) => {}
        _ => {
            return Err(StorageError::Config(
                "AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY vont ensemble".into(),
            ))
        }
    }
    let bucket = builder
        .build()
        .map_err(|e| StorageError::Config(format!("{url} : {e}")))?;
    let store: Arc<dyn ObjectStore> = match &target.prefix {
        Some(prefix) => Arc::new(PrefixStore::new(bucket, prefix.as_str())),
        None => Arc::new(bucket),
    };
    Ok(Storage::new(store, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_url_names_the_bucket_and_an_optional_prefix() {
        assert_eq!(
            BucketUrl::parse("s3://forme-additive").unwrap(),
            BucketUrl {
                bucket: "forme-additive".into(),
                prefix: None
            }
        );
        assert_eq!(
            BucketUrl::parse("s3://forme-additive/prod/site/").unwrap(),
            BucketUrl {
                bucket: "forme-additive".into(),
                prefix: Some("prod/site".into())
            }
        );
        for bad in [
            "s3://",
            "s3://ab",
            "s3://Majuscules",
            "s3://seau/../autre",
            "s3://seau/a//b",
            "https://seau",
        ] {
            assert!(BucketUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_keys_go_together_and_the_endpoint_is_an_http_address() {
        let half = StorageSettings {
            storage_url: Some("s3://seau".into()),
            aws_access_key_id: Some("id".into()),
            ..StorageSettings::default()
        };
        let err = open("s3://seau", &half).unwrap_err().to_string();
        assert!(err.contains("vont ensemble"), "{err}");
        let ftp = StorageSettings {
            s3_endpoint: Some("ftp://127.0.0.1:21".into()),
            ..half.clone()
        };
        let err = open("s3://seau", &ftp).unwrap_err().to_string();
        assert!(err.contains("http:// ou https://"), "{err}");
    }
}
