import { useEffect, useRef, useState } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { scaleStrokes } from './signature-strokes.ts';
import './signature-pad.css';

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
 * A signature pad (spec §3 "Signature"; the forms renderer's signature question, a contract's signing
 * page): the value is a PNG data URL of the drawing with a watermark line, or undefined when the pad is
 * empty; clear and undo; the empty state is announced. Exported at CSS size (not device pixels), so a
 * phone's signature stays far below the size limit. The drawing survives a resize or a turned phone:
 * its points are kept and redrawn, scaled to the new size from the size they were drawn at
 * (`scaleStrokes`): turned and turned back, it is as it was.
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
  // The drawing as last drawn or changed by the person, with the pad's CSS size then (what a resize scales from).
  const kept = useRef<{ data: PointGroup[]; size: { width: number; height: number } }>({
    data: [],
    size: { width: 0, height: 0 },
  });
  const current = useRef({ width: 0, height: 0 });
  const keep = () => {
    if (padRef.current) kept.current = { data: padRef.current.toData(), size: current.current };
  };

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
    // The canvas's CSS size now.
    let drawnAt = { width: 0, height: 0 };
    const fit = () => {
      const size = { width: canvas.offsetWidth, height: canvas.offsetHeight };
      if (size.width === drawnAt.width && size.height === drawnAt.height) return;
      if (!size.width || !size.height) return;
      // Always from the drawing as it was last drawn (and the size it was drawn at), never from the
      // previous fit: turned and turned back, the phone shows the signature as it was, not shrunk.
      const data = scaleStrokes(kept.current.data, kept.current.size, size);
      // Sharp on high-density screens; resizing the canvas clears it, so the points are redrawn.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = size.width * ratio;
      canvas.height = size.height * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
      drawnAt = size;
      current.current = size;
      // The exported image follows the new size.
      if (data.length) report.current();
    };
    fit();
    const ended = () => {
      keep();
      report.current();
    };
    pad.addEventListener('endStroke', ended);
    // The pad's own size (a turned phone, a side panel opening); the window's resize where there is no observer.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    window.addEventListener('resize', fit);
    return () => {
      pad.removeEventListener('endStroke', ended);
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      pad.off();
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    keep();
    report.current();
  };
  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const data = pad.toData();
    data.pop();
    pad.fromData(data);
    keep();
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
        {(
          [
            ['undo', undo],
            ['clear', clear],
          ] as const
        ).map(([action, run]) => (
          <button
            key={action}
            type="button"
            className="btn btn--neutral"
            onClick={run}
            disabled={empty}
            data-testid={`signature-${id}-${action}`}
          >
            {labels[action]}
          </button>
        ))}
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
