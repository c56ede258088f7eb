import { authReadModelMigrationV1 } from '@stageplein/kit/migrations/auth-read-model.v1';
import { SCHEMA } from '../database.ts';

export default authReadModelMigrationV1(SCHEMA);
