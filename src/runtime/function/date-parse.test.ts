import { describe, expect, test } from 'vitest';
import { parseDateAny } from './date-parse.js';

const S = 1_000_000_000n;
const at = (iso: string) => BigInt(Date.parse(iso)) * 1_000_000n;

describe('parseDateAny', () => {
  test('parseDateAny reads ISO and RFC 3339 forms', () => {
    expect(parseDateAny('2020-05-26T15:27:47Z')).toBe(at('2020-05-26T15:27:47Z'));
    expect(parseDateAny('2020-05-26T15:27:47.123456789+02:00')).toBe(at('2020-05-26T13:27:47Z') + 123_456_789n);
    expect(parseDateAny('2020-05-26 15:27:47 -0700')).toBe(at('2020-05-26T22:27:47Z'));
    expect(parseDateAny('2020-05-26 15:27:47 +0000 UTC')).toBe(at('2020-05-26T15:27:47Z'));
    expect(parseDateAny('2020-05-26')).toBe(at('2020-05-26T00:00:00Z'));
    expect(parseDateAny('2020-5-6 1:02')).toBe(at('2020-05-06T01:02:00Z'));
    expect(parseDateAny('2013-Feb-03')).toBe(at('2013-02-03T00:00:00Z'));
  });

  test('parseDateAny reads US, dotted and month-name forms', () => {
    expect(parseDateAny('5/26/2020 3:27pm')).toBe(at('2020-05-26T15:27:00Z'));
    expect(parseDateAny('03/19/2012 10:11:59 AM')).toBe(at('2012-03-19T10:11:59Z'));
    expect(parseDateAny('12/31/99')).toBe(at('1999-12-31T00:00:00Z'));
    expect(parseDateAny('2014/07/10 06:55:38.156283')).toBe(at('2014-07-10T06:55:38Z') + 156_283_000n);
    expect(parseDateAny('3.31.2014')).toBe(at('2014-03-31T00:00:00Z'));
    expect(parseDateAny('May 8, 2009 5:57:51 PM')).toBe(at('2009-05-08T17:57:51Z'));
    expect(parseDateAny('oct. 7, 1970')).toBe(at('1970-10-07T00:00:00Z'));
    expect(parseDateAny('12 Feb 2006, 19:17')).toBe(at('2006-02-12T19:17:00Z'));
    expect(parseDateAny('Mon Jan  2 15:04:05 2006')).toBe(at('2006-01-02T15:04:05Z'));
    expect(parseDateAny('Mon Jan 02 15:04:05 MST 2006')).toBe(at('2006-01-02T15:04:05Z'));
    expect(parseDateAny('Mon, 02 Jan 2006 15:04:05 -0700')).toBe(at('2006-01-02T22:04:05Z'));
    expect(parseDateAny('Monday, 02-Jan-06 15:04:05 MST')).toBe(at('2006-01-02T15:04:05Z'));
  });

  test('parseDateAny reads all-digit timestamps by length', () => {
    expect(parseDateAny('1332151919')).toBe(1_332_151_919n * S);
    expect(parseDateAny('1332151919000')).toBe(1_332_151_919n * S);
    expect(parseDateAny('1499979795437000')).toBe(1_499_979_795_437_000_000n);
    expect(parseDateAny('1499979655583057426')).toBe(1_499_979_655_583_057_426n);
    expect(parseDateAny('20140601')).toBe(at('2014-06-01T00:00:00Z'));
    expect(parseDateAny('20180722105203')).toBe(at('2018-07-22T10:52:03Z'));
    expect(parseDateAny('2014')).toBe(at('2014-01-01T00:00:00Z'));
    expect(parseDateAny('1')).toBeNull();
    expect(parseDateAny('12345')).toBeNull();
  });

  test('parseDateAny rejects invalid dates and text', () => {
    expect(parseDateAny('2020-02-30')).toBeNull();
    expect(parseDateAny('2020-05-26T25:00:00Z')).toBeNull();
    expect(parseDateAny('13/01/2020')).toBeNull();
    expect(parseDateAny('foo')).toBeNull();
    expect(parseDateAny('')).toBeNull();
  });
});
