// Where the plan tools find src/plans/ (PRODUCT §17), loaded with the first plan call.
import type { PlanDeps, Plans } from '../plans/contract.js';

export async function loadPlans(deps: PlanDeps): Promise<Plans> {
  return (await import('../plans/index.js')).plans(deps);
}
