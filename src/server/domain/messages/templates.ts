// The messages the platform mails: each with the platform's name, a plain-text part (what every
// client can show, and what the admins' outbox shows) and an HTML part, and its link built from
// PUBLIC_URL or the address the request came to (`origin`).
import { TOKEN_TTL_MS } from '../../../shared/accountTokens';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An absolute link to a page of the app: `origin` is scheme://host[:port], without a path. */
export function appLink(origin: string, path: string, params: Record<string, string> = {}): string {
  const url = new URL(path, origin.endsWith('/') ? origin : `${origin}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

interface Layout {
  siteName: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  /** Said after the link (why they got it, what to do if it was not them). */
  footer: string[];
}

/** One layout for every message: the same words in the text part and the HTML part. */
function render(subject: string, layout: Layout): MailContent {
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs.flatMap((p) => [p, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.href}`, ''] : []),
    ...layout.footer.flatMap((p) => [p, '']),
    `— ${layout.siteName}`,
  ].join('\n');
  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const action = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.href)}" style="background:#6b46c1;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(layout.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, open this address: <a href="${escapeHtml(layout.action.href)}">${escapeHtml(layout.action.href)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1a1a;background:#f6f6f9;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(layout.siteName)}</h1>
${p(layout.greeting)}
${layout.paragraphs.map(p).join('\n')}
${action}
${layout.footer.map(p).join('\n')}
</div>
</body></html>`;
  return { subject, text, html };
}

/** What a mail carrying a one-time account link is written from. */
export interface AccountLinkMail {
  siteName: string;
  username: string;
  link: string;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

export function passwordResetMail({ siteName, username, link }: AccountLinkMail): MailContent {
  return render(`Reset your ${siteName} password`, {
    siteName,
    greeting: `Hello ${username},`,
    paragraphs: [
      `Someone asked to reset the password of your ${siteName} account. If it was you, choose a new password with the link below.`,
    ],
    action: { label: 'Choose a new password', href: link },
    footer: [
      `The link works once, for ${minutes(TOKEN_TTL_MS.password_reset)} minutes. Choosing a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
}

export function verifyEmailMail({ siteName, username, link }: AccountLinkMail): MailContent {
  return render(`Confirm your e-mail address for ${siteName}`, {
    siteName,
    greeting: `Hello ${username},`,
    paragraphs: [`Please confirm that this is your e-mail address for your ${siteName} account.`],
    action: { label: 'Confirm my e-mail address', href: link },
    footer: [
      `The link works once, for ${minutes(TOKEN_TTL_MS.verify_email) / 60} hours. You can ask for a new one in Account Settings.`,
      'If you did not create an account, ignore this message.',
    ],
  });
}

export function unlockDeviceMail({ siteName, username, link }: AccountLinkMail): MailContent {
  return render(`Sign-ins to your ${siteName} account are paused`, {
    siteName,
    greeting: `Hello ${username},`,
    paragraphs: [
      `Too many wrong passwords were tried on your ${siteName} account, so it is locked for browsers it does not know. Browsers you signed in with before are not affected.`,
      'If you are trying to sign in from a new browser, open the link below in that browser: it will be let in with your password despite the lock.',
    ],
    action: { label: 'Trust this browser', href: link },
    footer: [
      `The link works once, for ${minutes(TOKEN_TTL_MS.unlock_device)} minutes. It does not sign anyone in: your password (and your two-factor code, if you use one) is still needed.`,
      'If it was not you, someone may know your username: the lock keeps them out. Consider a stronger password.',
    ],
  });
}

/** Anything else the platform tells a member (notifications build on it). */
export function noticeMail({
  siteName,
  username,
  title,
  paragraphs,
  action,
}: {
  siteName: string;
  username?: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; href: string };
}): MailContent {
  return render(`${title} · ${siteName}`, {
    siteName,
    greeting: username ? `Hello ${username},` : 'Hello,',
    paragraphs,
    action,
    footer: [`You receive this because you have an account on ${siteName}.`],
  });
}
