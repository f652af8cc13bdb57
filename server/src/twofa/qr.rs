//! The QR code of the provisioning URI, as an SVG document the set-up page shows.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

use super::TwoFaError;

/// Renders `data` as a standalone SVG QR code (black on white, at least 200 px, quiet zone kept).
pub fn qr_svg(data: &str) -> Result<String, TwoFaError> {
    let code = QrCode::with_error_correction_level(data.as_bytes(), EcLevel::M)
        .map_err(|_| TwoFaError::QrCode)?;
    Ok(code
        .render::<svg::Color<'_>>()
        .min_dimensions(200, 200)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provisioning_uri_renders_as_an_svg_document() {
        let svg =
            qr_svg("otpauth://totp/Forme%20Additive:jean%40exemple.fr?secret=GEZDGNBV").unwrap();
        assert!(svg.contains("<svg"), "{}", &svg[..80.min(svg.len())]);
        assert!(svg.contains("#000000"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn different_data_gives_different_images() {
        assert_ne!(
            qr_svg("otpauth://a").unwrap(),
            qr_svg("otpauth://b").unwrap()
        );
    }

    #[test]
    fn data_too_large_for_a_qr_code_is_an_error() {
        assert_eq!(qr_svg(&"x".repeat(5000)), Err(TwoFaError::QrCode));
    }
}
