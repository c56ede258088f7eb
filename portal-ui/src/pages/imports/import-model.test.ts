import { describe, expect, it } from 'vitest';
import { formDataEntries } from '@stageplein/contracts/client/form-data';
import {
  canCancel,
  fileProblem,
  IMPORT_POLL_MS,
  isActive,
  pollInterval,
  progressPercent,
  reportFileName,
  uploadForm,
} from './import-model.ts';

describe('polling an import', () => {
  it('polls while pending, running or cancelling, and stops once finished', () => {
    for (const status of ['pending', 'running', 'cancelling'] as const) {
      expect(isActive(status)).toBe(true);
      expect(pollInterval(status)).toBe(IMPORT_POLL_MS);
    }
    for (const status of ['completed', 'cancelled', 'failed'] as const) {
      expect(isActive(status)).toBe(false);
      expect(pollInterval(status)).toBe(false);
    }
    // Nothing known yet: keep asking.
    expect(pollInterval(undefined)).toBe(IMPORT_POLL_MS);
  });

  it('offers cancel only while the import can still be stopped', () => {
    expect(canCancel('pending')).toBe(true);
    expect(canCancel('running')).toBe(true);
    expect(canCancel('cancelling')).toBe(false);
    expect(canCancel('completed')).toBe(false);
  });
});

describe('progressPercent', () => {
  it('is a whole number from 0 to 100, and 100 once completed', () => {
    expect(progressPercent({ status: 'running', progress: 42.7 })).toBe(42);
    expect(progressPercent({ status: 'running', progress: -3 })).toBe(0);
    expect(progressPercent({ status: 'running', progress: 140 })).toBe(100);
    expect(progressPercent({ status: 'running', progress: Number.NaN })).toBe(0);
    expect(progressPercent({ status: 'completed', progress: 0 })).toBe(100);
  });
});

describe('the upload', () => {
  it('refuses no file and files over 5 MB before sending; the rest is the server’s call', () => {
    expect(fileProblem(undefined)).toBe('required');
    expect(fileProblem({ size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(fileProblem({ size: 5 * 1024 * 1024 })).toBeUndefined();
  });

  it('sends bracketed snake_case fields (spec §7), as the imports API reads them', () => {
    const file = new Blob(['a;b\n'], { type: 'text/csv' });
    expect(formDataEntries(uploadForm(file, 'school-1', true))).toEqual([
      ['import[file]', file],
      ['import[school_id]', 'school-1'],
      ['import[create_missing_groups]', 'true'],
    ]);
  });

  it('names the report after the file, as the server does', () => {
    expect(reportFileName('leerlingen 2026.csv')).toBe('leerlingen_2026-report.csv');
    expect(reportFileName('.csv')).toBe('import-report.csv');
  });
});
