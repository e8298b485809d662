import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatMessages } from '@app/contracts';
import { AntdProviders } from '../components/AntdProviders';
import { testTheme } from '../test/render';
import { toastSeconds, useToast, type ToastVariant } from './useToast';

function Toaster({ variant }: { variant: ToastVariant }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title: chatMessages.escalatedTitle, description: 'x', variant })}>
      show
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts close themselves (issue 39)', () => {
  it.each<ToastVariant>(['default', 'success', 'destructive'])(
    'a %s toast closes after its seconds, even with the pointer resting on it',
    async (variant) => {
      vi.useFakeTimers();
      render(
        <AntdProviders theme={testTheme}>
          <Toaster variant={variant} />
        </AntdProviders>,
      );
      fireEvent.click(screen.getByText('show'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      const notice = screen.getByText(chatMessages.escalatedTitle).closest('.ant-notification-notice-wrapper')!;
      expect(notice).toBeTruthy();
      // The pointer sits on it (where the chat's input is under it): it still closes.
      fireEvent.mouseEnter(notice);
      await act(async () => {
        await vi.advanceTimersByTimeAsync((toastSeconds[variant] + 1) * 1000);
      });
      expect(screen.queryByText(chatMessages.escalatedTitle)).toBeNull();
      expect(toastSeconds[variant]).toBeLessThanOrEqual(8);
    },
  );
});
