// Runs before every test file (vitest.config.ts, setupFiles), also when the files of a worker share one
// module graph (--isolate=false, the Node 22/24 passes of .ci/run): a hook registered when a helper
// module is first imported would then only run for the first file of each worker.
import { afterAll } from 'vitest';
import { removeAllTempDirs, tempDir } from './temp-dirs.js';

// A CLI the tests spawn keeps its state (the journal of lost writes) in a folder of this file's, never in
// the home folder.
process.env.CARDQR_STATE_DIR ??= tempDir('cardqr-state-');

afterAll(removeAllTempDirs);
