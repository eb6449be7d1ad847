import test from 'ava';
import mongoose from 'mongoose';
import { statementShape } from '../../src/telemetry/statement.ts';

test('telemetry: a MongoDB span keeps the command shape, values as "?"', (t) => {
  t.is(
    statementShape({ find: 'invoices', filter: { workspace_id: 'WS1', number_seq: { $gt: 3 } }, limit: 20 }),
    '{"find":"?","filter":{"workspace_id":"?","number_seq":{"$gt":"?"}},"limit":"?"}',
  );
});

test('telemetry: a GridFS chunk insert is a short statement, not one "?" per byte', (t) => {
  const chunk = { files_id: 'F1', n: 0, data: new mongoose.mongo.Binary(Buffer.alloc(255 * 1024)) };
  const statement = statementShape({ insert: 'fs.chunks', documents: [chunk, chunk, chunk, chunk] });
  t.is(
    statement,
    '{"insert":"?","documents":[{"files_id":"?","n":"?","data":"?"},{"files_id":"?","n":"?","data":"?"},{"files_id":"?","n":"?","data":"?"}]}',
  );
  t.is(statementShape({ data: Buffer.alloc(1024) }), '{"data":"?"}');
});

test('telemetry: deep nesting stops at five levels', (t) => {
  t.is(statementShape({ a: { b: { c: { d: { e: { f: 1 } } } } } }), '{"a":{"b":{"c":{"d":{"e":"?"}}}}}');
});
