// A readable device name ('Chrome on Linux') from a User-Agent header, for the sessions list.
// Only the common browsers and systems: a name a person recognises, not a full UA parser.

// Order matters: Edge, Opera and Samsung Internet also say 'Chrome', Chrome also says 'Safari'.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

// iOS before macOS (an iPhone says 'like Mac OS X'), Android and ChromeOS before Linux.
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

// Scripts and command-line clients, named by their product token.
const CLIENTS: ReadonlyArray<[RegExp, string]> = [
  [/^curl\//i, 'curl'],
  [/^Wget\//i, 'Wget'],
  [/^PostmanRuntime\//, 'Postman'],
  [/^(?:node|undici)\b/i, 'Node.js'],
  [/^python-requests\//i, 'Python'],
];

function firstMatch(ua: string, table: ReadonlyArray<[RegExp, string]>): string | undefined {
  return table.find(([pattern]) => pattern.test(ua))?.[1];
}

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return 'Unknown device';
  const client = firstMatch(ua, CLIENTS);
  if (client) return client;
  const browser = firstMatch(ua, BROWSERS);
  const system = firstMatch(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Browser on ${system}` : 'Unknown device');
}
