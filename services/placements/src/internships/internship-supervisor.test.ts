import { describe, expect, it } from 'vitest';
import { supervisorOf, type TSupervisorColumns } from './internship-supervisor.ts';

const none: TSupervisorColumns = {
  account: null,
  supervisor_email: null,
  supervisor_name: null,
  contact_email: null,
  contact_name: null,
};
const named = { supervisor_email: 'Piet@Bakkerij.test', supervisor_name: 'Piet Bakker' };
const contact = { contact_email: 'info@bakkerij.test', contact_name: 'Bakkerij' };

describe('supervisorOf: where the supervisor links go and to whom', () => {
  it("the supervisor's account first, by its name", () => {
    const account = { email: 'Anna@Werk.test', first_name: 'Anna', last_name: 'de Vries' };
    expect(supervisorOf({ ...none, ...named, ...contact, account })).toEqual({
      address: 'anna@werk.test',
      name: 'Anna de Vries',
    });
    expect(
      supervisorOf({ ...none, account: { email: 'a@werk.test', first_name: null, last_name: null } }),
    ).toEqual({ address: 'a@werk.test', name: null });
  });

  it('else the supervisor named without an account, else the contact; nobody: null', () => {
    expect(supervisorOf({ ...none, ...named, ...contact })).toEqual({
      address: 'piet@bakkerij.test',
      name: 'Piet Bakker',
    });
    // An account without an address (the read model's deleted user) is no supervisor.
    const gone = { email: null, first_name: 'X', last_name: null };
    expect(supervisorOf({ ...none, ...contact, account: gone })).toEqual({
      address: 'info@bakkerij.test',
      name: 'Bakkerij',
    });
    expect(supervisorOf(none)).toEqual({ address: null, name: null });
  });
});
