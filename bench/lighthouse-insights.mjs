// What limits a page's Lighthouse score: the metrics with their weights and scores, the
// opportunities and diagnostics that are not passed (largest saving first), the accessibility
// audits that failed, and the main-thread work by script. Used by bench/web.mjs with
// BENCH_WEB_DETAILS=1; prints, writes nothing.

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const ms = (value) => `${Math.round(value)} ms`;

/** Lines describing one Lighthouse result (lhr). */
export function insights(lhr) {
  const lines = [];
  const refs = Object.fromEntries(lhr.categories.performance.auditRefs.map((ref) => [ref.id, ref]));
  lines.push(
    '  metrics: ' +
      METRICS.map((id) => {
        const audit = lhr.audits[id];
        return `${id.replace(/-/g, ' ')} ${audit?.displayValue ?? '?'} (score ${audit?.score ?? '?'}, weight ${refs[id]?.weight ?? 0})`;
      }).join('; '),
  );
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpElement) lines.push(`  LCP element: ${lcpElement.snippet} (${lcpElement.nodeLabel ?? ''})`);
  const lcpPhases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  if (lcpPhases)
    lines.push(`  LCP phases: ${lcpPhases.map((phase) => `${phase.phase} ${ms(phase.timing)}`).join(', ')}`);
  const open = Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        !METRICS.includes(audit.id) &&
        (audit.details?.type === 'opportunity' ||
          audit.details?.type === 'table' ||
          audit.details?.type === 'list'),
    )
    .map((audit) => ({
      audit,
      saving: audit.metricSavings
        ? Math.max(audit.metricSavings.LCP ?? 0, audit.metricSavings.FCP ?? 0, audit.metricSavings.TBT ?? 0)
        : (audit.details?.overallSavingsMs ?? 0),
    }))
    .sort((a, b) => b.saving - a.saving)
    .slice(0, 12);
  for (const { audit, saving } of open) {
    const items = (audit.details?.items ?? []).slice(0, 4).map((item) => {
      const what = item.url ?? item.node?.snippet ?? item.label ?? item.groupLabel ?? item.source?.url ?? '';
      const size = item.wastedBytes ? ` ${(item.wastedBytes / 1024).toFixed(1)} KB` : '';
      const time = item.wastedMs ? ` ${ms(item.wastedMs)}` : item.total ? ` ${ms(item.total)}` : '';
      return `${String(what).slice(0, 100)}${size}${time}`;
    });
    lines.push(
      `  ${audit.id} (score ${audit.score}${saving ? `, saves ~${ms(saving)}` : ''}): ${audit.displayValue ?? audit.title}`,
    );
    for (const item of items) lines.push(`      ${item}`);
  }
  for (const ref of lhr.categories.accessibility.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (audit?.score !== 0) continue;
    lines.push(`  accessibility: ${audit.id}: ${audit.title}`);
    for (const item of (audit.details?.items ?? []).slice(0, 5))
      lines.push(
        `      ${item.node?.snippet?.slice(0, 160) ?? ''} ${item.node?.explanation?.split('\n')[1] ?? ''}`,
      );
  }
  return lines;
}
