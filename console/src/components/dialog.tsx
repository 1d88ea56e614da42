// One modal dialog for the page: confirmations before writes (drop, merge,
// revert) and a one-field form (rename). A native <dialog> opened with
// showModal keeps the focus inside and closes on Escape.

import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';

interface Ask {
  readonly title: string;
  readonly body: string;
  readonly action: string;
  readonly danger: boolean;
  /** A text field's label and first value, when the dialog asks for text. */
  readonly input?: { readonly label: string; readonly value: string };
  readonly resolve: (answer: string | null) => void;
}

const current = signal<Ask | null>(null);

/** Asks for a confirmation; resolves true only when the user confirms. */
export function confirmAction(title: string, body: string, action: string, danger = false): Promise<boolean> {
  return new Promise((resolve) => {
    current.value = { title, body, action, danger, resolve: (a) => resolve(a !== null) };
  });
}

/** Asks for a line of text; resolves null when canceled. */
export function askText(title: string, body: string, label: string, value: string, action: string): Promise<string | null> {
  return new Promise((resolve) => {
    current.value = { title, body, action, danger: false, input: { label, value }, resolve };
  });
}

export function Dialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ask = current.value;

  useEffect(() => {
    const d = ref.current;
    if (d === null) return;
    if (ask !== null && !d.open) {
      d.showModal();
      if (input.current !== null) {
        input.current.value = ask.input?.value ?? '';
        input.current.select();
      }
    }
    if (ask === null && d.open) d.close();
  }, [ask]);

  const answer = (a: string | null) => {
    current.value = null;
    ask?.resolve(a);
  };

  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        answer(null);
      }}
    >
      {ask !== null && (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            answer(ask.input !== undefined ? (input.current?.value ?? '') : '');
          }}
        >
          <h2 id="dialog-title">{ask.title}</h2>
          <p>{ask.body}</p>
          {ask.input !== undefined && (
            <label class="field">
              <span>{ask.input.label}</span>
              <input ref={input} name="value" required autoComplete="off" />
            </label>
          )}
          <div class="actions">
            <button type="button" onClick={() => answer(null)} autoFocus={ask.danger && ask.input === undefined}>
              Cancel
            </button>
            <button type="submit" class={ask.danger ? 'danger' : 'primary'} autoFocus={!ask.danger && ask.input === undefined}>
              {ask.action}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
