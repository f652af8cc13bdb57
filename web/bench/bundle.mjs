// Sizes of what a page loads first, read from a build (web/dist, `npx vite build` first): the
// entry script with every chunk it imports statically (its <link rel="modulepreload"> list) and
// the style sheets of index.html, raw and compressed (gzip -9 and brotli), then the same for each
// page chunk named as an argument (a file name's start: home-page, quote-page...), with the chunks
// it imports statically that the entry does not already load.
//
//   node web/bench/bundle.mjs [home-page quote-page printing-page] [--top 10] [--dist web/dist]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const dist = resolve(option('dist', join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')));
const assets = join(dist, 'assets');
const top = Number(option('top', 10));
const pages = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}

/** The chunks `file` imports statically (minified `import … from"./x.js"` and `import"./x.js"`). */
function staticImports(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `assets/${m[1]}`);
}

function closure(start) {
  const seen = new Set();
  const todo = [...start];
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return seen;
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const row = (label, files) => {
  const total = [...files].reduce((t, f) => ({ raw: t.raw + size(f).raw, gzip: t.gzip + size(f).gzip, brotli: t.brotli + size(f).brotli }), { raw: 0, gzip: 0, brotli: 0 });
  console.log(`| ${label} | ${files.size ?? files.length} | ${kb(total.raw)} | ${kb(total.gzip)} | ${kb(total.brotli)} |`);
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (re) => [...html.matchAll(re)].map((m) => m[1].replace(/^\//, ''));
const entry = attr(/<script type="module"[^>]*src="([^"]+)"/g);
const preloads = attr(/<link rel="modulepreload"[^>]*href="([^"]+)"/g);
const styles = attr(/<link rel="stylesheet"[^>]*href="([^"]+)"/g);
const first = closure([...entry, ...preloads]);

console.log('| what | files | raw | gzip -9 | brotli 11 |');
console.log('|---|---|---|---|---|');
row('entry chunk alone', new Set(entry));
row('JavaScript loaded first (entry + static imports)', first);
row('style sheets of index.html', new Set(styles));
const files = readdirSync(assets);
for (const page of pages) {
  const chunk = files.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk named ${page}-*.js in dist/assets`);
  const own = [...closure([`assets/${chunk}`])].filter((f) => !first.has(f));
  row(`+ ${page} (its chunk and the chunks it adds)`, new Set(own));
}

console.log(`\nThe ${top} largest chunks loaded first:\n`);
console.log('| chunk | raw | gzip -9 | brotli 11 |');
console.log('|---|---|---|---|');
for (const file of [...first].sort((a, b) => size(b).raw - size(a).raw).slice(0, top)) {
  const s = size(file);
  console.log(`| ${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`);
}
