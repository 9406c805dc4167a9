// Display helpers used by several screens (SPEC 9 'Display').
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .split(' ')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 2);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

// One formatter per zone; the viewer's own (undefined) is the one screens use.
const dateTimeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
      timeZone,
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A moment to the minute, in the viewer's time zone and naming it: 'Nov 25, 2026, 05:09 UTC',
 * 'Nov 25, 2026, 06:09 GMT+1'. Contest deadlines are to the minute, so every screen that shows
 * a contest's dates (and the audit log, the sessions) shows them this way.
 */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return date ? dateTimeFormat(timeZone).format(date) : '';
}

/** A file's size for people: '812 B', '4.2 KB', '12.3 MB', '1.5 GB' (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
