// The drawing thread of `zlake load`'s progress line (load-progress.ts):
// redraws it on stderr every interval, straight to file descriptor 2 so
// that a busy load thread delays nothing, and once more when told to stop.

import { writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ProgressLine, type ProgressState } from './load-progress.js';

const { state, intervalMs } = workerData as { state: ProgressState; intervalMs: number };
const line = new ProgressLine(state);
const draw = () => {
  try {
    writeSync(2, line.redraw());
  } catch {
    // stderr gone (the terminal closed): nothing to draw on
  }
};
draw();
const timer = setInterval(draw, intervalMs);
parentPort!.once('message', () => {
  clearInterval(timer);
  draw();
  parentPort!.close();
});
