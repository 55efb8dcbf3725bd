// `npm start`: builds what is missing or stale (scripts/build.mjs), then runs the built service
// with plain Node in this same process, from apps/server (so DATA_DIR's default stays
// apps/server/data). With nothing changed, nothing is built and the service starts at once.
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, SERVICE_MAIN } from './build.mjs';

buildStale();
process.chdir(resolve(dirname(SERVICE_MAIN), '..'));
await import(pathToFileURL(SERVICE_MAIN).href);
