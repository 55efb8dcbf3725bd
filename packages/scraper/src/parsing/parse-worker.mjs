// The parsing thread's entry. The sources are TypeScript, which a worker thread of plain Node
// cannot load: tsx's loader is registered in the thread first, whatever started the process
// (the service under tsx, Vitest, a script).
import { register } from 'tsx/esm/api';

register();
const { default: parseInWorker } = await import('./parse-worker.ts');

export default parseInWorker;
