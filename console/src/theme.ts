// Light and dark themes: the system's choice until the user picks one,
// which the browser then keeps.

import { signal } from '@preact/signals';

type Theme = 'light' | 'dark';
const KEY = 'zlake.console.theme';

function initial(): Theme {
  try {
    const t = localStorage.getItem(KEY);
    if (t === 'light' || t === 'dark') return t;
  } catch {
    // storage refused: follow the system
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const theme = signal<Theme>(initial());

export function applyTheme(): void {
  document.documentElement.dataset.theme = theme.value;
}

export function toggleTheme(): void {
  theme.value = theme.value === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(KEY, theme.value);
  } catch {
    // storage refused: the choice lasts this page
  }
  applyTheme();
}
