// Where the plan tools find src/plans/ (PRODUCT §17). Until src/plans/index.ts lands, the plan tools
// answer with an error and send nothing.
import { CliError } from '../errors.js';
import type { PlanDeps, Plans } from '../plans/contract.js';

export async function loadPlans(_deps: PlanDeps): Promise<Plans> {
  throw new CliError('plans are not available in this build of cardqr', 1);
}
