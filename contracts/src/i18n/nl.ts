import { nlPortal } from './nl-portal.ts';
import { nlShared } from './nl-shared.ts';

/**
 * Dutch catalogue: the source of truth for the key set (`TMessages` is derived from it) and the
 * fallback language. Interpolation uses i18next's `{{name}}` syntax so both front ends can load the
 * catalogues as they are. The informal "je" is used throughout, as students are the main audience.
 * It is put together from two modules so the back office can import the part it shows (nl-shared.ts).
 */
export const nl = { ...nlShared, portal: nlPortal } as const;
