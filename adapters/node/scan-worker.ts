// A thread of a scan pool (scan-pool.ts): opens the lake once, then runs
// each share of a scan it is handed (runShareJob) and answers with its
// result, its typed arrays moved rather than copied, or the error.

import { workerData } from 'node:worker_threads';
import { runShareJob, type ShareJob } from '../../src/index.js';
import { openLake, type LakeConfig } from './open-lake.js';
import { answerJobs } from './thread-pool.js';

const opened = openLake(workerData as LakeConfig);

answerJobs<ShareJob>(
  async (job, canceled) => runShareJob((await opened).lake, job, canceled),
  async () => (await opened).close(),
);
