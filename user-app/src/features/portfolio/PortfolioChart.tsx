import { useId, useState } from 'react';
import styled from 'styled-components';
import { PORTFOLIO_RANGES, type PortfolioHistory, type PortfolioRange } from '@halcyon/api-client/model';
import { useApiQuery } from '@halcyon/api-client/react';
import { formatDate, formatMoney, Muted, Panel, SectionTitle } from '@halcyon/shared-ui';
import { ReadState } from '@halcyon/app-kit';

const RANGE_LABELS: Record<PortfolioRange, string> = { '7d': '7 days', '30d': '30 days', '1y': '1 year', all: 'All' };
const RANGE_TITLES: Record<PortfolioRange, string> = { '7d': 'the last 7 days', '30d': 'the last 30 days', '1y': 'the last year', all: 'all time' };

// The drawing's own units; the SVG scales to its box.
const W = 600;
const H = 180;
const PAD = { top: 12, right: 8, bottom: 8, left: 8 };

interface Geometry {
  line: string;
  area: string;
  markers: Array<{ x: number; y: number; kind: 'deposit' | 'withdrawal'; label: string }>;
}

/** Points to SVG paths: time on x, value on y from 0 to the highest value. */
function geometry({ points, events }: PortfolioHistory): Geometry | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const t0 = Date.parse(first.at);
  const span = Math.max(1, Date.parse(last.at) - t0);
  const top = Math.max(1, ...points.map((p) => p.value)) * 1.1;
  const x = (at: string) => PAD.left + ((Date.parse(at) - t0) / span) * (W - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / top) * (H - PAD.top - PAD.bottom);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(last.at).toFixed(1)},${H - PAD.bottom} L${x(first.at).toFixed(1)},${H - PAD.bottom} Z`;
  // A marker sits on the line where the value stood at the next point after the event.
  const valueAt = (at: string) => points.find((p) => p.at >= at)?.value ?? last.value;
  const markers = events.map((e) => ({
    x: x(e.at),
    y: y(valueAt(e.at)),
    kind: e.kind,
    label: `${e.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} of ${formatMoney(e.amount)} on ${formatDate(e.at)}`,
  }));
  return { line, area, markers };
}

/**
 * The dashboard's portfolio history: the value of all the investor's accounts over 7 days, 30
 * days, a year or all time, from the ledger, deposits (▲) and withdrawals (▼) marked. A plain SVG:
 * no chart library in the dashboard's bundle.
 */
export function PortfolioChart() {
  const [range, setRange] = useState<PortfolioRange>('30d');
  const query = useApiQuery('getPortfolioHistory', { query: { range } }, { select: (r) => r.data, placeholderData: (previous) => previous });
  const ids = useId();
  const data = query.data;
  const drawing = data ? geometry(data) : null;
  const from = data?.points[0]?.value ?? 0;
  const to = data?.points.at(-1)?.value ?? 0;
  const deposits = data?.events.filter((e) => e.kind === 'deposit').length ?? 0;
  const withdrawals = (data?.events.length ?? 0) - deposits;

  return (
    <Panel aria-labelledby={`${ids}-title`}>
      <Head>
        <SectionTitle id={`${ids}-title`}>Portfolio history</SectionTitle>
        <Ranges role="group" aria-label="Period">
          {PORTFOLIO_RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={r === range} onClick={() => setRange(r)}>
              {RANGE_LABELS[r]}
            </button>
          ))}
        </Ranges>
      </Head>
      <ReadState query={query} fallback="Failed to fetch your portfolio history." loading="Loading your portfolio history..." />
      {drawing && data && (
        <>
          <Chart viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-labelledby={`${ids}-svg-title`} aria-describedby={`${ids}-svg-desc`}>
            <title id={`${ids}-svg-title`}>Portfolio value over {RANGE_TITLES[range]}</title>
            <desc id={`${ids}-svg-desc`}>
              From {formatMoney(from)} to {formatMoney(to)}; {deposits} deposits and {withdrawals} withdrawals marked.
            </desc>
            <path className="area" d={drawing.area} />
            <path className="line" d={drawing.line} vectorEffect="non-scaling-stroke" />
            {drawing.markers.map((m, i) => (
              <path
                key={i}
                className={m.kind}
                d={m.kind === 'deposit' ? `M${m.x},${m.y - 7} l6,10 h-12 Z` : `M${m.x},${m.y + 7} l6,-10 h-12 Z`}
              >
                <title>{m.label}</title>
              </path>
            ))}
          </Chart>
          <Scale>
            <span>{formatDate(data.points[0]?.at ?? '')}</span>
            <span>
              <Legend $kind="deposit">▲</Legend> deposit <Legend $kind="withdrawal">▼</Legend> withdrawal
            </span>
            <span>{formatDate(data.points.at(-1)?.at ?? '')}</span>
          </Scale>
          <Muted>
            All your accounts (available, held, invested and earnings): {formatMoney(to)} now, {formatMoney(from)} at the start of the period.
          </Muted>
        </>
      )}
    </Panel>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Ranges = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  button {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radiusSmall};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: ${({ theme }) => theme.font.size.small};
    cursor: pointer;
  }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.secondary}; color: ${({ theme }) => theme.colors.secondaryText}; }
  button:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Chart = styled.svg`
  width: 100%;
  /* Stretched to the box's width (preserveAspectRatio none): the line keeps its stroke width. */
  height: 160px;
  .area { fill: ${({ theme }) => theme.colors.surfaceAlt}; }
  .line { fill: none; stroke: ${({ theme }) => theme.colors.info}; stroke-width: 2; }
  .deposit { fill: ${({ theme }) => theme.colors.success}; }
  .withdrawal { fill: ${({ theme }) => theme.colors.danger}; }
`;

const Scale = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Legend = styled.span<{ $kind: 'deposit' | 'withdrawal' }>`
  color: ${({ theme, $kind }) => ($kind === 'deposit' ? theme.colors.success : theme.colors.danger)};
`;
