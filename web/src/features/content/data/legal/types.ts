//! Shape of a legal document: titled sections of paragraphs and optional lists.
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}
