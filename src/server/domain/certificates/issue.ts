// Issuing and withdrawing a contest's certificates (issue 30): results confirmed issue one per
// placed member; a reopening withdraws them; confirming again reissues them under the same codes,
// so an address already shared keeps working and shows the new place.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { certificates } from '../../platform/db/schema';
import { newCertificateCode } from './code';

export interface NewCertificate {
  userId: number;
  username: string;
  teamName: string | null;
  place: number;
  placeText: string;
}

// A draw that keeps hitting taken codes means something is broken (the random source), not bad
// luck: with 34^16 codes a second collision in a row is beyond any real table's size.
const MAX_DRAWS = 8;

/** `n` codes that no certificate holds yet and that differ from each other. */
async function freeCodes(tx: DbOrTx, n: number): Promise<string[]> {
  const chosen = new Set<string>();
  for (let draw = 0; chosen.size < n; draw++) {
    if (draw >= MAX_DRAWS) throw new Error('certificates: could not draw a free code');
    const candidates = new Set<string>();
    while (candidates.size < n - chosen.size) {
      const code = newCertificateCode();
      if (!chosen.has(code)) candidates.add(code);
    }
    const taken = await tx
      .select({ code: certificates.code })
      .from(certificates)
      .where(inArray(certificates.code, [...candidates]));
    const takenCodes = new Set(taken.map((r) => r.code));
    for (const code of candidates) if (!takenCodes.has(code)) chosen.add(code);
  }
  return [...chosen];
}

/**
 * Issues (or reissues, same code) the certificates of a contest's confirmed results: one per
 * entry, upserted on (contest, member) with the new place, date and names, no longer withdrawn.
 */
export async function issueCertificates(
  tx: DbOrTx,
  input: { contestId: number; contestTitle: string; issuedAt: Date; entries: NewCertificate[] },
): Promise<void> {
  const { contestId, contestTitle, issuedAt, entries } = input;
  if (entries.length === 0) return;
  // A member who already holds one keeps its code (the upsert ignores the fresh one).
  const codes = await freeCodes(tx, entries.length);
  for (const [i, entry] of entries.entries()) {
    const facts = {
      contestTitle,
      username: entry.username,
      teamName: entry.teamName,
      place: entry.place,
      placeText: entry.placeText,
      issuedAt,
      withdrawnAt: null,
    };
    await tx
      .insert(certificates)
      .values({ code: codes[i]!, contestId, userId: entry.userId, ...facts })
      .onConflictDoUpdate({ target: [certificates.contestId, certificates.userId], set: facts });
  }
}

/** Withdraws a contest's certificates (its results were reopened); the codes stay readable. */
export async function withdrawCertificates(
  tx: DbOrTx,
  input: { contestId: number; at?: Date },
): Promise<void> {
  await tx
    .update(certificates)
    .set({ withdrawnAt: input.at ?? new Date() })
    .where(and(eq(certificates.contestId, input.contestId), isNull(certificates.withdrawnAt)));
}
