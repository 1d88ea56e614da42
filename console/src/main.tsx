// The web console's entry: styles, the theme, and the app in #app.

import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { render } from 'preact';
import { App } from './app.js';
import { notify } from './store.js';
import { applyTheme } from './theme.js';

applyTheme();
// A failure no view caught still reaches the page.
window.addEventListener('unhandledrejection', (e) => {
  notify('error', e.reason instanceof Error ? e.reason.message : String(e.reason));
});
const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
