import {
  contractsAvailable,
  mayManageContracts,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import { ApiError, forbidden, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';
import type { TCtx } from '../shared/request.ts';

/** Hours tenants have no contracts: every contract endpoint answers `contracts_unavailable` (404). */
export function assertContractsAvailable(ctx: TCtx): void {
  if (!contractsAvailable(ctx.tenant.features)) throw new ApiError('contracts_unavailable');
}

/**
 * The school whose templates and contracts the caller manages: an admin of the selected, approved
 * School (contracts' `mayManageContracts`). 401 anonymous, 403 anyone else; a template or contract of
 * another school is then a 404 (the services compare its school with this one).
 */
export function assertContractManager(ctx: TCtx, caller: TCaller): string {
  assertContractsAvailable(ctx);
  if (!caller.userId) throw unauthorized();
  if (!mayManageContracts(caller.permissions, caller.current, ctx.tenant.features)) throw forbidden();
  return caller.current!.id;
}
