import { useSyncExternalStore } from 'react';
import type { TToast, TToastInput } from './toast-model.ts';
import { createToastStore } from './toast-store.ts';

/** The page's toasts (one store per page; `toast.add()` works from anywhere, also outside React). */
export const toastStore = createToastStore({
  now: () => Date.now(),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
});

export const toast = {
  add: (input: TToastInput) => toastStore.add(input),
  success: (message: string, input: Omit<TToastInput, 'message' | 'color'> = {}) =>
    toastStore.add({ ...input, message, color: 'success' }),
  error: (message: string, input: Omit<TToastInput, 'message' | 'color'> = {}) =>
    toastStore.add({ ...input, message, color: 'error' }),
  remove: (id: string) => toastStore.remove(id),
};

export function useToasts(): readonly TToast[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
}
