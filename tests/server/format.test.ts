// The display formatters shared by the screens: a moment to the minute with its zone named.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/shared/format';

describe('formatDateTime', () => {
  const moment = new Date('2026-11-25T05:09:00Z');

  it('shows the minute and names the zone', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('Nov 25, 2026, 05:09 UTC');
    expect(formatDateTime(moment, 'Asia/Tokyo')).toBe('Nov 25, 2026, 14:09 GMT+9');
    expect(formatDateTime(moment, 'America/New_York')).toBe('Nov 25, 2026, 00:09 EST');
    // Across midnight the date follows the zone.
    expect(formatDateTime(moment, 'America/Los_Angeles')).toBe('Nov 24, 2026, 21:09 PST');
  });

  it('takes dates, ISO strings and epoch milliseconds; nothing for no date', () => {
    expect(formatDateTime('2026-11-25T05:09:00Z', 'UTC')).toBe('Nov 25, 2026, 05:09 UTC');
    expect(formatDateTime(moment.getTime(), 'UTC')).toBe('Nov 25, 2026, 05:09 UTC');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('uses the viewer’s own zone when none is given', () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime(moment)).toBe(formatDateTime(moment, own));
  });

  it('leaves the date-only format as it was (SPEC 9)', () => {
    expect(formatDate(new Date('2025-06-12T12:00:00Z'))).toBe('Jun 12, 2025');
  });
});
