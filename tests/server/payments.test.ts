// Payments (PRODUCT.md 'Money', SPEC 2.12, 5): the payment page's options, proofs and their
// rules, the member's list, the reviewers' queue and reviews (admission, tier, audit), and proofs
// as financial records that outlive their member.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  contestParticipants,
  contests,
  paymentProofs,
  uploads,
  users,
} from '../../src/server/platform/db/schema';
import { deleteUser } from '../../src/server/domain/accounts/adminUsers';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import { savePaymentConfig } from '../../src/server/domain/settings';
import { removeOrphanUploads } from '../../src/server/platform/files/cleanup';
import { auditActionLabel } from '../../src/shared/auditActions';
import {
  PAYMENT_MESSAGES as M,
  senderAddressFormatMessage,
  tierNotHigherMessage,
  txHashFormatMessage,
  type PaymentNetwork,
} from '../../src/shared/payments';
import { DEFAULT_PAYMENT_CONFIG } from '../../src/shared/schemas/settings';
import { callerFor, createTestDb, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { insertContest, storedContest, uploadRow } from '../helpers/contests';
import {
  SENDER,
  SENDERS,
  WALLETS,
  configureNetwork,
  insertProof,
  txHash,
  txHashFor,
} from '../helpers/payments';

const t = await createTestDb();
afterAll(() => t.close());

const creator = await createUser(t.db, { role: 'admin' });
const member = await createUser(t.db);
const moderator = await createUser(t.db, { role: 'moderator' });
const admin = await createUser(t.db, { role: 'admin' });
const as = (user: CreatedUser) => callerFor(t, user).caller;

beforeEach(async () => {
  // ETH and BTC set up, the other networks not.
  await savePaymentConfig({ db: t.db, value: DEFAULT_PAYMENT_CONFIG });
  await configureNetwork(t.db, 'ETH');
  await configureNetwork(t.db, 'BTC');
});

const paidContest = (values: { entryFee?: string; maxParticipants?: number } = {}) =>
  insertContest(t.db, {
    createdBy: creator.id,
    status: 'active',
    participationType: 'paid',
    entryFee: values.entryFee ?? '100',
    maxParticipants: values.maxParticipants ?? 100,
  });

const proofInput = (
  target: { contestId: number } | { tier: 'standard' | 'pro' | 'elite' },
  network: PaymentNetwork = 'ETH',
) => ({
  ...target,
  network,
  txHash: txHashFor(network),
  senderAddress: SENDERS[network],
});

const proofRow = async (id: number) =>
  (await t.db.select().from(paymentProofs).where(eq(paymentProofs.id, id)))[0];

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('payments.options', () => {
  it("says whether the contest's discussion is on (a rejected proof links to it)", async () => {
    const contest = await paidContest();
    await t.db.update(contests).set({ enableComments: false }).where(eq(contests.id, contest.id));
    const options = await as(member).payments.options({ contestId: contest.id });
    expect(options.contest?.enableComments).toBe(false);
  });

  it('gives a contest’s fee with each configured network, its address and coin amount', async () => {
    const contest = await paidContest({ entryFee: '100' });
    const options = await as(member).payments.options({ contestId: contest.id });
    expect(options).toMatchObject({
      purpose: 'entry_fee',
      contest: { id: contest.id, title: contest.title, entryFee: '100', enableComments: true },
      tier: null,
      currentTier: 'free',
      amountUsd: '100.00',
      proofs: [],
      refusal: null,
    });
    // SPEC 9's rates: 100 USD = 0.042 ETH = 0.0038 BTC, to 8 decimals.
    expect(options.networks).toEqual([
      {
        network: 'ETH',
        name: 'Ethereum',
        address: WALLETS.ETH,
        rate: 0.00042,
        amountCoin: '0.04200000',
      },
      {
        network: 'BTC',
        name: 'Bitcoin',
        address: WALLETS.BTC,
        rate: 0.000038,
        amountCoin: '0.00380000',
      },
    ]);
  });

  it('gives a tier’s price, and no network at all when none is set up', async () => {
    await savePaymentConfig({ db: t.db, value: DEFAULT_PAYMENT_CONFIG });
    const options = await as(member).payments.options({ tier: 'pro' });
    expect(options).toMatchObject({
      purpose: 'tier_upgrade',
      contest: null,
      tier: 'pro',
      amountUsd: '25.00',
      networks: [],
    });
  });

  it('refuses what there is nothing to pay for (400) and a contest the member may not see (404)', async () => {
    const free = await insertContest(t.db, { createdBy: creator.id, status: 'active' });
    expect(await refusal(as(member).payments.options({ contestId: free.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.free_contest,
      reason: 'free_contest',
    });
    const pro = await createUser(t.db, { tier: 'pro' });
    expect(await refusal(as(pro).payments.options({ tier: 'standard' }))).toEqual({
      code: 'BAD_REQUEST',
      message: tierNotHigherMessage('pro'),
      reason: 'tier_not_higher',
    });
    const hidden = await insertContest(t.db, {
      createdBy: member.id + 1000,
      status: 'pending',
      participationType: 'paid',
      entryFee: '5',
    });
    expect((await refusal(as(member).payments.options({ contestId: hidden.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await refusal(as(member).payments.options({} as never))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.target,
    });
  });

  it('lists the member’s proofs for it and says when a proof would be refused', async () => {
    const contest = await paidContest();
    const payer = await createUser(t.db);
    const sent = await as(payer).payments.submitProof(proofInput({ contestId: contest.id }));
    const options = await as(payer).payments.options({ contestId: contest.id });
    expect(options.proofs.map((p) => [p.id, p.status])).toEqual([[sent.id, 'pending']]);
    expect(options.refusal).toEqual({ reason: 'proof_pending', message: M.proof_pending });
    // Another member sees none of it.
    expect((await as(member).payments.options({ contestId: contest.id })).proofs).toEqual([]);
  });
});

describe('payments.submitProof', () => {
  it('stores a pending proof with the amounts computed on the server', async () => {
    const contest = await paidContest({ entryFee: '12.5' });
    const input = proofInput({ contestId: contest.id });
    const proof = await as(member).payments.submitProof({ ...input, notes: '  sent from Ledger ' });
    expect(proof).toMatchObject({
      purpose: 'entry_fee',
      contestId: contest.id,
      contestTitle: contest.title,
      contestSlug: contest.slug,
      tier: null,
      network: 'ETH',
      walletAddress: WALLETS.ETH,
      // Stored normalised (no 0x, lower case); the explorer link writes it the network's way.
      txHash: input.txHash.slice(2),
      explorerUrl: `https://etherscan.io/tx/${input.txHash}`,
      senderAddress: SENDER,
      notes: 'sent from Ledger',
      proofFile: null,
      amountUsd: '12.50',
      amountCoin: '0.00525000',
      status: 'pending',
      reason: null,
      reviewedAt: null,
    });
    expect(await proofRow(proof.id)).toMatchObject({
      userId: member.id,
      username: member.username,
      rate: 0.00042,
    });
  });

  it('gives SPEC 5’s messages for a short hash or sender address', async () => {
    const contest = await paidContest();
    expect(
      await refusal(
        as(member).payments.submitProof({
          ...proofInput({ contestId: contest.id }),
          txHash: '0x123',
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Transaction hash must be at least 10 characters.',
    });
    expect(
      await refusal(
        as(member).payments.submitProof({
          ...proofInput({ contestId: contest.id }),
          senderAddress: '0xabc',
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Sender address must be at least 20 characters.',
    });
  });

  it('takes one transaction once: three spellings of an ETH hash from three members → 1 stored, 2 × 409', async () => {
    const digits = txHash().slice(2);
    const spellings = [`0x${digits.toUpperCase()}`, `0X${digits}`, digits];
    const outcomes = [];
    for (const hash of spellings) {
      const payer = await createUser(t.db);
      outcomes.push(
        await as(payer)
          .payments.submitProof({ ...proofInput({ tier: 'pro' }), txHash: hash })
          .then((p) => p.txHash)
          .catch((error) => refusal(Promise.reject(error))),
      );
    }
    expect(outcomes).toEqual([
      digits,
      { code: 'CONFLICT', message: M.tx_hash_used, reason: 'tx_hash_used' },
      { code: 'CONFLICT', message: M.tx_hash_used, reason: 'tx_hash_used' },
    ]);
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(paymentProofs)
          .where(eq(paymentProofs.txHash, digits))
      )[0]!.n,
    ).toBe(1);
  });

  it('refuses a hash already used on another network (409), and an ETH hash as a Solana one (400)', async () => {
    await configureNetwork(t.db, 'SOL');
    await configureNetwork(t.db, 'TRX');
    const hash = txHash();
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await as(a).payments.submitProof({ ...proofInput({ tier: 'pro' }), txHash: hash });
    // The same 64 digits as a Bitcoin or Tron id: one transaction, refused on every network.
    for (const network of ['BTC', 'TRX'] as const) {
      expect(
        await refusal(
          as(b).payments.submitProof({ ...proofInput({ tier: 'pro' }, network), txHash: hash }),
        ),
      ).toEqual({ code: 'CONFLICT', message: M.tx_hash_used, reason: 'tx_hash_used' });
    }
    // An Ethereum hash and sender are not a Solana signature and address.
    expect(
      await refusal(
        as(b).payments.submitProof({
          ...proofInput({ tier: 'pro' }, 'SOL'),
          txHash: hash,
          senderAddress: SENDER,
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: txHashFormatMessage('SOL') });
    // A Solana signature keeps its case: the same letters in another case are another signature.
    const signature = txHashFor('SOL');
    const c = await createUser(t.db);
    await as(c).payments.submitProof({
      ...proofInput({ tier: 'elite' }, 'SOL'),
      txHash: signature,
    });
    const [stored] = await t.db
      .select({ txHash: paymentProofs.txHash })
      .from(paymentProofs)
      .where(eq(paymentProofs.txHash, signature));
    expect(stored?.txHash).toBe(signature);
    expect(
      await refusal(
        as(b).payments.submitProof({ ...proofInput({ tier: 'elite' }, 'SOL'), txHash: signature }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'tx_hash_used' });
  });

  it.each([
    ['ETH', `0x${'ab'.repeat(32)}`, `0x${'cd'.repeat(20)}`],
    ['MATIC', `${'ab'.repeat(32)}`, `0x${'cd'.repeat(20)}`],
    ['BNB', `0X${'AB'.repeat(32)}`, `0x${'CD'.repeat(20)}`],
    ['BTC', `${'ab'.repeat(32)}`, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['TRX', `0x${'ab'.repeat(32)}`, 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9'],
    ['SOL', txHashFor('SOL'), 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy'],
  ] as const)(
    'takes a %s hash and sender of that network’s shape',
    async (network, hash, sender) => {
      const fresh = await createTestDb();
      try {
        await configureNetwork(fresh.db, network);
        const payer = await createUser(fresh.db);
        const proof = await callerFor(fresh, payer).caller.payments.submitProof({
          tier: 'pro',
          network,
          txHash: hash,
          senderAddress: sender,
        });
        expect(proof.txHash).toBe(
          network === 'SOL' ? hash : hash.replace(/^0x/i, '').toLowerCase(),
        );
        expect(proof.senderAddress).toBe(sender);
      } finally {
        await fresh.close();
      }
    },
  );

  it.each([
    // Wrong shape for the network: a Bitcoin id for Ethereum is fine (64 hex), so use others.
    ['ETH', `0x${'ab'.repeat(31)}`, 'txHash'],
    ['ETH', `0x${'gh'.repeat(32)}`, 'txHash'],
    ['BTC', `0x${'ab'.repeat(33)}`, 'txHash'],
    ['TRX', `${'ab'.repeat(30)}`, 'txHash'],
    ['SOL', `0x${'ab'.repeat(32)}`, 'txHash'],
    ['ETH', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'senderAddress'],
    ['BNB', `0x${'cd'.repeat(19)}`, 'senderAddress'],
    ['BTC', `0x${'cd'.repeat(20)}`, 'senderAddress'],
    ['TRX', `0x${'cd'.repeat(20)}`, 'senderAddress'],
    ['SOL', `0x${'cd'.repeat(20)}`, 'senderAddress'],
  ] as const)(
    'refuses on %s the wrong shape %s (400, said per network)',
    async (network, value, field) => {
      const input = { ...proofInput({ tier: 'pro' }, network), [field]: value };
      expect(await refusal(as(member).payments.submitProof(input))).toEqual({
        code: 'BAD_REQUEST',
        message:
          field === 'txHash' ? txHashFormatMessage(network) : senderAddressFormatMessage(network),
      });
    },
  );

  it('refuses a network without an address (400)', async () => {
    expect(
      await refusal(as(member).payments.submitProof(proofInput({ tier: 'elite' }, 'SOL'))),
    ).toEqual({ code: 'BAD_REQUEST', message: M.network_not_set_up, reason: 'network_not_set_up' });
  });

  it('refuses a free contest and a tier not above the member’s (400)', async () => {
    const free = await insertContest(t.db, { createdBy: creator.id, status: 'active' });
    expect(
      (await refusal(as(member).payments.submitProof(proofInput({ contestId: free.id })))).reason,
    ).toBe('free_contest');
    const elite = await createUser(t.db, { tier: 'elite' });
    expect(await refusal(as(elite).payments.submitProof(proofInput({ tier: 'elite' })))).toEqual({
      code: 'BAD_REQUEST',
      message: tierNotHigherMessage('elite'),
      reason: 'tier_not_higher',
    });
  });

  it('refuses when already verified, already pending, already joined or closed (409)', async () => {
    const contest = await paidContest();
    const payer = await createUser(t.db);
    await insertProof(t.db, { userId: payer.id, contestId: contest.id, status: 'verified' });
    expect(
      (await refusal(as(payer).payments.submitProof(proofInput({ contestId: contest.id })))).reason,
    ).toBe('already_verified');
    const waiting = await createUser(t.db);
    await insertProof(t.db, { userId: waiting.id, tier: 'standard' });
    expect(await refusal(as(waiting).payments.submitProof(proofInput({ tier: 'pro' })))).toEqual({
      code: 'CONFLICT',
      message: M.proof_pending,
      reason: 'proof_pending',
    });
    const inside = await createUser(t.db);
    await addParticipant({ db: t.db, contestId: contest.id, userId: inside.id });
    expect(
      (await refusal(as(inside).payments.submitProof(proofInput({ contestId: contest.id }))))
        .reason,
    ).toBe('already_joined');
    const done = await insertContest(t.db, {
      createdBy: creator.id,
      status: 'completed',
      participationType: 'paid',
      entryFee: '10',
    });
    expect(
      (await refusal(as(member).payments.submitProof(proofInput({ contestId: done.id })))).reason,
    ).toBe('closed');
  });

  it('takes only the member’s own proof upload as the file', async () => {
    const contest = await paidContest();
    const own = await uploadRow(t.db, member.id, 'any');
    const others = await uploadRow(t.db, moderator.id, 'any');
    // A proof upload is purpose 'proof' (uploadRow writes the row directly).
    for (const url of [own, others]) {
      await t.db
        .update(uploads)
        .set({ purpose: 'proof' })
        .where(eq(uploads.fileName, url.slice(9)));
    }
    const cover = await uploadRow(t.db, member.id, 'cover');
    for (const proofFile of [others, cover]) {
      expect(
        await refusal(
          as(member).payments.submitProof({ ...proofInput({ contestId: contest.id }), proofFile }),
        ),
      ).toMatchObject({ code: 'BAD_REQUEST', message: M.proofFile });
    }
    const proof = await as(member).payments.submitProof({
      ...proofInput({ contestId: contest.id }),
      proofFile: own,
    });
    expect(proof.proofFile).toBe(own);
    // A proof's file is referenced: the clean-up of unreferenced uploads keeps it.
    await removeOrphanUploads({ db: t.db, uploadDir: t.deps.uploadDir, olderThanMs: -1000 });
    const stored = async (url: string) =>
      (
        await t.db
          .select({ one: sql`1` })
          .from(uploads)
          .where(eq(uploads.fileName, url.slice(9)))
      )[0];
    expect(await stored(own)).toBeTruthy();
    // (The clean-up did run: the other member's unreferenced proof upload is gone.)
    expect(await stored(others)).toBeUndefined();
  });
});

describe('payments.myProofs', () => {
  it('lists only the caller’s own proofs, newest first', async () => {
    const someone = await createUser(t.db);
    const first = await as(someone).payments.submitProof(proofInput({ tier: 'standard' }));
    await insertProof(t.db, { userId: member.id, tier: 'standard', status: 'rejected' });
    const mine = await as(someone).payments.myProofs({});
    expect(mine).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(mine.items.map((p) => p.id)).toEqual([first.id]);
  });
});

describe('payments.queue', () => {
  it('shows reviewers the pending proofs with their member, oldest first', async () => {
    const someone = await createUser(t.db);
    const proof = await as(someone).payments.submitProof({
      ...proofInput({ tier: 'elite' }),
      notes: 'Paid from exchange',
    });
    for (const reviewer of [moderator, admin]) {
      const queue = await as(reviewer).payments.queue({ status: 'pending', pageSize: 100 });
      const row = queue.items.find((p) => p.id === proof.id);
      expect(row).toMatchObject({
        userId: someone.id,
        username: someone.username,
        submittedAs: someone.username,
        purpose: 'tier_upgrade',
        tier: 'elite',
        amountUsd: '50.00',
        network: 'ETH',
        txHash: proof.txHash,
        senderAddress: SENDER,
        notes: 'Paid from exchange',
        status: 'pending',
        reviewerName: null,
      });
      expect(queue.items.every((p) => p.status === 'pending')).toBe(true);
      const times = queue.items.map((p) => p.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    expect((await refusal(as(member).payments.queue({}))).code).toBe('FORBIDDEN');
  });

  it('filters by status', async () => {
    const id = await insertProof(t.db, { userId: member.id, tier: 'pro', status: 'rejected' });
    const rejected = await as(moderator).payments.queue({ status: 'rejected', pageSize: 100 });
    expect(rejected.items.map((p) => p.id)).toContain(id);
    expect(rejected.items.every((p) => p.status === 'rejected')).toBe(true);
  });
});

describe('block-explorer links', () => {
  it('link each hash to its network’s explorer (the settings’ template), EVM hashes with 0x', async () => {
    await configureNetwork(t.db, 'SOL');
    const someone = await createUser(t.db);
    const eth = await as(someone).payments.submitProof(proofInput({ tier: 'pro' }));
    expect(eth.explorerUrl).toBe(`https://etherscan.io/tx/0x${eth.txHash}`);
    const other = await createUser(t.db);
    const sol = await as(other).payments.submitProof(proofInput({ tier: 'pro' }, 'SOL'));
    expect(sol.explorerUrl).toBe(`https://solscan.io/tx/${sol.txHash}`);
    const queue = await as(admin).payments.queue({ pageSize: 100 });
    expect(queue.items.find((p) => p.id === eth.id)?.explorerUrl).toBe(eth.explorerUrl);

    // An admin's own template is used; an emptied one means no link.
    const config = await as(admin).adminSettings.getPayments();
    await as(admin).adminSettings.updatePayments({
      ...config,
      networks: {
        ...config.networks,
        ETH: {
          ...config.networks.ETH,
          explorerUrl: 'https://eth.blockscout.com/tx/{hash}?tab=logs',
        },
        SOL: { ...config.networks.SOL, explorerUrl: '' },
      },
    });
    const mine = await as(someone).payments.myProofs({});
    expect(mine.items[0]?.explorerUrl).toBe(
      `https://eth.blockscout.com/tx/0x${eth.txHash}?tab=logs`,
    );
    expect((await as(other).payments.myProofs({})).items[0]?.explorerUrl).toBeNull();
  });
});

describe('payments.review', () => {
  it('verifying an entry fee admits the member to the contest, audited', async () => {
    const contest = await paidContest();
    const payer = await createUser(t.db);
    const proof = await as(payer).payments.submitProof(proofInput({ contestId: contest.id }));
    const reviewed = await as(moderator).payments.review({ id: proof.id, status: 'verified' });
    expect(reviewed).toMatchObject({ status: 'verified', reviewerName: moderator.username });
    expect(reviewed.reviewedAt).toBeInstanceOf(Date);
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'payment'), eq(auditLog.targetId, String(proof.id))));
    expect(audit).toMatchObject({ action: 'payment.verify', actorId: moderator.id });
    expect(JSON.parse(audit!.after!)).toMatchObject({
      status: 'verified',
      admitted: true,
      member: payer.username,
    });
    expect(auditActionLabel('payment.verify')).toBe('Verified payment proof');
    expect(auditActionLabel('payment.reject')).toBe('Rejected payment proof');
  });

  it('when the contest is full, says so and changes nothing', async () => {
    const contest = await paidContest({ maxParticipants: 1 });
    const payer = await createUser(t.db);
    const proof = await as(payer).payments.submitProof(proofInput({ contestId: contest.id }));
    await addParticipant({ db: t.db, contestId: contest.id, userId: member.id });
    const audits = await auditCount();
    expect(await refusal(as(admin).payments.review({ id: proof.id, status: 'verified' }))).toEqual({
      code: 'CONFLICT',
      message: M.reviewFull,
      reason: 'full',
    });
    expect(await proofRow(proof.id)).toMatchObject({ status: 'pending', reviewerId: null });
    expect((await storedContest(t.db, contest.id))?.participants).toBe(1);
    expect(
      (
        await t.db
          .select()
          .from(contestParticipants)
          .where(
            and(
              eq(contestParticipants.contestId, contest.id),
              eq(contestParticipants.userId, payer.id),
            ),
          )
      )[0],
    ).toBeUndefined();
    expect(await auditCount()).toBe(audits);
  });

  it('verifying an upgrade sets the tier, and never lowers one', async () => {
    const buyer = await createUser(t.db);
    const proof = await as(buyer).payments.submitProof(proofInput({ tier: 'pro' }));
    await as(admin).payments.review({ id: proof.id, status: 'verified' });
    const tierOf = async (id: number) =>
      (await t.db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, id)))[0]
        ?.tier;
    expect(await tierOf(buyer.id)).toBe('pro');
    // An older proof for a lower tier, verified later, leaves the higher tier in place.
    const older = await insertProof(t.db, { userId: buyer.id, tier: 'standard' });
    await as(admin).payments.review({ id: older, status: 'verified' });
    expect(await tierOf(buyer.id)).toBe('pro');
  });

  it('rejecting needs a reason, which the member then sees', async () => {
    const buyer = await createUser(t.db);
    const proof = await as(buyer).payments.submitProof(proofInput({ tier: 'standard' }));
    expect(
      await refusal(as(moderator).payments.review({ id: proof.id, status: 'rejected' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.reasonRequired,
    });
    await as(moderator).payments.review({
      id: proof.id,
      status: 'rejected',
      reason: 'No such transaction',
    });
    const [mine] = (await as(buyer).payments.myProofs({})).items;
    expect(mine).toMatchObject({ id: proof.id, status: 'rejected', reason: 'No such transaction' });
  });

  it('refuses a reviewer’s own proof (403), a reviewed one (409) and a missing one (404)', async () => {
    const own = await as(moderator).payments.submitProof(proofInput({ tier: 'pro' }));
    expect(
      await refusal(as(moderator).payments.review({ id: own.id, status: 'verified' })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: M.ownProof,
    });
    expect((await proofRow(own.id))?.status).toBe('pending');
    // Another reviewer may.
    await as(admin).payments.review({ id: own.id, status: 'rejected', reason: 'Duplicate' });
    expect(
      await refusal(as(admin).payments.review({ id: own.id, status: 'verified' })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: M.alreadyReviewed,
    });
    expect(
      (await refusal(as(admin).payments.review({ id: 9_999_999, status: 'verified' }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await refusal(as(member).payments.review({ id: own.id, status: 'verified' }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('proofs are financial records', () => {
  it('survive their member’s deletion, shown as a deleted user with the name kept', async () => {
    const leaving = await createUser(t.db);
    const contest = await paidContest();
    const proof = await as(leaving).payments.submitProof(proofInput({ contestId: contest.id }));
    const verified = await insertProof(t.db, {
      userId: leaving.id,
      tier: 'pro',
      status: 'verified',
    });
    await deleteUser({
      db: t.db,
      actor: { id: admin.id, username: admin.username, role: 'admin' },
      id: leaving.id,
    });
    expect(await proofRow(proof.id)).toMatchObject({
      userId: null,
      username: leaving.username,
      status: 'pending',
    });
    expect(await proofRow(verified)).toMatchObject({ userId: null, status: 'verified' });
    const queue = await as(admin).payments.queue({ pageSize: 100 });
    expect(queue.items.find((p) => p.id === proof.id)).toMatchObject({
      userId: null,
      username: null,
      submittedAs: leaving.username,
    });
    // Nobody is left to admit: the reviewer is told, and rejects it instead.
    expect(
      (await refusal(as(admin).payments.review({ id: proof.id, status: 'verified' }))).reason,
    ).toBe('member_deleted');
    await expect(
      as(admin).payments.review({ id: proof.id, status: 'rejected', reason: 'Account deleted' }),
    ).resolves.toMatchObject({ status: 'rejected' });
  });

  it('keep the reviewer’s name when the reviewer’s account goes', async () => {
    const reviewer = await createUser(t.db, { role: 'moderator' });
    const id = await insertProof(t.db, { userId: member.id, tier: 'elite' });
    await as(reviewer).payments.review({ id, status: 'rejected', reason: 'Wrong amount' });
    await deleteUser({
      db: t.db,
      actor: { id: admin.id, username: admin.username, role: 'admin' },
      id: reviewer.id,
    });
    expect(await proofRow(id)).toMatchObject({
      reviewerId: null,
      reviewerName: reviewer.username,
      status: 'rejected',
    });
  });
});

describe('payments.tierBreakdown', () => {
  it('counts members per tier (admins have none), for moderators and admins', async () => {
    const fresh = await createTestDb();
    try {
      for (const tier of ['free', 'free', 'standard', 'pro', 'elite', 'elite'] as const) {
        await createUser(fresh.db, { tier });
      }
      await createUser(fresh.db, { tier: null });
      const mod = await createUser(fresh.db, { role: 'moderator', tier: 'pro' });
      const boss = await createUser(fresh.db, { role: 'admin' });
      const breakdown = { free: 3, standard: 1, pro: 2, elite: 2 };
      expect(await callerFor(fresh, mod).caller.payments.tierBreakdown()).toEqual(breakdown);
      expect(await callerFor(fresh, boss).caller.payments.tierBreakdown()).toEqual(breakdown);
    } finally {
      await fresh.close();
    }
  });
});

describe('payments.tiers', () => {
  it('gives each paid tier its price and open contests, the member’s tier, and whether payments are set up', async () => {
    const fresh = await createTestDb();
    try {
      const owner = await createUser(fresh.db, { role: 'admin' });
      const standardMember = await createUser(fresh.db, { tier: 'standard' });
      const DAY = 24 * 3600 * 1000;
      const contest = (requiredTier: 'free' | 'pro' | 'elite', values: object = {}) =>
        insertContest(fresh.db, { createdBy: owner.id, status: 'active', requiredTier, ...values });
      await contest('pro');
      await contest('pro');
      await contest('elite');
      await contest('free');
      // Not open: ended, pending, completed.
      await contest('pro', {
        startDate: new Date(Date.now() - 3 * DAY),
        endDate: new Date(Date.now() - DAY),
      });
      await contest('elite', { status: 'pending' });
      await contest('elite', { status: 'completed' });
      await savePaymentConfig({
        db: fresh.db,
        value: { ...DEFAULT_PAYMENT_CONFIG, tierPrices: { standard: 0, pro: 29, elite: 49.5 } },
      });
      const caller = callerFor(fresh, standardMember).caller;
      expect(await caller.payments.tiers()).toEqual({
        currentTier: 'standard',
        tiers: [
          { tier: 'standard', priceUsd: null, openContests: 0 },
          { tier: 'pro', priceUsd: '29.00', openContests: 2 },
          { tier: 'elite', priceUsd: '49.50', openContests: 1 },
        ],
        paymentsSetUp: false,
      });
      await configureNetwork(fresh.db, 'SOL');
      expect((await caller.payments.tiers()).paymentsSetUp).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('what the member learns about a proof', () => {
  it('participation.status gives the latest entry-fee proof: pending, rejected with its reason, gone once admitted', async () => {
    const contest = await paidContest();
    const payer = await createUser(t.db);
    const status = () => as(payer).participation.status({ contestId: contest.id });
    expect((await status()).feeProof).toBeNull();
    const first = await as(payer).payments.submitProof(proofInput({ contestId: contest.id }));
    expect(await status()).toMatchObject({
      refusal: { reason: 'fee_unverified' },
      feeProof: { id: first.id, status: 'pending', reason: null },
    });
    await as(moderator).payments.review({
      id: first.id,
      status: 'rejected',
      reason: 'Wrong amount sent',
    });
    expect((await status()).feeProof).toMatchObject({
      id: first.id,
      status: 'rejected',
      reason: 'Wrong amount sent',
    });
    // The payment page takes a new proof after a rejection.
    expect((await as(payer).payments.options({ contestId: contest.id })).refusal).toBeNull();
    const second = await as(payer).payments.submitProof(proofInput({ contestId: contest.id }));
    expect((await status()).feeProof).toMatchObject({ id: second.id, status: 'pending' });
    await as(moderator).payments.review({ id: second.id, status: 'verified' });
    expect(await status()).toMatchObject({ joined: true, refusal: null, feeProof: null });
    // Another member's proofs are never theirs to see.
    expect((await as(member).participation.status({ contestId: contest.id })).feeProof).toBeNull();
  });

  it('payments.onChange tells the member, live, when their proof is sent and reviewed (and nobody else)', async () => {
    const payer = await createUser(t.db);
    const bystander = await createUser(t.db);
    const streamOf = async (user: CreatedUser) =>
      ((await as(user).payments.onChange({})) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const mine = await streamOf(payer);
    const theirs = await streamOf(bystander);
    const next = async (events: AsyncIterator<unknown>) => {
      const { value } = await events.next();
      const [id, data] = value as [string, { version: number }];
      return { id, data };
    };
    try {
      const sent = next(mine);
      const proof = await as(payer).payments.submitProof(proofInput({ tier: 'standard' }));
      const first = await sent;
      expect(first.id).toMatch(/^\d+$/);
      const reviewed = next(mine);
      await as(moderator).payments.review({
        id: proof.id,
        status: 'rejected',
        reason: 'Unknown tx',
      });
      expect((await reviewed).data.version).toBe(first.data.version + 1);
      // The bystander heard nothing: their next event is their own.
      const own = next(theirs);
      await as(bystander).payments.submitProof(proofInput({ tier: 'standard' }));
      expect((await own).data.version).toBe(1);
    } finally {
      await mine.return?.(undefined);
      await theirs.return?.(undefined);
    }
    // A client back after a reconnect with an old event id hears at once that it missed something.
    const again = (
      (await as(payer).payments.onChange({ lastEventId: 'earlier.0' })) as AsyncIterable<unknown>
    )[Symbol.asyncIterator]();
    expect((await again.next()).done).toBe(false);
    await again.return?.(undefined);
  });
});
