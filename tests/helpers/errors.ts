import { TRPCError } from '@trpc/server';
import { validationIssues } from '../../src/server/platform/errorMapping';

/** The code and the message a client would show, of a call that must fail. */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const issues = validationIssues(error);
    return { code: error.code, message: issues?.[0]?.message ?? error.message };
  }
  throw new Error('expected the call to fail');
}

/** A refused call's code, message, and the machine-readable reason and details a rule gave. */
export async function refusal(promise: Promise<unknown>): Promise<{
  code: string;
  message: string;
  reason?: string;
  details?: Record<string, string | number>;
}> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { reason?: string; details?: Record<string, string | number> };
    const issues = validationIssues(error);
    return {
      code: error.code,
      message: issues?.[0]?.message ?? error.message,
      ...(cause?.reason ? { reason: cause.reason } : {}),
      ...(cause?.details ? { details: cause.details } : {}),
    };
  }
  throw new Error('expected the call to fail');
}
