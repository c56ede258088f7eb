import type { TDeploymentFlags } from './tenant.types.ts';
import { deepFreeze } from './deep-freeze.ts';

/** Spec §1 deployment flags; every one is opt-in, so the safe default is all off. */
export const DEFAULT_DEPLOYMENT_FLAGS: TDeploymentFlags = deepFreeze({
  staging: false,
  allowInactiveUsers: false,
  moveOrganizations: false,
  stageDoor: false,
});
