/**
 * Prometheus metrics at GET /metrics, behind a bearer token (LEERPAD_METRICS_TOKEN): requests per
 * route with their latency, the database pool and the job queue. Without a token nothing is
 * measured and the address does not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/connection';
import type { JobQueue } from '../jobs/job-queue';

/** Where the metrics are read: an address of no portal. */
export const METRICS_PATH = '/metrics';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** How long one source (the job queue's depth) may take before /metrics goes on without it. */
const METRIC_SOURCE_MS = 1000;

async function withinMs<T>(ms: number, work: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.catch(() => null),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ms);
        timer.unref();
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerMetrics(
  app: FastifyInstance,
  token: string,
  sources: {
    database: DatabaseHandle;
    jobs: JobQueue;
    limitStore?: { readonly fallingBack: boolean };
    /** Statements about the portal's own learning that could not be written to its LRS. */
    selfStatementFailures?: () => number;
    /** Seconds of the password checks made since the last read (sign-in's argon2 verification). */
    passwordCheckSeconds?: () => number[];
    /** The route pattern of a quiz answer save, timed apart as the exam-day path. */
    quizAnswerRoute?: string;
    /** Quiz attempts running now (started, not handed in, time not run out). */
    activeQuizAttempts?: () => Promise<number>;
  },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'leerpad_' });
  const requests = new Histogram({
    name: 'leerpad_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'leerpad_db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = sources.database.poolStats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'leerpad_job_queue_depth',
    help: 'Background jobs waiting to run',
    registers: [registry],
    async collect() {
      // A database that does not answer must not hold /metrics: the gauge is left out this time.
      const depth = await withinMs(METRIC_SOURCE_MS, sources.jobs.depth());
      if (depth === null) this.reset();
      else this.set(depth);
    },
  });
  const limitStore = sources.limitStore;
  if (limitStore) {
    new Gauge({
      name: 'leerpad_rate_limit_store_fallback',
      help: '1 while rate limits count in this instance because Redis does not answer, else 0',
      registers: [registry],
      collect() {
        this.set(limitStore.fallingBack ? 1 : 0);
      },
    });
  }

  const selfStatementFailures = sources.selfStatementFailures;
  if (selfStatementFailures) {
    new Gauge({
      name: 'leerpad_xapi_self_statement_failures',
      help: "Failed writes of Leerpad's own statements to a portal's LRS since the process started",
      registers: [registry],
      collect() {
        this.set(selfStatementFailures());
      },
    });
  }

  const passwordCheckSeconds = sources.passwordCheckSeconds;
  if (passwordCheckSeconds) {
    new Histogram({
      name: 'leerpad_password_check_seconds',
      help: 'Time a sign-in spends checking the password against its argon2 hash',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
      collect() {
        for (const seconds of passwordCheckSeconds()) this.observe(seconds);
      },
    });
  }

  const activeQuizAttempts = sources.activeQuizAttempts;
  if (activeQuizAttempts) {
    new Gauge({
      name: 'leerpad_quiz_attempts_active',
      help: 'Quiz attempts running now: started, not handed in, and within their time limit',
      registers: [registry],
      async collect() {
        const count = await withinMs(METRIC_SOURCE_MS, activeQuizAttempts());
        if (count === null) this.reset();
        else this.set(count);
      },
    });
  }
  const quizAnswerRoute = sources.quizAnswerRoute;
  const quizAnswers = new Histogram({
    name: 'leerpad_quiz_answer_seconds',
    help: 'Time to save one quiz answer (PUT …/answers/:question), by status',
    labelNames: ['status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.4, 1, 2.5],
    registers: quizAnswerRoute ? [registry] : [],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the address itself: ids would make a series per record.
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    if (quizAnswerRoute && route === quizAnswerRoute) {
      quizAnswers.observe({ status: String(reply.statusCode) }, seconds);
    }
  });

  app.get(METRICS_PATH, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice('Bearer '.length), token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain')
        .send('A metrics token is needed.\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
