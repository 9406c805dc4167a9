// The statement calls the tests make straight on the domain (the upload is an Express path).
import { uploadStatement as upload } from '../../src/server/domain/trading';
import { callerFor, type CreatedUser, type TestDb } from './db';
import type { TradingRulesInput } from '../../src/shared/trading/rules';

export function uploadStatement(
  t: TestDb,
  user: CreatedUser,
  contestId: number,
  file: { bytes: Uint8Array; name: string },
) {
  return upload(
    { db: t.db, privateDir: t.deps.privateDir },
    { id: user.id, username: user.username, role: user.role },
    { contestId, file },
  );
}

export async function setRulesFor(
  t: TestDb,
  organiser: CreatedUser,
  contestId: number,
  rules: TradingRulesInput,
) {
  await callerFor(t, organiser).caller.trading.setRules({ contestId, ...rules });
}
