import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';

/**
 * Slow clients (issue 26): "a request has 30 s to arrive" (docs/security.md). A client that
 * trickles its headers, or its body after whole headers, one byte a second, never finishing,
 * is cut within those 30 s and a small margin: before, it kept its socket for 51 s (headers)
 * and 75 s (body). The real 30 s are tested (the timeouts are not configurable: nothing
 * documents them as such), both clients at once, so this file takes about 31 s. The server's
 * settings do not depend on the database: the file runs on PGlite only.
 */
const DOCUMENTED_MS = 30_000;
/** The server checks its connections every second; a little more for a loaded machine. */
const MARGIN_MS = 3_000;

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  if (isPostgres) return;
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => ctx?.close());

/**
 * Opens a socket, writes `head`, then one byte of `trickle` a second, forever; answers how long
 * the server kept the socket open and what it answered, if anything.
 */
function slowClient(head: string, trickle: string) {
  return new Promise<{ heldMs: number; answer: string }>((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('connect', () => {
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (!socket.destroyed && trickle) socket.write(trickle[sent++ % trickle.length] ?? ' ');
      }, 1000);
    });
    // The server may reset the socket rather than end it: both are a cut.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ heldMs: performance.now() - started, answer });
    });
    // Bounds the test whatever the server does: a socket still open long after the documented
    // time is a failure, reported as such.
    setTimeout(() => {
      if (!socket.destroyed) {
        socket.destroy();
        reject(new Error(`the server still held the socket after ${DOCUMENTED_MS * 2} ms`));
      }
    }, DOCUMENTED_MS * 2).unref();
  });
}

describe.skipIf(isPostgres)('slow clients', () => {
  it(
    'are cut within the documented 30 s: headers trickled byte by byte, a body after whole headers, a connection that sends nothing',
    async () => {
      const [headers, body, silent] = await Promise.all([
        slowClient(
          'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
          'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
        ),
        slowClient(
          'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
          '{"username":"someone@example.com","password":"',
        ),
        // A connection that never sends anything.
        slowClient('', ''),
      ]);
      for (const client of [headers, body, silent]) {
        expect(client.heldMs).toBeLessThanOrEqual(DOCUMENTED_MS + MARGIN_MS);
        // Not cut for being slow alone, long before the documented time.
        expect(client.heldMs).toBeGreaterThan(DOCUMENTED_MS - MARGIN_MS);
        // Answered 408 (Request Timeout), then closed.
        expect(client.answer).toMatch(/^HTTP\/1\.1 408 /);
      }
    },
    DOCUMENTED_MS * 2 + 10_000,
  );
});
