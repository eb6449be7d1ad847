import test from 'ava';
import mongoose from 'mongoose';
import { AppError } from '../../src/errors.ts';
import { isDependencyOutage } from '../../src/grpc/errors.ts';

const {
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerSelectionError,
  MongoServerError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
} = mongoose.mongo;

/** Node's error for a write on a socket whose other end has closed, as the MongoDB driver lets it through. */
function socketError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const outages: [string, unknown][] = [
  ['MongoNetworkError', new MongoNetworkError('connection 3 to 127.0.0.1:27117 closed')],
  ['MongoNetworkTimeoutError', new MongoNetworkTimeoutError('connection timed out')],
  ['MongoServerSelectionError', new MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:27117', {} as never)],
  ['MongoNotConnectedError', new MongoNotConnectedError('client must be connected')],
  ['MongoTopologyClosedError', new MongoTopologyClosedError()],
  [
    'EPIPE unwrapped (a write after the server closed)',
    socketError('EPIPE', 'This socket has been ended by the other party'),
  ],
  ['ECONNRESET', socketError('ECONNRESET', 'read ECONNRESET')],
  ['ECONNREFUSED', socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:27117')],
  ['ETIMEDOUT', socketError('ETIMEDOUT', 'connect ETIMEDOUT')],
];

const bugs: [string, unknown][] = [
  ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'x')")],
  [
    'a duplicate key (a server answer, not an outage)',
    new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key' }),
  ],
  ['a file system error', socketError('ENOENT', 'no such file')],
  ['an application error', new AppError('conflict', 'busy')],
  ['a thrown string', 'EPIPE'],
  ['undefined', undefined],
  ['null', null],
];

for (const [what, err] of outages)
  test(`grpc isDependencyOutage: ${what} is an outage (503 to the client, retried)`, (t) => {
    t.true(isDependencyOutage(err));
  });

for (const [what, err] of bugs)
  test(`grpc isDependencyOutage: ${what} is not (500, logged as a failure)`, (t) => {
    t.false(isDependencyOutage(err));
  });
