import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DATABASE } from '../test/test-app';
import { until } from '../test/wait';
import { PRODUCTION_TRACE_RATIO, traceSettings } from './trace-settings';

/**
 * Traces (decision 075): the real server, started as operators start it, sends its spans to an OTLP
 * collector (here a local receiver) when the OTEL_* variables name one, and its request log lines
 * carry the trace id. Without them, or with OTEL_SDK_DISABLED, nothing is sent.
 */

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

/** A stand-in for an OpenTelemetry collector: it keeps what is posted to /v1/traces. */
async function startCollector(): Promise<{ server: Server; url: string; exports: OtlpExport[] }> {
  const exports: OtlpExport[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces')
        exports.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The server as `node src/main.ts` starts it, with these variables and none of ours besides. */
async function startServer(databaseUrl: string, extra: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'leerpad-traces-'));
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('OTEL_') && name !== 'NODE_ENV') environment[name] = value;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...environment,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LEERPAD_PUBLIC_URL: `http://localhost:${port}`,
      LEERPAD_LOG_LEVEL: 'debug',
      LEERPAD_DATA_DIR: dataDir,
      LEERPAD_WEB_DIR: '/nonexistent/leerpad-web',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Leerpad is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server ended (${code}):\n${output}`)));
  });
  return {
    child,
    url: `http://localhost:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A failed sign-in: a route that reads the database whoever asks. */
const signIn = (url: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
  });

/** The server's JSON log lines about one request: its arrival (by path) and every line after with its id. */
function logLinesFor(output: string, path: string): Array<Record<string, unknown>> {
  const lines = output
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Record<string, unknown> & { reqId?: string; req?: { url?: string } });
  const requestId = lines.find((line) => line.req?.url === path)?.reqId;
  return requestId ? lines.filter((line) => line.reqId === requestId) : [];
}

const spansOf = (exports: OtlpExport[]) =>
  exports.flatMap((batch) =>
    batch.resourceSpans.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) =>
        scope.spans.map((span) => ({ ...span, scope: scope.scope.name, resource: resource.resource })),
      ),
    ),
  );

/** The first value `find` answers that is not null, waiting for it. */
async function waitFor<T>(find: () => T | null, what: string): Promise<T> {
  let found: T | null = null;
  await until(() => (found = find()) !== null, 15_000, what);
  return found!;
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

let databaseUrl = '';
let dropDatabase = async () => {};
const folder = mkdtempSync(join(tmpdir(), 'leerpad-traces-db-'));

beforeAll(async () => {
  if (TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  } else {
    databaseUrl = `sqlite:${join(folder, 'traces.sqlite')}`;
  }
});

afterAll(async () => {
  await dropDatabase();
  rmSync(folder, { recursive: true, force: true });
});

describe('traces sent to an OTLP collector', () => {
  it('a request arrives as an HTTP span with its Fastify route and its statements, and its log lines carry the trace id', async () => {
    const collector = await startCollector();
    const server = await startServer(databaseUrl, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'leerpad-under-test',
    });
    try {
      const answer = await signIn(server.url);
      expect(answer.status).toBeGreaterThanOrEqual(400);

      const spans = await waitFor(() => {
        const all = spansOf(collector.exports);
        const http = all.find(
          (span) =>
            span.scope === '@opentelemetry/instrumentation-http' &&
            attribute(span, 'http.route') === '/api/auth/login',
        );
        return http ? all.filter((span) => span.traceId === http.traceId) : null;
      }, 'the HTTP span of POST /api/auth/login');
      const http = spans.find((span) => span.scope === '@opentelemetry/instrumentation-http')!;
      expect(http.kind).toBe(2); // SERVER
      expect(attribute(http, 'http.response.status_code') ?? attribute(http, 'http.status_code')).toBe(
        answer.status,
      );
      // Fastify's own spans sit under it: the request with its route, and the handler.
      const fastify = spans.filter((span) => span.scope === '@fastify/otel');
      expect(fastify.map((span) => attribute(span, 'http.route'))).toContain('/api/auth/login');
      expect(fastify.some((span) => span.name.startsWith('handler'))).toBe(true);
      const resourceName = spansOf(collector.exports)[0]!.resource.attributes.find(
        (entry) => entry.key === 'service.name',
      )?.value.stringValue;
      expect(resourceName).toBe('leerpad-under-test');
      if (TEST_DATABASE === 'postgres') {
        // The account lookup, as a statement of the same trace; what was bound to it is not recorded.
        const statements = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
        expect(statements.length).toBeGreaterThan(0);
        expect(JSON.stringify(statements)).not.toContain('nobody@example.com');
      }

      // The request's log lines name the same trace.
      const lines = await waitFor(() => {
        const found = logLinesFor(server.output(), '/api/auth/login');
        return found.some((line) => line.msg === 'request completed') ? found : null;
      }, 'the log lines of POST /api/auth/login');
      expect(lines.every((line) => line.trace_id === http.traceId)).toBe(true);
      expect(lines.every((line) => typeof line.span_id === 'string')).toBe(true);
    } finally {
      await server.stop();
      collector.server.close();
    }
  });

  it('with OTEL_SDK_DISABLED=true nothing is sent and log lines carry no trace id', async () => {
    const collector = await startCollector();
    const server = await startServer(databaseUrl, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SDK_DISABLED: 'true',
    });
    try {
      expect((await signIn(server.url)).status).toBeGreaterThanOrEqual(400);
      const lines = await waitFor(() => {
        const found = logLinesFor(server.output(), '/api/auth/login');
        return found.some((line) => line.msg === 'request completed') ? found : null;
      }, 'the log lines of POST /api/auth/login');
      expect(lines.some((line) => 'trace_id' in line)).toBe(false);
    } finally {
      // Stopping flushes what a tracer would still hold: after it, the collector has had its chance.
      await server.stop();
      collector.server.close();
    }
    expect(collector.exports).toEqual([]);
  });
});

describe('which traces are sampled', () => {
  it('is off without an OTLP endpoint or exporter, and when OTEL_SDK_DISABLED is true', () => {
    expect(traceSettings({}).settings).toBeNull();
    expect(traceSettings({ NODE_ENV: 'production' }).settings).toBeNull();
    expect(
      traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })
        .settings,
    ).toBeNull();
    expect(traceSettings({ OTEL_TRACES_EXPORTER: 'none' }).settings).toBeNull();
  });

  it('samples no new traces in development and one in a hundred in production (SPEC §9)', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(traceSettings({ ...endpoint, NODE_ENV: 'development' }).settings).toEqual({
      exporter: 'otlp',
      ratio: 0,
    });
    expect(traceSettings(endpoint).settings?.ratio).toBe(0);
    expect(traceSettings({ ...endpoint, NODE_ENV: 'production' }).settings?.ratio).toBe(
      PRODUCTION_TRACE_RATIO,
    );
    expect(PRODUCTION_TRACE_RATIO).toBe(0.01);
  });

  it('follows OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG when they are set', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', NODE_ENV: 'production' };
    expect(traceSettings({ ...endpoint, OTEL_TRACES_SAMPLER: 'always_on' }).settings?.ratio).toBeNull();
    expect(traceSettings({ ...endpoint, OTEL_TRACES_SAMPLER_ARG: '0.25' }).settings?.ratio).toBe(0.25);
    const wrong = traceSettings({ ...endpoint, OTEL_TRACES_SAMPLER_ARG: 'lots' });
    expect(wrong.settings?.ratio).toBe(PRODUCTION_TRACE_RATIO);
    expect(wrong.problems.join()).toContain('OTEL_TRACES_SAMPLER_ARG');
    expect(traceSettings({ OTEL_TRACES_EXPORTER: 'console' }).settings?.exporter).toBe('console');
    const unknown = traceSettings({ OTEL_TRACES_EXPORTER: 'zipkin' });
    expect(unknown.settings).toBeNull();
    expect(unknown.problems.join()).toContain('zipkin');
  });
});
