// The site serves Taiwan: times are shown in Taipei time whatever the server's or browser's zone,
// so the server-rendered text and the hydrated text are the same.
const timeZone = 'Asia/Taipei';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(dateTimeParts.formatToParts(date).map((part) => [part.type, part.value]));
}

/** yyyy/MM/dd HH:mm:ss, or '' for a missing or unreadable value. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * yyyy/MM/dd HH:mm:ss, or yyyy/MM/dd alone when the time is exactly midnight in Taipei: content
 * dated by the day only (a publication's or a video's date) is stored at 00:00:00, and showing
 * that time would claim a precision nobody recorded (decision 0181).
 */
export function formatContentTime(value: string | Date | null | undefined): string {
  const full = formatDateTime(value);
  return full.endsWith(' 00:00:00') ? full.slice(0, -' 00:00:00'.length) : full;
}

/** yyyy/MM/dd for a calendar day given as yyyy-MM-dd (a day has no time to show). */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[1]}/${match[2]}/${match[3]}` : '';
}

/** The machine-readable value for <time dateTime>. */
export function isoDateTime(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
