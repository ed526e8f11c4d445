/**
 * Sign-ins take turns (decision 081). A sign-in is the most expensive request there is: a password
 * check of tens of milliseconds of CPU, then a few writes. When a whole class signs in within a
 * minute, more checks at once only share the same cores, slow every other request down (the
 * answers of the students already in the exam), and fill the database pool's queue; a sign-in whose
 * later statement then waits too long for a connection answers 503 after its check was done, and is
 * tried again, check and all.
 *
 * So a process runs a few sign-ins at once. The others wait their turn in order, holding nothing.
 * Once admitted, a sign-in on PostgreSQL takes one database connection before its check and runs
 * all its statements on it, so it cannot fail for want of a connection after the check. When so
 * many wait that a new one's turn would come later than `maxWaitMs` at the pace of the recent ones,
 * it is refused at once, before any work, with 503 and a Retry-After of about the time the queue
 * needs.
 */
import pLimit from 'p-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Busy } from '../../domain/errors';

export interface SignInQueueOptions {
  /** Sign-ins running at once in this process. */
  atOnce: number;
  /** The longest a new sign-in should wait for its turn; one that would wait longer is refused. */
  maxWaitMs: number;
  /** Sign-ins waiting beyond which a new one is refused however quick they are. */
  maxWaiting: number;
}

/**
 * Two at once: one's password check and another's statements overlap, and two instances share two
 * cores. Ten seconds: a sign-in page that says "signing in" that long is still better than one that
 * asks to try again.
 */
const SIGN_IN_QUEUE_DEFAULTS: SignInQueueOptions = { atOnce: 2, maxWaitMs: 10_000, maxWaiting: 1000 };

/** What a waiting sign-in is told to allow per sign-in ahead of it, when none has finished yet. */
const FIRST_GUESS_MS = 50;

export class SignInQueue {
  private readonly limit: ReturnType<typeof pLimit>;
  /** How long recent sign-ins took, smoothed: for Retry-After. */
  private averageMs = FIRST_GUESS_MS;

  constructor(private readonly options: SignInQueueOptions = SIGN_IN_QUEUE_DEFAULTS) {
    this.limit = pLimit(options.atOnce);
  }

  get waiting(): number {
    return this.limit.pendingCount;
  }

  /**
   * Runs one sign-in in its turn; on PostgreSQL with a connection of its own, taken before the work
   * starts (`db` is then bound to it). Refuses at once when the queue is full.
   */
  async run<T>(
    db: Kysely<Database>,
    onOneConnection: boolean,
    work: (db: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    if (this.expectedWaitMs() > this.options.maxWaitMs || this.limit.pendingCount >= this.options.maxWaiting)
      throw this.busy();
    return await this.limit(async () => {
      const started = performance.now();
      try {
        return onOneConnection ? await db.connection().execute(work) : await work(db);
      } finally {
        this.averageMs += (performance.now() - started - this.averageMs) / 10;
      }
    });
  }

  /** How long the sign-ins waiting now will take, at the pace of the recent ones. */
  private expectedWaitMs(): number {
    return (this.limit.pendingCount * this.averageMs) / this.options.atOnce;
  }

  private busy(): Busy {
    return new Busy(
      {
        code: 'SIGN_IN_BUSY',
        detail: 'Many people are signing in at this moment. Please try again in a few seconds.',
      },
      this.expectedWaitMs() / 1000,
    );
  }
}
