// A local stand-in for the menu platforms: their real request paths and payload formats, with
// deterministic Missouri menus and latency, failure and bot-block injection. Demo mode, tests and
// benchmarks use it.
export { startSimulator, type Simulator, type SimulatorOptions } from './server/start';
export {
  inProcessPlatforms,
  type InProcessOptions,
  type InProcessPlatforms,
} from './server/in-process';
export type { Answer, PlannedRequest } from './platforms/types';
export type { Fault, FaultPlan } from './server/faults';
export type { RequestFilter } from './server/request-log';
export { assignPlatforms } from './assign-platforms';
export { SIMULATED_PLATFORM_NAMES } from './platforms';
export { generateMenu, type MenuRequest } from './menu/generate';
export type * from './menu/model';
