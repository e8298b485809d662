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
          placement: window.innerWidth < smallScreenWidth ? 'top' : 'bottomRight',
          role: variant === 'destructive' ? 'alert' : 'status',
        });
      },
    }),
    [notification],
  );
}
