// Hash routes, so that every view lives at `/` (the one page the service
// serves): #/pools, #/pools/<pool id>, #/query.

import { signal } from '@preact/signals';

export type Route = { readonly view: 'pools' } | { readonly view: 'pool'; readonly poolId: string } | { readonly view: 'query' };

export function parseHash(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head = '', rest = ''] = path.split(/\/(.*)/s);
  if (head === 'pools' && rest !== '') return { view: 'pool', poolId: decodeURIComponent(rest) };
  if (head === 'query') return { view: 'query' };
  return { view: 'pools' };
}

export function hrefOf(r: Route): string {
  switch (r.view) {
    case 'pools':
      return '#/pools';
    case 'pool':
      return `#/pools/${encodeURIComponent(r.poolId)}`;
    case 'query':
      return '#/query';
  }
}

export const route = signal<Route>(parseHash(location.hash));
window.addEventListener('hashchange', () => {
  route.value = parseHash(location.hash);
});

export function go(r: Route): void {
  location.hash = hrefOf(r);
}
