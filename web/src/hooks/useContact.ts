import { useMutation } from '@tanstack/react-query';
import { sendContactMessage } from '../api/contact';

/** Sends a contact-form message; nothing is cached (the answer is only the ticket id). */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
