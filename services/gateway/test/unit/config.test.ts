import test from 'ava';
import { loadGatewayConfig } from '../../src/config.ts';
import { parsePlanLimits } from '../../src/http/rate-limit.ts';

const required = {
  KAFKA_BROKERS: '127.0.0.1:9092',
  ADMIN_TOKEN: 'a'.repeat(24),
  REDIS_URL: 'redis://127.0.0.1:6379',
  ACCOUNTS_ADDR: '127.0.0.1:50051',
};

for (const value of [
  '{}',
  '{"professional":15}',
  ' {\n  "enterprise" : 100000,\t"business":3 }\n',
  '{"specialist":1}',
]) {
  test(`config: RATE_LIMIT_PLANS ${JSON.stringify(value)} is accepted`, (t) => {
    const config = loadGatewayConfig({ ...required, RATE_LIMIT_PLANS: value });
    t.deepEqual(parsePlanLimits(config.RATE_LIMIT_PLANS), {
      professional: 10,
      specialist: 20,
      business: 30,
      enterprise: 60,
      ...(JSON.parse(value) as object),
    });
  });
}

for (const [title, value] of [
  ['an unknown plan', '{"pro":15}'],
  ['a known and an unknown plan', '{"professional":15,"Business":30}'],
  ['free, which has no API', '{"free":5}'],
  ['zero', '{"professional":0}'],
  ['a fraction', '{"professional":1.5}'],
  ['a string', '{"professional":"15"}'],
  ['a trailing comma', '{"professional":15,}'],
  ['an array', '[15]'],
  ['not JSON', 'professional=15'],
] as const) {
  test(`config: RATE_LIMIT_PLANS with ${title} is refused together with every other bad key`, (t) => {
    const error = t.throws(() => loadGatewayConfig({ ...required, RATE_LIMIT_PLANS: value, GATEWAY_PORT: 'x' }));
    t.regex(
      error.message,
      /RATE_LIMIT_PLANS: .*\(a JSON object of positive integers by plan \(professional, specialist, business, enterprise\)/,
    );
    t.regex(error.message, /GATEWAY_PORT: /);
  });
}

test('config: IDEMPOTENCY_LEASE_MS is 10 s unless set, and never below a second', (t) => {
  t.is(loadGatewayConfig(required).IDEMPOTENCY_LEASE_MS, 10_000);
  t.is(loadGatewayConfig({ ...required, IDEMPOTENCY_LEASE_MS: '3000' }).IDEMPOTENCY_LEASE_MS, 3000);
  t.regex(
    t.throws(() => loadGatewayConfig({ ...required, IDEMPOTENCY_LEASE_MS: '500' })).message,
    /IDEMPOTENCY_LEASE_MS/,
  );
});
