// Temporary files beside their target: see src/fs/durable.ts (names carry the `.cardqr-` marker and the
// writer's pid; the sweep removes only such files, owned by this user, whose writer is gone).
export { createTemp, sweepTempFiles, tempPathFor } from './fs/durable.js';
