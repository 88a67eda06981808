import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { brandAtom, configureApi, store } from '@halcyon/api-client/http';
import { resumeToasts } from '@halcyon/shared-ui/toast';
import { loadRuntimeConfig, type RuntimeConfig } from '../config/runtimeConfig';
import { Providers } from '../app/Providers';
import { preloadPrerendered } from '../app/AppRoutes';
import { captureBootForm } from '../boot/bootForm';
import { appContainer } from '../boot/heldFrame';
import { nextTask } from '../boot/nextTask';

/**
 * What both entries do to start (the federated app, federatedApp.tsx; the sign-in pages, signinApp.tsx):
 * read /config.json (or take it as already asked for), point the API client at it, and render
 * `routes` over the page, keeping what was typed into a prerendered form meanwhile. `configured`
 * runs once the config is known.
 */
export async function startShell(routes: ReactNode, configured: (config: RuntimeConfig) => void = () => undefined, configLoad: Promise<RuntimeConfig> = loadRuntimeConfig()): Promise<void> {
  const [config] = await Promise.all([configLoad, preloadPrerendered(window.location.pathname)]);
  configureApi({ baseUrl: config.apiBaseUrl });
  store.set(brandAtom, config.brand);
  configured(config);
  // The first render in a task of its own, not after the remotes' registration and the early reads.
  await nextTask();
  // What the sign-in page was showing as it handed over to this one (OpenApp).
  resumeToasts();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The sign-in page arrives rendered (shell/prerender): keep what was typed into it meanwhile.
  captureBootForm(container);
  // A remote's screen frame (the dashboard's) stays until the app shows that screen.
  const target = appContainer(container);
  const root = createRoot(target);
  const app = (
    <StrictMode>
      <Providers config={config}>
        <BrowserRouter>{routes}</BrowserRouter>
      </Providers>
    </StrictMode>
  );
  // Behind a held frame no one waits on the first commit: it renders in slices, so that a tap on
  // the frame is answered between them (the sign-in form's first commit must take what was typed at once).
  if (target === container) root.render(app);
  else startTransition(() => root.render(app));
}
