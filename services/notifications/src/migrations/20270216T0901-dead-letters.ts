import { deadLettersMigrationV1 } from '@stageplein/kit/migrations/dead-letters.v1';
import { SCHEMA } from '../database.ts';

export default deadLettersMigrationV1(SCHEMA);
