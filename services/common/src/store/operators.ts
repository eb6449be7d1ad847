import mongoose from 'mongoose';

/**
 * Every connection runs with mongoose's `sanitizeFilter` (common/mongo.ts): an object with `$` keys
 * in a filter value is matched as a literal value, so a request field that arrives as
 * `{"$ne": ""}` can never become a query operator. The operators the code itself writes
 * (`{ $lte: now }`, `{ $in: ids }`) are marked with this, and only they pass as operators.
 */
export function operator<T extends object>(condition: T): T {
  return mongoose.trusted(condition) as T;
}
