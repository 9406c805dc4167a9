// A message's text in pieces, its http(s) links apart, so a screen can make just those clickable
// (the Outbox's messages: a verification or reset link an admin follows when no SMTP is set).
// Only http: and https: become links; anything else stays text.

export type TextPiece = { text: string } | { href: string };

// Up to whitespace, quotes or angle brackets; sentence punctuation at the end is not the link's.
const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]]+$/;

export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, '');
    if (!isHttpUrl(href)) continue;
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}
