// What a live subscription (a tracked tRPC stream) is asked with: where to resume after a
// reconnect, so a change missed meanwhile is announced at once.
import { z } from 'zod';

/** Sent back by the client after a reconnect (tracked events). */
export const ZLastEventId = z.string().max(100).nullish();

/** A stream of the caller's own changes: nothing to name but where to resume. */
export const ZOwnChangesRequestSchema = z.object({ lastEventId: ZLastEventId }).default({});
