import { TOASTS } from "@sawdust/shared";
import { type ReactNode, useSyncExternalStore } from "react";
import type { ToastActionElement, ToastProps } from "@/components/ui/toast";

/*
 * The shadcn toast store: a tiny module-level reducer so `toast()` works from anywhere (mutation
 * callbacks included) and every <Toaster> sees the same list.
 */

type ToasterToast = ToastProps & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string): void {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOASTS.removeDelayMs);
  toastTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOASTS.limit) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST": {
      const { toastId } = action;
      if (toastId) addToRemoveQueue(toastId);
      else for (const t of state.toasts) addToRemoveQueue(t.id);
      return {
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }
    case "REMOVE_TOAST":
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  // A copy: a listener may stop listening as it is called (whenFirstToast), which would skip the next.
  for (const listener of [...listeners]) listener(memoryState);
}

/** Calls back with the new state after every change; returns the way to stop. */
function subscribe(listener: (state: State) => void): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index > -1) listeners.splice(index, 1);
  };
}

/** Calls back (once) when the first toast is raised, or at once if one already was. */
export function whenFirstToast(callback: () => void): () => void {
  if (memoryState.toasts.length > 0) {
    callback();
    return () => {};
  }
  const unsubscribe = subscribe(() => {
    unsubscribe();
    callback();
  });
  return unsubscribe;
}

/** Calls back whenever a toast is raised (not when one is updated or dismissed). */
export function onToastRaised(callback: () => void): () => void {
  // Not by their count: only TOASTS.limit show, so a new one can leave the count as it was.
  const seen = new Set(memoryState.toasts.map((t) => t.id));
  return subscribe((state) => {
    const fresh = state.toasts.filter((t) => !seen.has(t.id));
    for (const t of fresh) seen.add(t.id);
    if (fresh.length > 0) callback();
  });
}

export type ToastInput = Omit<ToasterToast, "id">;

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(props: ToastInput) {
  const id = genId();
  const update = (next: ToasterToast) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });
  const dismiss = () => dispatch({ type: "DISMISS_TOAST", toastId: id });

  dispatch({
    type: "ADD_TOAST",
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

const snapshot = () => memoryState;

/**
 * The toasts, for the Toaster. Subscribed as it renders: a toast raised while the Toaster was
 * still mounting (its code arrives once the page is idle, or with the first toast) was missed when
 * it subscribed in an effect, and the toast never showed (found by a browser test under load).
 */
export function useToast() {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: "DISMISS_TOAST", toastId }),
  };
}
