import Router from '@koa/router';

/** The public port's probes (docs/health.md); the chart points liveness and readiness at them. */
export function probesRouter(readiness: () => Promise<boolean>): Router {
  const router = new Router();
  // The process answers: nothing else is looked at, so a dependency outage never restarts it.
  router.get('/livez', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  // Only ready or not: which dependency is down is for the admin port (GET /admin/health).
  router.get('/readyz', async (ctx) => {
    const ready = await readiness();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready' };
  });
  return router;
}
