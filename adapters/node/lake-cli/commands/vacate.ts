// zlake vacate: Zed's cmd/zed/vacate, which v1.18 leaves unimplemented
// (it fails with its tracking issue), kept so scripts see the same answer.

import { UnsupportedError } from '../../../../src/index.js';
import type { LakeCommand } from '../command.js';

export const vacateCommand: LakeCommand = {
  name: 'vacate',
  usage: 'vacate [options] commit',
  short: "compact a pool's commit history by squashing old commit objects",
  long: `The vacate command compacts the commit history by squashing all of the commit
objects in the history up to the indicated commit and removing the old commits.
Zed v1.18 does not implement it, and neither does zlake.`,
  flags: [],
  async run() {
    throw new UnsupportedError('issue #2545');
  },
};
