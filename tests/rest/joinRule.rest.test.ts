// The one join rule on every path (PRODUCT.md 'Taking part'; issue 15 'Tier rule bypassed by
// paying'): the same table of refusals is run over a join (tRPC and REST), an entry-fee proof
// (tRPC and REST) and the review of a proof already pending (tRPC and REST). Each path must refuse
// with the same reason, the same status and, for the member's paths, the same words; a review
// refuses with the same reason and changes nothing. Nothing but the reason is allowed to differ
// between paths, except the one allowance of a review: a fee paid while registration was open
// is admitted after the deadline.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contestParticipants, paymentProofs, users } from '../../src/server/platform/db/schema';
import { getPlatformSettings, savePlatformSettings } from '../../src/server/domain/settings';
import { addParticipant } from '../../src/server/domain/participation/contestParticipants';
import type { Tier } from '../../src/shared/constants';
import { PAYMENT_MESSAGES as PM, reviewTierMessage } from '../../src/shared/payments';
import {
  PARTICIPATION_MESSAGES as M,
  tierRequiredMessage,
  type JoinRefusal,
} from '../../src/shared/participation';
import { clientFor } from '../helpers/accounts';
import { DAY, insertContest } from '../helpers/contests';
import { callerFor, createUser, type CreatedUser } from '../helpers/db';
import { refusal } from '../helpers/errors';
import { SENDER, configureNetwork, insertProof, txHash } from '../helpers/payments';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: CreatedUser;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s.db, { role: 'admin' });
  await configureNetwork(s.db, 'ETH');
});
afterAll(() => s?.stop());

/** 'Require a verified e-mail to join contests and submit payments': off unless a row turns it on. */
async function requireVerifiedEmail(on: boolean) {
  const settings = await getPlatformSettings({ db: s.db });
  await savePlatformSettings({ db: s.db, value: { ...settings, requireVerifiedEmail: on } });
}
beforeEach(() => requireVerifiedEmail(false));

interface World {
  member: CreatedUser;
  contestId: number;
  /** When the member's pending proof (for the review paths) was sent; default: now. */
  paidAt?: Date;
}

interface Row {
  name: string;
  reason: Exclude<JoinRefusal, 'fee_unverified'>;
  /** tRPC code and HTTP status of the member's paths. */
  code: 'FORBIDDEN' | 'CONFLICT';
  status: 403 | 409;
  message: string;
  /** What a reviewer is told (same reason; words addressed to the reviewer). */
  reviewMessage: string;
  setup: () => Promise<World>;
}

const paid = async (createdBy: number, values: Partial<Parameters<typeof insertContest>[1]> = {}) =>
  (
    await insertContest(s.db, {
      createdBy,
      status: 'active',
      participationType: 'paid',
      entryFee: '100',
      ...values,
    })
  ).id;

const TABLE: Row[] = [
  {
    name: 'a free member, a Pro-only paid contest',
    reason: 'tier',
    code: 'FORBIDDEN',
    status: 403,
    message: tierRequiredMessage('pro'),
    reviewMessage: reviewTierMessage('pro', 'free'),
    setup: async () => ({
      member: await createUser(s.db, { tier: 'free' }),
      contestId: await paid(admin.id, { requiredTier: 'pro' }),
    }),
  },
  {
    name: 'a completed contest',
    reason: 'closed',
    code: 'CONFLICT',
    status: 409,
    message: M.closed,
    reviewMessage: PM.reviewClosed,
    setup: async () => ({
      member: await createUser(s.db),
      contestId: await paid(admin.id, { status: 'completed' }),
    }),
  },
  {
    name: 'a contest that has ended',
    reason: 'closed',
    code: 'CONFLICT',
    status: 409,
    message: M.closed,
    reviewMessage: PM.reviewClosed,
    setup: async () => ({
      member: await createUser(s.db),
      contestId: await paid(admin.id, {
        registrationDeadline: new Date(Date.now() - 9 * DAY),
        startDate: new Date(Date.now() - 8 * DAY),
        endDate: new Date(Date.now() - DAY),
      }),
      paidAt: new Date(Date.now() - 10 * DAY),
    }),
  },
  {
    name: 'registration closed before the proof was sent',
    reason: 'closed',
    code: 'CONFLICT',
    status: 409,
    message: M.closed,
    reviewMessage: PM.reviewClosed,
    setup: async () => ({
      member: await createUser(s.db),
      contestId: await paid(admin.id, {
        registrationDeadline: new Date(Date.now() - 2 * DAY),
        startDate: new Date(Date.now() + DAY),
      }),
      paidAt: new Date(Date.now() - DAY),
    }),
  },
  {
    name: 'a contest not open yet (its creator sees it pending)',
    reason: 'not_open',
    code: 'CONFLICT',
    status: 409,
    message: M.not_open,
    reviewMessage: PM.reviewNotOpen,
    setup: async () => {
      const member = await createUser(s.db);
      return { member, contestId: await paid(member.id, { status: 'pending' }) };
    },
  },
  {
    name: 'a member whose e-mail is not verified, where the platform requires it',
    reason: 'email_unverified',
    code: 'FORBIDDEN',
    status: 403,
    message: M.email_unverified,
    reviewMessage: PM.reviewEmailUnverified,
    setup: async () => {
      await requireVerifiedEmail(true);
      return { member: await createUser(s.db), contestId: await paid(admin.id) };
    },
  },
  {
    name: 'an unverified member and a Pro-only contest: the e-mail comes first (it is needed to pay)',
    reason: 'email_unverified',
    code: 'FORBIDDEN',
    status: 403,
    message: M.email_unverified,
    reviewMessage: PM.reviewEmailUnverified,
    setup: async () => {
      await requireVerifiedEmail(true);
      return {
        member: await createUser(s.db, { tier: 'free' }),
        contestId: await paid(admin.id, { requiredTier: 'pro' }),
      };
    },
  },
  {
    name: 'a full contest',
    reason: 'full',
    code: 'CONFLICT',
    status: 409,
    message: M.full,
    reviewMessage: PM.reviewFull,
    setup: async () => {
      const contestId = await paid(admin.id, { maxParticipants: 1 });
      const other = await createUser(s.db);
      await addParticipant({ db: s.db, contestId, userId: other.id });
      return { member: await createUser(s.db), contestId };
    },
  },
];

const proofBody = (contestId: number) => ({
  contestId,
  network: 'ETH',
  txHash: txHash(),
  senderAddress: SENDER,
});

async function participates(contestId: number, userId: number): Promise<boolean> {
  const [row] = await s.db
    .select({ n: count() })
    .from(contestParticipants)
    .where(
      and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)),
    );
  return row!.n > 0;
}

async function proofsOf(userId: number): Promise<number> {
  const [row] = await s.db
    .select({ n: count() })
    .from(paymentProofs)
    .where(eq(paymentProofs.userId, userId));
  return row!.n;
}

async function statusOf(id: number) {
  const [row] = await s.db
    .select({ status: paymentProofs.status })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, id));
  return row?.status;
}

describe.each(TABLE)('$name: refused "$reason" on every path', (row) => {
  const expected = { code: row.code, message: row.message, reason: row.reason };

  it('tRPC participation.join', async () => {
    const { member, contestId } = await row.setup();
    expect(
      await refusal(callerFor(s, member).caller.participation.join({ contestId })),
    ).toMatchObject(expected);
    expect(await participates(contestId, member.id)).toBe(false);
  });

  it('REST POST /api/contests/{id}/join', async () => {
    const { member, contestId } = await row.setup();
    const res = await (await clientFor(s, member.id)).post(`/api/contests/${contestId}/join`, {});
    expect(res.status).toBe(row.status);
    expect(res.json).toMatchObject(expected);
    expect(await participates(contestId, member.id)).toBe(false);
  });

  it('tRPC payments.submitProof', async () => {
    const { member, contestId } = await row.setup();
    expect(
      await refusal(
        callerFor(s, member).caller.payments.submitProof(proofBody(contestId) as never),
      ),
    ).toMatchObject(expected);
    expect(await proofsOf(member.id)).toBe(0);
  });

  it('REST POST /api/payments/proofs', async () => {
    const { member, contestId } = await row.setup();
    const res = await (
      await clientFor(s, member.id)
    ).post('/api/payments/proofs', proofBody(contestId));
    expect(res.status).toBe(row.status);
    expect(res.json).toMatchObject(expected);
    expect(await proofsOf(member.id)).toBe(0);
  });

  it('payments.options says the same before the member pays', async () => {
    const { member, contestId } = await row.setup();
    const options = await callerFor(s, member).caller.payments.options({ contestId });
    expect(options.refusal).toMatchObject({ reason: row.reason, message: row.message });
  });

  it('tRPC payments.review of a proof already pending: same reason, nothing changes', async () => {
    const { member, contestId, paidAt } = await row.setup();
    const id = await insertProof(s.db, { userId: member.id, contestId, createdAt: paidAt });
    expect(
      await refusal(callerFor(s, admin).caller.payments.review({ id, status: 'verified' })),
    ).toMatchObject({ code: 'CONFLICT', reason: row.reason, message: row.reviewMessage });
    expect(await statusOf(id)).toBe('pending');
    expect(await participates(contestId, member.id)).toBe(false);
  });

  it('REST PATCH /api/payments/proofs/{id}: same reason, nothing changes', async () => {
    const { member, contestId, paidAt } = await row.setup();
    const id = await insertProof(s.db, { userId: member.id, contestId, createdAt: paidAt });
    const res = await (
      await clientFor(s, admin.id)
    ).patch(`/api/payments/proofs/${id}`, {
      status: 'verified',
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'CONFLICT', reason: row.reason });
    expect(await statusOf(id)).toBe('pending');
    expect(await participates(contestId, member.id)).toBe(false);
  });
});

describe('the same rule where it lets the member through', () => {
  it('a member who may join is told to pay (402), pays, and the review admits them', async () => {
    const member = await createUser(s.db, { tier: 'pro' });
    const contestId = await paid(admin.id, { requiredTier: 'pro' });
    const http = await clientFor(s, member.id);
    const join = await http.post(`/api/contests/${contestId}/join`, {});
    expect(join.status).toBe(402);
    expect(join.json).toMatchObject({ reason: 'fee_unverified', details: { contestId } });
    const sent = await http.post('/api/payments/proofs', proofBody(contestId));
    expect(sent.status).toBe(201);
    const reviewed = await callerFor(s, admin).caller.payments.review({
      id: sent.json.id as number,
      status: 'verified',
    });
    expect(reviewed.status).toBe('verified');
    expect(await participates(contestId, member.id)).toBe(true);
  });

  it('a fee paid while registration was open is admitted after the deadline (the review’s one allowance)', async () => {
    const member = await createUser(s.db);
    const contestId = await paid(admin.id, {
      registrationDeadline: new Date(Date.now() - DAY),
      startDate: new Date(Date.now() + DAY),
    });
    // Too late to join or to pay now...
    expect(
      (await refusal(callerFor(s, member).caller.participation.join({ contestId }))).reason,
    ).toBe('closed');
    // ...but this proof was sent before the deadline.
    const id = await insertProof(s.db, {
      userId: member.id,
      contestId,
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    await callerFor(s, admin).caller.payments.review({ id, status: 'verified' });
    expect(await participates(contestId, member.id)).toBe(true);
  });

  it('a member who already takes part: the review verifies the fee and admits nobody twice', async () => {
    const member = await createUser(s.db);
    const contestId = await paid(admin.id);
    const id = await insertProof(s.db, { userId: member.id, contestId });
    await addParticipant({ db: s.db, contestId, userId: member.id });
    const refused = await refusal(
      callerFor(s, member).caller.payments.submitProof(proofBody(contestId) as never),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', reason: 'already_joined' });
    await callerFor(s, admin).caller.payments.review({ id, status: 'verified' });
    expect(await statusOf(id)).toBe('verified');
    expect(await participates(contestId, member.id)).toBe(true);
  });
});

describe('the e-mail part of the rule', () => {
  async function verified(member: CreatedUser) {
    await s.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
    return member;
  }

  it('lets a verified member through where the platform requires it (free contest, then a fee)', async () => {
    await requireVerifiedEmail(true);
    const member = await verified(await createUser(s.db));
    const free = (await insertContest(s.db, { createdBy: admin.id, status: 'active' })).id;
    const http = await clientFor(s, member.id);
    expect((await http.post(`/api/contests/${free}/join`, {})).status).toBe(201);
    const contestId = await paid(admin.id);
    const join = await http.post(`/api/contests/${contestId}/join`, {});
    expect(join.status).toBe(402);
    expect((await http.post('/api/payments/proofs', proofBody(contestId))).status).toBe(201);
  });

  it('asks nothing of an unverified member while the setting is off (the default)', async () => {
    const member = await createUser(s.db);
    const free = (await insertContest(s.db, { createdBy: admin.id, status: 'active' })).id;
    expect(await callerFor(s, member).caller.participation.join({ contestId: free })).toMatchObject(
      { userId: member.id },
    );
  });

  it('holds a tier upgrade too: options say so, and the proof is refused on tRPC and REST', async () => {
    await requireVerifiedEmail(true);
    const member = await createUser(s.db, { tier: 'free' });
    const expected = { code: 'FORBIDDEN', reason: 'email_unverified', message: M.email_unverified };
    const { caller } = callerFor(s, member);
    expect((await caller.payments.options({ tier: 'pro' })).refusal).toMatchObject({
      reason: 'email_unverified',
      message: M.email_unverified,
    });
    const body = { tier: 'pro', network: 'ETH', txHash: txHash(), senderAddress: SENDER };
    expect(await refusal(caller.payments.submitProof(body as never))).toMatchObject(expected);
    const res = await (await clientFor(s, member.id)).post('/api/payments/proofs', body);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject(expected);
    expect(await proofsOf(member.id)).toBe(0);
    // Verified, the same upgrade goes through.
    await verified(member);
    expect((await caller.payments.submitProof(body as never)).status).toBe('pending');
  });

  it('participation.status tells the contest page why, before any click', async () => {
    await requireVerifiedEmail(true);
    const member = await createUser(s.db);
    const contestId = (await insertContest(s.db, { createdBy: admin.id, status: 'active' })).id;
    const status = await callerFor(s, member).caller.participation.status({ contestId });
    expect(status.refusal).toEqual({ reason: 'email_unverified', message: M.email_unverified });
  });
});

describe('a review asks the rule again as things are now', () => {
  async function lowerTier(userId: number, tier: Tier) {
    await callerFor(s, admin).caller.adminUsers.update({ id: userId, subscriptionTier: tier });
  }

  it('an admin verifying an old pending proof after the member’s tier was lowered is refused (tier)', async () => {
    const member = await createUser(s.db, { tier: 'pro' });
    const contestId = await paid(admin.id, { requiredTier: 'pro' });
    const proof = await callerFor(s, member).caller.payments.submitProof(
      proofBody(contestId) as never,
    );
    await lowerTier(member.id, 'free');
    expect(
      await refusal(
        callerFor(s, admin).caller.payments.review({ id: proof.id, status: 'verified' }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      reason: 'tier',
      message: reviewTierMessage('pro', 'free'),
      details: { requiredTier: 'pro' },
    });
    expect(await statusOf(proof.id)).toBe('pending');
    expect(await participates(contestId, member.id)).toBe(false);
    // Rejecting it with a reason is still possible.
    await callerFor(s, admin).caller.payments.review({
      id: proof.id,
      status: 'rejected',
      reason: 'Your tier no longer opens this contest.',
    });
    expect(await statusOf(proof.id)).toBe('rejected');
  });

  it('a contest that filled up meanwhile is refused (full); the proof stays pending', async () => {
    const member = await createUser(s.db);
    const contestId = await paid(admin.id, { maxParticipants: 1 });
    const proof = await callerFor(s, member).caller.payments.submitProof(
      proofBody(contestId) as never,
    );
    await addParticipant({ db: s.db, contestId, userId: (await createUser(s.db)).id });
    expect(
      await refusal(
        callerFor(s, admin).caller.payments.review({ id: proof.id, status: 'verified' }),
      ),
    ).toMatchObject({ code: 'CONFLICT', reason: 'full', message: PM.reviewFull });
    expect(await statusOf(proof.id)).toBe('pending');
  });
});
