import { externalLinksMigrationV1 } from '@stageplein/kit/migrations/external-links.v1';
import { SCHEMA } from '../database.ts';

export default externalLinksMigrationV1(SCHEMA);
