/// <reference types="vitest/config" />
// Vite configuration: React, the `@/` alias, ES workers, the chunks of the libraries, the static
// JSON of the build: its id (build-id.json, and version.json for pages opened before it existed),
// its manifest, and the search engines' table of the public pages (seo-pages.json); and a
// compressed copy of each text file beside it (`.br`, `.gz`), which the server sends to browsers
// that accept it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Emits dist/build-id.json (and the older dist/version.json) so that open pages can detect a new
 * build, and dist/build-manifest.json listing the build's entry and files, written last, so that a
 * page reloads only into a build whose files are all there.
 */
function versionFile(): Plugin {
  return {
    name: 'forme-additive-version-file',
    apply: 'build',
    generateBundle(_options, bundle) {
      const id = JSON.stringify({ buildId, builtAt: new Date().toISOString() });
      this.emitFile({ type: 'asset', fileName: 'version.json', source: id });
      this.emitFile({ type: 'asset', fileName: 'build-id.json', source: id });
      const files = Object.keys(bundle).sort();
      const entry = Object.values(bundle)
        .filter((item) => item.type === 'chunk' && item.isEntry)
        .map((item) => item.fileName)
        .sort();
      this.emitFile({ type: 'asset', fileName: 'build-manifest.json', source: JSON.stringify({ buildId, entry, files }) });
    },
  };
}

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * Writes dist/seo-pages.json from src/app/seo-pages.ts (the titles, descriptions and schema.org data
 * the server puts in each public page's head, sitemap.xml and robots.txt), evaluated with the same
 * alias and environment as the app.
 */
function seoPages(): Plugin {
  let outDir = 'dist';
  let failed = false;
  return {
    name: 'forme-additive-seo-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildEnd(error) {
      failed = Boolean(error);
    },
    async closeBundle() {
      if (failed) return;
      type Module = typeof import('./src/app/seo-pages');
      const { module } = await runnerImport<Module>('/src/app/seo-pages.ts', { configFile: false, root: fileURLToPath(new URL('.', import.meta.url)), resolve: { alias }, logLevel: 'warn' });
      const table = module.seoTable();
      if (table.pages.length < 20) throw new Error(`seo-pages: only ${table.pages.length} pages`);
      writeFileSync(`${outDir}/seo-pages.json`, `${JSON.stringify(table, null, 1)}\n`);
    },
  };
}

/**
 * The libraries every page runs, each in a chunk of its own: they change less often than the
 * app's code, so a new build leaves them in the browser's cache. PrimeReact's shared core only
 * (context, utilities, base component, hooks, ripple): its components stay in the chunks of the
 * pages that use them, so that the first page does not load the data table or the dialogs.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  { name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 30 },
  { name: 'tanstack-query', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 20 },
  {
    name: 'primereact-core',
    test: /[\\/]node_modules[\\/]primereact[\\/](api|utils|componentbase|hooks|iconbase|ripple)[\\/]/,
    priority: 10,
  },
];

/**
 * Writes `file.br` (brotli) and `file.gz` (gzip) beside each built text file: the server's static
 * files (server/src/routes/pages) send them with `Content-Encoding` to browsers that accept it, so
 * that nothing is compressed on each request. The page shell (index.html) is served from memory
 * with its nonce, not from here; fonts and images are compressed already.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'forme-additive-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(js|mjs|css|svg|json|wasm|txt|ttf|eot)$/.test(name) && name !== 'index.html')
        .map((name) => join(outDir, name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = readFileSync(file);
          if (bytes.length < 1024) return;
          // Brotli's best level takes seconds per megabyte: the large chunks get a faster one.
          const quality = bytes.length > 512 * 1024 ? 9 : 11;
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length * 0.9) writeFileSync(`${file}.br`, br);
          if (gzipped.length < bytes.length * 0.9) writeFileSync(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(), seoPages(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: { alias },
  worker: { format: 'es' },
  // The server replaces this placeholder with each response's nonce (server/src/middleware/security_headers.rs).
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
  },
});
