//! Toast service: one PrimeReact Toast (top right, 5 s, pausing on hover) reachable from anywhere.
import type { ToastMessage } from 'primereact/toast';

export type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';

export interface ToastInput {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  life?: number;
  closable?: boolean;
  group?: string;
}

/** Default life of a toast, in milliseconds (specification, section 9). */
export const TOAST_LIFE_MS = 5000;

type Sink = (message: ToastMessage) => void;

let sink: Sink | null = null;
const pending: ToastMessage[] = [];

/** Connects the mounted Toast component; messages shown before it mounted are flushed. */
export function registerToastSink(next: Sink | null): void {
  sink = next;
  if (sink) {
    for (const message of pending.splice(0)) sink(message);
  }
}

/** Shows a toast; queued until the Toast component is mounted. */
export function showToast(input: ToastInput): void {
  const message: ToastMessage = { life: TOAST_LIFE_MS, closable: true, ...input };
  if (sink) sink(message);
  else pending.push(message);
}
