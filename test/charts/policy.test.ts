import path from 'node:path';
import test from 'ava';
import { policyViolations } from './policy.ts';
import { ciValues, render } from './render.ts';

for (const values of ciValues) {
  test(`policy: ${path.basename(values)} complies`, async (t) => {
    t.deepEqual(policyViolations(await render({ values: [values] })), []);
  });
}

test('policy: the broken fixture (probe removed, root user) is refused, naming both', async (t) => {
  const violations = policyViolations(await render({ values: [path.join(import.meta.dirname, 'fixtures/broken-values.yaml')] }));
  t.true(violations.includes('Deployment/ip-invoice-platform-invoice container invoice: no readinessProbe'), violations.join('\n'));
  t.true(violations.includes('Deployment/ip-invoice-platform-gateway: pod runs as root (runAsUser 0)'));
  t.true(violations.includes('Job/ip-invoice-platform-setup: pod securityContext.runAsNonRoot is not true'));
  // Only what the fixture broke: the other services keep their probes.
  t.false(violations.some((v) => v.includes('ip-invoice-platform-pdf container pdf: no readinessProbe')));
});

test('policy: a secret in a ConfigMap and a pod outside every NetworkPolicy are refused', async (t) => {
  const manifests = await render({ set: ['networkPolicy.enabled=false'] });
  const cm = manifests.find((m) => m.kind === 'ConfigMap')!;
  cm.data = { ...cm.data, CACHE_URL: 'redis://app:s3cret@redis:6379', RING: 'k1:' + 'A'.repeat(43) + '=' };
  const violations = policyViolations(manifests);
  t.true(violations.includes(`ConfigMap/${cm.metadata.name}: holds a URL with credentials`));
  t.true(violations.includes(`ConfigMap/${cm.metadata.name}: holds a key ring`));
  t.true(violations.includes('Deployment/ip-invoice-platform-webhook: no NetworkPolicy selects its pods'));
});
