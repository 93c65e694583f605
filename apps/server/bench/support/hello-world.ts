import Fastify from 'fastify';

// The baseline of every run: the same framework with one route and nothing else.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
