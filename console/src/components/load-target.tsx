// Loading files into a pool: drop them on the area this wraps, or choose
// them with the button (the keyboard's way). Each upload shows its
// progress, then the commit id and the service's warnings, or the error.

import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { describeError } from '../api/client.js';
import { uploadFile, type Upload } from '../api/upload.js';
import { bytes } from '../format.js';
import { notify } from '../store.js';

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'uploading'; readonly file: string; readonly loaded: number; readonly total: number; readonly upload: Upload }
  | { readonly kind: 'done'; readonly file: string; readonly commit: string; readonly warnings: readonly string[] }
  | { readonly kind: 'failed'; readonly file: string; readonly error: string };

export interface LoadTargetProps {
  readonly poolId: string;
  readonly poolName: string;
  readonly branch: string;
  /** False hides the button and ignores drops (the token may not write). */
  readonly enabled: boolean;
  /** The element that holds the drop area (a table row is a `tr`). */
  readonly as?: 'div' | 'tr';
  readonly class?: string;
  readonly children: ComponentChildren;
  /** Where the status goes: beside the children by default. */
  readonly renderStatus?: (status: ComponentChildren, button: ComponentChildren) => ComponentChildren;
}

function hasFiles(e: DragEvent): boolean {
  return e.dataTransfer?.types.includes('Files') === true;
}

export function LoadTarget(props: LoadTargetProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const depth = useRef(0);

  const load = async (files: readonly File[]) => {
    for (const file of files) {
      const upload = uploadFile(props.poolId, props.branch, file, (p) =>
        setStatus({ kind: 'uploading', file: file.name, loaded: p.loaded, total: p.total, upload }),
      );
      setStatus({ kind: 'uploading', file: file.name, loaded: 0, total: file.size, upload });
      try {
        const r = await upload.done;
        setStatus({ kind: 'done', file: file.name, commit: r.commit, warnings: r.warnings ?? [] });
      } catch (e) {
        const error = e instanceof DOMException && e.name === 'AbortError' ? 'Canceled' : describeError(e);
        setStatus({ kind: 'failed', file: file.name, error });
        if (error !== 'Canceled') notify('error', `Loading ${file.name} into "${props.poolName}" failed: ${error}`);
        return;
      }
    }
  };

  const handlers = props.enabled
    ? {
        onDragEnter: (e: DragEvent) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          depth.current++;
          setOver(true);
        },
        onDragOver: (e: DragEvent) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          depth.current = 0;
          setOver(false);
          const files = [...(e.dataTransfer?.files ?? [])];
          if (files.length > 0) void load(files);
        },
      }
    : {};

  const button = props.enabled ? (
    <>
      <button type="button" class="small" onClick={() => picker.current?.click()} aria-label={`Load a file into pool ${props.poolName}`}>
        Load…
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="load-input"
        onChange={(e) => {
          const input = e.currentTarget;
          const files = [...(input.files ?? [])];
          input.value = '';
          if (files.length > 0) void load(files);
        }}
      />
    </>
  ) : null;

  const statusView = <LoadStatus status={status} dismiss={() => setStatus({ kind: 'idle' })} />;
  const Tag = props.as ?? 'div';
  return (
    <Tag class={`${props.class ?? ''} drop-target${over ? ' drop-over' : ''}`} data-drop-pool={props.poolName} {...handlers}>
      {props.children}
      {props.renderStatus !== undefined ? (
        props.renderStatus(statusView, button)
      ) : (
        <div class="load-box">
          {button}
          {statusView}
        </div>
      )}
    </Tag>
  );
}

function LoadStatus({ status, dismiss }: { status: Status; dismiss: () => void }) {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'uploading': {
      const pct = status.total > 0 ? Math.min(100, Math.round((status.loaded / status.total) * 100)) : 0;
      const sent = status.total > 0 && status.loaded >= status.total;
      return (
        <div class="load-status" role="status">
          <span>
            {status.file}: {sent ? 'committing…' : `${bytes(status.loaded)} of ${bytes(status.total)}`}
          </span>
          <progress max={100} value={pct} aria-label={`Upload of ${status.file}`} />
          <button type="button" class="small" onClick={() => status.upload.cancel()}>
            Cancel
          </button>
        </div>
      );
    }
    case 'done':
      return (
        <div class="load-status ok" role="status" data-testid="load-result">
          <span>
            {status.file}: committed <code class="commit-id">{status.commit}</code>
          </span>
          {status.warnings.length > 0 && (
            <ul class="warnings" aria-label="Warnings">
              {status.warnings.map((w) => (
                <li>{w}</li>
              ))}
            </ul>
          )}
          <button type="button" class="small link" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      );
    case 'failed':
      return (
        <div class="load-status error" role="alert">
          <span>
            {status.file}: {status.error}
          </span>
          <button type="button" class="small link" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      );
  }
}
