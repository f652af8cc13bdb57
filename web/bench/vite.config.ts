// Vite build of the browser benchmark page (a separate entry, not part of the site).
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  worker: { format: 'es' },
  build: { outDir: 'out', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  logLevel: 'warn',
});
