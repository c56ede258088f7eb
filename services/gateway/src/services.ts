import { organizationsService } from '@stageplein/organizations';
import type { TServiceModule } from '@stageplein/kit/service';

/** Every service of the product, in migration order. */
export const SERVICES: readonly TServiceModule[] = [organizationsService];
