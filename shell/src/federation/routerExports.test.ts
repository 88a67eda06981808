// The federation shares shell/mf/react-router.mjs, a list of react-router's exports, in place of
// the whole package (see mf-shared.cjs). A name some app imports but the list lacks would be
// undefined at run time in the production build only, so this test checks the list against every
// app's source, and each listed name against react-router itself.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import * as reactRouter from 'react-router';

const root = path.resolve(__dirname, '../../..');
const facade = readFileSync(path.join(root, 'shell/mf/react-router.mjs'), 'utf8');

function listed(): Set<string> {
  const block = /export \{([^}]*)\} from 'react-router-impl'/.exec(facade)?.[1] ?? '';
  return new Set(block.split(',').map((s) => s.trim()).filter(Boolean));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return entry === 'node_modules' || entry === 'test' ? [] : sourceFiles(file);
    // Tests run under jest with the real package, not through the federation.
    return /\.(tsx?|jsx?|mjs)$/.test(entry) && !/\.test\./.test(entry) ? [file] : [];
  });
}

/** Value names imported from react-router or react-router-dom (type-only imports excluded). */
function importedRouterNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router(?:-dom)?'/g)) {
    if (m[1]) continue;
    for (const part of (m[2] ?? '').split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0] ?? spec);
    }
  }
  return names;
}

describe('shared react-router facade', () => {
  it('parses value imports and skips type-only ones', () => {
    const src = "import { Link, type To, useNavigate as nav } from 'react-router';\nimport type { Location } from 'react-router-dom';\nimport {\n  Routes,\n  Route,\n} from 'react-router-dom';";
    expect(importedRouterNames(src)).toEqual(['Link', 'useNavigate', 'Routes', 'Route']);
  });

  it('exports every name the apps import from react-router or react-router-dom', () => {
    const names = listed();
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const pkg of ['shell/src', 'user-app/src', 'admin-app/src', 'shared-ui/src', 'api-client/src']) {
      for (const file of sourceFiles(path.join(root, pkg))) {
        for (const name of importedRouterNames(readFileSync(file, 'utf8'))) {
          seen.add(name);
          if (!names.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
        }
      }
    }
    // The scan really read the apps' router imports.
    expect([...seen]).toEqual(expect.arrayContaining(['Routes', 'Route', 'Link', 'useNavigate']));
    expect(missing).toEqual([]);
  });

  it('lists only names react-router really exports', () => {
    const exported = reactRouter as Record<string, unknown>;
    const unknown = [...listed()].filter((name) => exported[name] === undefined);
    expect(listed().size).toBeGreaterThan(5);
    expect(unknown).toEqual([]);
  });

  it('is what the react-router key provides, and react-router-dom re-exports it from its own file', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { shared } = require('../../../mf-shared.cjs') as { shared: Record<string, { import?: string }> };
    expect(shared['react-router']?.import).toBe(path.join(root, 'shell/mf/react-router.mjs'));
    // Two keys with one `import` collapse into one provide and leave the other key unprovided.
    const dom = shared['react-router-dom']?.import ?? '';
    expect(dom).toBe(path.join(root, 'shell/mf/react-router-dom.mjs'));
    expect(readFileSync(dom, 'utf8')).toMatch(/^export \* from 'react-router';$/m);
  });
});
