import { affiliateMessages } from '@app/contracts';
import type { ToastOptions } from '../../../hooks/useToast';

/** Spec 8: 'Generation Failed' with the generator's own message. */
export const generationFailed = (description: string): ToastOptions => ({
  title: affiliateMessages.generationFailedTitle,
  description,
  variant: 'destructive',
});
