// A thread of a load's encode pool (encode-pool.ts): opens the lake's blob
// store once, then sorts and writes each run it is handed as a data object
// (runEncodeJob) and answers with the object's metadata or the error.

import { workerData } from 'node:worker_threads';
import { runEncodeJob, type EncodeJob } from '../../src/index.js';
import type { EncodeSetup } from './encode-pool.js';
import { openBlobs } from './open-blobs.js';
import { answerJobs } from './thread-pool.js';

const setup = workerData as EncodeSetup;
const opened = openBlobs(setup.lake, setup.env);

answerJobs<EncodeJob>(async (job) => {
  const o = await runEncodeJob((await opened).blobs, job);
  return { result: o, transfer: o === null ? [] : [o.bounds.buffer as ArrayBuffer] };
});
