// What a live stream's subscription (trpc.<path>.useSubscription) says to a screen's 'Live'
// mark, in one place for every live hook (leaderboard, bracket, discussion). The stream itself
// needs nothing more here: the server coalesces bursts (platform/events.ts), and tRPC's
// subscription link reconnects by itself, sending back the last event id so a change missed
// meanwhile is announced at once.

export type LiveState = 'live' | 'connecting' | 'offline';

/** A subscription's status as tRPC's react hook reports it. */
type SubscriptionStatus = 'idle' | 'connecting' | 'pending' | 'error';

/** 'pending' is tRPC's name for an open stream waiting for its next event. */
export function liveStateOf({ status }: { status: SubscriptionStatus }): LiveState {
  if (status === 'pending') return 'live';
  if (status === 'error') return 'offline';
  return 'connecting';
}
