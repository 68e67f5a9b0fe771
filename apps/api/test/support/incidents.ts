import { type Incident, incidentList, incident as incidentSchema } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { incidents } from '../../src/db/schema.ts';
import { bearer } from './accounts.ts';

type Headers = Record<string, string>;

/** The incident calls of the portal (spec §7), as one customer makes them. */
export function incidentClient(app: FastifyInstance, token: string, headers: Headers = {}) {
  const auth = { ...bearer(token), ...headers };
  return {
    save: (body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/incident/save',
        headers: auth,
        payload: body as object,
      }),
    update: (id: string, body: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/incident/${id}/update`,
        headers: auth,
        payload: body as object,
      }),
    changeStatus: (id: string, body?: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/incident/${id}/change/status`,
        headers: auth,
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    remove: (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/incident/${id}/delete`, headers: auth }),
    get: (id: string) => app.inject({ url: `/api/incident/${id}`, headers: auth }),
    list: (url = '/api/incident/ListByCurrentUser') => app.inject({ url, headers: auth }),

    /** Saves an incident that must be accepted; answers its id. */
    async create(body: Record<string, unknown>): Promise<string> {
      const response = await this.save(body);
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json<{ result: number; id: string }>();
      expect(answer.result).toBe(1);
      return answer.id;
    },

    /** Reads an incident that must be visible, checked against the contract's schema. */
    async read(id: string): Promise<Incident> {
      const response = await this.get(id);
      expect(response.statusCode, response.body).toBe(200);
      return incidentSchema.parse(response.json());
    },

    /** The caller's list, checked against the contract's schema. */
    async all(url?: string): Promise<Incident[]> {
      const response = await this.list(url);
      expect(response.statusCode, response.body).toBe(200);
      return incidentList.parse(response.json());
    },
  };
}

export type IncidentClient = ReturnType<typeof incidentClient>;

/** The stored row, as the agency's database holds it. */
export async function incidentRow(db: Database, id: string) {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id));
  return row;
}

/** Sets an incident's columns directly (as the agency's staff would, with no back office yet). */
export async function setIncident(
  db: Database,
  id: string,
  values: Partial<typeof incidents.$inferInsert>,
) {
  await db.update(incidents).set(values).where(eq(incidents.id, id));
}
