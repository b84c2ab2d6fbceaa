// The CLI's entry as bin/start.cjs runs it, for a test to bundle (test/plans/_bundle.ts) and start on a
// pseudo-terminal without a build of dist/.
import { main } from '../../../src/cli.js';

process.exitCode = await main(process.argv.slice(2));
