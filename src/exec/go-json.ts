// JSON text as Go's encoding/json writes it (json.Marshal and json.Encoder):
// `<`, `>`, `&` and U+2028/U+2029 escaped as \u00XX (HTML-safe), and the
// control characters JS writes as \b and \f spelled \u0008 and \u000c.

export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/\\[^u]|[<>&\u2028\u2029]/g, (m) => {
    if (m === '\\b') return '\\u0008';
    if (m === '\\f') return '\\u000c';
    if (m.length === 2) return m;
    return `\\u${m.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
