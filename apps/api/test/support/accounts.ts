import { randomUUID } from 'node:crypto';
import type { LoginResponse, RegisterRequest } from '@cusco/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A valid sign-up body with a unique e-mail. */
export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    name: 'Ana',
    lastname: 'Quispe',
    email: `ana.${randomUUID().slice(0, 8)}@example.com`,
    mobile: '+51 984 000 111',
    birthdate: '1990-05-17',
    password: 'Machu-Picchu-1911',
    countryId: 'PE',
    isPassanger: false,
    ...overrides,
  };
}

/** Registers a new customer and signs in; answers the login response. */
export async function signUpAndIn(
  app: FastifyInstance,
  overrides: Partial<RegisterRequest> = {},
): Promise<LoginResponse & { password: string }> {
  const registration = newRegistration(overrides);
  const registered = await app.inject({
    method: 'POST',
    url: '/api/authentication/client/register',
    payload: registration,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return {
    ...(await signIn(app, registration.email, registration.password)),
    password: registration.password,
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { username: email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginResponse>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
