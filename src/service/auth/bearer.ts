// The bearer token of a request, as Zed takes it (golang-jwt's
// request.AuthorizationHeaderExtractor): the Authorization header with a
// leading "Bearer " (any case) removed; a header of another scheme is taken
// whole, so it fails as an invalid token. Several tokens, or a header too
// long for any token, fail the same way later: never with a server error.

import { UnauthorizedError } from '../../errors/index.js';

/** Zed's message when the header is missing or empty (request.ErrNoTokenInRequest). */
export const NO_TOKEN = 'no token present in request';

export function bearerToken(header: string | null | undefined): string {
  if (header === null || header === undefined || header === '') throw new UnauthorizedError(NO_TOKEN);
  if (header.length > 6 && header.slice(0, 7).toUpperCase() === 'BEARER ') return header.slice(7);
  return header;
}
