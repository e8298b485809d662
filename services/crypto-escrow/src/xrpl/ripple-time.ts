/** The XRP Ledger counts seconds from 2000-01-01T00:00:00Z: this many seconds after the Unix epoch. */
export const RIPPLE_EPOCH_OFFSET = 946_684_800;

export const unixToRippleTime = (unixSeconds: number): number => Math.floor(unixSeconds) - RIPPLE_EPOCH_OFFSET;
export const rippleTimeToUnix = (rippleSeconds: number): number => rippleSeconds + RIPPLE_EPOCH_OFFSET;
export const rippleTimeToDate = (rippleSeconds: number): Date => new Date(rippleTimeToUnix(rippleSeconds) * 1000);
export const dateToRippleTime = (date: Date): number => unixToRippleTime(Math.floor(date.getTime() / 1000));
