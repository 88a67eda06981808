import { loadRuntimeConfig, parseRuntimeConfig } from './runtimeConfig';

afterEach(() => jest.restoreAllMocks());

describe('runtime config', () => {
  it('reads /config.json and makes the manifest URLs absolute', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          apiBaseUrl: 'https://api.example.com/api',
          brand: 'Acme',
          remotes: { user_app: '/remotes/user-app/mf-manifest.json', admin_app: 'https://cdn.example.com/admin/mf-manifest.json' },
        }),
      ),
    );
    const config = await loadRuntimeConfig('/config.json', 'https://halcyon.example.com/user/main');
    // No cache option: it must match the page's Link preload; the server answers it no-store.
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { headers: { accept: 'application/json' } });
    expect(config).toEqual({
      apiBaseUrl: 'https://api.example.com/api',
      brand: 'Acme',
      remotes: { user_app: 'https://halcyon.example.com/remotes/user-app/mf-manifest.json', admin_app: 'https://cdn.example.com/admin/mf-manifest.json' },
    });
  });

  it('falls back to the defaults when /config.json is missing, so the page still renders', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('not found', { status: 404 }));
    const config = await loadRuntimeConfig('/config.json', 'http://localhost:8080/');
    expect(config).toEqual({
      apiBaseUrl: '/api',
      brand: 'Halcyon',
      remotes: { user_app: 'http://localhost:8080/remotes/user-app/mf-manifest.json', admin_app: 'http://localhost:8080/remotes/admin-app/mf-manifest.json' },
    });
  });

  it('keeps valid fields and replaces bad ones', () => {
    const config = parseRuntimeConfig({ apiBaseUrl: 42, brand: ' ', remotes: { user_app: 'http://x.test/m.json' } }, 'http://h.test/');
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.brand).toBe('Halcyon');
    expect(config.remotes).toEqual({ user_app: 'http://x.test/m.json', admin_app: 'http://h.test/remotes/admin-app/mf-manifest.json' });
  });
});
