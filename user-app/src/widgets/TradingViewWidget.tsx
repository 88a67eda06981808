import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

/** How long the third-party script may take before the area says the data is unavailable. */
export const WIDGET_TIMEOUT_MS = 8000;
export const UNAVAILABLE_TEXT = 'Market data unavailable';
const NOTICE_HEIGHT = 44;

const widgetScriptUrl = (name: string) => `https://s3.tradingview.com/external-embedding/embed-widget-${name}.js`;

type Status = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface TradingViewWidgetProps {
  /** Embed name, e.g. 'ticker-tape', 'advanced-chart', 'market-overview', 'screener'. */
  name: string;
  config: Record<string, unknown>;
  /** Accessible name of the widget region. */
  title: string;
  height: number;
}

/**
 * A TradingView embed that never blocks the page: its script is injected only once the area
 * scrolls into view, and the area turns into a quiet notice when the script fails or is still
 * not there after WIDGET_TIMEOUT_MS (offline, blocked host, tests).
 */
export function TradingViewWidget({ name, config, title, height }: TradingViewWidgetProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const configJson = JSON.stringify(config);

  // Start when visible; without IntersectionObserver (jsdom, very old browsers) never load.
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    if (typeof IntersectionObserver === 'undefined') {
      setStatus('unavailable');
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        setStatus('loading');
      }
    }, { rootMargin: '200px' });
    observer.observe(area);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const area = areaRef.current;
    if (status !== 'loading' || !area) return;
    const host = document.createElement('div');
    host.className = 'tradingview-widget-container__widget';
    const script = document.createElement('script');
    script.src = widgetScriptUrl(name);
    script.async = true;
    script.type = 'text/javascript';
    // TradingView reads its configuration from the script's own text.
    script.text = configJson;
    const timer = window.setTimeout(() => setStatus('unavailable'), WIDGET_TIMEOUT_MS);
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      setStatus('ready');
    });
    script.addEventListener('error', () => {
      window.clearTimeout(timer);
      setStatus('unavailable');
    });
    area.replaceChildren(host, script);
    return () => {
      window.clearTimeout(timer);
    };
  }, [status, name, configJson]);

  // Drop whatever the script left behind once we have given up on it.
  useEffect(() => {
    if (status === 'unavailable') areaRef.current?.replaceChildren();
  }, [status]);

  return (
    // Once given up on, the area collapses to a one-line notice instead of a large empty box.
    <Frame role="region" aria-label={title} aria-busy={status === 'loading'} style={{ minHeight: status === 'unavailable' ? NOTICE_HEIGHT : height }}>
      <div ref={areaRef} className="tradingview-widget-container" style={{ height: status === 'unavailable' ? 0 : height }} data-widget={name} />
      {status === 'unavailable' && <Notice>{UNAVAILABLE_TEXT}</Notice>}
    </Frame>
  );
}

const Frame = styled.section`
  position: relative;
  width: 100%;
  overflow: hidden;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Notice = styled.p`
  margin: 0;
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 8px 16px;
  text-align: center;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
