import { TradingViewWidget } from './TradingViewWidget';
import { advancedChartConfig, marketOverviewConfig, screenerConfig, tickerTapeConfig } from './configs';

export const TickerTape = () => <TradingViewWidget name="ticker-tape" title="Market ticker" config={tickerTapeConfig} height={46} />;
export const AdvancedChart = () => <TradingViewWidget name="advanced-chart" title="Bitcoin to USDT price chart" config={advancedChartConfig} height={420} />;
export const MarketOverview = () => <TradingViewWidget name="market-overview" title="Market overview" config={marketOverviewConfig} height={460} />;
export const CryptoScreener = () => <TradingViewWidget name="screener" title="Crypto market screener" config={screenerConfig} height={550} />;
