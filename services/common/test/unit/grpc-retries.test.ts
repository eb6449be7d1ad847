import test from 'ava';
import * as grpc from '@grpc/grpc-js';
import { AppError } from '../../src/errors.ts';
import { failedInTransport, idempotentMethods, loadService } from '../../src/grpc.ts';
import { type ServiceName, platformService } from '../../src/services.ts';

/** A failure as grpc-js reports it: a status, and the metadata the peer sent (an AppError's kind). */
function failure(code: grpc.status, kind?: string): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  if (kind) metadata.set('app-error-kind', kind);
  return Object.assign(new Error(`${code}`), { code, details: 'x', metadata });
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
