//! Entry point: styles, providers and the router. A lazy chunk that fails to load (an old build's
//! file is gone) reaches the router's error page, which reloads once at the page asked for (10 s
//! guard, lib/build-check): reloading here, on `vite:preloadError`, would reload the page being
//! left, since the router commits the new URL only after the chunk.
// First: zod must be jitless before any module builds a schema (lib/zod-jitless).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/index.css';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
