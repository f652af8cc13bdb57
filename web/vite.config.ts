/// <reference types="vitest/config" />
// Vite configuration: React, the `@/` alias, ES workers, and the static JSON of the build: its id
// (build-id.json, and version.json for pages opened before it existed), its manifest, and the
// search engines' table of the public pages (seo-pages.json).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

export default defineConfig({
  plugins: [react(), versionFile(), seoPages()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: { alias },
  worker: { format: 'es' },
  // The server replaces this placeholder with each response's nonce (server/src/middleware/security_headers.rs).
  html: { cspNonce: '__CSP_NONCE__' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
  },
});
