//! Entry point: styles, the chunk-reload guard, providers and the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/index.css';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { reloadForChunkError } from './lib/build-check';
import { installStyleBridge } from './lib/csp-style-bridge';

// Before any component injects its CSS: see lib/csp-style-bridge.
installStyleBridge();

// A lazy chunk of an older build is gone after a deployment: reload once (10 s guard).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
