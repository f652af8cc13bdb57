// axe-core's WCAG 2.1 A and AA rules run in the page: an audit collects every violation of each
// state it is shown, and `expectClean` fails the spec with all of them listed, page by page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** An audit of one spec: `check(page, label)` runs axe on the page as it is now. */
export function axeAudit() {
  const found = [];
  let checked = 0;
  return {
    async check(page, label) {
      // Animations (toasts, dialogs, menus) settle before the colours are measured.
      await page.waitForTimeout(350);
      // Evaluated through the DevTools protocol: the page's CSP does not apply to it.
      if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async (tags) => {
        const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim() })),
        }));
      }, TAGS);
      checked += 1;
      for (const v of violations) found.push({ label, url: page.url(), ...v });
    },
    /** Throws with every violation found, or returns the number of states checked. */
    expectClean() {
      if (found.length === 0) return checked;
      const lines = found.flatMap((v) => [
        `[${v.label}] ${v.id} (${v.impact}): ${v.help} — ${v.url}`,
        ...v.nodes.slice(0, 6).map((n) => `    ${n.target}${n.summary ? ` : ${n.summary}` : ''}`),
        ...(v.nodes.length > 6 ? [`    … ${v.nodes.length - 6} more`] : []),
      ]);
      const nodes = found.reduce((sum, v) => sum + v.nodes.length, 0);
      // The runner keeps only the first lines of an error: the list goes to the log.
      console.log(lines.map((line) => `     ${line}`).join('\n'));
      throw new Error(`${nodes} elements in violation of WCAG 2.1 A/AA in ${checked} states (listed above)`);
    },
  };
}
