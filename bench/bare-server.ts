// The baseline: a bare Fastify route answering a fixed success envelope, no storage, no logging.
import Fastify from 'fastify';

const envelope = {
  success: true,
  tool: 'get_usage_status',
  data: {
    text: '0 of 15 tool calls used this month on the free tier (15 left).',
    quota: { used: 0, limit: 15, tier: 'free', period_end: '2026-12-01' },
  },
  request_id: 'req_00000000000000000000',
};

const app = Fastify();
app.post('/api/v1/tools/:tool/execute', async () => envelope);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(
  JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }),
);
