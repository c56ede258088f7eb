import { organizationsReadModelMigrationV1 } from '@stageplein/kit/migrations/organizations-read-model.v1';
import { SCHEMA } from '../database.ts';

export default organizationsReadModelMigrationV1(SCHEMA);
