import { describe, expect, it } from 'vitest';
import { checkCsvUpload } from './csv-check.ts';

const text = (s: string) => Buffer.from(s, 'utf8');

describe('checkCsvUpload', () => {
  it('accepts UTF-8 CSV as browsers declare it', () => {
    for (const type of [
      'text/csv',
      'application/vnd.ms-excel',
      'text/plain; charset=utf-8',
      'application/octet-stream',
    ]) {
      expect(checkCsvUpload('leerlingen.CSV', type, text('\uFEFFvoornaam;achternaam\nJosé;Ö\n'))).toBeNull();
    }
  });

  it('refuses other names, types, binaries and non-UTF-8 text', () => {
    expect(checkCsvUpload('leerlingen.xlsx', 'text/csv', text('a'))).toBe('extension');
    expect(checkCsvUpload('leerlingen.csv', 'application/pdf', text('a'))).toBe('content_type');
    expect(checkCsvUpload('leerlingen.csv', 'text/csv', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(
      'binary',
    );
    expect(checkCsvUpload('leerlingen.csv', 'text/csv', Uint8Array.from([0x61, 0, 0x62]))).toBe('binary');
    expect(checkCsvUpload('leerlingen.csv', 'text/csv', Uint8Array.from([0x4a, 0x6f, 0x73, 0xe9]))).toBe(
      'encoding',
    );
    expect(checkCsvUpload('leerlingen.csv', 'text/csv', new Uint8Array())).toBe('empty');
  });

  it('refuses what the upload check knows by its bytes, even when it reads as UTF-8 text', () => {
    for (const disguised of ['%PDF-1.4\nvoornaam;achternaam\n', 'RIFFabcdWEBPvoornaam;achternaam\n'])
      expect(checkCsvUpload('leerlingen.csv', 'text/csv', text(disguised)), disguised).toBe('binary');
  });
});
