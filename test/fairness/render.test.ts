import test from 'ava';
import { type ApiClient, Platform, request } from '../support/platform.ts';

// One workspace forcing re-renders of its PDF in a loop, four at a time, shares the pdf service's
// two pages with everyone else. The render queue is fair across workspaces (services/pdf/README.md
// "Fairness"): another workspace's generates, each of which renders a PDF, keep working and stay
// quick. Without it they queue behind the greedy workspace's backlog.
const platform = new Platform({
  invoices: true,
  // The render budget is the other defence (its own test below); here only the queue is at work.
  gatewayEnv: {
    RATE_LIMIT_PLANS: '{"enterprise":100000}',
    RATE_LIMIT_PER_IP: '100000',
    RENDER_FORCED_PER_WINDOW: '100000',
  },
});

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

const body = {
  customer_name: 'PT Adil',
  currency: 'IDR',
  items: [
    { description: 'Consulting', quantity: 3, price: 250000 },
    { description: 'Travel', quantity: 1, price: 125000 },
  ],
};

async function generate(api: ApiClient): Promise<string> {
  const res = await api.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', { body });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data.id;
}

test.serial(
  'pdf fairness: a workspace forcing re-renders in a loop does not slow down or fail another workspace’s generates',
  async (t) => {
    const greedy = await platform.client('enterprise', 1000);
    const other = await platform.client('enterprise', 1000);
    const ids = await Promise.all([generate(greedy), generate(greedy)]);
    let stop = false;
    let forced = 0;
    const loops = Array.from({ length: 8 }, async (_, i) => {
      while (!stop) {
        const res = await greedy.call('POST', `/api/invoices/external/${ids[i % 2]}/pdf`, { body: { force: true } });
        if (res.status === 200) forced++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      const took = await timedGenerates(other, 20);
      t.log(`other workspace: 20 generates, p95 ${p95(took)} ms; greedy workspace forced ${forced} renders meanwhile`);
      t.true(forced > 20, `the greedy loop ran (${forced} forced renders)`);
      t.true(p95(took) < 2000, `p95 ${p95(took)} ms`);
    } finally {
      stop = true;
      await Promise.all(loops);
    }
  },
);

test.serial(
  'pdf fairness: a workspace whose template helper takes 3 s per render does not hold the pages from another workspace',
  async (t) => {
    const greedy = await platform.client('enterprise', 1000);
    const other = await platform.client('enterprise', 1000);
    const added = await platform.admin<{ id: string }>('POST', `/workspaces/${greedy.workspaceId}/templates`, {
      name: 'Slow',
      content: '<html><body><h1>{{invoice_number}}</h1><p>{{slow}}</p></body></html>',
      helpers: 'function slow() { const end = Date.now() + 3000; while (Date.now() < end) {} return "done"; }',
    });
    if (added.status !== 201) throw new Error(`template: ${added.status} ${JSON.stringify(added.body)}`);
    let stop = false;
    let slow = 0;
    const loops = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const res = await greedy.call('POST', '/api/invoices/generate-external', {
          body: { ...body, template: added.body.data.id },
        });
        if (res.status === 200) slow++;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      const took = await timedGenerates(other, 10);
      t.log(
        `other workspace: 10 generates, p95 ${p95(took)} ms; greedy workspace made ${slow} slow invoices meanwhile`,
      );
      t.true(p95(took) < 2000, `p95 ${p95(took)} ms`);
    } finally {
      stop = true;
      await Promise.all(loops);
    }
    t.true(slow > 0, 'the slow template rendered');
  },
);

/** Sequential generates, each timed; every one must succeed. */
async function timedGenerates(api: ApiClient, n: number): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await generate(api);
    took.push(performance.now() - start);
  }
  return took;
}

function p95(took: number[]): number {
  const sorted = [...took].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil(0.95 * sorted.length) - 1]!);
}

test.serial(
  'render budget: the 4th forced re-render in the window is 429 with Retry-After; plain ones and other workspaces go on',
  async (t) => {
    const gateway = await platform.startGateway({
      RATE_LIMIT_PLANS: '{"enterprise":100000}',
      RATE_LIMIT_PER_IP: '100000',
      RENDER_FORCED_PER_WINDOW: '3',
    });
    try {
      const api = await platform.client('enterprise', 10);
      const other = await platform.client('enterprise', 10);
      const mine = await generate(api);
      const theirs = await generate(other);
      const pdf = (client: ApiClient, id: string, force: boolean) =>
        request(gateway.baseUrl, 'POST', `/api/invoices/external/${id}/pdf`, {
          key: client.key,
          ip: client.ip,
          body: { force },
        });
      for (let i = 0; i < 3; i++) t.is((await pdf(api, mine, true)).status, 200);
      const refused = await pdf(api, mine, true);
      t.is(refused.status, 429, refused.text);
      t.true(Number(refused.headers.get('retry-after')) >= 1);
      t.regex(refused.text, /forced PDF renders of the workspace/);
      t.is((await pdf(api, mine, false)).status, 200, 'a plain request for the file is not a forced render');
      t.is((await pdf(other, theirs, true)).status, 200, 'another workspace has its own budget');
    } finally {
      await gateway.process.stop();
    }
  },
);
