import { describe, expect, it } from 'vitest';
import { avatarLetter, displayName } from '../display-name';
import { parseIndex } from '../index-param';
import { maintenanceRedirect } from '../maintenance';
import { mobileRedirect } from '../mobile';
import { pageTitle } from '../title';
import { mayReloadForChunk, reloadForChunkError } from '../build-check';

describe('pageTitle', () => {
  it('follows the template of the specification', () => {
    expect(pageTitle('Contact')).toBe('Contact | Forme Additive - votre expert en impression 3D');
  });
  it('uses only the brand line for an empty title', () => {
    expect(pageTitle('  ')).toBe('Forme Additive - votre expert en impression 3D');
  });
});

describe('displayName', () => {
  it('puts the first name before the last name', () => {
    expect(displayName({ prenom: 'Jeanne', nom: 'Durand', email: 'j@d.fr' })).toBe('Jeanne Durand');
  });
  it('falls back to the e-mail, then to "Identifiants inconnus"', () => {
    expect(displayName({ prenom: ' ', nom: '', email: 'j@d.fr' })).toBe('j@d.fr');
    expect(displayName({})).toBe('Identifiants inconnus');
    expect(displayName(null)).toBe('Identifiants inconnus');
  });
  it('gives the capital first letter for the avatar', () => {
    expect(avatarLetter({ prenom: 'élodie' })).toBe('É');
  });
});

describe('parseIndex', () => {
  it('accepts an index inside the range', () => {
    expect(parseIndex('2', 4)).toBe(2);
    expect(parseIndex('0', 4)).toBe(0);
  });
  it('shows the first topic for a missing or invalid index', () => {
    expect(parseIndex(null, 4)).toBe(0);
    expect(parseIndex('4', 4)).toBe(0);
    expect(parseIndex('-1', 4)).toBe(0);
    expect(parseIndex('1.5', 4)).toBe(0);
    expect(parseIndex('abc', 4)).toBe(0);
    expect(parseIndex('99999999999999999999', 4)).toBe(0);
  });
  it('gives the fallback (all realisations) when asked', () => {
    expect(parseIndex(undefined, 5, null)).toBeNull();
    expect(parseIndex('7', 5, null)).toBeNull();
  });
});

describe('navigation rules', () => {
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36';
  it('sends a phone to the mobile notice except on the allowed pages', () => {
    expect(mobileRedirect(android, '/devis_ligne')).toBe('/not_allowed_for_mobile');
    expect(mobileRedirect(android, '/')).toBeNull();
    expect(mobileRedirect(android, '/mentions_legales')).toBeNull();
    expect(mobileRedirect(android, '/mention_legales')).toBeNull();
    expect(mobileRedirect(desktop, '/devis_ligne')).toBeNull();
  });
  it('lets a phone open a quote shared by its link, and nothing else under /devis', () => {
    expect(mobileRedirect(android, '/devis/partage/aZ09-_aZ09-_aZ09-_aZ09-_aZ09-_aZ09-_aZ09-_a')).toBeNull();
    expect(mobileRedirect(android, '/devis/partage/')).toBe('/not_allowed_for_mobile');
    expect(mobileRedirect(android, '/devis/partage/a/b')).toBe('/not_allowed_for_mobile');
  });
  it('applies maintenance to every page but the exempt ones', () => {
    expect(maintenanceRedirect(true, '/contact')).toBe('/maintenance');
    expect(maintenanceRedirect(true, '/compte/admin-home')).toBeNull();
    expect(maintenanceRedirect(false, '/maintenance')).toBe('/');
    expect(maintenanceRedirect(false, '/contact')).toBeNull();
  });
});

describe('reloadForChunkError', () => {
  it('reloads once, then not again within 10 s', () => {
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    sessionStorage.clear();
    expect(reloadForChunkError(sessionStorage, 1_000_000, reload)).toBe(true);
    expect(reloadForChunkError(sessionStorage, 1_005_000, reload)).toBe(false);
    expect(reloadForChunkError(sessionStorage, 1_011_000, reload)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('tells without reloading whether the guard still allows a reload', () => {
    sessionStorage.clear();
    expect(mayReloadForChunk(sessionStorage, 2_000_000)).toBe(true);
    reloadForChunkError(sessionStorage, 2_000_000, () => undefined);
    expect(mayReloadForChunk(sessionStorage, 2_009_999)).toBe(false);
    expect(mayReloadForChunk(sessionStorage, 2_010_000)).toBe(true);
  });
});
