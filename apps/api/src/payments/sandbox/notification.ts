import { z } from 'zod';

/** The sandbox gateway's notification, as its servers send it to ours. */
export const sandboxNotification = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['charge.succeeded', 'charge.failed']),
  transactionId: z.uuid(),
  reference: z.string().min(1).max(100),
  /** In cents. */
  amount: z.number().int().min(0),
  currency: z.string().length(3),
  created: z.number().int(),
});
export type SandboxNotification = z.infer<typeof sandboxNotification>;
