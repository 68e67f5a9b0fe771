import type { AttemptStage } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import type {
  AttemptRef,
  GatewayStatus,
  PaymentGateway,
  StatusStands,
} from '../../gateways/gateway.ts';

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

/**
 * The stage of each open attempt, by its id (one status query per open attempt: rarely any), and
 * how long they all stand (null: one of them must be asked again on the next read).
 */
export async function attemptStages(
  db: Executor,
  gateway: PaymentGateway,
  open: AttemptRef[],
): Promise<{ stages: Map<string, AttemptStage>; stand: StatusStands | null }> {
  const answers = await Promise.all(
    open.map(async (attempt) => ({ attempt, answer: await gateway.queryStatus(db, attempt) })),
  );
  const stages = new Map(
    answers.map(({ attempt, answer }) => [attempt.id, stageOf(answer.status)] as const),
  );
  const stands = answers.map(({ answer }) => answer.stands);
  if (!stands.every((stand) => stand !== undefined)) return { stages, stand: null };
  return {
    stages,
    stand: {
      until: Math.min(...stands.map((stand) => stand.until)),
      keys: stands.flatMap((stand) => stand.keys),
    },
  };
}
