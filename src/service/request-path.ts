// The path of a request as the client sent it, and Go's cleaning of it:
// the service answers a path with `//`, `/./` or `/../` with a 301 to the
// cleaned one, as Go's mux does.

/** Go's path.Clean, keeping a trailing slash as gorilla/mux's cleanPath does. */
export function cleanPath(p: string): string {
  if (p === '') return '/';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  let clean = (rooted ? '/' : '') + out.join('/');
  if (clean === '') clean = '/';
  if (p.endsWith('/') && clean !== '/') clean += '/';
  return clean;
}

/** The path of an absolute URL, undecoded, and what follows it (query and fragment). */
export function rawPath(url: string): { path: string; rest: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return { path: '/', rest: '' };
  let end = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch, start);
    if (i >= 0 && i < end) end = i;
  }
  return { path: url.slice(start, end), rest: url.slice(end) };
}
