import test from 'ava';
import * as grpc from '@grpc/grpc-js';
import { AppError } from '../../src/errors.ts';
import { neverSent } from '../../src/grpc/client.ts';
import { failedInTransport } from '../../src/grpc/errors.ts';
import { idempotentMethods, loadService } from '../../src/grpc/protos.ts';
import { type ServiceName, platformService } from '../../src/services.ts';

/** A failure as grpc-js reports it: a status, and the metadata the peer sent (an AppError's kind). */
function failure(code: grpc.status, kind?: string, details = 'x'): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  if (kind) metadata.set('app-error-kind', kind);
  return Object.assign(new Error(`${code}`), { code, details, metadata });
}

const cases: [string, unknown, boolean][] = [
  ['UNAVAILABLE from the transport (a replica that died, refused or reset)', failure(grpc.status.UNAVAILABLE), true],
  ['UNAVAILABLE answered by the peer (its database is away)', failure(grpc.status.UNAVAILABLE, 'unavailable'), false],
  ['DEADLINE_EXCEEDED (the call may still run there)', failure(grpc.status.DEADLINE_EXCEEDED), false],
  ['CANCELLED', failure(grpc.status.CANCELLED), false],
  ['INTERNAL from the transport', failure(grpc.status.INTERNAL), false],
  ['NOT_FOUND answered by the peer', failure(grpc.status.NOT_FOUND, 'not_found'), false],
  ['an AppError thrown here', new AppError('unavailable', 'x'), false],
  ['no error at all', undefined, false],
];
for (const [name, err, retried] of cases)
  test(`grpc client: ${name} ${retried ? 'is' : 'is not'} sent to another replica`, (t) => {
    t.is(failedInTransport(err), retried);
  });

// grpc-js's own words for a call no replica ran (load-balancer-*.js, resolver-dns.js, call-stream).
const unsent: [string, unknown, ReturnType<typeof neverSent>][] = [
  [
    'round_robin with every replica refused',
    failure(
      grpc.status.UNAVAILABLE,
      undefined,
      'round_robin: No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:1',
    ),
    'not connected',
  ],
  [
    'pick_first with its address refused',
    failure(grpc.status.UNAVAILABLE, undefined, 'No connection established. Last error: x'),
    'not connected',
  ],
  [
    'a name that resolved to no address',
    failure(grpc.status.UNAVAILABLE, undefined, 'No addresses resolved. Resolution note: '),
    'not connected',
  ],
  [
    'a name that did not resolve',
    failure(grpc.status.UNAVAILABLE, undefined, 'Name resolution failed for target dns:x'),
    'not connected',
  ],
  [
    'a stream refused unread (GOAWAY)',
    failure(grpc.status.UNAVAILABLE, undefined, 'Stream refused by server'),
    'refused',
  ],
  ['a connection dropped under the call', failure(grpc.status.UNAVAILABLE, undefined, 'Connection dropped'), undefined],
  [
    'the peer answering unavailable in those words',
    failure(grpc.status.UNAVAILABLE, 'unavailable', 'No connection established'),
    undefined,
  ],
  ['a deadline', failure(grpc.status.DEADLINE_EXCEEDED, undefined, 'No connection established'), undefined],
];
for (const [name, err, why] of unsent)
  test(`grpc client: ${name} ${why ? 'was run by no replica, so any method is' : 'may have run, so only a repeatable call is'} sent again`, (t) => {
    t.is(neverSent(err), why);
  });

const safe: [ServiceName, string, boolean][] = [
  ['invoice', 'GetInvoice', true],
  ['invoice', 'ListInvoices', true],
  ['invoice', 'MarkPaidByPayment', true],
  ['invoice', 'GenerateInvoice', false],
  ['invoice', 'UpdateInvoiceStatus', false],
  ['pdf', 'Render', false],
  ['pdf', 'StreamFile', true],
  ['pdf', 'DeleteFile', true],
  ['accounts', 'AuthenticateApiKey', true],
  ['accounts', 'CreateApiKey', false],
  ['recurring', 'CreateSeries', true],
  ['recurring', 'SetSeriesStatus', false],
  ['webhook', 'RegisterEndpoint', false],
  ['payment', 'HandleNotification', true],
  ['payment', 'StartCheckout', false],
];
for (const [service, method, idempotent] of safe)
  test(`grpc client: ${service}.${method} is ${idempotent ? '' : 'not '}marked safe to send twice in its proto`, (t) => {
    t.is(idempotentMethods(platformService(service)).has(method), idempotent);
  });

test('grpc client: the health service has no method marked safe (its checks are never retried)', (t) => {
  t.is(idempotentMethods(loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health')).size, 0);
});
