import { sessionUser } from '@cusco/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const put = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });

describe('PUT /api/client/profile', () => {
  it('changes name, last name and telephone, and answers the new session info', async () => {
    const session = await signUpAndIn(ctx.app);
    const response = await put('/api/client/profile', session.token, {
      name: 'Inés',
      lastname: 'Mamani Ccori',
      phone: '+51 999 888 777',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(sessionUser.parse(response.json())).toMatchObject({
      id: session.user.id,
      name: 'Inés',
      lastName: 'Mamani Ccori',
      telephone: '+51 999 888 777',
      email: session.user.email,
    });
    const again = await signIn(ctx.app, session.user.email, session.password);
    expect(again.user.name).toBe('Inés');
  });

  it.each([
    [
      { name: '', lastname: 'X', phone: '1' },
      'name',
      'Please fill in the fields, they are required',
    ],
    [{ name: 'A', lastname: 'x'.repeat(51), phone: '1' }, 'lastname', 'At most 50 characters'],
    [
      { name: 'A', lastname: 'B', phone: 'call me' },
      'phone',
      'Use only digits, spaces, +, - and parentheses',
    ],
  ])('refuses %j', async (body, field, message) => {
    const session = await signUpAndIn(ctx.app);
    const response = await put('/api/client/profile', session.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('requires a session', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/profile',
      payload: { name: 'A', lastname: 'B', phone: '1' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/client/changepassword', () => {
  it('refuses a wrong current password, a short one and a repetition that differs', async () => {
    const session = await signUpAndIn(ctx.app);
    const wrong = await put('/api/client/changepassword', session.token, {
      current: 'not-my-password',
      password: 'Ollantaytambo-22',
      confirm: 'Ollantaytambo-22',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      field: 'current',
      message: 'The current password is not correct',
    });
    const short = await put('/api/client/changepassword', session.token, {
      current: session.password,
      password: 'ab',
      confirm: 'ab',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The password must have at least 8 characters');
    const differs = await put('/api/client/changepassword', session.token, {
      current: session.password,
      password: 'Ollantaytambo-22',
      confirm: 'Ollantaytambo-23',
    });
    expect(differs.statusCode).toBe(400);
    expect(differs.json()).toMatchObject({
      field: 'confirm',
      message: 'The new password and its repetition are different',
    });
    // Nothing changed: the old password still works.
    await signIn(ctx.app, session.user.email, session.password);
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const session = await signUpAndIn(ctx.app);
    const other = await signIn(ctx.app, session.user.email, session.password);
    const response = await put('/api/client/changepassword', session.token, {
      current: session.password,
      password: 'Ollantaytambo-22',
      confirm: 'Ollantaytambo-22',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 1 });

    expect(
      (await ctx.app.inject({ url: '/api/tour/list', headers: bearer(other.token) })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/tour/list', headers: bearer(session.token) })).statusCode,
    ).toBe(200);
    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { username: session.user.email, password: session.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(ctx.app, session.user.email, 'Ollantaytambo-22');
  });
});
