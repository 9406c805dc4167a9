// The 0006 migration's hash part (issue 15 'One transaction backs several proofs'): the stored transaction
// hashes of an existing install are normalised (hexadecimal: 64 lower-case digits without 0x;
// Solana as it was), the oldest proof of a hash keeps it, a later one still pending is rejected
// with a reason its member reads, and the unique index on the hash alone then holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, sqliteConnection } from '../../src/server/platform/db/client';
import { MIGRATIONS_DIR } from '../../src/server/platform/paths';
import { dialect } from '../../src/server/platform/db/dialectChoice';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-hashes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The committed migrations up to (not including) the one tagged `before`. */
function migrationsBefore(before: string): string {
  const folder = path.join(dir, 'migrations');
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag.endsWith(before));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// Not in the PostgreSQL pass: a SQLite migration.
describe.skipIf(dialect === 'pg')('the payment hashes migration', () => {
  it('normalises hashes, keeps the oldest of a hash, rejects a later pending one, then holds', async () => {
    const file = path.join(dir, 'old.db');
    const old = await openDatabase(file, { migrationsFolder: migrationsBefore('trust') });
    const s = sqliteConnection(old);
    s.prepare(
      "INSERT INTO users (username, password, email) VALUES ('ann', 'x', 'a@example.com'), ('bob', 'x', 'b@example.com')",
    ).run();
    const digits = 'ab'.repeat(32);
    const sol = '5'.repeat(87);
    const add = s.prepare(
      `INSERT INTO payment_proofs (user_id, username, purpose, tier, network, wallet_address,
         tx_hash, sender_address, amount_usd, amount_coin, rate, status, created_at)
       VALUES (?, 'ann', 'tier_upgrade', 'pro', ?, 'w', ?, 's', '1.00', '1', 1, ?, ?)`,
    );
    // 1: the oldest spelling of one hash (verified); 2: the same hash in capitals on another
    // network (verified: keeps its verdict); 3: bare, pending: rejected; 4: a Solana signature
    // kept as it is; 5: a legacy value of no known shape, kept; 6: an unrelated ETH hash.
    add.run(1, 'ETH', `0x${digits.toUpperCase()}`, 'verified', 1000);
    add.run(2, 'BTC', digits.toUpperCase(), 'verified', 2000);
    add.run(2, 'ETH', digits, 'pending', 3000);
    add.run(1, 'SOL', sol, 'pending', 4000);
    add.run(1, 'TRX', 'legacy-hash-0001', 'pending', 5000);
    add.run(2, 'MATIC', `0x${'cd'.repeat(32)}`, 'pending', 6000);
    await closeDatabase(old);

    const db = await openDatabase(file);
    const rows = sqliteConnection(db)
      .prepare('SELECT id, tx_hash, status, reason, reviewer_name FROM payment_proofs ORDER BY id')
      .all() as { id: number; tx_hash: string; status: string; reason: string | null }[];
    expect(rows).toEqual([
      { id: 1, tx_hash: digits, status: 'verified', reason: null, reviewer_name: null },
      { id: 2, tx_hash: `${digits}#dup2`, status: 'verified', reason: null, reviewer_name: null },
      {
        id: 3,
        tx_hash: `${digits}#dup3`,
        status: 'rejected',
        reason: 'This transaction had already been submitted (payment proof #1).',
        reviewer_name: 'System',
      },
      { id: 4, tx_hash: sol, status: 'pending', reason: null, reviewer_name: null },
      { id: 5, tx_hash: 'legacy-hash-0001', status: 'pending', reason: null, reviewer_name: null },
      { id: 6, tx_hash: 'cd'.repeat(32), status: 'pending', reason: null, reviewer_name: null },
    ]);
    // The index on the normalised hash alone holds from now on, on any network.
    expect(() =>
      sqliteConnection(db)
        .prepare(
          `INSERT INTO payment_proofs (user_id, username, purpose, tier, network, wallet_address,
             tx_hash, sender_address, amount_usd, amount_coin, rate)
           VALUES (1, 'ann', 'tier_upgrade', 'elite', 'TRX', 'w', ?, 's', '1.00', '1', 1)`,
        )
        .run('cd'.repeat(32)),
    ).toThrow(/UNIQUE/);
    await closeDatabase(db);
  });
});
