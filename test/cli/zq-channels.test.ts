// Output channels in zq, as Zed v1.18.0's zq has them: `debug` taps the
// values to stderr (as ZSON) while they go on; `output NAME` must end a
// leaf of the flowgraph; only the main channel goes to the output.
import { describe, expect, it } from 'vitest';
import { zlake } from '../support/zlake.js';

describe('zq output channels', () => {
  it('debug writes its expression to stderr, for every value, while the rest runs', () => {
    const r = zlake(['zq', '-z', 'debug f"debug: {this}" | yield f"{this}2" | head 1', '-'], '"foo" "bar"');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('"foo2"\n');
    expect(r.stderr).toBe('"debug: foo"\n"debug: bar"\n');
  });

  it('debug without an expression taps the values themselves', () => {
    const r = zlake(['zq', '-z', 'debug | count()', '-'], '{a:1}{a:2}');
    expect(r.stdout).toBe('2(uint64)\n');
    expect(r.stderr).toBe('{a:1}\n{a:2}\n');
  });

  it('a named output leaves the main output', () => {
    const r = zlake(['zq', '-z', 'fork (=> a==1 | output one => count())', '-'], '{a:1}{a:2}');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('2(uint64)\n');
  });

  it('an output that does not end a leaf is an error with its position', () => {
    const r = zlake(['zq', '-z', 'output x | yield 2', '-'], '{a:1}');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('output operator must be at flowgraph leaf at line 1, column 1:\noutput x | yield 2\n~~~~~~~~\n');
    const f = zlake(['zq', '-z', 'fork (=> output x => pass) | count()', '-'], '{a:1}');
    expect(f.status).toBe(1);
    expect(f.stderr).toContain('output operator must be at flowgraph leaf');
  });
});
