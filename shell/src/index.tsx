// Shell entry. With experiments.asyncStartup the federation runtime has initialised the shared
// scope before this runs, so shared modules are imported directly (no bootstrap file).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { brandAtom, configureApi, store } from '@halcyon/api-client/http';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { registerRuntimeRemotes } from './federation/remotes';
import { Providers } from './app/Providers';
import { AppRoutes, preloadPrerendered } from './app/AppRoutes';
import { captureBootForm } from './boot/bootForm';

async function start(): Promise<void> {
  const [config] = await Promise.all([loadRuntimeConfig(), preloadPrerendered(window.location.pathname)]);
  configureApi({ baseUrl: config.apiBaseUrl });
  store.set(brandAtom, config.brand);
  registerRuntimeRemotes(config.remotes);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The sign-in page arrives rendered (shell/prerender): keep what was typed into it meanwhile.
  captureBootForm(container);
  createRoot(container).render(
    <StrictMode>
      <Providers config={config}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

void start();
