import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import { BASE_PATTERNS } from './grok-patterns.js';

describe('grok', () => {
  test('grok parses with the standard patterns (grok.yaml, grok.md)', () => {
    const h = harness();
    const f = h.fn('grok');
    expect(
      f('"%{TIMESTAMP_ISO8601:event_time} %{LOGLEVEL:log_level} %{GREEDYDATA:log_message}"', '"2020-09-16T04:20:42.45+01:00 DEBUG This is a sample debug log message"'),
    ).toBe('{event_time:"2020-09-16T04:20:42.45+01:00",log_level:"DEBUG",log_message:"This is a sample debug log message"}');
    expect(f('"%{INT:int:int64}"', '"0"')).toBe('{int:"0"}');
    expect(f('"%{INT:one} %{INT:one}"', '"1 2"')).toBe('{one:"2"}');
    expect(f('"%{INT:int}"', '"string value"')).toBe('error({message:"grok(): value does not match pattern",on:"string value"})');
    expect(
      f('"%{SYSLOGBASE} %{POSTFIX_QUEUEID:queue_id}: %{GREEDYDATA:syslog_message}"',
        '"Jan  1 06:25:43 mailserver14 postfix/cleanup[21403]: BEF25A72965: message-id=<20130101142543.5828399CCAF@mailserver14.example.com>"',
        '"POSTFIX_QUEUEID [0-9A-F]{10,11}"'),
    ).toBe('{timestamp:"Jan  1 06:25:43",logsource:"mailserver14",program:"postfix/cleanup",pid:"21403",queue_id:"BEF25A72965",syslog_message:"message-id=<20130101142543.5828399CCAF@mailserver14.example.com>"}');
  });

  test('grok with definitions (grok.yaml patterns.zed)', () => {
    const h = harness();
    const f = h.fn('grok');
    expect(f('"%{ONE:zero}-%{TWO:three}"', '"0-1-2"', '"ONE \\\\d\\nTWO %{ONE:one}-%{ONE:two}"')).toBe('{zero:"0",three:"1-2",one:"1",two:"2"}');
    expect(f('"%{MY_NUMTZ:tz}"', '"+7000"', '"MY_NUMTZ [+-]\\\\d{4}"')).toBe('{tz:"+7000"}');
    expect(f('"\\\\(%{PH_PREFIX:prefix}\\\\)-%{PH_LINE_NUM:line_number}"', '"(555)-1212"', '"PH_PREFIX \\\\d{3}\\nPH_LINE_NUM \\\\d{4}"')).toBe(
      '{prefix:"555",line_number:"1212"}',
    );
  });

  test('grok compiles every base pattern (they are not checked when a call site starts)', () => {
    const h = harness();
    const f = h.fn('grok');
    for (const [name] of BASE_PATTERNS) {
      expect(f(`"%{${name}:x}"`, '"\u0000"'), name).toMatch(/^\{|value does not match pattern/);
    }
  });

  test('grok reports bad arguments and patterns', () => {
    const h = harness();
    const f = h.fn('grok');
    expect(f('1', '"x"')).toBe('error({message:"grok(): pattern argument must be a string",on:1})');
    expect(f('"x"', '1')).toBe('error({message:"grok(): input argument must be a string",on:1})');
    expect(f('"x"', '"x"', '1')).toBe('error({message:"grok(): definitions argument must be a string",on:1})');
    expect(f('"%{NOPE:x}"', '"x"')).toBe(`error({message:"grok(): the 'NOPE' pattern doesn't exist",on:"%{NOPE:x}"})`);
    expect(f('"x"', '"x"', '"INT \\\\d"')).toBe('error({message:"grok(): the pattern already exist",on:"INT \\\\d"})');
    expect(f('"plain"', '"a plain b"')).toBe('{}');
  });
});
