// zq takes http and https URLs where it takes files.

import { InvalidError } from '../../../src/index.js';
import { MissingFileError } from './input-errors.js';

export function isUrl(p: string): boolean {
  return /^https?:\/\//i.test(p);
}

/** A URL's body as an input, fetched when first read; a 404 is a missing file, as in Zed's HTTP storage engine. */
export function urlInput(url: string): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (reader === null) {
        const resp = await fetch(url);
        if (resp.status !== 200) {
          await resp.body?.cancel();
          if (resp.status === 404) throw new MissingFileError(url);
          throw new InvalidError(`${resp.status} ${resp.statusText}`);
        }
        if (resp.body === null) return ctl.close();
        reader = resp.body.getReader();
      }
      const r = await reader.read();
      if (r.done) ctl.close();
      else ctl.enqueue(r.value);
    },
    async cancel(reason) {
      await reader?.cancel(reason);
    },
  });
}
