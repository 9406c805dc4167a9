// Reading certificates (issue 30): anyone with a code reads its facts (the verification page,
// GET /api/certificates/{code}); a member lists their own. The contest's title and the member's
// name are the ones stored at issue, so they survive the contest's or the account's deletion.
import { desc, eq } from 'drizzle-orm';
import type { DB } from '../../platform/db/client';
import { certificates, contests } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { getPlatformSettings } from '../settings';
import { DELETED_USER_LABEL } from '../../../shared/payments';
import { CERTIFICATE_MESSAGES, type TCertificate } from '../../../shared/schemas/certificates';

const columns = {
  code: certificates.code,
  contestTitle: certificates.contestTitle,
  contestSlug: contests.slug,
  userId: certificates.userId,
  username: certificates.username,
  teamName: certificates.teamName,
  place: certificates.place,
  placeText: certificates.placeText,
  issuedAt: certificates.issuedAt,
  withdrawnAt: certificates.withdrawnAt,
};

type Row = {
  code: string;
  contestTitle: string;
  contestSlug: string | null;
  userId: number | null;
  username: string;
  teamName: string | null;
  place: number;
  placeText: string;
  issuedAt: Date;
  withdrawnAt: Date | null;
};

function certificateOf(row: Row, siteName: string): TCertificate {
  const { userId, username, ...rest } = row;
  return { ...rest, siteName, name: userId === null ? DELETED_USER_LABEL : username };
}

function selectCertificates(db: DB) {
  return db
    .select(columns)
    .from(certificates)
    .leftJoin(contests, eq(contests.id, certificates.contestId));
}

/** The certificate of `code` (already checked and upper-cased by ZCertificateRef), or 404. */
export async function readCertificate(db: DB, input: { code: string }): Promise<TCertificate> {
  const [row] = await selectCertificates(db).where(eq(certificates.code, input.code));
  if (!row) throw new AppError('NOT_FOUND', CERTIFICATE_MESSAGES.notFound);
  const { siteName } = await getPlatformSettings({ db });
  return certificateOf(row, siteName);
}

/** The caller's own certificates, newest first (withdrawn ones too, marked by withdrawnAt). */
export async function myCertificates(db: DB, viewer: Actor): Promise<TCertificate[]> {
  const rows = await selectCertificates(db)
    .where(eq(certificates.userId, viewer.id))
    .orderBy(desc(certificates.issuedAt), certificates.code);
  if (rows.length === 0) return [];
  const { siteName } = await getPlatformSettings({ db });
  return rows.map((row) => certificateOf(row, siteName));
}
