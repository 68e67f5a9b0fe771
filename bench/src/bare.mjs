// The yardstick: a bare Fastify route answering a small JSON object, in its own process, so that
// every figure of the bench is also read as a share of what Fastify itself does on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
