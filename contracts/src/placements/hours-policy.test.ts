import { describe, expect, it } from 'vitest';
import { TENANT_LIST } from '../tenants/tenant-registry.ts';
import {
  fitsInDay,
  formatHours,
  hoursActionsFor,
  hoursConfirmationUrl,
  hoursLinkTokens,
  hoursTotals,
  mayTakeHoursAction,
  quartersOf,
  requiredHours,
  type THoursSheetState,
} from './hours-policy.ts';
import { ZHoursCorrectionInput, ZHoursEntryInput, ZHoursPaperInput } from './hours.ts';

const open: THoursSheetState = {
  running: true,
  updatingAllowed: true,
  signedOff: false,
  paperTimesheets: false,
  paper: false,
  hasSupervisor: true,
  supervisorApproved: true,
  pendingEntries: true,
  linkWaiting: false,
};

describe('hours arithmetic', () => {
  it('counts in whole quarter hours', () => {
    expect(quartersOf(0.25)).toBe(1);
    expect(quartersOf(7.75)).toBe(31);
    expect(quartersOf(24)).toBe(96);
    // float noise from adding decimals is a quarter still
    expect(quartersOf(0.1 + 0.15)).toBe(1);
    expect(quartersOf(0.3)).toBeNull();
    expect(quartersOf(0.2)).toBeNull();
    expect(quartersOf(0)).toBeNull();
    expect(quartersOf(-1)).toBeNull();
    expect(quartersOf(Number.NaN)).toBeNull();
  });

  it('totals a sheet (hand-computed)', () => {
    // confirmed: 4 + 7.75 = 11.75 (47 q); pending: 2.5 + 0.25 = 2.75 (11 q); rejected: 3 (12 q)
    const entries = [
      { quarters: 16, status: 'confirmed' as const },
      { quarters: 31, status: 'confirmed' as const },
      { quarters: 10, status: 'pending' as const },
      { quarters: 1, status: 'pending' as const },
      { quarters: 12, status: 'rejected' as const },
    ];
    expect(hoursTotals(entries, 30)).toEqual({
      logged: 14.5,
      confirmed: 11.75,
      pending: 2.75,
      rejected: 3,
      required: 30,
      remaining: 18.25,
      // 11.75 / 30 = 39.17 % → 39
      percent: 39,
    });
  });

  it('has no remaining or percent without a requirement, and caps at the requirement', () => {
    expect(hoursTotals([], null)).toMatchObject({ logged: 0, confirmed: 0, remaining: null, percent: null });
    const over = hoursTotals([{ quarters: 200, status: 'confirmed' }], 40);
    expect(over).toMatchObject({ confirmed: 50, remaining: 0, percent: 100 });
    expect(hoursTotals([], 0)).toMatchObject({ remaining: 0, percent: 100 });
  });

  it('a paper total replaces the digital entries', () => {
    const entries = [
      { quarters: 8, status: 'confirmed' as const },
      { quarters: 4, status: 'pending' as const },
    ];
    // paper 30.5 h = 122 q of 60 required: 50.83 % → 50
    expect(hoursTotals(entries, 60, 122)).toMatchObject({
      logged: 30.5,
      confirmed: 30.5,
      pending: 0,
      remaining: 29.5,
      percent: 50,
    });
    expect(hoursTotals(entries, 60, 0)).toMatchObject({ confirmed: 0, logged: 0, pending: 0 });
  });

  it('takes the internship’s requirement, else the period’s default', () => {
    expect(requiredHours(40, 30)).toBe(40);
    expect(requiredHours(null, 30)).toBe(30);
    expect(requiredHours(null, null)).toBeNull();
    expect(requiredHours(0, 30)).toBe(0);
  });

  it('keeps a day at 24 hours at most', () => {
    expect(fitsInDay(88, 8)).toBe(true);
    expect(fitsInDay(88, 9)).toBe(false);
  });

  it('formats hours per language', () => {
    expect(formatHours(7.75, 'nl')).toBe('7,75');
    expect(formatHours(7.5, 'nl')).toBe('7,5');
    expect(formatHours(8, 'en')).toBe('8');
    expect(formatHours(0.25, 'en')).toBe('0.25');
  });

  it('validates entries on the wire', () => {
    const ok = { date: '2026-11-02', hours: 3.75, description: 'Koffie geschonken' };
    expect(ZHoursEntryInput.safeParse(ok).success).toBe(true);
    expect(ZHoursEntryInput.safeParse({ ...ok, hours: 3.7 }).success).toBe(false);
    expect(ZHoursEntryInput.safeParse({ ...ok, hours: 24.25 }).success).toBe(false);
    expect(ZHoursEntryInput.safeParse({ ...ok, hours: 0 }).success).toBe(false);
    expect(ZHoursEntryInput.safeParse({ ...ok, description: '  ' }).success).toBe(false);
    expect(ZHoursEntryInput.safeParse({ ...ok, date: '2026-13-01' }).success).toBe(false);
    expect(ZHoursCorrectionInput.safeParse({ hours: 2 }).success).toBe(false);
    expect(ZHoursPaperInput.safeParse({ hours: 0 }).success).toBe(true);
    expect(ZHoursPaperInput.safeParse({ hours: 10, scan_url: 'https://evil.example/x.pdf' }).success).toBe(
      false,
    );
  });
});

describe('hours policy', () => {
  it('students log while updating is allowed, not once locked or signed off', () => {
    expect(mayTakeHoursAction('student', 'log', open)).toBe(true);
    expect(mayTakeHoursAction('student', 'log', { ...open, updatingAllowed: false })).toBe(false);
    expect(mayTakeHoursAction('student', 'log', { ...open, signedOff: true })).toBe(false);
    expect(mayTakeHoursAction('student', 'log', { ...open, paper: true })).toBe(false);
    expect(mayTakeHoursAction('student', 'log', { ...open, running: false })).toBe(false);
    expect(mayTakeHoursAction('student', 'send_link', { ...open, running: false })).toBe(false);
    for (const r of ['mentor', 'school', 'organization'] as const)
      expect(mayTakeHoursAction(r, 'log', open)).toBe(false);
    expect(mayTakeHoursAction(null, 'log', open)).toBe(false);
  });

  it('only the school locks, unlocks, corrects and signs off', () => {
    expect(hoursActionsFor('school', open)).toEqual(['send_link', 'lock', 'correct', 'sign_off']);
    expect(hoursActionsFor('school', { ...open, updatingAllowed: false })).toEqual([
      'send_link',
      'unlock',
      'correct',
      'sign_off',
    ]);
    expect(hoursActionsFor('school', { ...open, updatingAllowed: false, signedOff: true })).toEqual([
      'unlock',
    ]);
    expect(hoursActionsFor('student', open)).toEqual(['log', 'send_link']);
    expect(hoursActionsFor('mentor', open)).toEqual(['send_link']);
    expect(hoursActionsFor('organization', open)).toEqual([]);
  });

  it('a link only to a supervisor the school approved, and only when entries wait (issue #31)', () => {
    const unapproved = { ...open, supervisorApproved: false };
    for (const r of ['student', 'mentor', 'school'] as const) {
      expect(mayTakeHoursAction(r, 'send_link', unapproved)).toBe(false);
      expect(mayTakeHoursAction(r, 'send_link', { ...open, pendingEntries: false })).toBe(false);
      // Within the link limits' wait (ten minutes, three a day) the step is not offered either.
      expect(mayTakeHoursAction(r, 'send_link', { ...open, linkWaiting: true })).toBe(false);
    }
    expect(hoursActionsFor('school', unapproved)).toEqual([
      'lock',
      'correct',
      'sign_off',
      'approve_supervisor',
    ]);
    for (const r of ['student', 'mentor', 'organization'] as const)
      expect(mayTakeHoursAction(r, 'approve_supervisor', unapproved)).toBe(false);
    expect(mayTakeHoursAction('school', 'approve_supervisor', { ...unapproved, hasSupervisor: false })).toBe(
      false,
    );
  });

  it('paper totals only where the tenant uses paper timesheets (spec §1: stageplein only)', () => {
    const paperTenants = TENANT_LIST.filter((t) => t.features.paperTimesheets).map((t) => t.id);
    expect(paperTenants).toEqual(['stageplein']);
    for (const t of TENANT_LIST) {
      const state = { ...open, paperTimesheets: t.features.paperTimesheets };
      expect(mayTakeHoursAction('school', 'record_paper', state)).toBe(t.id === 'stageplein');
    }
    expect(mayTakeHoursAction('student', 'record_paper', { ...open, paperTimesheets: true })).toBe(false);
  });

  it('hours tenants are the non-traineeship ones (spec §1)', () => {
    const hours = TENANT_LIST.filter((t) => t.features.usesHours).map((t) => t.id);
    expect(hours).toEqual(['stageplein', 'corderius', 'masplein', 'oldebroek', 'public']);
  });
});

describe('the confirmation link', () => {
  it('carries one or more tokens in its fragment and gives them back', () => {
    const a = 'x'.repeat(43);
    const b = 'A-_9'.repeat(10) + 'abc';
    expect(hoursConfirmationUrl('https://demo.test', [a])).toBe(`https://demo.test/urenbevestiging#${a}`);
    const url = hoursConfirmationUrl('https://demo.test', [a, b]);
    expect(hoursLinkTokens(new URL(url).hash)).toEqual([a, b]);
    expect(hoursLinkTokens(`#${a}..${a}.`)).toEqual([a]);
    expect(hoursLinkTokens('')).toEqual([]);
  });
});
