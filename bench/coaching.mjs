#!/usr/bin/env node
// Coaching benchmarks (issue 12): the coach overview and the student list for a coach with 2,000
// students and 200,000 answers, and the notification stream's fan-out to 1,000 open streams, on
// SQLite and PostgreSQL. Prints a Markdown report and writes it to docs/benchmarks.md.
//
//   npm run build -w @leerpad/server && node bench/coaching.mjs
//
// Each run starts the built server (node apps/server/dist/main.js --demo) on a temporary SQLite file
// and on a temporary PostgreSQL database and bulk-inserts with SQL 2,000 students of the demo coach
// (primary coach) in the demo academy, each enrolled in 5 courses of 20 assignments, with one answer
// per assignment (200,000 answers: mostly approved, some waiting for review at different ages, some
// sent back, some drafts), with the stored progress and weekly counts the server keeps as it writes. Then, as the demo coach: 200 sequential requests per endpoint (median and
// p99 after 20 warm-ups) and autocannon (10 connections, 5 s).
//
// Fan-out: the stream allows 5 open streams per account, so 200 of the students hold 5 streams each
// (1,000 streams; their sessions are inserted directly). The event is an announcement to the
// students of a course only those 200 are enrolled in: the announcement job notifies each of them in
// one transaction, and each notification wakes its account's 5 streams (in-process on SQLite,
// LISTEN/NOTIFY on PostgreSQL). Measured: from the job's claim (`notified_at`) to each stream
// receiving its notification, and the server's RSS before and after opening the streams.
// LEERPAD_SKIP_POSTGRES=1 measures SQLite only; BENCH_SECONDS changes the autocannon duration.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { cannon, connect, insertRows, latency, quantile, signIn, temporaryDatabase } from './measure.mjs';
import { serverEntry, startServer, stopProcess } from './processes.mjs';
import { writeSection } from './report.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
// Sequential samples per endpoint and warm-ups before them (BENCH_REQUESTS, BENCH_WARMUP).
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const STUDENTS = 2_000;
const COURSES = 5;
const ASSIGNMENTS_PER_COURSE = 20; // 100 answers per student, 200,000 in all
const STREAM_ACCOUNTS = 200;
const STREAMS_PER_ACCOUNT = 5; // apps/server/src/modules/notifications/stream.ts
const BUDGET_MS = 20;
const FANOUT_BUDGET_MS = 1_000;
const DAY = 86_400_000;
const root = new URL('..', import.meta.url).pathname;
const log = (text) => console.error(`[coaching ${new Date().toISOString().slice(11, 19)}] ${text}`);

if (!existsSync(serverEntry)) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@leerpad/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ------------------------------------------------------------------------------------------- data

const FIRST = ['Anna', 'Bram', 'Carmen', 'Daan', 'Eva', 'Finn', 'Greta', 'Hugo', 'Ilse', 'Joris'];
const LAST = [
  'de Vries',
  'Jansen',
  'Popescu',
  'Bakker',
  'Ionescu',
  'Visser',
  'Smit',
  'Mulder',
  'Dumitru',
  'Bos',
  'Meijer',
  'Vos',
  'Peters',
  'Hendriks',
  'Stan',
  'Dekker',
  'Brouwer',
  'Moldovan',
  'Koster',
  'Prins',
];

/** A deterministic spread in [0, 1) for student `s` and assignment `a`. */
const spread = (s, a) => (((s * 7_919 + a * 104_729) % 1_000) + 0.5) / 1_000;

/** 85% approved, 5% sent back, 6% waiting for review (0–30 days old), 4% drafts. */
function answerOf(s, a, now) {
  const r = spread(s, a);
  if (r < 0.04) return { status: 'draft', submitted: null, reviewed: null };
  if (r < 0.1) {
    const submitted = new Date(now - ((r - 0.04) / 0.06) * 30 * DAY - 3_600_000).toISOString();
    return { status: 'submitted', submitted, reviewed: null };
  }
  const submittedMs = now - 5 * DAY - ((s * 31 + a * 17) % 170) * DAY - ((s + a) % 24) * 3_600_000;
  const reviewed = new Date(submittedMs + (1 + ((s + a) % 4)) * DAY).toISOString();
  return {
    status: r < 0.15 ? 'revision_requested' : 'approved',
    submitted: new Date(submittedMs).toISOString(),
    reviewed,
  };
}

const COURSE_COLUMNS = [
  'portal_id',
  'title',
  'summary',
  'description',
  'language',
  'status',
  'catalog_category_id',
  'estimated_minutes',
  'published_at',
  'created_at',
  'updated_at',
];

async function insertCourse(db, title, categoryId, assignments, nowIso) {
  const courseId = await db.insertId(
    `insert into courses (${COURSE_COLUMNS.join(', ')}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      1,
      title,
      `${title}, a coaching benchmark course.`,
      '<p>Bench</p>',
      'en',
      'published',
      categoryId,
      60,
      nowIso,
      nowIso,
      nowIso,
    ],
  );
  const sectionId = await db.insertId(
    'insert into course_sections (portal_id, course_id, title, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
    [1, courseId, 'Assignments', 1, nowIso, nowIso],
  );
  const objects = Array.from({ length: assignments }, (_, i) => [
    1,
    courseId,
    sectionId,
    'assignment',
    `${title}: assignment ${i + 1}`,
    i + 1,
    1,
    10,
    `<p>Hand in assignment ${i + 1}.</p>`,
    null,
    null,
    null,
    '{}',
    nowIso,
    nowIso,
  ]);
  if (objects.length > 0)
    await insertRows(
      db,
      db.kind,
      'learning_objects',
      [
        'portal_id',
        'course_id',
        'section_id',
        'type',
        'title',
        'position',
        'required',
        'estimated_minutes',
        'body',
        'video_url',
        'video_provider',
        'embed_url',
        'settings',
        'created_at',
        'updated_at',
      ],
      objects,
    );
  const ids = await db.all('select id from learning_objects where course_id = ? order by position', [
    courseId,
  ]);
  return { courseId, objectIds: ids.map((row) => Number(row.id)) };
}

async function fill(kind, url) {
  const db = await connect(kind, url);
  db.kind = kind;
  const started = performance.now();
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const [coach] = await db.all("select id from accounts where email = 'coach@leerpad.test'");
  const coachId = Number(coach.id);
  const [category] = await db.all(
    'select id from catalog_categories where portal_id = 1 order by id limit 1',
  );
  await db.exec('begin');

  // 2,000 students of the demo coach; a few never signed in, the rest online in the last 60 days.
  const accounts = Array.from({ length: STUDENTS }, (_, i) => [
    1,
    coachId,
    `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${String(i + 1).padStart(4, '0')}`,
    `bench-student-${String(i + 1).padStart(4, '0')}@leerpad.test`,
    i % 50 === 0 ? null : new Date(now - ((i * 37) % 60) * DAY - (i % 24) * 3_600_000).toISOString(),
    nowIso,
  ]);
  await insertRows(
    db,
    kind,
    'accounts',
    ['portal_id', 'primary_coach_id', 'full_name', 'email', 'last_online', 'created_at'],
    accounts,
  );
  const studentIds = (
    await db.all("select id from accounts where email like 'bench-student-%' order by id")
  ).map((row) => Number(row.id));
  await insertRows(
    db,
    kind,
    'account_roles',
    ['account_id', 'role'],
    studentIds.map((id) => [id, 'student']),
  );

  const courses = [];
  for (let c = 1; c <= COURSES; c++)
    courses.push(
      await insertCourse(db, `Coaching bench ${c}`, Number(category.id), ASSIGNMENTS_PER_COURSE, nowIso),
    );
  // Only the stream accounts are enrolled here: the fan-out announcement is addressed to it.
  const streamCourse = await insertCourse(db, 'Coaching bench: live', Number(category.id), 0, nowIso);

  const enrollments = [];
  const answers = [];
  studentIds.forEach((accountId, s) => {
    courses.forEach((course, c) => {
      let approved = 0;
      let last = null;
      course.objectIds.forEach((objectId, i) => {
        const a = answerOf(s, c * ASSIGNMENTS_PER_COURSE + i, now);
        if (a.status === 'approved') approved += 1;
        if (a.reviewed && (!last || a.reviewed > last)) last = a.reviewed;
        answers.push([
          1,
          course.courseId,
          objectId,
          accountId,
          a.status,
          a.status === 'draft' ? '' : `<p>My answer to assignment ${i + 1}.</p>`,
          a.status === 'approved' ? 60 + ((s + i) % 41) : null,
          a.reviewed ? 'Well done.' : null,
          a.reviewed ? coachId : null,
          a.submitted,
          a.reviewed,
          a.submitted ?? nowIso,
          a.reviewed ?? a.submitted ?? nowIso,
        ]);
      });
      const enrolled = new Date(now - 200 * DAY).toISOString();
      enrollments.push([
        1,
        course.courseId,
        accountId,
        approved === ASSIGNMENTS_PER_COURSE ? 'completed' : 'active',
        enrolled,
        last ?? enrolled,
        approved === ASSIGNMENTS_PER_COURSE ? last : null,
      ]);
    });
    if (s < STREAM_ACCOUNTS)
      enrollments.push([1, streamCourse.courseId, accountId, 'active', nowIso, nowIso, null]);
  });
  await insertRows(
    db,
    kind,
    'enrollments',
    ['portal_id', 'course_id', 'account_id', 'status', 'enrolled_at', 'last_activity_at', 'completed_at'],
    enrollments,
  );
  await insertRows(
    db,
    kind,
    'answers',
    [
      'portal_id',
      'course_id',
      'learning_object_id',
      'account_id',
      'status',
      'text',
      'grade',
      'feedback',
      'reviewer_id',
      'submitted_at',
      'reviewed_at',
      'created_at',
      'updated_at',
    ],
    answers,
  );
  const benchCourses = courses.map((course) => course.courseId).join(', ');
  await db.exec(
    `insert into answer_members (portal_id, answer_id, account_id, learning_object_id)
     select portal_id, id, account_id, learning_object_id from answers where course_id in (${benchCourses})`,
  );
  // An approved answer completes its assignment.
  await db.exec(
    `insert into learning_object_progress (portal_id, enrollment_id, learning_object_id, status, score, attempts_count, completed_at, updated_at)
     select 1, enrollments.id, answers.learning_object_id, 'completed', answers.grade, 0, answers.reviewed_at, answers.reviewed_at
     from answers join enrollments on enrollments.course_id = answers.course_id and enrollments.account_id = answers.account_id
     where answers.status = 'approved' and answers.course_id in (${benchCourses})`,
  );

  // The figures the server keeps as it writes (decision 039), computed for the bulk-inserted rows
  // as the migration 20261127210000_stored_progress backfills them: each enrolment's progress and
  // each student's answers handed in and reviewed per week.
  await db.exec(
    `update enrollments set
       progress_required = (select count(*) from learning_objects
         where learning_objects.course_id = enrollments.course_id and learning_objects.required = 1),
       progress_completed = (select count(*) from learning_object_progress
         join learning_objects on learning_objects.id = learning_object_progress.learning_object_id
         where learning_object_progress.enrollment_id = enrollments.id
           and learning_object_progress.status = 'completed' and learning_objects.required = 1)
     where course_id in (${benchCourses}, ${streamCourse.courseId})`,
  );
  await db.exec(
    `update enrollments set progress_percent = case when progress_required <= 0 then 0
       when progress_completed >= progress_required then 100
       else (progress_completed * 100) / progress_required end
     where course_id in (${benchCourses}, ${streamCourse.courseId})`,
  );
  const weekOf = (column) =>
    kind === 'postgres'
      ? `to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`
      : `date(${column}, 'weekday 0', '-6 days')`;
  await db.exec(
    `insert into answer_weeks (portal_id, account_id, week, submissions, reviews)
     select portal_id, account_id, week, sum(submissions), sum(reviews) from (
       select portal_id, account_id, ${weekOf('submitted_at')} as week, 1 as submissions, 0 as reviews
       from answers where submitted_at is not null and course_id in (${benchCourses})
       union all
       select portal_id, account_id, ${weekOf('reviewed_at')} as week, 0 as submissions, 1 as reviews
       from answers where reviewed_at is not null and course_id in (${benchCourses})
     ) moves group by portal_id, account_id, week`,
  );

  // Sessions for the stream accounts, as a sign-in would create them (token hash: sha256 base64url).
  const cookies = [];
  const sessions = studentIds.slice(0, STREAM_ACCOUNTS).map((accountId) => {
    const token = randomBytes(32).toString('base64url');
    cookies.push(`leerpad_session=${token}`);
    const hash = createHash('sha256').update(token).digest('base64url');
    return [accountId, hash, nowIso, new Date(now + DAY).toISOString(), nowIso];
  });
  await insertRows(
    db,
    kind,
    'sessions',
    ['account_id', 'token_hash', 'created_at', 'expires_at', 'last_seen_at'],
    sessions,
  );
  await db.exec('commit');
  await db.exec(kind === 'sqlite' ? 'analyze' : 'vacuum analyze');
  const [{ n: answerCount }] = await db.all(
    `select count(*) as n from answers where course_id in (${benchCourses})`,
  );
  const [{ n: waiting }] = await db.all(
    `select count(*) as n from answers where course_id in (${benchCourses}) and status = 'submitted'`,
  );
  await db.close();
  return {
    seconds: (performance.now() - started) / 1000,
    students: studentIds.length,
    answers: Number(answerCount),
    waiting: Number(waiting),
    enrollments: enrollments.length,
    cookies,
    streamCourseId: streamCourse.courseId,
  };
}

// ------------------------------------------------------------------------------------------ stream

const rssOf = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) * 1024;
};

/** Opens one event stream; resolves once its `ready` event arrived. */
function openStream(port, cookie) {
  return new Promise((resolve, reject) => {
    const stream = { ready: false, receivedAt: null, request: null };
    let seen = '';
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/notifications/stream',
        headers: { cookie, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const at = performance.timeOrigin + performance.now();
          seen = (seen + chunk).slice(-4_000);
          if (!stream.ready && seen.includes('event: ready')) {
            stream.ready = true;
            resolve(stream);
          }
          if (stream.receivedAt === null && seen.includes('event: notification')) stream.receivedAt = at;
        });
      },
    );
    request.on('error', (error) => (stream.ready ? undefined : reject(error)));
    stream.request = request;
  });
}

async function fanOut(base, port, serverPid, data) {
  const rssBefore = rssOf(serverPid);
  const streams = [];
  const cookies = data.cookies.flatMap((cookie) => Array(STREAMS_PER_ACCOUNT).fill(cookie));
  const openStarted = performance.now();
  for (let start = 0; start < cookies.length; start += 50)
    streams.push(...(await Promise.all(cookies.slice(start, start + 50).map((c) => openStream(port, c)))));
  try {
    return await measureFanOut(base, serverPid, data, streams, rssBefore, openStarted);
  } finally {
    // Closed on every outcome: an open stream would keep the server from stopping.
    for (const stream of streams) stream.request.destroy();
  }
}

async function measureFanOut(base, serverPid, data, streams, rssBefore, openStarted) {
  const openSeconds = (performance.now() - openStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssAfter = rssOf(serverPid);

  const admin = await signIn(base, 'admin@leerpad.test');
  const posted = performance.timeOrigin + performance.now();
  const response = await fetch(`${base}/api/v1/announcements`, {
    method: 'POST',
    headers: {
      cookie: admin.cookie,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({
      title: 'Live session tonight',
      body: '<p>Join the live session at 19:00.</p>',
      language: 'en',
      audience: ['students'],
      course_ids: [data.streamCourseId],
      starts_at: new Date().toISOString(),
      ends_at: null,
    }),
  });
  if (!response.ok) throw new Error(`announcement: ${response.status} ${await response.text()}`);
  const announcementId = (await response.json()).data.id;
  // The announcement job sweeps every 5 s; wait up to 30 s for every stream.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && streams.some((s) => s.receivedAt === null))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const announcement = await (
    await fetch(`${base}/api/v1/announcements/${announcementId}`, { headers: { cookie: admin.cookie } })
  ).json();
  const notifiedAt = Date.parse(announcement.data.attributes.notified_at);
  const received = streams.filter((s) => s.receivedAt !== null).map((s) => s.receivedAt);
  const delays = received.map((at) => at - notifiedAt).sort((a, b) => a - b);
  return {
    streams: streams.length,
    received: received.length,
    openSeconds,
    rssBefore,
    rssAfter,
    perStream: (rssAfter - rssBefore) / streams.length,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    max: delays[delays.length - 1],
    spread: delays[delays.length - 1] - delays[0],
    sincePost: Math.max(...received) - posted,
  };
}

// ------------------------------------------------------------------------------------------ server

async function benchDatabase(kind, port) {
  const dir = mkdtempSync(join(tmpdir(), 'leerpad-bench-coaching-'));
  const database = await temporaryDatabase(kind, dir, `leerpad_bench_coaching_${process.pid}`);
  let server;
  try {
    server = await startServer({ DATABASE_URL: database.url, LEERPAD_DATA_DIR: dir }, port);
    const base = `http://127.0.0.1:${port}`;
    log(`${kind}: server up, filling`);
    const data = await fill(kind, database.url);
    log(`${kind}: filled in ${data.seconds.toFixed(1)} s`);
    const coach = await signIn(base, 'coach@leerpad.test');
    const endpoints = [
      { name: 'coach overview', path: '/api/v1/coach/overview' },
      { name: 'students, first page (sort=full_name)', path: '/api/v1/students' },
      { name: 'students search "popescu"', path: '/api/v1/students?filter[search]=popescu' },
      { name: 'students sorted by progress', path: '/api/v1/students?sort=-progress' },
    ];
    const results = [];
    for (const endpoint of endpoints) {
      const url = `${base}${endpoint.path}`;
      log(`${kind}: ${endpoint.name}`);
      const sequential = await latency(url, coach.cookie, REQUESTS, WARMUP);
      const load = await cannon(url, coach.cookie, { connections: CONNECTIONS, seconds: DURATION_S });
      const body = sequential.body;
      const shape = Array.isArray(body.data)
        ? `${body.data.length} of ${body.meta.total.toLocaleString('en')}`
        : `${body.data.attributes.students_count.toLocaleString('en')} students, ${body.data.attributes.waiting_answers.length} waiting shown`;
      results.push({ ...endpoint, sequential, load, shape });
    }
    log(`${kind}: fan-out`);
    const stream = await fanOut(base, port, server.pid, data).catch((error) => {
      log(`${kind}: fan-out failed: ${error}`);
      return { error: String(error) };
    });
    return { data, results, stream };
  } finally {
    if (server) await stopProcess(server);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------ report

const ms = (value) => `${value.toFixed(2)} ms`;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const loadAtStart = loadavg()[0];
const runs = { sqlite: await benchDatabase('sqlite', 4611) };
if (process.env.LEERPAD_SKIP_POSTGRES !== '1') runs.postgres = await benchDatabase('postgres', 4612);

const date = new Date().toISOString().slice(0, 10);
const lines = [
  `## Coaching: coach overview, students and the notification stream — ${date}`,
  '',
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (the server, the database and the load generator share the machine with other work).`,
  `Data: ${STUDENTS.toLocaleString('en')} students whose primary coach is the demo coach, each enrolled in ${COURSES} courses of ${ASSIGNMENTS_PER_COURSE} assignments with one answer per assignment (${(STUDENTS * COURSES * ASSIGNMENTS_PER_COURSE).toLocaleString('en')} answers: 85% approved, 5% sent back, 6% waiting for review from 0 to 30 days, 4% drafts), progress rows for the approved ones.`,
  `Median and p99: ${REQUESTS} sequential requests as the signed-in demo coach after ${WARMUP} warm-up requests, request to last byte on loopback. Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s. Budget: median under ${BUDGET_MS} ms.`,
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
  `Notification stream fan-out: ${STREAM_ACCOUNTS} students hold ${STREAMS_PER_ACCOUNT} streams each (the per-account limit is ${STREAMS_PER_ACCOUNT}), ${STREAM_ACCOUNTS * STREAMS_PER_ACCOUNT} open streams. One announcement to the students of a course only they follow: the announcement job notifies the ${STREAM_ACCOUNTS} accounts in one transaction and every stream gets its notification. Time from the job's claim (\`notified_at\`) to each stream's notification; the announcement job sweeps every 5 s, so the time from the POST is shown separately. Memory: the server's RSS 2 s after the last stream opened, less the RSS before. Budget: every stream within ${FANOUT_BUDGET_MS} ms.`,
  '',
  '| database | streams reached | p50 | p99 | max | first to last | from the POST | opening all | RSS before → after | per stream | budget |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
);
for (const [kind, run] of Object.entries(runs)) {
  const s = run.stream;
  if (s.error) {
    overBudget += 1;
    lines.push(`| ${kind} | failed: ${s.error} | | | | | | | | | OVER |`);
    continue;
  }
  const ok = s.received === s.streams && s.max < FANOUT_BUDGET_MS;
  if (!ok) overBudget += 1;
  lines.push(
    `| ${kind} | ${s.received} of ${s.streams} | ${s.p50.toFixed(0)} ms | ${s.p99.toFixed(0)} ms | ${s.max.toFixed(0)} ms | ${s.spread.toFixed(0)} ms | ${(s.sincePost / 1000).toFixed(1)} s | ${s.openSeconds.toFixed(1)} s | ${mib(s.rssBefore)} → ${mib(s.rssAfter)} | ${(s.perStream / 1024).toFixed(1)} KiB | ${ok ? 'ok' : 'OVER'} |`,
  );
}
lines.push(
  '',
  `Bulk insert: ${Object.entries(runs)
    .map(
      ([kind, run]) =>
        `${run.data.students.toLocaleString('en')} students, ${run.data.enrollments.toLocaleString('en')} enrolments and ${run.data.answers.toLocaleString('en')} answers (${run.data.waiting.toLocaleString('en')} waiting) in ${run.data.seconds.toFixed(1)} s on ${kind}`,
    )
    .join('; ')}.`,
  '',
);
console.log(lines.join('\n'));
writeSection('Coaching: coach overview, students and the notification stream', lines.join('\n'));
process.exitCode = overBudget > 0 ? 1 : 0;
