// How a contest's facts read on the cards, the detail page and the admin table (SPEC 2.4, 2.5,
// 2.7, 9): dates in US English to the minute with the zone, participants with their maximum, the fee in USD.
import { TIER_LABELS, normalizeTier } from '../../../shared/constants';
import { isRegistrationOpen } from '../../../shared/contests';
import { formatDateTime } from '../../../shared/format';
import {
  PHASE_COLORS,
  PHASE_LABELS,
  contestPhase,
  type LifecycleFacts,
} from '../../../shared/lifecycle';

interface Dated {
  startDate: Date | null;
  endDate: Date | null;
}

/**
 * 'Jun 12, 2025, 09:00 UTC - Jun 19, 2025, 09:00 UTC' (the viewer's zone, named); one side alone
 * when the other is not set yet.
 */
export function contestDates({ startDate, endDate }: Dated): string {
  const start = formatDateTime(startDate);
  const end = formatDateTime(endDate);
  if (start && end) return `${start} - ${end}`;
  return start || end || 'Dates to be announced';
}

/** '12 / 50' (SPEC 2.4: participants with the optional maximum). */
export function participantsText(c: { participants: number; maxParticipants: number | null }) {
  return c.maxParticipants ? `${c.participants} / ${c.maxParticipants}` : String(c.participants);
}

/** '$100' for a paid contest, 'Free' otherwise. */
export function entryFeeText(c: { participationType: string; entryFee: string | null }): string {
  if (c.participationType !== 'paid' || !c.entryFee) return 'Free';
  const amount = Number(c.entryFee);
  return Number.isFinite(amount)
    ? amount.toLocaleString('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 0,
      })
    : c.entryFee;
}

export function tierLabel(tier: string): string {
  return TIER_LABELS[normalizeTier(tier)];
}

/**
 * The detail page's badges: the contest's phase (the one lifecycle: 'Upcoming', 'Registration
 * Open', 'Starting soon', 'Live', 'Completed'), and 'Registration Open' beside 'Live' while a
 * running contest still takes sign-ups.
 */
export function detailPhaseBadges(
  c: LifecycleFacts,
  now = Date.now(),
): { label: string; color: string }[] {
  const phase = contestPhase(c, now);
  const badges = [{ label: PHASE_LABELS[phase], color: PHASE_COLORS[phase] }];
  if (phase === 'live' && isRegistrationOpen(c, now)) {
    badges.push({
      label: PHASE_LABELS.registration_open,
      color: PHASE_COLORS.registration_open,
    });
  }
  return badges;
}
