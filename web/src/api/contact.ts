import { routeById, type ContactRequest, type ContactResponse } from '@app/contracts';
import { callRoute } from './client';

/** POST /api/contact (spec 3.3 and 7): 201 with a ticket id, or 4xx { error, message, details }. */
export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return callRoute(routeById('submitContactForm'), { body });
}
