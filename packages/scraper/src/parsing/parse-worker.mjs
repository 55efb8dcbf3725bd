// The parsing thread's entry when the sources run as they are (Vitest, tsx: the demo, the CLI,
// scripts). They are TypeScript, which a worker thread of plain Node cannot load: tsx's loader is
// registered in the thread first. The built service has its own parse-worker.mjs beside its
// bundle, plain JavaScript (apps/server/scripts/build.mjs), which this same relative URL names.
import { register } from 'tsx/esm/api';

register();
const { default: parseInWorker } = await import('./parse-worker.ts');

export default parseInWorker;
