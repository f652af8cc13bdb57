// The context handed to each e2e spec: pages, assertions, screenshots, the outbox and the database.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

export const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

export function makeContext({ browser, baseUrl, dataDir, artifacts, admin, spec, stripe = null, vies = null }) {
  const pages = [];
  const slug = (s) => s.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const ctx = {
    baseUrl,
    dataDir,
    admin,
    /** localstripe of this run (`{ base, secret }`), or null when it is not installed. */
    stripe,
    /** The VIES stand-in of this run (`{ base }`), the server's VIES_URL. */
    vies,
    url: (path) => new URL(path, baseUrl).href,
    /** A new tab; `userAgent` overrides the browser's user agent (headers and navigator) for it. */
    async newPage({ userAgent } = {}) {
      const page = await browser.newPage();
      pages.push(page);
      page.setDefaultTimeout(15_000);
      if (userAgent) {
        const cdp = await browser.newCDPSession(page);
        await cdp.send('Network.setUserAgentOverride', { userAgent });
      }
      page.on('pageerror', (error) => console.log(`     [page error] ${error.message}`));
      return page;
    },
    async goto(page, path) {
      const response = await page.goto(ctx.url(path), { waitUntil: 'domcontentloaded' });
      return response;
    },
    async screenshot(page, name) {
      await page.screenshot({ path: join(artifacts, `${slug(name)}.png`), fullPage: true });
    },
    async screenshotOnFailure() {
      const page = pages.at(-1);
      if (page && !page.isClosed()) await page.screenshot({ path: join(artifacts, `failed-${slug(spec.file)}-${slug(spec.name)}.png`), fullPage: true });
    },
    async closePages() {
      for (const page of pages.splice(0)) await page.close().catch(() => undefined);
    },
    /** Waits for the page title to contain `text`. */
    async expectTitle(page, text) {
      await page.waitForFunction((t) => document.title.includes(t), text, { timeout: 15_000 }).catch(async () => {
        throw new Error(`title "${await page.title()}" does not contain "${text}" on ${page.url()}`);
      });
    },
    /** Waits for visible text on the page. */
    async expectText(page, text, timeout = 15_000) {
      await page.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor({ state: 'visible', timeout }).catch(async () => {
        throw new Error(`text "${text}" not visible on ${page.url()}`);
      });
    },
    async expectPath(page, pathAndQuery, timeout = 15_000) {
      await page
        .waitForURL((u) => u.pathname + u.search === pathAndQuery || u.pathname === pathAndQuery, { timeout })
        .catch(() => {
          throw new Error(`expected ${pathAndQuery}, at ${page.url()}`);
        });
    },
    /** The newest .eml of DATA_DIR/outbox whose text matches `pattern`, waiting up to 10 s. */
    async waitForMail(pattern, since = 0) {
      const outbox = join(dataDir, 'outbox');
      for (let i = 0; i < 50; i += 1) {
        let files;
        try {
          files = readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .map((f) => ({ f, t: statSync(join(outbox, f)).mtimeMs }))
            .filter((x) => x.t >= since)
            .sort((a, b) => b.t - a.t);
        } catch {
          files = [];
        }
        for (const { f } of files) {
          const text = decodeMail(readFileSync(join(outbox, f), 'latin1'));
          if (pattern.test(text)) return text;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no mail matching ${pattern} in ${outbox}`);
    },
    /** Runs SQL on the server's SQLite file with the sqlite3 command-line tool. */
    sql(statement) {
      const db = findDatabase(dataDir);
      const result = spawnSync('sqlite3', ['-cmd', '.timeout 5000', db, statement], { encoding: 'utf8' });
      if (result.error) throw new Error(`sqlite3 unavailable: ${result.error.message} (apt-get install sqlite3)`);
      if (result.status !== 0) throw new Error(`sqlite3: ${result.stderr}`);
      return result.stdout.trim();
    },
  };
  return ctx;
}

function findDatabase(dataDir) {
  const candidates = readdirSync(dataDir).filter((f) => /\.(db|sqlite3?)$/.test(f));
  if (candidates.length === 0) throw new Error(`no SQLite file in ${dataDir}`);
  return join(dataDir, candidates[0]);
}

/** Undoes quoted-printable and base64 bodies (read as latin1 bytes) and returns UTF-8 text. */
export function decodeMail(raw) {
  let text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const b64 = raw.split(/\r?\n\r?\n/).slice(1).join('\n');
  if (/Content-Transfer-Encoding:\s*base64/i.test(raw)) {
    for (const block of b64.split(/\r?\n--/)) {
      const body = block.split(/\r?\n\r?\n/).pop()?.replace(/\s+/g, '') ?? '';
      try {
        if (/^[A-Za-z0-9+/=]{16,}$/.test(body)) text += `\n${Buffer.from(body, 'base64').toString('latin1')}`;
      } catch {
        /* not base64 */
      }
    }
  }
  try {
    text = Buffer.from(text, 'latin1').toString('utf8');
  } catch {
    /* keep as is */
  }
  return text;
}
