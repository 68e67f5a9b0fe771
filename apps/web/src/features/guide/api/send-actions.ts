import { type TrailActionsRequest, trailActionsResponse } from '@cusco/shared';
import { ApiError, api } from '../../../lib/api-client.ts';

/** POST guide/actions: what the phone queued; 200 with an outcome per action. */
export function sendActions(body: TrailActionsRequest) {
  return api.post('guide/actions', body, { schema: trailActionsResponse });
}

/** A 4xx other than a session's end: the server will never take this batch as it is. */
export function isPermanentFailure(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 429
  );
}
