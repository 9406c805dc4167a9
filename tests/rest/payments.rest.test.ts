// /api/payments/proofs over real HTTP: submitting (201 with the computed amounts), duplicates,
// the member's own list and the reviewers' queue, reviews, and proof files that only their
// owner and reviewers can read, even after the member's account is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser } from '../../src/server/domain/accounts/adminUsers';
import {
  PAYMENT_MESSAGES as M,
  senderAddressFormatMessage,
  txHashFormatMessage,
} from '../../src/shared/payments';
import { clientFor, PNG, uploadForm } from '../helpers/accounts';
import { insertContest, storedContest } from '../helpers/contests';
import { createUser, type CreatedUser } from '../helpers/db';
import { SENDER, SENDERS, WALLETS, configureNetwork, txHash, txHashFor } from '../helpers/payments';
import { HttpClient, startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let member: CreatedUser;
let other: CreatedUser;
let admin: CreatedUser;
let memberHttp: HttpClient;
let otherHttp: HttpClient;
let moderatorHttp: HttpClient;
let adminHttp: HttpClient;
beforeAll(async () => {
  s = await startTestServer();
  member = await createUser(s.db);
  other = await createUser(s.db);
  admin = await createUser(s.db, { role: 'admin' });
  memberHttp = await clientFor(s, member.id);
  otherHttp = await clientFor(s, other.id);
  moderatorHttp = await clientFor(s, (await createUser(s.db, { role: 'moderator' })).id);
  adminHttp = await clientFor(s, admin.id);
  await configureNetwork(s.db, 'ETH');
});
afterAll(() => s?.stop());

const paid = () =>
  insertContest(s.db, {
    createdBy: admin.id,
    status: 'active',
    participationType: 'paid',
    entryFee: '50',
  });

describe('POST /api/payments/proofs', () => {
  it('answers 201 with the pending proof and the amounts computed by the server', async () => {
    const contest = await paid();
    const hash = txHash();
    const res = await memberHttp.post('/api/payments/proofs', {
      contestId: contest.id,
      network: 'ETH',
      txHash: hash,
      senderAddress: SENDER,
      notes: 'From my hardware wallet',
      // Whatever a client claims, the amounts are the server's.
      amountUsd: '1.00',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: 'pending',
      purpose: 'entry_fee',
      contestId: contest.id,
      network: 'ETH',
      walletAddress: WALLETS.ETH,
      // Normalised: 64 lower-case digits; the explorer link writes it with 0x.
      txHash: hash.slice(2),
      explorerUrl: `https://etherscan.io/tx/${hash}`,
      amountUsd: '50.00',
      amountCoin: '0.02100000',
      notes: 'From my hardware wallet',
    });
    expect(typeof res.json.id).toBe('number');
    expect(res.json.createdAt).toMatch(/Z$/);
  });

  it('answers 409 for a hash already used on the network, 400 with SPEC 5’s messages', async () => {
    const hash = txHash();
    const body = { tier: 'standard', network: 'ETH', txHash: hash, senderAddress: SENDER };
    expect((await memberHttp.post('/api/payments/proofs', body)).status).toBe(201);
    const again = await otherHttp.post('/api/payments/proofs', body);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      message: M.tx_hash_used,
      code: 'CONFLICT',
      reason: 'tx_hash_used',
    });
    const short = await otherHttp.post('/api/payments/proofs', { ...body, txHash: 'abc' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Transaction hash must be at least 10 characters.');
    const sender = await otherHttp.post('/api/payments/proofs', {
      ...body,
      txHash: txHash(),
      senderAddress: 'abc',
    });
    expect(sender.json.message).toBe('Sender address must be at least 20 characters.');
    const unset = await otherHttp.post('/api/payments/proofs', {
      ...body,
      txHash: txHash(),
      senderAddress: SENDERS.TRX,
      network: 'TRX',
    });
    expect([unset.status, unset.json.reason]).toEqual([400, 'network_not_set_up']);
  });

  it('answers 409 for the three spellings of one ETH hash from three members but the first', async () => {
    const digits = txHash().slice(2);
    const statuses = [];
    for (const spelling of [`0x${digits}`, `0X${digits.toUpperCase()}`, digits.toUpperCase()]) {
      const payer = await clientFor(s, (await createUser(s.db)).id);
      const res = await payer.post('/api/payments/proofs', {
        tier: 'pro',
        network: 'ETH',
        txHash: spelling,
        senderAddress: SENDER,
      });
      statuses.push([res.status, res.json.message]);
    }
    expect(statuses).toEqual([
      [201, undefined],
      [409, 'This transaction has already been submitted'],
      [409, 'This transaction has already been submitted'],
    ]);
  });

  it('answers 400 for an ETH hash on Solana, 409 for a hash used on ETH sent again as Bitcoin', async () => {
    await configureNetwork(s.db, 'SOL');
    await configureNetwork(s.db, 'BTC');
    const hash = txHash();
    const first = await clientFor(s, (await createUser(s.db)).id);
    expect(
      (
        await first.post('/api/payments/proofs', {
          tier: 'pro',
          network: 'ETH',
          txHash: hash,
          senderAddress: SENDER,
        })
      ).status,
    ).toBe(201);
    const second = await clientFor(s, (await createUser(s.db)).id);
    const sol = await second.post('/api/payments/proofs', {
      tier: 'pro',
      network: 'SOL',
      txHash: hash,
      senderAddress: SENDER,
    });
    expect(sol.status).toBe(400);
    expect(sol.json.message).toBe(txHashFormatMessage('SOL'));
    // Both fields are told at once.
    expect((sol.json.issues as { path: string; message: string }[]).map((i) => i.path)).toEqual([
      'txHash',
      'senderAddress',
    ]);
    const btc = await second.post('/api/payments/proofs', {
      tier: 'pro',
      network: 'BTC',
      txHash: hash.slice(2),
      senderAddress: SENDERS.BTC,
    });
    expect([btc.status, btc.json.reason]).toEqual([409, 'tx_hash_used']);
    const wrongSender = await second.post('/api/payments/proofs', {
      tier: 'pro',
      network: 'BTC',
      txHash: txHashFor('BTC'),
      senderAddress: SENDER,
    });
    expect([wrongSender.status, wrongSender.json.message]).toEqual([
      400,
      senderAddressFormatMessage('BTC'),
    ]);
  });
});

describe('GET /api/payments/proofs', () => {
  it('answers the caller’s own proofs; with ?status= the queue, for reviewers only', async () => {
    const contest = await paid();
    const sent = await otherHttp.post('/api/payments/proofs', {
      contestId: contest.id,
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
    });
    const own = await otherHttp.get('/api/payments/proofs');
    expect(own.status).toBe(200);
    const ownItems = own.json as unknown as { id: number; username?: string }[];
    expect(ownItems.map((p) => p.id)).toContain(sent.json.id);
    expect(Number(own.headers.get('x-total-count'))).toBe(ownItems.length);
    // A member's own view carries no reviewer fields.
    expect(ownItems[0]!.username).toBeUndefined();
    expect(
      ((await memberHttp.get('/api/payments/proofs')).json as unknown as { id: number }[]).map(
        (p) => p.id,
      ),
    ).not.toContain(sent.json.id);

    const queue = await moderatorHttp.get('/api/payments/proofs?status=pending');
    expect(queue.status).toBe(200);
    const row = (queue.json as unknown as Record<string, unknown>[]).find(
      (p) => p.id === sent.json.id,
    );
    expect(row).toMatchObject({ username: other.username, status: 'pending', amountUsd: '50.00' });
    expect((await memberHttp.get('/api/payments/proofs?status=pending')).status).toBe(403);
    expect((await adminHttp.get('/api/payments/proofs?status=verified')).status).toBe(200);
    expect((await adminHttp.get('/api/payments/proofs?status=bogus')).status).toBe(400);
  });
});

describe('PATCH /api/payments/proofs/{id}', () => {
  it('verifies (admitting the member), rejects with a reason, and refuses members', async () => {
    const contest = await paid();
    const payer = await createUser(s.db);
    const payerHttp = await clientFor(s, payer.id);
    const sent = await payerHttp.post('/api/payments/proofs', {
      contestId: contest.id,
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
    });
    const path = `/api/payments/proofs/${sent.json.id}`;
    expect((await memberHttp.patch(path, { status: 'verified' })).status).toBe(403);
    const noReason = await adminHttp.patch(path, { status: 'rejected' });
    expect([noReason.status, noReason.json.message]).toEqual([400, M.reasonRequired]);
    const verified = await moderatorHttp.patch(path, { status: 'verified' });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ id: sent.json.id, status: 'verified' });
    expect((await storedContest(s.db, contest.id))?.participants).toBe(1);
    // Already admitted: joining again is 409, not 402.
    expect((await payerHttp.post(`/api/contests/${contest.id}/join`)).status).toBe(409);
    const twice = await adminHttp.patch(path, { status: 'rejected', reason: 'Changed my mind' });
    expect(twice.status).toBe(409);
  });
});

describe('proof files', () => {
  it('are readable only by their owner and reviewers, also once the member is deleted', async () => {
    const owner = await createUser(s.db);
    const ownerHttp = await clientFor(s, owner.id);
    const upload = await ownerHttp.request(
      'POST',
      '/api/upload',
      uploadForm(PNG, 'receipt.png', 'image/png', 'proof'),
    );
    expect(upload.status).toBe(201);
    const fileUrl = upload.json.fileUrl as string;
    const sent = await ownerHttp.post('/api/payments/proofs', {
      tier: 'pro',
      network: 'ETH',
      txHash: txHash(),
      senderAddress: SENDER,
      proofFile: fileUrl,
    });
    expect(sent.status).toBe(201);
    expect(sent.json.proofFile).toBe(fileUrl);
    const statusFor = async (client: HttpClient) => (await client.get(fileUrl)).status;
    expect(await statusFor(ownerHttp)).toBe(200);
    expect(await statusFor(moderatorHttp)).toBe(200);
    expect(await statusFor(adminHttp)).toBe(200);
    expect(await statusFor(otherHttp)).toBe(404);
    expect(await statusFor(new HttpClient(s.url))).toBe(404);

    await deleteUser({
      db: s.db,
      actor: { id: admin.id, username: admin.username, role: 'admin' },
      id: owner.id,
    });
    expect(await statusFor(adminHttp)).toBe(200);
    expect(await statusFor(otherHttp)).toBe(404);
    const queue = (await adminHttp.get('/api/payments/proofs?status=pending&pageSize=100'))
      .json as unknown as Record<string, unknown>[];
    expect(queue.find((p) => p.id === sent.json.id)).toMatchObject({
      userId: null,
      username: null,
      submittedAs: owner.username,
      proofFile: fileUrl,
    });
  });
});
