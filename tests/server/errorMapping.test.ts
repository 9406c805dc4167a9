// The one error mapping (platform/errorMapping.ts): what a failure of ours tells the caller.
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { asClientError, clientFailure } from '../../src/server/platform/errorMapping';
import { AppError } from '../../src/server/platform/errors';
import { REFUSAL_CODES, isRefusalReason } from '../../src/server/platform/refusals';

/** What tRPC throws when a procedure's answer fails its .output() schema. */
function failedOutputCheck(): TRPCError {
  const parsed = z.object({ email: z.string() }).safeParse({ email: 42 });
  if (parsed.success) throw new Error('the schema should refuse the row');
  return new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Output validation failed',
    cause: parsed.error,
  });
}

describe('clientFailure', () => {
  it.each(['trpc', 'rest'] as const)(
    'answers a failed output check on %s as a bare 500, without the rows it describes',
    (surface) => {
      const failure = clientFailure(failedOutputCheck(), surface);
      expect(failure.status).toBe(500);
      expect(failure.unexpected).toBe(true);
      expect(failure.body).toEqual({
        message: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
      });
    },
  );

  it('still names the field of a refused input', () => {
    const parsed = z.object({ title: z.string().min(3, 'Title is too short') }).safeParse({
      title: 'a',
    });
    if (parsed.success) throw new Error('the schema should refuse the input');
    const failure = clientFailure(
      new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error }),
      'trpc',
    );
    expect(failure.status).toBe(400);
    expect(failure.body.message).toBe('Title is too short');
    expect(failure.body.issues).toEqual([{ path: 'title', message: 'Title is too short' }]);
  });
});

describe('refusals: one code per reason (platform/refusals.ts)', () => {
  it('makes a refusal from its reason, with the table code on both surfaces', () => {
    const tier = new AppError('tier', 'Upgrade to Pro to join');
    expect(tier).toMatchObject({ code: 'FORBIDDEN', reason: 'tier' });
    expect(clientFailure(asClientError(tier), 'trpc')).toMatchObject({
      status: 403,
      body: { reason: 'tier' },
    });
    expect(clientFailure(tier, 'rest')).toMatchObject({ status: 403, body: { reason: 'tier' } });
    // REST's own status for the one reason tRPC has no code for.
    const fee = new AppError('fee_unverified', 'Pay the entry fee first');
    expect(clientFailure(asClientError(fee), 'trpc').status).toBe(403);
    expect(clientFailure(fee, 'rest').status).toBe(402);
  });

  it('makes a plain failure from its code, with no reason', () => {
    const gone = new AppError('NOT_FOUND', 'Contest not found');
    expect(gone.code).toBe('NOT_FOUND');
    expect(gone.reason).toBeUndefined();
  });

  it('gives every reason a code tRPC knows', () => {
    const codes = new Set(Object.values(REFUSAL_CODES));
    for (const code of codes) {
      // What a procedure's throw becomes where it is thrown (asClientError), then what is heard.
      const failure = clientFailure(asClientError(new AppError(code, 'x')), 'trpc');
      expect(failure.status, code).toBeGreaterThanOrEqual(400);
      expect(failure.status, code).toBeLessThan(504);
      expect(failure.unexpected, code).toBeFalsy();
    }
    expect(isRefusalReason('tier')).toBe(true);
    expect(isRefusalReason('TOO_MANY_REQUESTS')).toBe(false);
    expect(isRefusalReason('toString')).toBe(false);
  });
});
