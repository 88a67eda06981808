// TradingView embed configurations (spec 2: ticker tape, advanced chart, market overview, screener).

export const tickerTapeConfig = {
  symbols: [
    { proName: 'FOREXCOM:SPXUSD', title: 'S&P 500' },
    { proName: 'FOREXCOM:NSXUSD', title: 'US 100' },
    { proName: 'FX_IDC:EURUSD', title: 'EUR to USD' },
    { proName: 'BITSTAMP:BTCUSD', title: 'Bitcoin' },
    { proName: 'BITSTAMP:ETHUSD', title: 'Ethereum' },
  ],
  showSymbolLogo: true,
  isTransparent: true,
  displayMode: 'adaptive',
  colorTheme: 'dark',
  locale: 'en',
};

export const advancedChartConfig = {
  autosize: true,
  symbol: 'BINANCE:BTCUSDT',
  interval: 'D',
  timezone: 'Etc/UTC',
  theme: 'dark',
  style: '1',
  locale: 'en',
  allow_symbol_change: true,
  calendar: false,
  support_host: 'https://www.tradingview.com',
};

const sym = (s: string, d: string) => ({ s, d });

export const marketOverviewConfig = {
  colorTheme: 'dark',
  dateRange: '12M',
  showChart: true,
  locale: 'en',
  width: '100%',
  height: '100%',
  isTransparent: true,
  showSymbolLogo: true,
  showFloatingTooltip: false,
  tabs: [
    { title: 'Indices', symbols: [sym('FOREXCOM:SPXUSD', 'S&P 500'), sym('FOREXCOM:NSXUSD', 'US 100'), sym('FOREXCOM:DJI', 'Dow 30'), sym('INDEX:NKY', 'Nikkei 225'), sym('INDEX:DEU40', 'DAX Index'), sym('FOREXCOM:UKXGBP', 'UK 100')] },
    { title: 'Futures', symbols: [sym('CME_MINI:ES1!', 'S&P 500'), sym('CME:6E1!', 'Euro'), sym('COMEX:GC1!', 'Gold'), sym('NYMEX:CL1!', 'WTI Crude Oil'), sym('NYMEX:NG1!', 'Gas'), sym('CBOT:ZC1!', 'Corn')] },
    { title: 'Bonds', symbols: [sym('CBOT:ZB1!', 'T-Bond'), sym('CBOT:UB1!', 'Ultra T-Bond'), sym('EUREX:FGBL1!', 'Euro Bund'), sym('EUREX:FBTP1!', 'Euro BTP'), sym('EUREX:FGBM1!', 'Euro BOBL')] },
    { title: 'Forex', symbols: [sym('FX:EURUSD', 'EUR to USD'), sym('FX:GBPUSD', 'GBP to USD'), sym('FX:USDJPY', 'USD to JPY'), sym('FX:USDCHF', 'USD to CHF'), sym('FX:AUDUSD', 'AUD to USD'), sym('FX:USDCAD', 'USD to CAD')] },
  ],
};

export const screenerConfig = {
  width: '100%',
  height: '100%',
  defaultColumn: 'overview',
  screener_type: 'crypto_mkt',
  displayCurrency: 'USD',
  colorTheme: 'light',
  locale: 'en',
  isTransparent: false,
};
