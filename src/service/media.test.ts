import { describe, expect, it } from 'vitest';
import { mediaTypeToFormat, negotiateAccept, parseMediaType, requestFormat } from './media.js';
import { capabilities } from './revision.js';

const latest = capabilities('v1.18.0');
const v12 = capabilities('v1.2.0');

describe('parseMediaType', () => {
  it('lower-cases the type and drops parameters', () => {
    expect(parseMediaType(' Application/JSON ; charset=utf-8')).toBe('application/json');
    expect(parseMediaType('unsupported')).toBe('unsupported');
  });

  it('fails with Go\'s mime messages', () => {
    expect(() => parseMediaType('text/plain, application/json')).toThrow('mime: unexpected content after media subtype');
    expect(() => parseMediaType(';x=y')).toThrow('mime: no media type');
    expect(() => parseMediaType('text/')).toThrow('mime: expected token after slash');
    expect(() => parseMediaType('text plain')).toThrow('mime: expected slash after first token');
  });
});

describe('mediaTypeToFormat', () => {
  it('maps media types through the format registry, with the default for none or */*', () => {
    expect(mediaTypeToFormat('application/x-zjson', 'zson', 'response', latest)).toBe('zjson');
    expect(mediaTypeToFormat('', 'json', 'response', latest)).toBe('json');
    expect(mediaTypeToFormat('*/*', 'zng', 'response', latest)).toBe('zng');
    expect(() => mediaTypeToFormat('text/html', 'zson', 'response', latest)).toThrow('unsupported MIME type: text/html');
  });

  it('offers only what a revision had', () => {
    expect(mediaTypeToFormat('text/tab-separated-values', 'zson', 'response', latest)).toBe('tsv');
    expect(() => mediaTypeToFormat('text/tab-separated-values', 'zson', 'response', v12)).toThrow('unsupported MIME type');
    expect(() => mediaTypeToFormat('application/vnd.apache.arrow.stream', 'zson', 'response', v12)).toThrow('unsupported MIME type');
  });

  it('reads request bodies as the default for the form type curl sends', () => {
    expect(requestFormat('application/x-www-form-urlencoded', 'zson', latest)).toBe('zson');
    expect(requestFormat(null, 'auto', latest)).toBe('auto');
    expect(() => requestFormat('application/x-ndjson', 'zson', latest)).toThrow('no such format: "ndjson"');
  });
});

describe('negotiateAccept', () => {
  it('takes the first usable piece and ignores q-values', () => {
    expect(negotiateAccept('text/html, application/json;q=0.1, application/x-zson', 'zson', latest)).toBe('json');
    expect(negotiateAccept(undefined, 'zjson', latest)).toBe('zjson');
    expect(negotiateAccept('text/html, */*', 'zson', latest)).toBe('zson');
    expect(() => negotiateAccept('text/html, text/css', 'zson', latest)).toThrow('could not find supported MIME type in Accept header');
  });
});
