import "server-only";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The query queue behind the embedded database's socket server, replacing the one @electric-sql/pglite-socket
 * ships. PGlite is a single backend that every client connection shares, so the queue decides which connection's
 * protocol message runs next. The shipped queue keeps a connection exclusive only while a transaction is open;
 * between transactions it interleaves single messages, and node-postgres sends every parameterised query as an
 * extended-protocol exchange (Parse, Bind, Describe, Execute, Sync). Two connections interleaving those overwrite
 * each other's unnamed statement and portal ("portal does not exist"). This queue also keeps a connection exclusive
 * from the first message of an exchange to its Sync.
 */

type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
};

// Frontend message types (first byte) of the extended query protocol that leave an exchange open until Sync.
const OPENS_OR_CONTINUES_EXCHANGE = new Set([
  0x50 /* Parse */, 0x42 /* Bind */, 0x44 /* Describe */, 0x45 /* Execute */, 0x43 /* Close */, 0x48 /* Flush */,
]);

export class ExchangeAwareQueryQueue {
  private queue: QueuedMessage[] = [];
  private isProcessing = false;
  /** The connection the backend belongs to until its exchange or transaction ends; null when free. */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((queued) => {
      if (queued.handlerId !== handlerId) return true;
      queued.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that goes away gives the backend back, rolling back whatever it left open. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    await this.process();
  }

  private async process(): Promise<void> {
    if (this.isProcessing) return;
    this.isProcessing = true;
    try {
      for (;;) {
        const at = this.owner === null ? 0 : this.queue.findIndex((queued) => queued.handlerId === this.owner);
        // The owner has not sent its next message yet; enqueue() resumes processing when it does.
        if (at === -1 || this.queue.length === 0) break;
        const [next] = this.queue.splice(at, 1);
        if (next) await this.run(next);
      }
    } finally {
      this.isProcessing = false;
    }
  }

  private async run(queued: QueuedMessage): Promise<void> {
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(queued.message, {
          onRawData: (data) => {
            bytes += data.length;
            queued.onData(data);
          },
        }),
      );
    } catch (error) {
      this.owner = this.db.isInTransaction() ? queued.handlerId : null;
      queued.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const type = queued.message[0] ?? 0;
    const isExchangeOpen = OPENS_OR_CONTINUES_EXCHANGE.has(type);
    this.owner = isExchangeOpen || this.db.isInTransaction() ? queued.handlerId : null;
    queued.resolve(bytes);
  }
}
