import type { MessagePort } from 'node:worker_threads';
import { ADAPTERS } from '../adapters';
import { runParseJob, type ParseJob } from './parse-job';

/** What the pool sends a worker: the job, and a port to say the job has started. */
export interface WorkerTask {
  job: ParseJob;
  started: MessagePort;
}

/**
 * A parsing thread's one task. It says when it starts, since the pool's time limit counts from
 * there (a job waiting for a free thread is not being parsed).
 */
export default function parseInWorker({ job, started }: WorkerTask) {
  started.postMessage('started');
  started.close();
  return runParseJob(job, ADAPTERS);
}
