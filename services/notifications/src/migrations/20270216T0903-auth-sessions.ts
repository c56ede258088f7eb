import { authReadModelMigrationV2 } from '@stageplein/kit/migrations/auth-read-model.v2';
import { SCHEMA } from '../database.ts';

export default authReadModelMigrationV2(SCHEMA);
