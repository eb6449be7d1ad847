import { operator } from '@invoice-platform/common/store/operators';
import { insertOnce } from '@invoice-platform/common/store/unique';
import type { SenderCallsDoc } from '../domain/records.ts';
import type { Models } from './models.ts';

/** One call taken from a sender's allowance, to give back once the provider confirmed what it sent. */
export interface SenderCall {
  sender: string;
  windowAt: Date;
}

/**
 * The sender_calls collection: per sender (an IP or IPv6 /64, as the gateway's limits count it),
 * the provider calls made for its notifications in the current window. A call is taken before the
 * provider is asked and given back when the provider confirms the notification, so only what the
 * provider does not confirm stays charged: a forger spends its own address's allowance, never a
 * checkout's, and a provider's own notifications never run out. Each take and give-back is one
 * conditional write, so concurrent notifications never take more than the allowance.
 */
export class SenderStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  /** Takes one call from the sender's allowance of `max` per `windowMs`; null when it is used up. */
  async take(sender: string, now: Date, max: number, windowMs: number): Promise<SenderCall | null> {
    const windowStart = new Date(now.getTime() - windowMs);
    // Two rounds: a call that loses the race to open a new window takes from that window next.
    for (let round = 0; round < 2; round++) {
      const within = await this.models.SenderCalls.findOneAndUpdate(
        { _id: sender, window_at: operator({ $gt: windowStart }), calls: operator({ $lt: max }) },
        { $inc: { calls: 1 } },
        { returnDocument: 'after' },
      )
        .lean<Pick<SenderCallsDoc, 'window_at'>>()
        .exec();
      if (within) return { sender, windowAt: within.window_at };
      // No window yet, or it is over: this call opens a new one.
      const fresh = { calls: 1, window_at: now, expires_at: new Date(now.getTime() + windowMs) };
      const reopened = await this.models.SenderCalls.updateOne(
        { _id: sender, window_at: operator({ $lte: windowStart }) },
        { $set: fresh },
      ).exec();
      if (reopened.modifiedCount === 1) return { sender, windowAt: now };
      if (await insertOnce(this.models.SenderCalls, { _id: sender, ...fresh })) return { sender, windowAt: now };
    }
    return null;
  }

  /** Gives a call back (the provider confirmed the notification, or could not be asked); a window since over keeps none. */
  async giveBack(call: SenderCall): Promise<void> {
    await this.models.SenderCalls.updateOne(
      { _id: call.sender, window_at: call.windowAt, calls: operator({ $gt: 0 }) },
      { $inc: { calls: -1 } },
    ).exec();
  }
}
