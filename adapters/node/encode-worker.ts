// A thread of a load's encode pool (encode-pool.ts): opens the lake's blob
// store once, then sorts and writes each run it is handed as a data object
// (runEncodeJob) and answers with the object's metadata or the error.

import { parentPort, workerData } from 'node:worker_threads';
import { plainError, runEncodeJob, type EncodedObject, type EncodeJob } from '../../src/index.js';
import type { EncodeSetup } from './encode-pool.js';
import { openBlobs } from './open-blobs.js';
import type { ThreadReply } from './thread-pool.js';

const setup = workerData as EncodeSetup;
const port = parentPort!;
const opened = openBlobs(setup.lake, setup.env);

port.on('message', async (job: EncodeJob) => {
  let reply: ThreadReply<EncodedObject | null>;
  try {
    const o = await runEncodeJob((await opened).blobs, job);
    reply = { result: o };
    port.postMessage(reply, o === null ? [] : [o.bounds.buffer as ArrayBuffer]);
    return;
  } catch (e) {
    reply = { error: plainError(e) };
  }
  port.postMessage(reply);
});
