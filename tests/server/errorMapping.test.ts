// The one error mapping (platform/errorMapping.ts): what a failure of ours tells the caller.
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { clientFailure } from '../../src/server/platform/errorMapping';

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
