// The thread that reads the simulator's past menus (see past-menus.ts). Demo mode runs its
// sources as they are (tsx, Vitest): they are TypeScript, which a worker thread of plain Node
// cannot load, so tsx's loader is registered in the thread first.
import { register } from 'tsx/esm/api';

register();
await import('./past-menus-thread.ts');
