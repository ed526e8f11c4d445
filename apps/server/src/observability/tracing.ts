/**
 * OpenTelemetry traces (decision 075): a span per HTTP request (node's http), per Fastify request,
 * hook and handler (@fastify/otel), and per PostgreSQL statement run within them (pg), exported
 * over OTLP/HTTP. Loaded by trace-settings.ts only when the OTEL_* variables ask for traces.
 */
import { createRequire } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import { context, diag, DiagLogLevel, isSpanContextValid, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import type { Tracing, TraceSettings } from './trace-settings';

export function startTracing(settings: TraceSettings, warn: (message: string) => void): Tracing {
  // The SDK's own complaints (a collector that does not answer) reach the log, not the void.
  diag.setLogger(
    {
      error: (message) => warn(`OpenTelemetry: ${message}`),
      warn: (message) => warn(`OpenTelemetry: ${message}`),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the name given here.
  const resource = resourceFromAttributes({ 'service.name': 'leerpad' }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const exporter = settings.exporter === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource,
    // Without OTEL_TRACES_SAMPLER the provider is given the ratio of SPEC §9; with it, it reads
    // OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG itself.
    ...(settings.ratio === null
      ? {}
      : { sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.ratio) }) }),
    // Batched: OTEL_BSP_SCHEDULE_DELAY, OTEL_BSP_MAX_QUEUE_SIZE … apply.
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The W3C trace context propagator and the async-hooks context manager.
  provider.register();

  const instrumentations = [
    new HttpInstrumentation(),
    // Fastify announces each new instance on a diagnostics channel; the plugin registers itself there.
    new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    // Statements within a request only: the job workers' polling would otherwise be a trace a second.
    // Values bound to a statement are never recorded (enhancedDatabaseReporting stays off).
    new PgInstrumentation({ requireParentSpan: true }),
  ];
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
  }
  // The server is an ES module: its `import` of node:http and pg does not pass through require(),
  // where the instrumentations wait. Requiring them once here patches the very objects those
  // imports receive (node's module cache is shared), with no ESM loader hook.
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'node:https', 'pg']) {
    try {
      require(name);
    } catch (error) {
      warn(`OpenTelemetry: could not instrument ${name}: ${String(error)}`);
    }
  }

  return {
    logFields(): Record<string, string> {
      const span = trace.getSpan(context.active());
      const spanContext = span?.spanContext();
      if (!spanContext || !isSpanContextValid(spanContext)) return {};
      return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
    },
    async shutdown() {
      for (const instrumentation of instrumentations) instrumentation.disable();
      await provider.shutdown();
    },
  };
}
