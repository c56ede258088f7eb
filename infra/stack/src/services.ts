import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import type { TServiceModule } from '@stageplein/kit/service';

/** Every service of the product, in migration order (identity first: the others consume its events). */
export const SERVICES: readonly TServiceModule[] = [identityService, organizationsService];
