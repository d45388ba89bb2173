/** What the batcher needs to know of each item: which device it belongs to. */
export interface BatchItem {
  /** Items with the same key are never in one batch, and are processed in arrival order. */
  key: string;
  /**
   * Must not wait for a batch slot (a report carrying an alarm): while every slot is busy, urgent
   * items go in one extra batch of their own, still after any earlier item of their key.
   */
  urgent?: boolean;
}

export interface ReportBatcherOptions<T extends BatchItem, R> {
  /** Processes one batch; resolves with one result per item, in the batch's order. */
  process: (items: T[]) => Promise<R[]>;
  /** Items in one batch at most. */
  maxBatch: number;
  /** Batches being processed at once at most (connections the pipeline may hold). */
  maxConcurrent: number;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for device reports (DESIGN §6 under load). A report is processed at once when the
 * pipeline is idle; while batches are running, the reports that arrive wait and go together in the
 * next one, so the cost of a transaction is shared by everything that arrived during the previous
 * one. Latency stays that of one transaction at low load, and throughput grows with load instead of
 * queueing behind one transaction per report.
 *
 * A batch holds at most one item per key (device), and a key in a running batch waits for it, so a
 * batch can apply its items with set-based statements, concurrent batches never lock the same
 * device (no deadlocks), and a device's reports take effect in the order they arrived.
 *
 * Urgent items (alarms) skip the queue: when the slots are busy they run at once in an express
 * batch beside them (one at a time), so an SOS under heavy load waits for its own small
 * transaction, not for the bulk batches ahead of it (bench:alarm).
 */
export class ReportBatcher<T extends BatchItem, R> {
  private waiting: Waiting<T, R>[] = [];
  /** Keys of the items in running batches: their next items wait until those commit. */
  private readonly inFlight = new Set<string>();
  private running = 0;
  private expressRunning = false;
  private urgentWaiting = 0;
  private scheduled = false;

  constructor(private readonly options: ReportBatcherOptions<T, R>) {}

  /** Queues an item; resolves with its result once its batch has been processed. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (item.urgent) this.urgentWaiting += 1;
      this.schedule();
    });
  }

  /** Items queued and not yet in a batch. */
  get backlog(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    const slot =
      this.running < this.options.maxConcurrent || (this.urgentWaiting > 0 && !this.expressRunning);
    if (this.scheduled || !slot || this.waiting.length === 0) return;
    this.scheduled = true;
    // After the current I/O callbacks: reports that arrived in the same tick join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.running < this.options.maxConcurrent && this.waiting.length > 0) {
      const batch = this.takeBatch(false);
      if (batch.length === 0) break;
      this.start(batch, false);
    }
    if (this.urgentWaiting > 0 && !this.expressRunning) {
      const batch = this.takeBatch(true);
      if (batch.length > 0) this.start(batch, true);
    }
  }

  private start(batch: Waiting<T, R>[], express: boolean): void {
    for (const waiting of batch) this.inFlight.add(waiting.item.key);
    if (express) this.expressRunning = true;
    else this.running += 1;
    void this.run(batch).finally(() => {
      for (const waiting of batch) this.inFlight.delete(waiting.item.key);
      if (express) this.expressRunning = false;
      else this.running -= 1;
      this.schedule();
    });
  }

  /**
   * The oldest waiting items (only urgent ones when `urgentOnly`), one per key, none of a key in
   * flight nor behind an earlier waiting item of its key, up to the batch size; the rest keep
   * their order.
   */
  private takeBatch(urgentOnly: boolean): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const keys = new Set<string>(this.inFlight);
    const left: Waiting<T, R>[] = [];
    for (const waiting of this.waiting) {
      const { key, urgent } = waiting.item;
      if (batch.length < this.options.maxBatch && !keys.has(key) && (urgent || !urgentOnly)) {
        batch.push(waiting);
        if (urgent) this.urgentWaiting -= 1;
      } else {
        left.push(waiting);
      }
      keys.add(key);
    }
    this.waiting = left;
    return batch;
  }

  private async run(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.options.process(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
