import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import { GenerationMemo } from '../cache/generation-memo.ts';

/**
 * The process's memo of credential checks (revocation + roles), shared by every service mounted in it
 * (keys are per service scope), so a busy client does not cost a database round trip per request. Its
 * owners are users: anything identity does to a user (sign-out, reset, eviction, role change,
 * deactivation, deletion) invalidates that user in every process that sees it — identity itself at
 * once, other services when the event reaches their consumer; elsewhere an entry runs out after
 * AUTH_CACHE_SECONDS. A revoked client (null) is never kept.
 */
export const authCheckCache = new GenerationMemo<{ roles: TRoleRef[] }>();
