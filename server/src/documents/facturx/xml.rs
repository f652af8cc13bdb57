//! A small element writer over quick-xml: open, close, leaf with escaped text, two-space indent.

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

pub(super) struct Xml {
    w: Writer<Vec<u8>>,
}

// Writing into a Vec cannot fail: the io errors quick-xml reports are impossible here.
const INFALLIBLE: &str = "writing XML into memory cannot fail";

impl Xml {
    pub fn new() -> Xml {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))
            .expect(INFALLIBLE);
        Xml { w }
    }

    pub fn open_with(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let start = BytesStart::new(name).with_attributes(attrs.iter().copied());
        self.w.write_event(Event::Start(start)).expect(INFALLIBLE);
    }

    pub fn open(&mut self, name: &str) {
        self.open_with(name, &[]);
    }

    pub fn close(&mut self, name: &str) {
        self.w
            .write_event(Event::End(BytesEnd::new(name)))
            .expect(INFALLIBLE);
    }

    /// `<name attrs>text</name>`; nothing for an empty text (an empty element is a finding).
    pub fn leaf_with(&mut self, name: &str, attrs: &[(&str, &str)], text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        self.open_with(name, attrs);
        self.w
            .write_event(Event::Text(BytesText::new(text)))
            .expect(INFALLIBLE);
        self.close(name);
    }

    pub fn leaf(&mut self, name: &str, text: &str) {
        self.leaf_with(name, &[], text);
    }

    /// `<outer><udt:DateTimeString format="102">…</…></outer>` (`prefix` `udt` or `qdt`).
    pub fn date(&mut self, outer: &str, prefix: &str, yyyymmdd: &str) {
        self.open(outer);
        self.leaf_with(
            &format!("{prefix}:DateTimeString"),
            &[("format", "102")],
            yyyymmdd,
        );
        self.close(outer);
    }

    pub fn finish(self) -> String {
        let mut s = String::from_utf8(self.w.into_inner()).expect("we wrote UTF-8 only");
        s.push('\n');
        s
    }
}
