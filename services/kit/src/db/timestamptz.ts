/**
 * Reads PostgreSQL's ISO output of a `timestamptz` ('2026-11-27 18:20:27.727123+00', the offset ±HH,
 * ±HH:MM or ±HH:MM:SS of the session's zone) by its fixed positions, to the same Date as pg's default
 * parser. That default (postgres-date) runs three regular expressions per value: on a page of 50
 * internships with their relations it was ~5 % of the gateway's CPU (docs/benchmarks.md).
 * Anything else (infinity, BC, a year before 100 or after 9999) goes to `fallback`, the default parser.
 */
export function fastTimestamptzParser(fallback: (value: string) => unknown): (value: string) => unknown {
  return (v) => {
    const n = v.length;
    if (
      n < 22 ||
      v.charCodeAt(4) !== 45 || // -
      v.charCodeAt(7) !== 45 ||
      v.charCodeAt(10) !== 32 || // space
      v.charCodeAt(13) !== 58 || // :
      v.charCodeAt(16) !== 58
    )
      return fallback(v);
    const year = digits(v, 0, 4);
    const month = digits(v, 5, 7);
    const day = digits(v, 8, 10);
    const hour = digits(v, 11, 13);
    const minute = digits(v, 14, 16);
    const second = digits(v, 17, 19);
    // Date.UTC reads years 0–99 as 1900–1999; NaN (not a digit) fails the comparison too.
    if (!(year >= 100) || Number.isNaN(month + day + hour + minute + second)) return fallback(v);
    let i = 19;
    let ms = 0;
    if (v.charCodeAt(i) === 46) {
      // Milliseconds are the first three digits of the fraction (the rest truncated, as the default does).
      i++;
      for (let scale = 100; i < n; i++, scale /= 10) {
        const d = v.charCodeAt(i) - 48;
        if (d < 0 || d > 9) break;
        if (scale >= 1) ms += d * scale;
      }
    }
    const sign = v.charCodeAt(i);
    if (sign !== 43 && sign !== 45) return fallback(v); // + or -
    let offset = digits(v, i + 1, i + 3) * 3600;
    i += 3;
    for (const unit of [60, 1]) {
      if (i === n) break;
      if (v.charCodeAt(i) !== 58) return fallback(v);
      offset += digits(v, i + 1, i + 3) * unit;
      i += 3;
    }
    if (i !== n || Number.isNaN(offset)) return fallback(v);
    const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
    return new Date(sign === 45 ? utc + offset * 1000 : utc - offset * 1000);
  };
}

/** The decimal number of v[from, to), NaN unless every character is a digit (or the range is cut short). */
function digits(v: string, from: number, to: number): number {
  if (to > v.length) return NaN;
  let value = 0;
  for (let i = from; i < to; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}
