//! Adds the Factur-X XMP (fx: properties and their PDF/A extension schema) to a PDF written by
//! krilla 0.8, which has no API for custom XMP (krilla issue #209, PR #408: drop this module
//! when krilla writes custom XMP).
//!
//! Approach: rewrite the XMP metadata stream object in place and shift the classic
//! cross-reference table (one revision, no incremental update, no PDF parser dependency).
//! Everything is located through the file's own xref table and trailer, not by searching the
//! whole file; anything unexpected (xref stream, indirect /Length, filtered XMP, fx already
//! present) is an error, never a silent pass. The result is re-checked: every xref entry must
//! point at its "N G obj" header.

use std::fmt;

const FX_NS: &str = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

/// fx:ConformanceLevel values of Factur-X 1.0x.
#[derive(Debug, Clone, Copy)]
#[allow(dead_code)]
pub(super) enum Level {
    Minimum,
    BasicWl,
    Basic,
    En16931,
    Extended,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Minimum => "MINIMUM",
            Level::BasicWl => "BASIC WL",
            Level::Basic => "BASIC",
            Level::En16931 => "EN 16931",
            Level::Extended => "EXTENDED",
        }
    }
}

#[derive(Debug)]
pub(super) enum PatchError {
    Malformed(&'static str),
    Unsupported(&'static str),
    AlreadyPresent,
}

impl fmt::Display for PatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatchError::Malformed(m) => write!(f, "unexpected PDF structure: {m}"),
            PatchError::Unsupported(m) => write!(f, "unsupported PDF feature: {m}"),
            PatchError::AlreadyPresent => write!(f, "the XMP already has Factur-X properties"),
        }
    }
}

impl std::error::Error for PatchError {}

type R<T> = Result<T, PatchError>;

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() {
        return None;
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\n' | b'\r' | b'\t' | b'\x0c' | 0) {
        i += 1;
    }
    i
}

/// Parses an unsigned integer at `i` (after whitespace); returns (value, index after it).
fn uint(b: &[u8], i: usize) -> R<(usize, usize)> {
    let start = skip_ws(b, i);
    let mut end = start;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    if end == start || end - start > 12 {
        return Err(PatchError::Malformed("number expected"));
    }
    let v = std::str::from_utf8(&b[start..end])
        .unwrap()
        .parse()
        .map_err(|_| PatchError::Malformed("number"))?;
    Ok((v, end))
}

/// Value of `/Key N G R` inside a dictionary slice: returns N.
fn dict_ref(dict: &[u8], key: &[u8]) -> R<usize> {
    let k = find_key(dict, key).ok_or(PatchError::Malformed("key missing"))?;
    let (num, i) = uint(dict, k + key.len())?;
    let (_gen, i) = uint(dict, i)?;
    if dict.get(skip_ws(dict, i)) != Some(&b'R') {
        return Err(PatchError::Malformed("indirect reference expected"));
    }
    Ok(num)
}

/// Position of a name key (`/Length` but not `/LengthX`).
fn find_key(dict: &[u8], key: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = find(dict, key, from) {
        let next = dict.get(p + key.len()).copied().unwrap_or(b' ');
        if !(next.is_ascii_alphanumeric() || next == b'_' || next == b'.' || next == b'-') {
            return Some(p);
        }
        from = p + 1;
    }
    None
}

struct XrefEntry {
    num: usize,
    /// Byte position of the 20-byte entry in the file.
    pos: usize,
    offset: usize,
    in_use: bool,
}

struct Xref {
    /// Position of the number after `startxref`.
    startxref_num_pos: usize,
    xref_offset: usize,
    entries: Vec<XrefEntry>,
    trailer: (usize, usize),
}

fn parse_xref(pdf: &[u8]) -> R<Xref> {
    let sx = rfind(pdf, b"startxref").ok_or(PatchError::Malformed("no startxref"))?;
    let startxref_num_pos = skip_ws(pdf, sx + 9);
    let (xref_offset, _) = uint(pdf, startxref_num_pos)?;
    if !pdf[xref_offset..].starts_with(b"xref") {
        return Err(PatchError::Unsupported(
            "cross-reference stream (only classic xref tables are handled)",
        ));
    }
    let mut i = xref_offset + 4;
    let mut entries = Vec::new();
    loop {
        i = skip_ws(pdf, i);
        if pdf[i..].starts_with(b"trailer") {
            break;
        }
        let (first, j) = uint(pdf, i)?;
        let (count, j) = uint(pdf, j)?;
        // the EOL after the subsection header, then fixed 20-byte entries
        let mut k = j;
        while k < pdf.len() && (pdf[k] == b' ' || pdf[k] == b'\r' || pdf[k] == b'\n') {
            k += 1;
        }
        for n in 0..count {
            let e = k + 20 * n;
            let row = pdf
                .get(e..e + 20)
                .ok_or(PatchError::Malformed("truncated xref"))?;
            let offset: usize = std::str::from_utf8(&row[0..10])
                .ok()
                .and_then(|s| s.parse().ok())
                .ok_or(PatchError::Malformed("xref offset"))?;
            let in_use = match row[17] {
                b'n' => true,
                b'f' => false,
                _ => return Err(PatchError::Malformed("xref entry type")),
            };
            entries.push(XrefEntry {
                num: first + n,
                pos: e,
                offset,
                in_use,
            });
        }
        i = k + 20 * count;
    }
    if rfind(&pdf[xref_offset..], b"/Prev").is_some() {
        return Err(PatchError::Unsupported(
            "incrementally updated file (/Prev)",
        ));
    }
    let t0 = i + 7;
    let t1 = find(pdf, b"startxref", t0).ok_or(PatchError::Malformed("trailer end"))?;
    Ok(Xref {
        startxref_num_pos,
        xref_offset,
        entries,
        trailer: (t0, t1),
    })
}

/// (start of "N G obj", end just after "endobj") of an in-use object.
fn object_span(pdf: &[u8], xref: &Xref, num: usize) -> R<(usize, usize)> {
    let e = xref
        .entries
        .iter()
        .find(|e| e.num == num && e.in_use)
        .ok_or(PatchError::Malformed("object not in xref"))?;
    let header = format!("{num} ");
    if !pdf[e.offset..].starts_with(header.as_bytes()) {
        return Err(PatchError::Malformed(
            "xref offset does not point at the object",
        ));
    }
    let end = find(pdf, b"endobj", e.offset).ok_or(PatchError::Malformed("endobj"))? + 6;
    Ok((e.offset, end))
}

/// The rdf:li describing the fx: schema, for the pdfaExtension:schemas bag.
fn fx_schema_li(declare_ns: bool) -> String {
    let ns = if declare_ns {
        " xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\" \
         xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\""
    } else {
        ""
    };
    let prop = |name: &str, desc: &str| {
        format!(
            "<rdf:li rdf:parseType=\"Resource\"><pdfaProperty:name>{name}</pdfaProperty:name>\
             <pdfaProperty:valueType>Text</pdfaProperty:valueType>\
             <pdfaProperty:category>external</pdfaProperty:category>\
             <pdfaProperty:description>{desc}</pdfaProperty:description></rdf:li>"
        )
    };
    format!(
        "<rdf:li rdf:parseType=\"Resource\"{ns}>\
         <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>\
         <pdfaSchema:namespaceURI>{FX_NS}</pdfaSchema:namespaceURI>\
         <pdfaSchema:prefix>fx</pdfaSchema:prefix>\
         <pdfaSchema:property><rdf:Seq>{}{}{}{}</rdf:Seq></pdfaSchema:property></rdf:li>",
        prop("DocumentFileName", "Name of the embedded XML invoice file"),
        prop("DocumentType", "INVOICE"),
        prop("Version", "Version of the Factur-X XML schema"),
        prop(
            "ConformanceLevel",
            "Conformance level of the embedded Factur-X data"
        ),
    )
}

/// Returns the XMP packet with the Factur-X properties and extension schema.
pub(super) fn patch_xmp(xmp: &str, level: Level) -> R<String> {
    if xmp.contains(FX_NS) {
        return Err(PatchError::AlreadyPresent);
    }
    let about = {
        let a = xmp
            .find("rdf:about=\"")
            .ok_or(PatchError::Malformed("XMP without rdf:Description"))?
            + 11;
        let b = xmp[a..]
            .find('"')
            .ok_or(PatchError::Malformed("rdf:about"))?
            + a;
        xmp[a..b].to_owned()
    };
    let end_rdf = xmp
        .rfind("</rdf:RDF>")
        .ok_or(PatchError::Malformed("XMP without </rdf:RDF>"))?;
    let fx_desc = format!(
        "<rdf:Description rdf:about=\"{about}\" xmlns:fx=\"{FX_NS}\">\
         <fx:DocumentType>INVOICE</fx:DocumentType>\
         <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>\
         <fx:Version>1.0</fx:Version>\
         <fx:ConformanceLevel>{}</fx:ConformanceLevel></rdf:Description>",
        level.as_str()
    );
    let has_ns = xmp.contains("xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\"")
        && xmp.contains("xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\"");
    let mut out = String::with_capacity(xmp.len() + 2048);
    // krilla (PDF/A-1..3) already writes a pdfaExtension:schemas bag (xmpMM, pdf): the fx schema
    // must go into that bag, a second pdfaExtension:schemas property would be invalid RDF.
    let bag = xmp.find("<pdfaExtension:schemas>").and_then(|s| {
        let rest = &xmp[s + 23..];
        let trimmed = rest.trim_start();
        trimmed
            .starts_with("<rdf:Bag>")
            .then(|| s + 23 + (rest.len() - trimmed.len()) + 9)
    });
    match bag {
        Some(insert_at) if insert_at < end_rdf => {
            out.push_str(&xmp[..insert_at]);
            out.push_str(&fx_schema_li(!has_ns));
            out.push_str(&xmp[insert_at..end_rdf]);
        }
        Some(_) => {
            return Err(PatchError::Malformed(
                "pdfaExtension:schemas outside rdf:RDF",
            ))
        }
        None => {
            out.push_str(&xmp[..end_rdf]);
            out.push_str(&format!(
                "<rdf:Description rdf:about=\"{about}\" \
                 xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\">\
                 <pdfaExtension:schemas><rdf:Bag>{}</rdf:Bag></pdfaExtension:schemas></rdf:Description>",
                fx_schema_li(true)
            ));
        }
    }
    out.push_str(&fx_desc);
    out.push_str(&xmp[end_rdf..]);
    Ok(out)
}

/// Adds the Factur-X XMP to a krilla-written PDF; returns the new file.
pub(super) fn add_facturx_xmp(pdf: &[u8], level: Level) -> R<Vec<u8>> {
    let xref = parse_xref(pdf)?;
    let trailer = &pdf[xref.trailer.0..xref.trailer.1];
    let root = dict_ref(trailer, b"/Root")?;
    let (r0, r1) = object_span(pdf, &xref, root)?;
    let meta = dict_ref(&pdf[r0..r1], b"/Metadata")?;
    let (m0, m1) = object_span(pdf, &xref, meta)?;
    let obj = &pdf[m0..m1];

    let stream_kw =
        find(obj, b"stream", 0).ok_or(PatchError::Malformed("metadata is not a stream"))?;
    let dict = &obj[..stream_kw];
    if find_key(dict, b"/Filter").is_some() {
        return Err(PatchError::Unsupported("filtered XMP stream"));
    }
    let len_key = find_key(dict, b"/Length").ok_or(PatchError::Malformed("no /Length"))?;
    let (old_len, len_end) = uint(dict, len_key + 7)?;
    let after_len = skip_ws(dict, len_end);
    if dict.get(after_len).is_some_and(|c| c.is_ascii_digit()) {
        return Err(PatchError::Unsupported("indirect /Length"));
    }
    let mut data_start = stream_kw + 6;
    if obj.get(data_start) == Some(&b'\r') {
        data_start += 1;
    }
    if obj.get(data_start) != Some(&b'\n') {
        return Err(PatchError::Malformed("EOL after 'stream'"));
    }
    data_start += 1;
    let data_end = data_start + old_len;
    let rest = obj
        .get(data_end..)
        .ok_or(PatchError::Malformed("stream shorter than /Length"))?;
    if !rest.trim_ascii_start().starts_with(b"endstream") {
        return Err(PatchError::Malformed("/Length does not end at endstream"));
    }
    let xmp = std::str::from_utf8(&obj[data_start..data_end])
        .map_err(|_| PatchError::Malformed("XMP not UTF-8"))?;
    let new_xmp = patch_xmp(xmp, level)?;

    let mut new_obj = Vec::with_capacity(obj.len() + new_xmp.len());
    new_obj.extend_from_slice(&obj[..len_key]);
    new_obj.extend_from_slice(format!("/Length {}", new_xmp.len()).as_bytes());
    new_obj.extend_from_slice(&obj[len_end..data_start]);
    new_obj.extend_from_slice(new_xmp.as_bytes());
    new_obj.extend_from_slice(&obj[data_end..]);
    let delta = new_obj.len() as i64 - obj.len() as i64;

    let mut out = Vec::with_capacity((pdf.len() as i64 + delta) as usize);
    out.extend_from_slice(&pdf[..m0]);
    out.extend_from_slice(&new_obj);
    out.extend_from_slice(&pdf[m1..xref.startxref_num_pos]);
    let shift = |pos: usize| {
        if pos > m0 {
            (pos as i64 + delta) as usize
        } else {
            pos
        }
    };
    // xref entries: same fixed width, only the 10-digit offsets change
    for e in xref.entries.iter().filter(|e| e.in_use && e.offset > m0) {
        let at = shift(e.pos);
        let new_offset = shift(e.offset);
        if new_offset > 9_999_999_999 {
            return Err(PatchError::Unsupported("file too large for a classic xref"));
        }
        out[at..at + 10].copy_from_slice(format!("{new_offset:010}").as_bytes());
    }
    let (_, num_end) = uint(pdf, xref.startxref_num_pos)?;
    out.extend_from_slice(shift(xref.xref_offset).to_string().as_bytes());
    out.extend_from_slice(&pdf[num_end..]);

    // self-check: every in-use xref entry points at its object header
    let check = parse_xref(&out)?;
    for e in check.entries.iter().filter(|e| e.in_use) {
        if !out[e.offset..].starts_with(format!("{} ", e.num).as_bytes()) {
            return Err(PatchError::Malformed("xref inconsistent after patch"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const XMP: &str = "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\" xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\" xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\"><pdfaExtension:schemas><rdf:Bag><rdf:li>x</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"r\"?>";

    #[test]
    fn fx_schema_goes_into_the_existing_bag() {
        let out = patch_xmp(XMP, Level::En16931).unwrap();
        assert_eq!(out.matches("<pdfaExtension:schemas>").count(), 1);
        assert!(
            out.contains("<rdf:Bag><rdf:li rdf:parseType=\"Resource\"><pdfaSchema:schema>Factur-X")
        );
        assert!(out.contains("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>"));
        assert!(out.ends_with("</rdf:RDF></x:xmpmeta><?xpacket end=\"r\"?>"));
        assert!(matches!(
            patch_xmp(&out, Level::En16931),
            Err(PatchError::AlreadyPresent)
        ));
    }

    #[test]
    fn without_a_bag_a_schema_description_is_added() {
        let xmp = XMP.replace(
            "<pdfaExtension:schemas><rdf:Bag><rdf:li>x</rdf:li></rdf:Bag></pdfaExtension:schemas>",
            "",
        );
        let out = patch_xmp(&xmp, Level::Basic).unwrap();
        assert_eq!(out.matches("<pdfaExtension:schemas>").count(), 1);
        assert!(out.contains("<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>"));
    }
}
