// axe-core injected into the page (no wrapper library); only serious and critical violations
// fail a screen, listed by rule, impact and the first offending elements.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol: the product's CSP (rightly) blocks injected <script>s.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode { target: unknown[]; html: string; failureSummary?: string }
interface AxeViolation { id: string; impact?: string | null; help: string; nodes: AxeNode[] }

export interface A11yProblem { rule: string; impact: string; help: string; targets: string[] }

export async function seriousViolations(page: Page): Promise<A11yProblem[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    // Third-party widget frames are offline in tests; axe should judge our own markup.
    const result = await axe.run(document, { resultTypes: ['violations'], iframes: false });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.map(String).join(' ')} ${n.html.slice(0, 160)}`),
    }));
}

export function describeProblems(screen: string, problems: A11yProblem[]): string {
  return problems.map((p) => `${screen}: [${p.impact}] ${p.rule} — ${p.help} at ${p.targets.join(' | ')}`).join('\n');
}
