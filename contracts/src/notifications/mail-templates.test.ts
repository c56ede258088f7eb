import { describe, expect, it } from 'vitest';
import {
  editsMailTemplates,
  MAIL_KIND_VARS,
  MAIL_KINDS,
  mailKindVariables,
  templateVariables,
  unknownVariables,
} from './mail-templates.ts';
import { derivePermissions } from '../identity/permissions.ts';

describe('mail template variables', () => {
  it('reads every {{…}}, trimmed, including ones the renderer would not fill', () => {
    expect(templateVariables('Hallo {{name}}, {{ code }} en {{}} {{a.b}} {name}')).toEqual([
      'name',
      'code',
      '',
      'a.b',
    ]);
  });

  it("refuses what the kind's payload does not have, each once", () => {
    expect(unknownVariables('password_reset', '{{name}} {{validFor}} {{link}} {{appName}}')).toEqual([]);
    expect(unknownVariables('password_reset', '{{code}} {{code}} {{organization}}')).toEqual([
      'code',
      'organization',
    ]);
    expect(unknownVariables('passwordless', '{{code}}')).toEqual([]);
    // A spaced name is the name (the renderer fills `{{ body }}` too).
    expect(unknownVariables('reminder', '{{ body }}')).toEqual([]);
  });

  it('gives every kind a payload with the common variables', () => {
    for (const kind of MAIL_KINDS) {
      expect(Object.keys(MAIL_KIND_VARS[kind].shape)).toEqual(
        expect.arrayContaining(['appName', 'name', 'link']),
      );
      expect(mailKindVariables(kind)[0]).toBe('appName');
    }
  });

  it('is for school and centre admins', () => {
    const school = { id: 's', type: 'School' };
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'admin', resourceId: 's', resourceType: 'School' }], school),
      ),
    ).toBe(true);
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'admin', resourceId: 'c', resourceType: 'VolunteerCenter' }], { id: 'c' }),
      ),
    ).toBe(true);
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'mentor', resourceId: 's', resourceType: 'School' }], school),
      ),
    ).toBe(false);
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'admin', resourceId: 'p', resourceType: 'Provider' }], { id: 'p' }),
      ),
    ).toBe(false);
    expect(editsMailTemplates(undefined)).toBe(false);
  });
});
