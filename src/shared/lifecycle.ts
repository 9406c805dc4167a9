// THE contest lifecycle (issue 29, point 8): where a contest is in its life, computed from its
// dates, its status and (bracket formats) its bracket. Every text that says 'live', 'starting
// soon' or 'completed' comes from here: the contest page's badge, the start reminders, the
// results notices. The server and the client call the same function, so they never disagree.
import { isRegistrationOpen, type ContestStatus, type RegistrationDates } from './contests';

export const CONTEST_PHASES = [
  'draft',
  'pending',
  'rejected',
  'upcoming',
  'registration_open',
  'starting_soon',
  'live',
  'completed',
] as const;
export type ContestPhase = (typeof CONTEST_PHASES)[number];

/** How long before its start a contest is 'starting soon' (and its participants are reminded). */
export const STARTING_SOON_MS = 24 * 60 * 60 * 1000;

/** The facts a phase is computed from. */
export interface LifecycleFacts extends RegistrationDates {
  status: ContestStatus;
  /** When its bracket was generated (bracket formats); a generated bracket is being played. */
  bracketGeneratedAt?: Date | null;
  /** Whether its bracket's last match has ended (when the caller knows it). */
  bracketFinished?: boolean;
}

/**
 * The phase: a contest not published is its status; a published one is completed once its
 * status says so, its bracket has finished or its end has passed; live once it has started or
 * its bracket exists (matches are being played); before that 'Registration Open' while members
 * can sign up, 'Starting soon' within STARTING_SOON_MS of its start, else 'Upcoming'.
 */
export function contestPhase(c: LifecycleFacts, now = Date.now()): ContestPhase {
  if (c.status === 'draft' || c.status === 'pending' || c.status === 'rejected') return c.status;
  if (c.status === 'completed' || c.bracketFinished) return 'completed';
  if (c.endDate && c.endDate.getTime() <= now) return 'completed';
  if ((c.startDate && c.startDate.getTime() <= now) || c.bracketGeneratedAt) return 'live';
  if (isRegistrationOpen(c, now)) return 'registration_open';
  if (c.startDate && c.startDate.getTime() - now <= STARTING_SOON_MS) return 'starting_soon';
  return 'upcoming';
}

/** The words for each phase (the contest page's badge; notices and e-mails use them too). */
export const PHASE_LABELS: Record<ContestPhase, string> = {
  draft: 'Draft',
  pending: 'Pending',
  rejected: 'Rejected',
  upcoming: 'Upcoming',
  registration_open: 'Registration Open',
  starting_soon: 'Starting soon',
  live: 'Live',
  completed: 'Completed',
};

/** Badge colours (Chakra palettes), in line with the status badge's. */
export const PHASE_COLORS: Record<ContestPhase, string> = {
  draft: 'gray',
  pending: 'yellow',
  rejected: 'red',
  upcoming: 'gray',
  registration_open: 'green',
  starting_soon: 'orange',
  live: 'green',
  completed: 'blue',
};

/** Whether the contest has started (it is being played, or over). */
export function hasStarted(phase: ContestPhase): boolean {
  return phase === 'live' || phase === 'completed';
}

/** Whether its participants are reminded now: published, not started, starting within the window. */
export function isReminderDue(c: LifecycleFacts, now = Date.now()): boolean {
  const phase = contestPhase(c, now);
  return (
    (phase === 'registration_open' || phase === 'starting_soon') &&
    !!c.startDate &&
    c.startDate.getTime() - now <= STARTING_SOON_MS
  );
}

/** 'in about 3 hours' (at least one hour): how far off a start is, in a reminder's words. */
export function startsInWords(start: Date, now = Date.now()): string {
  const hours = Math.max(1, Math.round((start.getTime() - now) / 3_600_000));
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** A reminder's title: 'Starting soon: <title>'. */
export function startingSoonTitle(title: string): string {
  return `${PHASE_LABELS.starting_soon}: ${title}`;
}

/** A results notice's sentence: '<contest> is completed.' */
export function completedSentence(named: string): string {
  return `${named} is ${PHASE_LABELS.completed.toLowerCase()}.`;
}
