import { describe, expect, test } from 'vitest';
import { civil, compileStrftime, type Strftime } from './strftime.js';

const T = 1_722_369_915_118_252_000n; // 2024-07-30T20:05:15.118252Z, a Tuesday

function fmt(p: string, ns = T): string {
  const c = compileStrftime(p) as Strftime;
  return c.format(ns);
}

describe('strftime', () => {
  test('strftime directives (strftime.md)', () => {
    expect(fmt('%A %a %B %b %h %C')).toBe('Tuesday Tue July Jul Jul 20');
    expect(fmt('%c')).toBe('Tue Jul 30 20:05:15 2024');
    expect(fmt('%D %F %x')).toBe('07/30/24 2024-07-30 07/30/24');
    expect(fmt('%d %e %j')).toBe('30 30 212');
    expect(fmt('%H %I %k %l %M %S %p')).toBe('20 08 20  8 05 15 PM');
    expect(fmt('%R %r %T %X')).toBe('20:05 08:05:15 PM 20:05:15 20:05:15');
    expect(fmt('%U %u %V %W %w')).toBe('30 2 31 31 2');
    expect(fmt('%v %Y %y %Z %z %%|%n|%t')).toBe('30-Jul-2024 2024 24 UTC +0000 %|\n|\t');
  });

  test('strftime pads and handles midnight, early January and the epoch', () => {
    const jan1 = 1_704_067_200_000_000_000n; // 2024-01-01T00:00:00Z, a Monday
    expect(fmt('%e|%I|%l|%r|%j|%U|%W|%V', jan1)).toBe(' 1|12|12|12:00:00 AM|001|00|01|01');
    expect(fmt('%V %Y', 1_735_603_200_000_000_000n)).toBe('01 2024'); // 2024-12-31 is in ISO week 1 of 2025
    expect(fmt('%F %T', 0n)).toBe('1970-01-01 00:00:00');
    expect(fmt('%F %T', -1n)).toBe('1969-12-31 23:59:59');
    expect(civil(-1n).weekday).toBe(3);
  });

  test('compileStrftime reports unknown directives', () => {
    expect(compileStrftime('%Q')).toBe("failed to compile format: pattern compilation failed: lookup failed: '%Q' was not found in specification set");
    expect(compileStrftime('plain')).not.toBeTypeOf('string');
  });
});
