/** The thread prepareTreeAside (served-trees.ts) starts: prepares one channel's tree and answers whether it reused one. */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareTree } from './served-trees.ts';

const { dist, channel, out, full } = workerData as { dist: string; channel: string; out: string; full: boolean };
parentPort?.postMessage(prepareTree(dist, channel, out, full));
