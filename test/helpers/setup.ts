// Runs before every test file (vitest.config.ts, setupFiles), also when the files of a worker share one
// module graph (--isolate=false, the Node 22/24 passes of .ci/run): a hook registered when a helper
// module is first imported would then only run for the first file of each worker.
import { afterAll } from 'vitest';
import { removeAllTempDirs } from './temp-dirs.js';

afterAll(removeAllTempDirs);
