import { describe, expect, it } from 'vitest';
import {
  editsMailTemplates,
  MAIL_KIND_VARS,
  MAIL_KINDS,
  mailKindVariables,
  misplacedBlocks,
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

  it("wants the digest's {{items}} once in each body, a paragraph of its own, never in a subject", () => {
    expect(mailKindVariables('digest')).toContain('items');
    expect(misplacedBlocks('digest', 'body', 'Hoi\n\n{{items}}\n\nDag {{name}}')).toEqual([]);
    expect(misplacedBlocks('digest', 'body', 'Hoi\r\n\r\n  {{ items }} \r\n\r\nDag')).toEqual([]);
    expect(misplacedBlocks('digest', 'body', 'Hoi {{name}}')).toEqual(['items']);
    expect(misplacedBlocks('digest', 'body', 'Hoi {{items}}')).toEqual(['items']);
    expect(misplacedBlocks('digest', 'body', '{{items}}\n\nNog eens: {{items}}')).toEqual(['items']);
    expect(misplacedBlocks('digest', 'body', '{{items}}\n\n{{items}}')).toEqual(['items']);
    expect(misplacedBlocks('digest', 'subject', 'Je {{period}} overzicht')).toEqual([]);
    expect(misplacedBlocks('digest', 'subject', '{{items}}')).toEqual(['items']);
    // Other kinds have no blocks: `{{items}}` is an unknown variable there.
    expect(misplacedBlocks('reminder', 'body', '{{body}}')).toEqual([]);
    expect(unknownVariables('reminder', '{{items}}')).toEqual(['items']);
  });

  it('gives every kind a payload with the common variables', () => {
    for (const kind of MAIL_KINDS) {
      expect(Object.keys(MAIL_KIND_VARS[kind].shape)).toEqual(
        expect.arrayContaining(['appName', 'name', 'link']),
      );
      expect(mailKindVariables(kind)[0]).toBe('appName');
    }
  });

  it('is for admins of an approved school or centre', () => {
    const school = { id: 's', type: 'School' as const, status: 'approved' as const };
    const center = { id: 'c', type: 'VolunteerCenter' as const, status: 'approved' as const };
    const admin = derivePermissions([{ name: 'admin', resourceId: 's', resourceType: 'School' }], school);
    expect(editsMailTemplates(admin, school)).toBe(true);
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'admin', resourceId: 'c', resourceType: 'VolunteerCenter' }], center),
        center,
      ),
    ).toBe(true);
    // The same admin while the school is pending or denied, or with no organization known.
    expect(editsMailTemplates(admin, { ...school, status: 'pending' })).toBe(false);
    expect(editsMailTemplates(admin, { ...school, status: 'denied' })).toBe(false);
    expect(editsMailTemplates(admin, null)).toBe(false);
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'mentor', resourceId: 's', resourceType: 'School' }], school),
        school,
      ),
    ).toBe(false);
    const provider = { id: 'p', type: 'Provider' as const, status: 'approved' as const };
    expect(
      editsMailTemplates(
        derivePermissions([{ name: 'admin', resourceId: 'p', resourceType: 'Provider' }], provider),
        provider,
      ),
    ).toBe(false);
    expect(editsMailTemplates(undefined, school)).toBe(false);
  });
});
