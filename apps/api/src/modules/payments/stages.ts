import type { AttemptStage } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import type { AttemptRef, GatewayStatus, PaymentGateway } from '../../gateways/gateway.ts';

/**
 * What the customer is told of an open attempt, from what its gateway says (issue 12): a checkout
 * left before a card was given took nothing and is "not completed"; one whose card the gateway
 * has (or whose money it took, before the notification arrived) is "being confirmed".
 */
export function stageOf(status: GatewayStatus['status']): AttemptStage {
  switch (status) {
    case 'processing':
    case 'approved':
      return 'processing';
    case 'open':
    case 'closed':
    case 'declined':
      return 'notCompleted';
    default:
      return 'unconfirmed';
  }
}

/** The stage of each open attempt, by its id (one status query per open attempt: rarely any). */
export async function attemptStages(
  db: Executor,
  gateway: PaymentGateway,
  open: AttemptRef[],
): Promise<Map<string, AttemptStage>> {
  const stages = await Promise.all(
    open.map(async (attempt) => {
      const answer = await gateway.queryStatus(db, attempt);
      return [attempt.id, stageOf(answer.status)] as const;
    }),
  );
  return new Map(stages);
}
