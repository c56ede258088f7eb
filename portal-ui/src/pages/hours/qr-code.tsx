import { encode } from 'uqr';

/**
 * A QR code as an SVG of dark modules (uqr computes the matrix; no canvas, no HTML string), with a
 * quiet zone of four modules as the standard asks. `label` names it for screen readers.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 0 });
  const quiet = 4;
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + quiet} ${y + quiet}h1v1h-1z` : '')))
    .join('');
  const total = size + quiet * 2;
  return (
    <svg
      viewBox={`0 0 ${total} ${total}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={total} height={total} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
