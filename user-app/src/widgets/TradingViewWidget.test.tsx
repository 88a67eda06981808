import { act, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '@halcyon/shared-ui';
import { TradingViewWidget, UNAVAILABLE_TEXT, WIDGET_TIMEOUT_MS } from './TradingViewWidget';
import { AdvancedChart, CryptoScreener, MarketOverview, TickerTape } from '.';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observed: Callback[] = [];

class FakeObserver {
  constructor(private readonly cb: Callback) {
    observed.push(cb);
  }
  observe() {}
  disconnect() {}
}

const withTheme = (ui: React.ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
const scripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[src*="tradingview"]'));
const scrollIntoView = () => act(() => observed.forEach((cb) => cb([{ isIntersecting: true }])));

describe('TradingViewWidget', () => {
  afterEach(() => {
    observed = [];
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    jest.useRealTimers();
  });

  it('loads nothing and says so quietly where IntersectionObserver is missing (jsdom)', () => {
    withTheme(<TickerTape />);
    expect(screen.getByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
    expect(screenByRegion('Market ticker')).toBeInTheDocument();
    expect(scripts()).toHaveLength(0);
  });

  it('injects the embed script with its configuration only once scrolled into view', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    withTheme(<AdvancedChart />);
    expect(scripts()).toHaveLength(0);
    scrollIntoView();
    const [script] = scripts();
    expect(script?.src).toBe('https://s3.tradingview.com/external-embedding/embed-widget-advanced-chart.js');
    expect(script?.async).toBe(true);
    const config = JSON.parse(script?.text ?? '{}') as Record<string, unknown>;
    expect(config).toMatchObject({ symbol: 'BINANCE:BTCUSDT', interval: 'D' });
    expect(screen.queryByText(UNAVAILABLE_TEXT)).not.toBeInTheDocument();
  });

  it('shows the notice when the script fails to load', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    withTheme(<CryptoScreener />);
    scrollIntoView();
    const [script] = scripts();
    expect(JSON.parse(script?.text ?? '{}')).toMatchObject({ screener_type: 'crypto_mkt', displayCurrency: 'USD', colorTheme: 'light', locale: 'en' });
    act(() => void script?.dispatchEvent(new Event('error')));
    expect(screen.getByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
    expect(scripts()).toHaveLength(0);
  });

  it('gives up after the timeout when the script never arrives, but not once it loaded', () => {
    jest.useFakeTimers();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    withTheme(
      <>
        <MarketOverview />
        <TradingViewWidget name="ticker-tape" title="Loaded one" config={{}} height={40} />
      </>,
    );
    scrollIntoView();
    const [overview, loaded] = scripts();
    expect(JSON.parse(overview?.text ?? '{}').tabs.map((t: { title: string }) => t.title)).toEqual(['Indices', 'Futures', 'Bonds', 'Forex']);
    act(() => void loaded?.dispatchEvent(new Event('load')));
    act(() => void jest.advanceTimersByTime(WIDGET_TIMEOUT_MS - 1));
    expect(screen.queryByText(UNAVAILABLE_TEXT)).not.toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.getAllByText(UNAVAILABLE_TEXT)).toHaveLength(1);
    expect(screenByRegion('Market overview')).toHaveTextContent(UNAVAILABLE_TEXT);
  });
});

function screenByRegion(name: string) {
  return screen.getByRole('region', { name });
}
