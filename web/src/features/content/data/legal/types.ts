//! Shape of a legal document: titled sections of paragraphs, optional lists and links.
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
  /** Links shown under the section: a path of the site (`/contact`) or an external address. */
  links?: { href: string; label: string }[];
}
