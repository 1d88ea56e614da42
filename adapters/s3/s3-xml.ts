// The little XML the S3 API speaks: element text by tag name in its fixed
// response shapes (listings, multipart uploads, errors), with XML's escapes.

/** The text of every `<tag>` element, unescaped, in document order. */
export function xmlAll(xml: string, tag: string): string[] {
  const out: string[] = [];
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at)) {
    const end = xml.indexOf(close, at + open.length);
    if (end < 0) break;
    out.push(xml.slice(at + open.length, end));
    at = end + close.length;
  }
  return out;
}

/** The raw body of the first `<tag>` element, or null. */
export function xmlFirst(xml: string, tag: string): string | null {
  return xmlAll(xml, tag)[0] ?? null;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;

export function xmlUnescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_m, e: string) =>
    e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e]!,
  );
}

export function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&${Object.keys(ENTITIES).find((k) => ENTITIES[k] === c)!};`);
}

/** An S3 error body's code and message, when the text is one. */
export function s3ErrorOf(xml: string): { code: string; message: string } | null {
  const err = xmlFirst(xml, 'Error');
  if (err === null) return null;
  return { code: xmlUnescape(xmlFirst(err, 'Code') ?? ''), message: xmlUnescape(xmlFirst(err, 'Message') ?? '') };
}
