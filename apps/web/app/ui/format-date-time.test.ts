import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatContentTime, formatDateTime, isoDateTime } from './format-date-time';

describe('date formatting', () => {
  it('shows yyyy/MM/dd HH:mm:ss in Taipei time', () => {
    expect(formatDateTime('2024-03-05T16:07:08Z')).toBe('2024/03/06 00:07:08');
    expect(formatDateTime(new Date('2024-12-31T03:00:00+08:00'))).toBe('2024/12/31 03:00:00');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(isoDateTime('nope')).toBeUndefined();
  });

  it('shows a calendar day as yyyy/MM/dd', () => {
    expect(formatCalendarDate('2022-07-01')).toBe('2022/07/01');
    expect(formatCalendarDate(null)).toBe('');
  });

  it('shows content dated by the day only without a made-up 00:00:00, and a known time in full', () => {
    expect(formatContentTime('2025-06-14T16:00:00Z')).toBe('2025/06/15');
    expect(formatContentTime('2025-05-26T01:00:00Z')).toBe('2025/05/26 09:00:00');
    // Midnight UTC is 08:00 in Taipei: a time, shown as one.
    expect(formatContentTime('2025-06-15T00:00:00Z')).toBe('2025/06/15 08:00:00');
    expect(formatContentTime(null)).toBe('');
  });
});
