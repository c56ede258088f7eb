/**
 * Toasts (spec §3, §4, §8, §9) as pure data and timing rules; `toast-store.ts` drives them with timers.
 */
export type TToastColor = 'success' | 'error' | 'warning' | 'info' | 'neutral';

export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type TToastPosition = (typeof TOAST_POSITIONS)[number];

/** Spec §9. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_PROGRESS_INTERVAL_MS = 16;
export const TOAST_DEFAULT_POSITION: TToastPosition = 'bottom-right';

export interface TToast {
  id: string;
  title?: string | undefined;
  message?: string | undefined;
  color: TToastColor;
  icon?: string | undefined;
  closable: boolean;
  /** Milliseconds; 0 or less never expires. */
  duration: number;
  /** 0..1: how much of the duration has passed. */
  progress: number;
  createdAt: number;
  position: TToastPosition;
  /** Time already run before the current run (pauses split the duration). */
  elapsedBeforeRun: number;
  /** Start of the current run; undefined while paused. */
  runningSince: number | undefined;
}

export interface TToastInput {
  title?: string;
  message?: string;
  color?: TToastColor;
  icon?: string;
  closable?: boolean;
  duration?: number;
  position?: TToastPosition;
}

export function createToast(input: TToastInput, id: string, now: number): TToast {
  return {
    id,
    title: input.title,
    message: input.message,
    color: input.color ?? 'neutral',
    icon: input.icon,
    closable: input.closable ?? true,
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
    progress: 0,
    createdAt: now,
    position: input.position ?? TOAST_DEFAULT_POSITION,
    elapsedBeforeRun: 0,
    runningSince: now,
  };
}

export const neverExpires = (t: Pick<TToast, 'duration'>) => t.duration <= 0;

export function elapsed(t: TToast, now: number): number {
  return t.elapsedBeforeRun + (t.runningSince === undefined ? 0 : Math.max(0, now - t.runningSince));
}

/** Progress grows to 1 over the duration (spec §4); a toast that never expires stays at 0. */
export function progressAt(t: TToast, now: number): number {
  if (neverExpires(t)) return 0;
  return Math.min(1, elapsed(t, now) / t.duration);
}

export function remaining(t: TToast, now: number): number {
  return neverExpires(t) ? Infinity : Math.max(0, t.duration - elapsed(t, now));
}

export function isExpired(t: TToast, now: number): boolean {
  return !neverExpires(t) && elapsed(t, now) >= t.duration;
}

/** Hover or focus pauses it. */
export function pause(t: TToast, now: number): TToast {
  if (t.runningSince === undefined) return t;
  return { ...t, elapsedBeforeRun: elapsed(t, now), runningSince: undefined, progress: progressAt(t, now) };
}

/** Leaving resumes it with the remaining time. */
export function resume(t: TToast, now: number): TToast {
  if (t.runningSince !== undefined) return t;
  return { ...t, runningSince: now };
}

/** One progress tick: new progress for every toast, expired ones removed. */
export function tick(toasts: readonly TToast[], now: number): TToast[] {
  return toasts.filter((t) => !isExpired(t, now)).map((t) => ({ ...t, progress: progressAt(t, now) }));
}

/** Spec §8: the accessible label of each kind of toast. */
export function toastLabelKey(color: TToastColor): string {
  switch (color) {
    case 'success':
      return 'toast.success';
    case 'error':
      return 'toast.error';
    case 'warning':
      return 'toast.warning';
    case 'info':
      return 'toast.info';
    default:
      return 'toast.notification';
  }
}

/** Spec §8: danger toasts announce assertively, the others politely. */
export function toastPoliteness(color: TToastColor): 'assertive' | 'polite' {
  return color === 'error' ? 'assertive' : 'polite';
}

export function positionParts(position: TToastPosition): {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
} {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
  return { vertical, horizontal };
}
