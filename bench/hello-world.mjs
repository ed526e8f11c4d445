// The bare Fastify hello-world the API is compared with; a process of its own, like the API server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('hello-world is running at', app.server.address().port);
