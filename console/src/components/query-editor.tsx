// The query editor: CodeMirror 6 with a small Zed highlighter, the
// service's compilation errors marked at their place (lint diagnostics),
// Mod-Enter to run and Escape to cancel. Tab is left to the page, so the
// keyboard can leave the editor.

import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, StreamLanguage, bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { useEffect, useRef } from 'preact/hooks';

const KEYWORDS = new Set(
  (
    'from where yield sort head tail count summarize by put cut drop rename fuse join on over with switch fork const func op type ' +
    'and or not in is this asc desc file get pass uniq top merge load explode sample shape search case default inner left right anti assert debug output'
  ).split(' '),
);

/** Zed's lexical shapes, enough to colour a query (the service does the parsing). */
const zed = StreamLanguage.define<null>({
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    const q = stream.peek();
    if (q === '"' || q === "'" || q === '`') {
      stream.next();
      let escaped = false;
      for (let c = stream.next(); c !== undefined; c = stream.next()) {
        if (c === q && !escaped) break;
        escaped = !escaped && c === '\\';
      }
      return 'string';
    }
    if (stream.match(/^[0-9][0-9a-zA-Z_.:-]*/)) return 'number';
    if (stream.match(/^[A-Za-z_$][A-Za-z0-9_$]*/)) {
      const w = stream.current();
      if (KEYWORDS.has(w.toLowerCase())) return 'keyword';
      return stream.peek() === '(' ? 'variableName.function' : 'variableName';
    }
    stream.next();
    return 'operator';
  },
  languageData: { commentTokens: { line: '//' } },
});

/** Colours from the theme's custom properties, so both themes read well. */
const colours = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--syn-keyword)', fontWeight: '600' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: tags.function(tags.variableName), color: 'var(--syn-function)' },
  { tag: tags.comment, color: 'var(--syn-comment)', fontStyle: 'italic' },
]);

export interface EditorMark {
  /** UTF-16 offsets into the text (CodeMirror's). */
  readonly from: number;
  readonly to: number;
  readonly message: string;
}

export interface QueryEditorProps {
  readonly initial: string;
  readonly marks: readonly EditorMark[];
  onChange(text: string): void;
  onRun(): void;
  onCancel(): void;
}

export function QueryEditor(props: QueryEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, for the keymap made once.
  const cb = useRef(props);
  cb.current = props;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.initial,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          zed,
          syntaxHighlighting(colours),
          lintGutter(),
          placeholder('from pool | count() by every(1h)'),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'Zed query', 'data-testid': 'query-editor' }),
          keymap.of([
            { key: 'Mod-Enter', run: () => (cb.current.onRun(), true) },
            { key: 'Escape', run: () => (cb.current.onCancel(), true) },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) cb.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v === null) return;
    const len = v.state.doc.length;
    const diags: Diagnostic[] = props.marks.map((m) => {
      const from = Math.min(m.from, len);
      return { from, to: Math.max(from, Math.min(m.to, len)), severity: 'error', message: m.message };
    });
    v.dispatch(setDiagnostics(v.state, diags));
  }, [props.marks]);

  return <div ref={host} class="editor" />;
}
