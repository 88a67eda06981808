import { ApiProvider } from '@halcyon/api-client/react';
import { StandaloneRemote } from '@halcyon/shared-ui';
import App from './App';

/** The remote on its own dev server (docs/frontend.md, Standalone); the API is its proxied /api. */
export function Standalone() {
  return (
    <ApiProvider>
      <StandaloneRemote basePath="/user">
        <App />
      </StandaloneRemote>
    </ApiProvider>
  );
}
