// A certificate as a one-page landscape A4 PDF (issue 30), drawn with pdf-lib's standard fonts
// (nothing fetched, nothing embedded from disk): the site, the member, the place, the contest,
// the date, and the code with the address where anyone can verify it. A withdrawn certificate
// says so across the page.
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DB } from '../../platform/db/client';
import type { TCertificate } from '../../../shared/schemas/certificates';
import { readCertificate } from './read';
import { drawable, fitted } from './fontText';

// A4 landscape, in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 70;

const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.38, 0.4, 0.45);
const ACCENT = rgb(0.16, 0.33, 0.6);
const WITHDRAWN = rgb(0.75, 0.1, 0.1);

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2nd place' from the stored place text ('2nd', or '2nd-3rd' for a shared place). */
export function placeInWords(c: Pick<TCertificate, 'place' | 'placeText'>): string {
  const text = c.placeText.trim() || String(c.place);
  return /place$/i.test(text) ? text : `${text} place`;
}

/** Where the certificate is verified: the site's address when known, else the path alone. */
export function verifyAddress(code: string, origin: string | undefined): string {
  const path = `/certificates/${code}`;
  return origin ? `${origin.replace(/\/+$/, '')}${path}` : path;
}

function centred(
  page: PDFPage,
  font: PDFFont,
  text: string,
  y: number,
  size: number,
  color = INK,
): void {
  const line = fitted(font, drawable(font, text), size, WIDTH - 2 * MARGIN);
  const x = (WIDTH - font.widthOfTextAtSize(line.text, line.size)) / 2;
  page.drawText(line.text, { x, y, size: line.size, font, color });
}

async function drawCertificate(c: TCertificate, origin: string | undefined): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate ${c.code}`);
  doc.setCreator(c.siteName);
  doc.setProducer('pdf-lib');
  const page = doc.addPage([WIDTH, HEIGHT]);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const sansBold = await doc.embedFont(StandardFonts.HelveticaBold);
  const serifBold = await doc.embedFont(StandardFonts.TimesRomanBold);

  // A double frame, as printed certificates have.
  page.drawRectangle({
    x: 24,
    y: 24,
    width: WIDTH - 48,
    height: HEIGHT - 48,
    borderColor: ACCENT,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: WIDTH - 68,
    height: HEIGHT - 68,
    borderColor: ACCENT,
    borderWidth: 0.8,
  });

  centred(page, sansBold, c.siteName, 505, 18, ACCENT);
  centred(page, serifBold, 'Certificate of achievement', 445, 38);
  centred(page, sans, 'This certifies that', 398, 14, MUTED);
  centred(page, serifBold, c.name, 355, 32);
  let y = 322;
  if (c.teamName) {
    centred(page, sans, `of the team ${c.teamName}`, y, 14, MUTED);
    y -= 40;
  } else {
    y -= 14;
  }
  centred(page, sansBold, `won ${placeInWords(c)}`, y, 24, ACCENT);
  centred(page, sans, `in ${c.contestTitle}`, y - 36, 16);
  centred(page, sans, `Awarded on ${DATE.format(c.issuedAt)}`, y - 66, 13, MUTED);

  if (c.withdrawnAt) {
    // Across the page, so no crop of a printout hides it.
    const word = 'WITHDRAWN';
    const size = 96;
    const width = sansBold.widthOfTextAtSize(word, size);
    const angle = 20;
    const rad = (angle * Math.PI) / 180;
    page.drawText(word, {
      x: WIDTH / 2 - (width / 2) * Math.cos(rad) + (size / 3) * Math.sin(rad),
      y: HEIGHT / 2 - (width / 2) * Math.sin(rad) - (size / 3) * Math.cos(rad),
      size,
      font: sansBold,
      color: WITHDRAWN,
      opacity: 0.35,
      rotate: degrees(angle),
    });
    centred(
      page,
      sansBold,
      `Withdrawn on ${DATE.format(c.withdrawnAt)}: the contest's results were reopened`,
      120,
      13,
      WITHDRAWN,
    );
  }

  centred(page, sans, `Certificate code: ${c.code}`, 80, 11, MUTED);
  centred(page, sans, `Verify it at ${verifyAddress(c.code, origin)}`, 62, 11, MUTED);
  return doc.save();
}

/**
 * The certificate of `code` as a one-page PDF, its bytes in base64 (REST sends the bytes).
 * `origin`: the site's address for the verification line (the request's link origin).
 */
export async function certificatePdf(
  db: DB,
  input: { code: string; origin?: string },
): Promise<string> {
  const certificate = await readCertificate(db, { code: input.code });
  const bytes = await drawCertificate(certificate, input.origin);
  return Buffer.from(bytes).toString('base64');
}
