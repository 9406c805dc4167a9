// A placed member's certificate (issue 30): made when results are confirmed, at a stable address
// anyone can open to verify it (`/certificates/{code}`, `GET /api/certificates/{code}`, and its
// PDF at `GET /api/certificates/{code}.pdf`).
import { z } from 'zod';

/** A certificate's code: 16 characters of an alphabet without look-alikes. */
export const CERTIFICATE_CODE = /^[0-9A-HJ-NP-Z]{16}$/;

export const ZCertificateRef = z.object({
  code: z
    .string({ error: 'A certificate code is required' })
    .trim()
    .toUpperCase()
    .regex(CERTIFICATE_CODE, 'A certificate code is 16 letters and digits'),
});

export const ZCertificate = z.object({
  code: z.string(),
  siteName: z.string(),
  contestTitle: z.string(),
  contestSlug: z.string().nullable(),
  /** The member as named when it was issued ('Deleted user' once the account is gone). */
  name: z.string(),
  teamName: z.string().nullable(),
  place: z.number().int(),
  placeText: z.string(),
  /** When the results were confirmed. */
  issuedAt: z.date(),
  /** Set when the results were reopened: the certificate no longer stands. */
  withdrawnAt: z.date().nullable(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

/** The caller's own certificates (dashboard, Analytics). */
export const ZMyCertificates = z.array(ZCertificate);

export const CERTIFICATE_MESSAGES = {
  notFound: 'No certificate has that code',
} as const;
