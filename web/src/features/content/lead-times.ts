//! Lead times as the content pages say them, read from the catalog the quote prices with (the
//! admin changes them there): a process's tiers, the FAQ's answer and the home page's figures.
//! Without the catalog (still loading, or the static descriptions for search engines) the pages
//! say where the dates are shown and promise no number.
import type { Catalog, LeadTimeMode, LeadTimeTier } from '@/wasm/types';
import type { FaqEntry } from './data/faq';
import { fr } from '@/lib/typography';
import { processTiers } from '@/lib/lead-time-tiers';

const MODE_NAME: Record<LeadTimeMode, string> = { economique: 'en économique', standard: 'en standard', express: 'en express' };

export { processTiers };

export function workingDays(n: number): string {
  return `${n} jour${n > 1 ? 's' : ''} ouvré${n > 1 ? 's' : ''}`;
}

/** « 7 jours ouvrés en standard, 3 jours ouvrés en express ». */
export function tiersText(tiers: LeadTimeTier[]): string {
  return fr(tiers.map((t) => `${workingDays(t.lead_time_days)} ${MODE_NAME[t.mode]}`).join(', '));
}

/** The line of a process's table (« Délai »), or where to find it without the catalog. */
export function processLeadTime(catalog: Catalog | undefined, code: string): string {
  if (!catalog || !catalog.processes.some((p) => p.code === code)) return LEAD_TIME_UNKNOWN;
  return tiersText(processTiers(catalog, code));
}

/**
 * The « Délai ajouté » line of a post-treatment's page (`index` as in the catalog): the working
 * days it adds to the ship date, as the quote counts them, or where to find them without the catalog.
 */
export function postTreatmentLeadTime(catalog: Catalog | undefined, index: number): string {
  const treatment = catalog?.post_treatments.find((t) => t.index === index);
  if (!treatment) return LEAD_TIME_UNKNOWN;
  const days = treatment.lead_time_days ?? 0;
  return days > 0 ? fr(`${workingDays(days)}, ajoutés à la date d’expédition`) : fr('Aucun : la date d’expédition reste celle du procédé');
}

export const LEAD_TIME_UNKNOWN = fr('Selon le délai choisi : la date d’expédition s’affiche dans le devis en ligne');

/** « 12:00 » → « 12 h », « 14:30 » → « 14 h 30 ». */
function hour(hhmm: string): string {
  const [h, m] = hhmm.split(':');
  return m && m !== '00' ? `${Number(h)} h ${m}` : `${Number(h)} h`;
}

/** « SLA, SLS et MJF ». */
function list(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/** The FAQ's answer to « Quels sont les délais de fabrication ? » from the catalog. */
export function faqLeadTimeAnswer(catalog: Catalog): string {
  // Processes with the same tiers share one sentence.
  const groups = new Map<string, string[]>();
  for (const p of catalog.processes) {
    const text = tiersText(processTiers(catalog, p.code));
    groups.set(text, [...(groups.get(text) ?? []), p.code]);
  }
  const parts = [...groups].map(([text, codes]) => (groups.size === 1 ? text : `${text} pour ${list(codes)}`));
  const sentences = [`Comptez ${parts.join(' ; ')}.`];
  const slower = catalog.post_treatments.filter((t) => (t.lead_time_days ?? 0) > 0);
  if (slower.length > 0) {
    sentences.push(`Les post-traitements ajoutent leur délai : ${slower.map((t) => `${t.name.toLowerCase()} ${workingDays(t.lead_time_days ?? 0)}`).join(', ')}.`);
  }
  const cutoff = catalog.calendar?.cutoff ?? '12:00';
  sentences.push(
    `Le délai court à partir du paiement : le jour même pour une commande payée un jour ouvré avant ${hour(cutoff)} (heure de Paris), sinon le jour ouvré suivant. Le devis en ligne affiche la date d’expédition de chaque pièce pour chaque délai.`,
  );
  return fr(sentences.join(' '));
}

/** The same answer without the catalog: no number, where the dates are. */
export const FAQ_LEAD_TIME_STATIC =
  'Chaque procédé propose un délai standard et un délai express, comptés en jours ouvrés à partir du paiement, post-traitements compris. Le devis en ligne affiche, pour chaque délai, la date d’expédition de chaque pièce et la date de livraison estimée.';

/** « 7 », « 7 à 10 »: the days of one mode over every process, or null when none offers it. */
export function modeDays(catalog: Catalog, mode: LeadTimeMode): string | null {
  const values = catalog.processes.flatMap((p) => processTiers(catalog, p.code).filter((t) => t.mode === mode).map((t) => t.lead_time_days));
  if (values.length === 0) return null;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? `${lo}` : `${lo} à ${hi}`;
}

/** The home page's figure for the standard lead time: « 7 j », « … » while the catalog loads. */
export function homeFigure(catalog: Catalog | undefined): string {
  const standard = catalog && modeDays(catalog, 'standard');
  return standard ? `${standard}\u00a0j` : '…';
}

/** The home page's last step: « Fabrication en 7 jours ouvrés (3 en express), … ». */
export function homeStep(catalog: Catalog | undefined): string {
  const standard = catalog && modeDays(catalog, 'standard');
  if (!catalog || !standard) return fr('Fabrication dans le délai choisi, date d’expédition affichée au devis, contrôle qualité, expédition suivie.');
  const express = modeDays(catalog, 'express');
  return fr(`Fabrication en ${standard} jours ouvrés${express ? ` (${express} en express)` : ''}, contrôle qualité, expédition suivie.`);
}

/** The FAQ with its lead-time answer written from the catalog (unchanged without it). */
export function withCatalogLeadTimes(entries: FaqEntry[], catalog: Catalog | undefined): FaqEntry[] {
  if (!catalog) return entries;
  return entries.map((e) => (e.leadTimes ? { ...e, answer: faqLeadTimeAnswer(catalog) } : e));
}
