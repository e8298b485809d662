import { z } from 'zod';

/**
 * Issue 39: the transactional mail a member may turn off. Receipts, KYC results and security mail
 * (verification, password reset, a locked account) are always sent: they concern the account's
 * money or access. The profile service owns these choices; the services that send the mail keep a
 * copy fed by MailPreferencesChanged (profile's event).
 */
export const optionalMailKinds = ['supportReplies', 'investmentUpdates', 'payoutNotices'] as const;
export type OptionalMailKind = (typeof optionalMailKinds)[number];

/** Every optional mail is on until the member turns it off. */
export const mailPreferencesSchema = z.strictObject({
  /** An agent's reply to the support chat while the member's chat widget is closed. */
  supportReplies: z.boolean(),
  /** An investment confirmed (tokens minted), failed, cancelled or lapsed. */
  investmentUpdates: z.boolean(),
  /** An affiliate payout paid. */
  payoutNotices: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const defaultMailPreferences = (): MailPreferences => ({
  supportReplies: true,
  investmentUpdates: true,
  payoutNotices: true,
});

/** PUT /api/user/mail-preferences: any subset of the choices; the answer is all of them. */
export const updateMailPreferencesRequestSchema = mailPreferencesSchema.partial();
export type UpdateMailPreferencesRequest = z.infer<typeof updateMailPreferencesRequestSchema>;
