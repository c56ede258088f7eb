import { describe, expect, it } from 'vitest';
import {
  CONTRACT_DOWNLOAD_ACTION,
  mayDownloadByLink,
  maySetSignerAddress,
  SIGN_LINK_ACTION,
  SIGN_QR_ACTION,
  SIGNER_LINK_SUBJECT,
} from './contract-signing.ts';

describe('maySetSignerAddress', () => {
  const student = { isStudent: true, isManager: false };
  const manager = { isStudent: false, isManager: true };
  const pending = { state: 'pending', userId: null } as const;

  it('gives the parent’s address to the student, the representative’s to the school, the company’s only without an account', () => {
    expect(maySetSignerAddress(student, { ...pending, role: 'parent_guardian' }, 'signing')).toBe(true);
    expect(maySetSignerAddress(manager, { ...pending, role: 'parent_guardian' }, 'signing')).toBe(false);
    expect(maySetSignerAddress(manager, { ...pending, role: 'school_representative' }, 'draft')).toBe(true);
    expect(maySetSignerAddress(student, { ...pending, role: 'school_representative' }, 'draft')).toBe(false);
    expect(maySetSignerAddress(manager, { ...pending, role: 'company' }, 'company_fields')).toBe(true);
    expect(maySetSignerAddress(manager, { ...pending, role: 'company', userId: 'u1' }, 'signing')).toBe(
      false,
    );
    expect(maySetSignerAddress(manager, { ...pending, role: 'student' }, 'signing')).toBe(false);
    expect(maySetSignerAddress(manager, { ...pending, role: 'mentor' }, 'signing')).toBe(false);
  });

  it('not once that signer signed, nor on a contract signed, sealed or voided', () => {
    const parent = { role: 'parent_guardian', userId: null } as const;
    expect(maySetSignerAddress(student, { ...parent, state: 'signed' }, 'signing')).toBe(false);
    for (const status of ['signed', 'sealed', 'voided'] as const)
      expect(maySetSignerAddress(student, { ...parent, state: 'pending' }, status), status).toBe(false);
  });
});

describe('mayDownloadByLink', () => {
  const link = (action: string, id = 's1', type = SIGNER_LINK_SUBJECT) => ({ action, subject: { type, id } });
  const signer = { id: 's1', contractId: 'c1' };
  const sealed = { id: 'c1', status: 'sealed' } as const;

  it('admits the download link of a signer of this sealed contract', () => {
    expect(mayDownloadByLink(link(CONTRACT_DOWNLOAD_ACTION), signer, sealed)).toBe(true);
  });

  it('refuses signing links and QR tokens, another signer, another contract, and before the seal', () => {
    expect(mayDownloadByLink(link(SIGN_LINK_ACTION), signer, sealed)).toBe(false);
    expect(mayDownloadByLink(link(SIGN_QR_ACTION), signer, sealed)).toBe(false);
    expect(mayDownloadByLink(link(CONTRACT_DOWNLOAD_ACTION, 's2'), signer, sealed)).toBe(false);
    expect(mayDownloadByLink(link(CONTRACT_DOWNLOAD_ACTION, 's1', 'contract'), signer, sealed)).toBe(false);
    expect(mayDownloadByLink(link(CONTRACT_DOWNLOAD_ACTION), null, sealed)).toBe(false);
    expect(mayDownloadByLink(link(CONTRACT_DOWNLOAD_ACTION), { id: 's1', contractId: 'c2' }, sealed)).toBe(
      false,
    );
    expect(mayDownloadByLink(link(CONTRACT_DOWNLOAD_ACTION), signer, { id: 'c1', status: 'signed' })).toBe(
      false,
    );
  });
});
