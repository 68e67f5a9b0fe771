import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Work a route does once its answer has gone, so that the answer's time says nothing about the
 * work (issue 26: "Forgot your password?" answered faster for an unknown address). The task
 * starts when the answer is sent (or the client went away), its failure is logged, and the app
 * closes only once every task has finished.
 */
export interface AfterAnswer {
  (reply: FastifyReply, name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (tests; closing). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer: AfterAnswer;
  }
}

export const afterAnswerPlugin = fp(
  async (app: FastifyInstance) => {
    const running = new Set<Promise<void>>();

    const afterAnswer = ((reply, name, task) => {
      const answered = new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve);
        reply.raw.once('close', resolve);
      });
      const run: Promise<void> = answered
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error, task: name }, `${name}: failed`),
        )
        .finally(() => running.delete(run));
      running.add(run);
    }) as AfterAnswer;
    afterAnswer.settled = async () => {
      while (running.size > 0) await Promise.all(running);
    };

    app.decorate('afterAnswer', afterAnswer);
    app.addHook('onClose', async () => afterAnswer.settled());
  },
  { name: 'after-answer' },
);
