/**
 * Whether and how the server sends traces (decision 075), read from the standard OTEL_* variables.
 * This file loads no OpenTelemetry code: a start without those variables pays nothing for tracing.
 */

/** SPEC §9: no traces in development, review and staging; one request in a hundred in production. */
export const PRODUCTION_TRACE_RATIO = 0.01;
export const DEVELOPMENT_TRACE_RATIO = 0;

/** The exporters this server has: OTLP over HTTP (JSON) and the console, for a look on one machine. */
export const TRACE_EXPORTERS = ['otlp', 'console'] as const;
export type TraceExporter = (typeof TRACE_EXPORTERS)[number];

export interface TraceSettings {
  exporter: TraceExporter;
  /**
   * The ratio of new traces that are sampled (a request that arrives with a sampled `traceparent`
   * is sampled whatever it is), or null when OTEL_TRACES_SAMPLER names a sampler of its own.
   */
  ratio: number | null;
}

const set = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * Traces are on when an OTLP endpoint or a trace exporter is named, and OTEL_SDK_DISABLED is not
 * true; null means off. Problems with the variables are returned as messages, not thrown: a
 * misspelt tracing variable must not stop the server.
 */
export function traceSettings(env: NodeJS.ProcessEnv): {
  settings: TraceSettings | null;
  problems: string[];
} {
  const problems: string[] = [];
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { settings: null, problems };
  const exporterName = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() ?? '';
  const endpoint = set(env.OTEL_EXPORTER_OTLP_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (exporterName === 'none' || (exporterName === '' && !endpoint)) return { settings: null, problems };
  // The standard allows a list; the first exporter this server has is used.
  const named = exporterName.split(',').map((name) => name.trim());
  const exporter = named.find((name): name is TraceExporter =>
    (TRACE_EXPORTERS as readonly string[]).includes(name),
  );
  if (exporterName !== '' && !exporter) {
    problems.push(
      `OTEL_TRACES_EXPORTER=${exporterName} is not one this server has (${TRACE_EXPORTERS.join(', ')}, none); traces are off.`,
    );
    return { settings: null, problems };
  }
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol && protocol !== 'http/json')
    problems.push(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: traces are sent as http/json, which collectors accept.`,
    );
  return { settings: { exporter: exporter ?? 'otlp', ratio: sampleRatio(env, problems) }, problems };
}

/** The ratio of new traces to sample, or null when OTEL_TRACES_SAMPLER chooses the sampler itself. */
function sampleRatio(env: NodeJS.ProcessEnv, problems: string[]): number | null {
  if (set(env.OTEL_TRACES_SAMPLER)) return null;
  const fallback = env.NODE_ENV === 'production' ? PRODUCTION_TRACE_RATIO : DEVELOPMENT_TRACE_RATIO;
  if (!set(env.OTEL_TRACES_SAMPLER_ARG)) return fallback;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG);
  if (Number.isFinite(ratio) && ratio >= 0 && ratio <= 1) return ratio;
  problems.push(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1; using ${fallback}.`);
  return fallback;
}

export interface Tracing {
  /** trace_id and span_id of the span the caller runs in, for its log line; empty outside one. */
  logFields(): Record<string, string>;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

/** Starts tracing when the environment asks for it; loads the OpenTelemetry code only then. */
export async function startTracingIfWanted(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
): Promise<Tracing | null> {
  const { settings, problems } = traceSettings(env);
  for (const problem of problems) warn(problem);
  if (!settings) return null;
  const { startTracing } = await import('./tracing');
  return startTracing(settings, warn);
}
