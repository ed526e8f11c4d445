// What every API benchmark shares: a thin database wrapper for bulk inserts, signing in, sequential
// latency (median and p99), autocannon under load, and a temporary PostgreSQL database.
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';

export const POSTGRES_ADMIN = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `(?, ?, …), (…)` for SQLite or `($1, $2, …), (…)` for PostgreSQL: `rows.length` rows of `width`. */
export function placeholders(rows, width, kind) {
  let p = 0;
  return rows
    .map(() => `(${Array.from({ length: width }, () => (kind === 'postgres' ? `$${++p}` : '?')).join(', ')})`)
    .join(', ');
}

/** A thin wrapper so the fill code reads the same for both databases. */
export async function connect(kind, url) {
  if (kind === 'sqlite') {
    const db = new Database(url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    return {
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      run: async (sql, params = []) => void db.prepare(sql).run(...params),
      insertId: async (sql, params = []) => Number(db.prepare(sql).run(...params).lastInsertRowid),
      exec: async (sql) => void db.exec(sql),
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  // A connection ended from outside fails the query in flight; without a listener it would also
  // end the whole benchmark process.
  client.on('error', () => undefined);
  await client.connect();
  const numbered = (sql) => {
    let p = 0;
    return sql.replace(/\?/g, () => `$${++p}`);
  };
  return {
    all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
    run: async (sql, params = []) =>
      void (await client.query(sql.includes('$1') ? sql : numbered(sql), params)),
    insertId: async (sql, params = []) =>
      Number((await client.query(`${numbered(sql)} returning id`, params)).rows[0].id),
    exec: async (sql) => void (await client.query(sql)),
    close: async () => client.end(),
  };
}

/** Inserts `rows` (arrays of `columns.length` values) in chunks of 500 rows. */
export async function insertRows(db, kind, table, columns, rows, chunkSize = 500) {
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await db.run(
      `insert into ${table} (${columns.join(', ')}) values ${placeholders(chunk, columns.length, kind)}`,
      chunk.flat(),
    );
  }
}

/**
 * A fresh database for one run: a SQLite file in `dir`, or a PostgreSQL database named `name`
 * (dropped first if a crashed run left it). `drop()` removes the PostgreSQL database.
 */
export async function temporaryDatabase(kind, dir, name) {
  if (kind !== 'postgres') return { url: `sqlite:${dir}/bench.sqlite`, drop: async () => {} };
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Signs in with the demo password; the session cookie and the account id. */
export async function signIn(base, email, password = 'leerpad-demo') {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in ${email} failed: ${response.status}`);
  return {
    cookie: response.headers.get('set-cookie').split(';')[0],
    accountId: Number((await response.json()).data.id),
  };
}

/** The value at quantile `q` of ascending `sorted`. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Sequential round trips after a warm-up: median and p99 in milliseconds (request sent → last byte
 * received; the client's own JSON parsing is left out), plus one parsed body to check.
 */
export async function latency(url, cookie, count = 200, warmUp = 20) {
  const samples = [];
  let bytes;
  for (let i = 0; i < count + warmUp; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    bytes = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok)
      throw new Error(`${url}: ${response.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
    if (i >= warmUp) samples.push(elapsed);
  }
  const body = JSON.parse(Buffer.from(bytes).toString());
  samples.sort((a, b) => a - b);
  return { median: quantile(samples, 0.5), p99: quantile(samples, 0.99), body };
}

/** Autocannon for throughput and latency under load. */
export const cannon = (url, cookie, { connections = 10, seconds = 5 } = {}) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, headers: { cookie } }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: Math.round(result.requests.average),
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: result.errors + result.non2xx,
          }),
    ),
  );
