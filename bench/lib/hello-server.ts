// The yardstick of bench/http.ts: Fastify's hello world on the same Node, as
// its documentation writes it (no logger), in a process of its own.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
