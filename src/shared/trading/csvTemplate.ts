// The documented CSV of closed trades and balance operations (docs/trading.md): its columns, read
// by the server's parser, and the template the contest page offers traders for download.

export const CSV_COLUMNS = [
  'type',
  'ticket',
  'symbol',
  'side',
  'volume',
  'open_time',
  'open_price',
  'close_time',
  'close_price',
  'commission',
  'swap',
  'profit',
  'comment',
] as const;

/** The template the contest page offers: the header and one trade and one deposit. */
export const CSV_TEMPLATE = [
  '# account: 12345678',
  '# server: Broker-Demo',
  '# currency: USD',
  '# name: Jane Trader',
  CSV_COLUMNS.join(','),
  'balance,1001,,,,,,2024-03-01 09:00:00,,,,10000.00,Deposit',
  'trade,1002,EURUSD,buy,0.10,2024-03-04 10:15:00,1.08512,2024-03-04 14:40:30,1.08730,-0.70,0.00,21.80,CP-7F3K9Q',
  '',
].join('\n');

/** The name the downloaded template is saved under. */
export const CSV_TEMPLATE_FILE_NAME = 'statement-template.csv';
