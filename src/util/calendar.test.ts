import { describe, expect, it } from 'vitest';
import { civilFromDays, dayOfYear, daysFromCivil, daysInMonth, isLeapYear, type CivilDate } from './calendar.js';

describe('calendar', () => {
  it('knows Gregorian leap years', () => {
    expect([1900, 2000, 2023, 2024, 2100, 2400].map(isLeapYear)).toEqual([false, true, false, true, false, true]);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(12, 2023)).toBe(31);
  });

  it('counts days from the Unix epoch, before it too', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    expect(daysFromCivil(1969, 12, 31)).toBe(-1);
    expect(daysFromCivil(1600, 1, 1)).toBe(-135140);
  });

  it('turns day counts back into the same dates', () => {
    const out: CivilDate = { year: 0, month: 0, day: 0 };
    for (let d = -800_000; d <= 800_000; d += 997) {
      civilFromDays(d, out);
      expect(daysFromCivil(out.year, out.month, out.day)).toBe(d);
      expect(out.day).toBeLessThanOrEqual(daysInMonth(out.month, out.year));
    }
    expect(civilFromDays(19_723, out)).toEqual({ year: 2024, month: 1, day: 1 });
  });

  it('numbers the days of a year', () => {
    expect(dayOfYear(2023, 1, 1)).toBe(1);
    expect(dayOfYear(2023, 12, 31)).toBe(365);
    expect(dayOfYear(2024, 12, 31)).toBe(366);
    expect(dayOfYear(2024, 3, 1)).toBe(61);
  });
});
