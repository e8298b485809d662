import { App } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';

/** default = neutral or success news; destructive = something failed (spec 2.13). */
export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
}

const smallScreenWidth = 768;

/**
 * Seconds a toast stays (issue 39: every toast closes itself). A failure stays longer, to be read.
 * A pointer resting on a toast does not hold it open: at the bottom right it sits over the chat's
 * input, where the pointer rests while the user types (the escalation's toast stayed for minutes).
 */
export const toastSeconds: Record<ToastVariant, number> = { default: 5, success: 5, destructive: 8 };

/** The one way the app shows toasts: top on small screens, bottom right otherwise; one at a time. */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      toast({ title, description, variant = 'default', action }: ToastOptions) {
        const show =
          variant === 'destructive'
            ? notification.error
            : variant === 'success'
              ? notification.success
              : notification.info;
        show({
          title,
          description,
          actions: action,
          closable: true,
          duration: toastSeconds[variant],
          pauseOnHover: false,
          placement: window.innerWidth < smallScreenWidth ? 'top' : 'bottomRight',
          role: variant === 'destructive' ? 'alert' : 'status',
        });
      },
    }),
    [notification],
  );
}
