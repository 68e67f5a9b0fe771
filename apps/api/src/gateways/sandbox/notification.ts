import * as z from 'zod/mini';

/** The sandbox gateway's notification, as its servers send it to ours. */
export const sandboxNotification = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  type: z.enum(['charge.succeeded', 'charge.failed']),
  transactionId: z.uuid(),
  reference: z.string().check(z.minLength(1), z.maxLength(100)),
  /** In cents. */
  amount: z.number().check(z.int(), z.minimum(0)),
  currency: z.string().check(z.length(3)),
  created: z.number().check(z.int()),
});
export type SandboxNotification = z.infer<typeof sandboxNotification>;
