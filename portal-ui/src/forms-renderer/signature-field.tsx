import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** Spec §9 "Signature pad": stroke widths, throttle and minimum distance. */
export const SIGNATURE_PAD_OPTIONS = { minWidth: 0.5, maxWidth: 2.5, throttle: 16, minDistance: 5 } as const;

export interface TSignatureLabels {
  pad: string;
  clear: string;
  undo: string;
  empty: string;
  signed: string;
  /** Drawn under the signature in the image (spec §3 "Signature": watermark). */
  watermark: string;
}

/**
 * A signature pad (spec §3 "Signature"): the answer is a PNG data URL of the drawing with a
 * watermark line, or undefined when the pad is empty; clear and undo; the empty state is announced.
 * Exported at CSS size (not device pixels), so a phone's signature stays far below the size limit.
 */
export function SignaturePadInput({
  id,
  labels,
  describedBy,
  invalid,
  onChange,
  onBlur,
}: {
  id: string;
  labels: TSignatureLabels;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (dataUrl: string | undefined) => void;
  onBlur: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const report = useRef<() => void>(() => {});

  report.current = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    const isEmpty = pad.isEmpty();
    setEmpty(isEmpty);
    onChange(isEmpty ? undefined : exportWithWatermark(canvas, labels.watermark));
  };

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { ...SIGNATURE_PAD_OPTIONS, penColor: '#0f172a' });
    padRef.current = pad;
    const fit = () => {
      // Sharp on high-density screens; the strokes are kept across a resize (phone rotation).
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
    };
    fit();
    const ended = () => report.current();
    pad.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      pad.removeEventListener('endStroke', ended);
      window.removeEventListener('resize', fit);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    report.current();
  };
  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const data = pad.toData();
    data.pop();
    pad.fromData(data);
    report.current();
  };

  return (
    <div
      className={`signature${invalid ? ' signature--invalid' : ''}`}
      data-answer-field={id}
      tabIndex={-1}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
      }}
    >
      <canvas
        ref={canvasRef}
        className="signature__pad"
        role="img"
        aria-label={labels.pad}
        aria-describedby={describedBy}
        data-testid={`signature-${id}`}
        onPointerUp={onBlur}
      />
      <div className="signature__actions">
        <span className="signature__state" role="status">
          {empty ? labels.empty : labels.signed}
        </span>
        <button type="button" className="btn btn--neutral" onClick={undo} disabled={empty}>
          {labels.undo}
        </button>
        <button type="button" className="btn btn--neutral" onClick={clear} disabled={empty}>
          {labels.clear}
        </button>
      </div>
    </div>
  );
}

/** The drawing at CSS size on white, with the watermark line in its lower left corner. */
function exportWithWatermark(canvas: HTMLCanvasElement, watermark: string): string {
  const out = document.createElement('canvas');
  out.width = canvas.offsetWidth;
  out.height = canvas.offsetHeight;
  const ctx = out.getContext('2d');
  if (!ctx) return canvas.toDataURL('image/png');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0, out.width, out.height);
  ctx.fillStyle = 'rgba(71, 85, 105, 0.8)';
  ctx.font = '11px sans-serif';
  ctx.fillText(watermark, 8, out.height - 8);
  return out.toDataURL('image/png');
}
