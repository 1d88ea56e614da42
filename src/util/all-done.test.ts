import { describe, expect, it } from 'vitest';
import { allDone } from './all-done.js';

describe('allDone', () => {
  it('gives the results in order once all are done', async () => {
    const later = new Promise<number>((r) => setTimeout(() => r(2), 20));
    expect(await allDone([1, later, Promise.resolve(3)])).toEqual([1, 2, 3]);
  });

  it('fails with the first failure in the order given, only once every part has stopped', async () => {
    let slowDone = false;
    const slow = new Promise<string>((r) =>
      setTimeout(() => {
        slowDone = true;
        r('slow');
      }, 30),
    );
    const firstInOrder = new Promise<string>((_, j) => setTimeout(() => j(new Error('first in order')), 10));
    const failsSooner = Promise.reject(new Error('fails sooner'));
    const e = await allDone([firstInOrder, slow, failsSooner]).catch((x: unknown) => x);
    expect((e as Error).message).toBe('first in order');
    expect(slowDone).toBe(true);
  });
});
