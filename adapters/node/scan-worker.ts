// A thread of a scan pool (scan-pool.ts): opens the lake once, then runs
// each share of a scan it is handed (runShareJob) and answers with its
// result, its typed arrays moved rather than copied, or the error.

import { parentPort, workerData } from 'node:worker_threads';
import { plainError, runShareJob, type ShareJob } from '../../src/index.js';
import { openLake, type LakeConfig } from './open-lake.js';
import type { ThreadReply } from './thread-pool.js';

const port = parentPort!;
const opened = openLake(workerData as LakeConfig);

port.on('message', async (job: ShareJob) => {
  let reply: ThreadReply<unknown>;
  try {
    const { result, transfer } = await runShareJob((await opened).lake, job);
    reply = { result };
    port.postMessage(reply, transfer);
    return;
  } catch (e) {
    reply = { error: plainError(e) };
  }
  port.postMessage(reply);
});
