import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { seoTable } from '@/app/seo-pages';
import { fr } from '@/lib/typography';
import type { Catalog } from '@/wasm/types';
import { FAQ } from '../data/faq';
import { FAQ_LEAD_TIME_STATIC, LEAD_TIME_UNKNOWN, faqLeadTimeAnswer, homeFigure, homeStep, postTreatmentLeadTime, processLeadTime, processTiers, withCatalogLeadTimes } from '../lead-times';

const plain = (s: string) => s.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
/** The shop's own catalog (the one the server serves until the admin changes it); vitest runs in web/. */
const fresh = (): Catalog => JSON.parse(readFileSync(`${process.cwd()}/../quote-core/catalog/default.json`, 'utf8')) as Catalog;
/** A number of days as a reader expects it, written here rather than by the module. */
const days = (n: number) => `${n} jour${n > 1 ? 's' : ''} ouvré${n > 1 ? 's' : ''}`;

describe('lead times read from the catalog', () => {
  it('says each process’s standard and express tiers of the default catalog', () => {
    const c = fresh();
    const std = c.lead_time_days;
    const exp = c.express!.lead_time_days;
    for (const p of c.processes) {
      expect(plain(processLeadTime(c, p.code))).toBe(`${days(std)} en standard, ${days(exp)} en express`);
    }
    expect(plain(faqLeadTimeAnswer(c))).toMatch(new RegExp(`^Comptez ${days(std)} en standard, ${days(exp)} en express\\. Le délai court`));
    expect(homeFigure(c)).toBe(`${std}\u00a0j`);
    expect(plain(homeStep(c))).toBe(`Fabrication en ${std} jours ouvrés (${exp} en express), contrôle qualité, expédition suivie.`);
  });

  it('follows the admin’s changes: a process’s own tiers, post-treatment days, the cut-off', () => {
    const c = fresh();
    c.lead_time_days = 6;
    c.express = { factor_percent: 140, lead_time_days: 2 };
    const slm = c.processes.find((p) => p.code === 'SLM')!;
    slm.lead_times = [
      { mode: 'standard', lead_time_days: 11, factor_percent: 100 },
      { mode: 'economique', lead_time_days: 15, factor_percent: 90 },
    ];
    c.post_treatments[0].lead_time_days = 2;
    c.calendar = { cutoff: '14:30', closures: [] };
    expect(processTiers(c, 'SLM').map((t) => t.mode)).toEqual(['economique', 'standard', 'express']);
    expect(plain(processLeadTime(c, 'SLM'))).toBe('15 jours ouvrés en économique, 11 jours ouvrés en standard, 2 jours ouvrés en express');
    expect(plain(processLeadTime(c, 'SLA'))).toBe('6 jours ouvrés en standard, 2 jours ouvrés en express');
    const answer = plain(faqLeadTimeAnswer(c));
    expect(answer).toContain('Comptez 6 jours ouvrés en standard, 2 jours ouvrés en express pour SLA, SLS et MJF ; 15 jours ouvrés en économique, 11 jours ouvrés en standard, 2 jours ouvrés en express pour SLM.');
    expect(answer).toContain(`Les post-traitements ajoutent leur délai : ${c.post_treatments[0].name.toLowerCase()} 2 jours ouvrés.`);
    expect(answer).toContain('avant 14 h 30 (heure de Paris)');
    expect(homeFigure(c)).toBe('6 à 11\u00a0j');
    expect(plain(homeStep(c))).toBe('Fabrication en 6 à 11 jours ouvrés (2 en express), contrôle qualité, expédition suivie.');
    c.express = null;
    expect(plain(homeStep(c))).toBe('Fabrication en 6 à 11 jours ouvrés, contrôle qualité, expédition suivie.');
    expect(plain(processLeadTime(c, 'SLA'))).toBe('6 jours ouvrés en standard');
  });

  it('says a single working day in the singular', () => {
    const c = fresh();
    c.express = { factor_percent: 150, lead_time_days: 1 };
    expect(plain(processLeadTime(c, 'SLA'))).toMatch(/, 1 jour ouvré en express$/);
  });

  it('promises no number without the catalog: the FAQ, the pages, the search engines’ table', () => {
    const noDays = /\d+\s*(jours?|j)\b/;
    expect(homeFigure(undefined)).toBe('…');
    expect(homeStep(undefined)).not.toMatch(noDays);
    expect(processLeadTime(undefined, 'SLA')).toBe(LEAD_TIME_UNKNOWN);
    const entry = FAQ.find((e) => e.leadTimes)!;
    expect(entry.answer).toBe(fr(FAQ_LEAD_TIME_STATIC));
    expect(entry.answer).not.toMatch(/\d/);
    expect(withCatalogLeadTimes(FAQ, undefined)).toBe(FAQ);
    const c = fresh();
    const written = withCatalogLeadTimes(FAQ, c);
    expect(written.find((e) => e.leadTimes)!.answer).toBe(faqLeadTimeAnswer(c));
    expect(written.filter((e) => !e.leadTimes)).toEqual(FAQ.filter((e) => !e.leadTimes));
    // The static head of each page (description, FAQPage JSON-LD) names no lead time.
    for (const page of seoTable().pages) {
      const text = plain(`${page.description} ${JSON.stringify(page.structured)}`);
      expect(text, page.path).not.toMatch(/\d+ jours? ouvrés?(?! (?:pour vous répondre|heures))/);
    }
  });

  it('says the days a post-treatment adds as the catalog counts them, and none before it loads', () => {
    const c = fresh();
    for (const t of c.post_treatments) {
      const n = t.lead_time_days ?? 0;
      expect(plain(postTreatmentLeadTime(c, t.index))).toBe(n > 0 ? `${days(n)}, ajoutés à la date d’expédition` : 'Aucun : la date d’expédition reste celle du procédé');
    }
    c.post_treatments[0]!.lead_time_days = 2;
    expect(plain(postTreatmentLeadTime(c, 0))).toBe('2 jours ouvrés, ajoutés à la date d’expédition');
    expect(postTreatmentLeadTime(undefined, 0)).toBe(LEAD_TIME_UNKNOWN);
    expect(postTreatmentLeadTime(c, 99)).toBe(LEAD_TIME_UNKNOWN);
  });
});
