// Loads a file into a branch (POST /pool/{pool}/branch/{branch}) with
// XMLHttpRequest, the one browser API that reports upload progress. The
// format comes from the file's extension where the service cannot detect
// it (Parquet, VNG need a seekable body), else the service detects it.

import { authHeaders, errorOf, failed, NetworkError, seg, type ApiError } from './client.js';
import type { CommitResponse } from './lake.js';

/** Media types by extension (lake-api.md §3.1); gzip is sniffed by the service. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  arrows: 'application/vnd.apache.arrow.stream',
  csv: 'text/csv',
  json: 'application/json',
  jsonl: 'application/json',
  ndjson: 'application/json',
  parquet: 'application/x-parquet',
  tsv: 'text/tab-separated-values',
  vng: 'application/x-vng',
  zeek: 'application/x-zeek',
  zjson: 'application/x-zjson',
  zng: 'application/x-zng',
  zson: 'application/x-zson',
};

/** The Content-Type to send for a file name, or null to let the service detect the format. */
export function mediaTypeOf(fileName: string): string | null {
  const parts = fileName.toLowerCase().split('.');
  if (parts.at(-1) === 'gz') parts.pop();
  if (parts.length < 2) return null;
  return MEDIA_TYPES[parts.at(-1)!] ?? null;
}

export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface Upload {
  readonly done: Promise<CommitResponse>;
  cancel(): void;
}

export function uploadFile(poolId: string, branch: string, file: File, onProgress: (p: UploadProgress) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<CommitResponse>((resolve, reject) => {
    xhr.open('POST', `pool/${seg(poolId)}/branch/${seg(branch)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    const type = mediaTypeOf(file.name);
    if (type !== null) xhr.setRequestHeader('Content-Type', type);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as CommitResponse);
        } catch {
          reject(new NetworkError('The lake service sent an answer the console cannot read'));
        }
        return;
      }
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      void errorOf(res).then((e: ApiError) => {
        try {
          failed(e);
        } catch (err) {
          reject(err);
        }
      });
    };
    xhr.onerror = () => reject(new NetworkError('The connection to the lake service broke during the upload'));
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'));
    // A Blob without a type: the browser adds no Content-Type of its own guess.
    xhr.send(type === null ? new Blob([file]) : file);
  });
  return { done, cancel: () => xhr.abort() };
}
