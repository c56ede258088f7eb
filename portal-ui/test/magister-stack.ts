import { afterAll, beforeAll } from 'vitest';
import {
  magisterRoster,
  startMagisterStandIn,
  type TMagisterStandIn,
} from '@stageplein/testing/magister-stand-in';
import { startStack, type TStack } from './stack.ts';

/**
 * A test file's product with workflows and a local stand-in of a school's Magister (an external system
 * we do not run: @stageplein/testing/magister-stand-in) serving `magisterRoster(students, { offset })`
 * at magister.test addresses: started in `beforeAll`, closed in `afterAll`, for the file that calls this
 * at its top. Read `stack` and `magister` inside the tests.
 */
export function magisterStack(roster: { students: number; offset: number }) {
  const it = {} as { stack: TStack; magister: TMagisterStandIn };
  beforeAll(async () => {
    it.magister = await startMagisterStandIn();
    Object.assign(
      it.magister,
      magisterRoster(roster.students, { offset: roster.offset, domain: 'magister.test' }),
    );
    it.stack = await startStack({ workflows: true, env: { MAGISTER_HOSTS: '127.0.0.1' } });
  });
  afterAll(async () => {
    await it.stack?.close();
    await it.magister?.close();
  });
  return it;
}
