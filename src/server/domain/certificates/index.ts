// What other areas may use of certificates (issue 30): issued when results are confirmed,
// withdrawn when they are reopened, read by anyone with the code (page, JSON, PDF).
import type { DB, DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/actor';
import type { TCertificate } from '../../../shared/schemas/certificates';

const todo = (): never => {
  throw new Error('certificates: not built yet');
};

export interface NewCertificate {
  userId: number;
  username: string;
  teamName: string | null;
  place: number;
  placeText: string;
}

/** Issues (or reissues, same code) the certificates of a contest's confirmed results. */
export async function issueCertificates(
  _tx: DbOrTx,
  _input: { contestId: number; contestTitle: string; issuedAt: Date; entries: NewCertificate[] },
): Promise<void> {
  return todo();
}

/** Withdraws a contest's certificates (its results were reopened). */
export async function withdrawCertificates(
  _tx: DbOrTx,
  _input: { contestId: number },
): Promise<void> {
  return todo();
}

export async function readCertificate(_db: DB, _input: { code: string }): Promise<TCertificate> {
  return todo();
}

/** The certificate as a one-page PDF, its bytes in base64 (REST sends the bytes). */
export async function certificatePdf(_db: DB, _input: { code: string }): Promise<string> {
  return todo();
}

/** The caller's own certificates, newest first. */
export async function myCertificates(_db: DB, _viewer: Actor): Promise<TCertificate[]> {
  return todo();
}
