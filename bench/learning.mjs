#!/usr/bin/env node
// Learning benchmarks: the catalog with 10,000 courses (search, category filter, first page) and a
// course outline with 500 learning objects, on SQLite and PostgreSQL. Prints a Markdown table and
// writes it to docs/benchmarks.md.
//
//   npm run build -w @leerpad/server && node bench/learning.mjs
//
// Each run starts the built server (node apps/server/dist/main.js --demo) on a temporary SQLite file
// and on a temporary PostgreSQL database, bulk-inserts the data with SQL, signs in as the demo
// student, then measures every endpoint twice: 200 sequential requests (median and p99 of the full
// round trip, after 20 warm-up requests) and autocannon (10 connections, 5 s) for throughput and p99
// under load. Everything targets 127.0.0.1, stops by itself and cleans up after itself.
// LEERPAD_SKIP_POSTGRES=1 measures SQLite only; BENCH_SECONDS changes the autocannon duration.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { cannon, connect, latency, placeholders, signIn, temporaryDatabase } from './measure.mjs';
import { serverEntry, startServer, stopProcess } from './processes.mjs';
import { writeSection } from './report.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const COURSES = 10_000;
const SECTIONS = 20;
const OBJECTS_PER_SECTION = 25; // 500 learning objects
const BUDGET_MS = 15;
const root = new URL('..', import.meta.url).pathname;

if (!existsSync(serverEntry)) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@leerpad/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ------------------------------------------------------------------------------------------- data

const TOPICS = [
  'Safety',
  'Customer',
  'Leadership',
  'Digital',
  'Finance',
  'Logistics',
  'Quality',
  'Health',
  'Language',
  'Compliance',
];
const NOUNS = [
  'basics',
  'essentials',
  'in practice',
  'for teams',
  'refresher',
  'masterclass',
  'toolkit',
  'deep dive',
];
const WORDS = [
  'plan',
  'check',
  'improve',
  'listen',
  'measure',
  'share',
  'learn',
  'guide',
  'protect',
  'deliver',
];

/** Rows for 10,000 courses: 90% published, spread over the portal's categories, one label each. */
function courseRows(categoryIds, now) {
  return Array.from({ length: COURSES }, (_, index) => {
    const n = index + 1;
    const status = n % 20 === 0 ? 'draft' : n % 20 === 1 ? 'archived' : 'published';
    const published = new Date(Date.parse('2026-01-01T00:00:00Z') + n * 60_000).toISOString();
    return [
      1,
      `${TOPICS[n % TOPICS.length]} ${NOUNS[n % NOUNS.length]} ${String(n).padStart(5, '0')}`,
      `Learn to ${WORDS[n % WORDS.length]} and ${WORDS[(n * 7) % WORDS.length]} at work (${n}).`,
      `<p>Course ${n}</p>`,
      'en',
      status,
      categoryIds[n % categoryIds.length],
      15 + (n % 120),
      status === 'draft' ? null : published,
      now,
      published,
    ];
  });
}
const COURSE_COLUMNS =
  'portal_id, title, summary, description, language, status, catalog_category_id, estimated_minutes, published_at, created_at, updated_at';

async function fill(kind, url, studentId) {
  const db = await connect(kind, url);
  const started = performance.now();
  const now = new Date().toISOString();
  const categoryIds = (await db.all('select id from catalog_categories where portal_id = 1 order by id')).map(
    (r) => Number(r.id),
  );
  const labelIds = (await db.all('select id from content_labels where portal_id = 1 order by id')).map((r) =>
    Number(r.id),
  );
  await db.exec(kind === 'sqlite' ? 'begin' : 'begin');
  const rows = courseRows(categoryIds, now);
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db.run(
      `insert into courses (${COURSE_COLUMNS}) values ${placeholders(chunk, 11, kind)}`,
      chunk.flat(),
    );
  }
  const benchCourses = await db.all(
    "select id from courses where portal_id = 1 and summary like 'Learn to %' order by id",
  );
  for (let start = 0; start < benchCourses.length; start += 500) {
    const chunk = benchCourses
      .slice(start, start + 500)
      .map((row, index) => [1, Number(row.id), labelIds[(start + index) % labelIds.length]]);
    await db.run(
      `insert into course_content_labels (portal_id, course_id, content_label_id) values ${placeholders(chunk, 3, kind)}`,
      chunk.flat(),
    );
  }

  // One course with 500 learning objects, the demo student enrolled with half of them done.
  const courseId = await db.insertId(
    `insert into courses (${COURSE_COLUMNS}) values (${placeholders([0], 11, kind).slice(1, -1)})`,
    [
      1,
      'Outline benchmark: 500 learning objects',
      'A very long course.',
      '<p>Long</p>',
      'en',
      'published',
      categoryIds[0],
      600,
      now,
      now,
      now,
    ],
  );
  const objectIds = [];
  for (let s = 1; s <= SECTIONS; s++) {
    const sectionId = await db.insertId(
      'insert into course_sections (portal_id, course_id, title, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
      [1, courseId, `Section ${s}`, s, now, now],
    );
    const objects = Array.from({ length: OBJECTS_PER_SECTION }, (_, i) => {
      const type = ['page', 'video', 'page', 'quiz', 'assignment'][i % 5];
      return [
        1,
        courseId,
        sectionId,
        type,
        `Lesson ${s}.${i + 1}`,
        i + 1,
        1,
        5,
        `<p>Content of lesson ${s}.${i + 1}</p>`,
        type === 'video' ? 'https://vimeo.com/76979871' : null,
        type === 'video' ? 'vimeo' : null,
        type === 'video' ? 'https://player.vimeo.com/video/76979871' : null,
        type === 'quiz' ? '{"pass_mark":70,"attempts_limit":null,"questions_per_attempt":null}' : '{}',
        now,
        now,
      ];
    });
    await db.run(
      `insert into learning_objects (portal_id, course_id, section_id, type, title, position, required, estimated_minutes, body, video_url, video_provider, embed_url, settings, created_at, updated_at) values ${placeholders(objects, 15, kind)}`,
      objects.flat(),
    );
    const ids = await db.all('select id from learning_objects where section_id = ? order by position', [
      sectionId,
    ]);
    objectIds.push(...ids.map((row) => Number(row.id)));
  }
  const enrollmentId = await db.insertId(
    'insert into enrollments (portal_id, course_id, account_id, status, last_learning_object_id, enrolled_at, last_activity_at, completed_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    [1, courseId, studentId, 'active', objectIds[249], now, now, null],
  );
  const progress = objectIds
    .slice(0, 250)
    .map((id) => [1, enrollmentId, id, 'completed', null, null, 0, now, now]);
  for (let start = 0; start < progress.length; start += 100) {
    const chunk = progress.slice(start, start + 100);
    await db.run(
      `insert into learning_object_progress (portal_id, enrollment_id, learning_object_id, status, last_position, score, attempts_count, completed_at, updated_at) values ${placeholders(chunk, 9, kind)}`,
      chunk.flat(),
    );
  }
  await db.exec('commit');
  await db.exec(kind === 'sqlite' ? 'analyze' : 'vacuum analyze');
  const [{ n: total }] = await db.all('select count(*) as n from courses where portal_id = 1');
  const [{ n: objects }] = await db.all('select count(*) as n from learning_objects where course_id = ?', [
    courseId,
  ]);
  await db.close();
  return {
    courseId,
    categoryId: categoryIds[1],
    seconds: (performance.now() - started) / 1000,
    total: Number(total),
    objects: Number(objects),
  };
}

// ------------------------------------------------------------------------------------------ server

async function benchDatabase(kind, port) {
  const dir = mkdtempSync(join(tmpdir(), 'leerpad-bench-learning-'));
  const database = await temporaryDatabase(kind, dir, `leerpad_bench_learning_${process.pid}`);
  const databaseUrl = database.url;
  let server;
  try {
    server = await startServer({ DATABASE_URL: databaseUrl, LEERPAD_DATA_DIR: dir }, port);
    const base = `http://127.0.0.1:${port}`;
    const student = await signIn(base, 'student@leerpad.test');
    const data = await fill(kind, databaseUrl, student.accountId);
    const endpoints = [
      { name: 'catalog, first page (sort=title)', path: '/api/v1/courses?sort=title' },
      { name: 'catalog search "logistics"', path: '/api/v1/courses?filter[search]=logistics' },
      {
        name: 'catalog category filter',
        path: `/api/v1/courses?filter[category]=${data.categoryId}&sort=title`,
      },
      {
        name: 'course outline, 500 learning objects with my progress',
        path: `/api/v1/courses/${data.courseId}?include=course_sections,learning_objects,learning_object_progress,enrollment`,
      },
    ];
    const results = [];
    for (const endpoint of endpoints) {
      const url = `${base}${endpoint.path}`;
      const sequential = await latency(url, student.cookie);
      const load = await cannon(url, student.cookie, { connections: CONNECTIONS, seconds: DURATION_S });
      const body = sequential.body;
      const shape = Array.isArray(body.data)
        ? `${body.data.length} of ${body.meta.total.toLocaleString('en')}`
        : `${body.included.filter((r) => r.type === 'learning_objects').length} objects`;
      results.push({ ...endpoint, sequential, load, shape });
    }
    return { data, results };
  } finally {
    if (server) await stopProcess(server);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------ report

const ms = (value) => `${value.toFixed(2)} ms`;
const loadAtStart = loadavg()[0];
const runs = { sqlite: await benchDatabase('sqlite', 4511) };
if (process.env.LEERPAD_SKIP_POSTGRES !== '1') runs.postgres = await benchDatabase('postgres', 4512);

const date = new Date().toISOString().slice(0, 10);
const lines = [
  `## Learning: catalog and course outline — ${date}`,
  '',
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (the server, the database and the load generator share the machine).`,
  `Data: ${COURSES.toLocaleString('en')} extra courses (90% published) in the demo's 3 categories, each with a label; one course with ${SECTIONS * OBJECTS_PER_SECTION} learning objects in ${SECTIONS} sections, the student enrolled with half done.`,
  `Median and p99: 200 sequential requests as the signed-in demo student after 20 warm-up requests, request to last byte on loopback. Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s. Budget: median under ${BUDGET_MS} ms.`,
  '',
  '| endpoint | database | rows | median | p99 | under load: req/s | p50 | p99 | non-2xx | budget |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
];
let overBudget = 0;
for (const [kind, run] of Object.entries(runs)) {
  for (const result of run.results) {
    const ok = result.sequential.median < BUDGET_MS;
    if (!ok) overBudget += 1;
    lines.push(
      `| ${result.name} | ${kind} | ${result.shape} | ${ms(result.sequential.median)} | ${ms(result.sequential.p99)} | ${result.load.rps} | ${result.load.p50} ms | ${result.load.p99} ms | ${result.load.errors} | ${ok ? 'ok' : 'OVER'} |`,
    );
  }
}
lines.push(
  '',
  `Bulk insert: ${Object.entries(runs)
    .map(
      ([kind, run]) =>
        `${run.data.total.toLocaleString('en')} courses and ${run.data.objects} objects in ${run.data.seconds.toFixed(1)} s on ${kind}`,
    )
    .join('; ')}.`,
  '',
);
console.log(lines.join('\n'));
writeSection('Learning: catalog and course outline', lines.join('\n'));
process.exitCode = overBudget > 0 ? 1 : 0;
