//! The header's shared selection value: which page and topic index the visitor chose last.
import { useSyncExternalStore } from 'react';

export interface Selection {
  page: string;
  index: number | null;
}

let current: Selection = { page: '/', index: null };
const listeners = new Set<() => void>();

export function getSelection(): Selection {
  return current;
}

/** Records a choice; a no-op when nothing changed, so URL syncing cannot loop. */
export function setSelection(next: Selection): void {
  if (next.page === current.page && next.index === current.index) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelection(): Selection {
  return useSyncExternalStore(subscribe, getSelection, getSelection);
}

/** The link of a topic: `/impression_3D?index=2`, or the bare page for "all". */
export function selectionHref(selection: Selection): string {
  return selection.index == null ? selection.page : `${selection.page}?index=${selection.index}`;
}
