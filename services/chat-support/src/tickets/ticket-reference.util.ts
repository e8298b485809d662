/** The reference a customer quotes: SUP- and the ticket number, zero-padded to six digits. */
export const ticketReference = (ticketNumber: string | number): string =>
  `SUP-${String(ticketNumber).padStart(6, '0')}`;
