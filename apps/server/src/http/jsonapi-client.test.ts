import type { AddressInfo } from 'node:net';
import Kitsu from 'kitsu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

interface KitsuAnswer {
  data: Array<Record<string, unknown>> & Record<string, unknown>;
  links?: { next?: string | null; self?: string; last?: string };
  meta?: Record<string, unknown>;
  status: number;
  headers?: Record<string, string>;
}

/**
 * A generic JSON:API client (kitsu), knowing nothing of Leerpad but the base address and the
 * headers every write needs, against the server listening on a loopback port.
 */
describe('a generic JSON:API client', () => {
  let t: TestApp;
  let origin: string;
  let api: Kitsu;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    api = new Kitsu({
      baseURL: `${origin}/api/v1`,
      // The demo portal is served at localhost.
      headers: { 'X-Requested-With': 'XMLHttpRequest', Host: 'localhost' },
      // Our types and paths are plural snake_case already.
      camelCaseTypes: false,
      resourceCase: 'none',
      pluralize: false,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Signing in is an operation, not a resource kitsu reads (it answers `me`): plain JSON through
   * kitsu's own HTTP client, which keeps the session cookie.
   */
  async function signInAs(email: string) {
    const answer = await api.axios.post(
      `${origin}/api/auth/login`,
      { email, password: DEMO_PASSWORD },
      {
        headers: {
          Accept: 'application/vnd.api+json',
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          Host: 'localhost',
        },
      },
    );
    const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^leerpad_session=/);
    return { status: answer.status, headers: answer.headers as Record<string, string>, cookie };
  }

  /** A client of its own for one demo account, signed in. */
  async function clientFor(email: string): Promise<Kitsu> {
    const { cookie } = await signInAs(email);
    return new Kitsu({
      baseURL: `${origin}/api/v1`,
      headers: { 'X-Requested-With': 'XMLHttpRequest', Host: 'localhost', Cookie: cookie },
      camelCaseTypes: false,
      resourceCase: 'none',
      pluralize: false,
    });
  }

  /** kitsu asks for a model path; a link is one, relative to the origin. */
  const follow = (link: string) =>
    api.get(link, { axiosOptions: { baseURL: origin } }) as Promise<KitsuAnswer>;

  it('signs in, pages a list with an include to its end, and creates, updates and deletes a label', async () => {
    const signIn = await signInAs('admin@leerpad.test');
    expect(signIn.status).toBe(200);
    expect(signIn.headers['content-type']).toBe('application/vnd.api+json');
    api.headers.Cookie = signIn.cookie;

    const first = (await api.get('courses', {
      params: { include: 'catalog_category,content_labels', page: { size: 2 }, sort: 'title' },
    })) as KitsuAnswer;
    expect(first.status).toBe(200);
    const total = first.meta?.total as number;
    expect(total).toBeGreaterThan(2);
    // Relationships come back resolved from `included`.
    const categorised = first.data.find(
      (course) => (course.catalog_category as { data: unknown } | undefined)?.data,
    );
    expect(categorised?.catalog_category).toMatchObject({
      data: { type: 'catalog_categories', name: expect.any(String) },
    });

    const titles: string[] = first.data.map((course) => String(course.title));
    let page = first;
    let pages = 1;
    while (page.links?.next) {
      expect(page.links.next).toContain('page%5Bsize%5D=2');
      expect(page.links.next).toContain('include=catalog_category%2Ccontent_labels');
      page = await follow(page.links.next);
      titles.push(...page.data.map((course) => String(course.title)));
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(total / 2));
    expect(page.links?.self).toBe(page.links?.last);
    expect(titles).toHaveLength(total);
    expect(new Set(titles).size).toBe(total);
    expect([...titles].sort((a, b) => a.localeCompare(b))).toEqual(titles);

    const created = (await api.post('content_labels', {
      name: 'Contract tested',
      color: '#0f766e',
    })) as KitsuAnswer;
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ type: 'content_labels', name: 'Contract tested', color: '#0f766e' });
    const id = String(created.data.id);

    const updated = (await api.patch('content_labels', { id, name: 'Contract checked' })) as KitsuAnswer;
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id, name: 'Contract checked', color: '#0f766e' });

    const deleted = (await api.delete('content_labels', id)) as KitsuAnswer;
    expect(deleted.status).toBe(200);
    expect(deleted.meta).toEqual({ deleted: true });
    await expect(api.get(`content_labels`)).resolves.toMatchObject({
      data: expect.not.arrayContaining([expect.objectContaining({ id })]),
    });
  });

  it('reads, edits and writes back accounts, follow-ups, impersonations, portfolio items and orders as they are', async () => {
    // Accounts: the whole account as read goes back with one change; relationships stay identifiers.
    const admin = await clientFor('admin@leerpad.test');
    const studentId = String(await t.accountId('student@leerpad.test'));
    const account = (await admin.get(`accounts/${studentId}`)) as KitsuAnswer;
    expect(account.data).toMatchObject({
      type: 'accounts',
      id: studentId,
      email_address: 'student@leerpad.test',
    });
    const renamed = (await admin.patch('accounts', {
      ...account.data,
      full_name: 'Sam Student (checked)',
    })) as KitsuAnswer;
    expect(renamed.status).toBe(200);
    expect(((await admin.get(`accounts/${studentId}`)) as KitsuAnswer).data.full_name).toBe(
      'Sam Student (checked)',
    );
    await admin.patch('accounts', { ...account.data });
    const createdAccount = (await admin.post('accounts', {
      full_name: 'Kitsu Made',
      email_address: 'kitsu-made@leerpad.test',
      roles: ['student'],
      primary_coach: account.data.primary_coach,
    })) as KitsuAnswer;
    expect(createdAccount.status).toBe(201);
    expect(createdAccount.data).toMatchObject({
      email_address: 'kitsu-made@leerpad.test',
      primary_coach: account.data.primary_coach,
    });

    // Follow-ups: created with the student as an accounts relationship, included as an account.
    const coach = await clientFor('coach@leerpad.test');
    const planned = (await coach.post('follow_ups', {
      due_at: '2026-12-03T09:00:00.000Z',
      kind: 'call',
      note: 'Planned by a generic client',
      student: { data: { type: 'accounts', id: studentId } },
    })) as KitsuAnswer;
    expect(planned.status).toBe(201);
    const followUps = (await coach.get('follow_ups', {
      params: { filter: { student: studentId }, include: 'student', page: { size: 100 } },
    })) as KitsuAnswer;
    const followUp = followUps.data.find((item) => item.id === planned.data.id)!;
    expect(followUp.student).toMatchObject({
      data: { type: 'accounts', id: studentId, full_name: expect.any(String) },
    });
    const moved = (await coach.patch('follow_ups', {
      ...followUp,
      note: 'Moved to a meeting',
      kind: 'meeting',
    })) as KitsuAnswer;
    expect(moved.status).toBe(200);
    const reread = (await coach.get('follow_ups', {
      params: { filter: { student: studentId }, page: { size: 100 } },
    })) as KitsuAnswer;
    expect(reread.data.find((item) => item.id === followUp.id)).toMatchObject({
      note: 'Moved to a meeting',
      kind: 'meeting',
      student: { data: { type: 'accounts', id: studentId } },
    });

    // Impersonations: started with the account as a relationship; one read is sent again with a new reason.
    const support = await clientFor('support@leerpad.test');
    const started = (await support.post('impersonations', {
      reason: 'Looking for the quiz',
      account: { data: { type: 'accounts', id: studentId } },
    })) as KitsuAnswer;
    expect(started.status).toBe(201);
    await support.delete('impersonations', 'current');
    const history = (await support.get(`accounts/${studentId}/impersonations`)) as KitsuAnswer;
    const { id: _startedId, ...earlier } = history.data.find((item) => item.id === started.data.id)!;
    const again = (await support.post('impersonations', {
      ...earlier,
      reason: 'Checking the fix',
    })) as KitsuAnswer;
    expect(again.status).toBe(201);
    await support.delete('impersonations', 'current');
    const later = (await support.get(`accounts/${studentId}/impersonations`)) as KitsuAnswer;
    expect(later.data.find((item) => item.id === again.data.id)).toMatchObject({
      reason: 'Checking the fix',
      account: { data: { type: 'accounts', id: studentId } },
    });

    // Portfolio items: the item as read (files and all) goes back with a new title.
    const student = await clientFor('student@leerpad.test');
    const item = (await student.post('portfolio_items', {
      kind: 'reflection',
      title: 'Written by a generic client',
      body: '<p>Bend the knees.</p>',
      visibility: 'private',
    })) as KitsuAnswer;
    expect(item.status).toBe(201);
    const readItem = (await student.get(`portfolio_items/${item.data.id}`)) as KitsuAnswer;
    const retitled = (await student.patch('portfolio_items', {
      ...readItem.data,
      title: 'Retitled by a generic client',
    })) as KitsuAnswer;
    expect(retitled.status).toBe(200);
    expect(((await student.get(`portfolio_items/${item.data.id}`)) as KitsuAnswer).data).toMatchObject({
      title: 'Retitled by a generic client',
      body: '<p>Bend the knees.</p>',
      student: { data: { type: 'accounts', id: studentId } },
    });

    // Orders: an order read is ordered again, with another payment method; its products are a relationship.
    const sales = await clientFor('sales@leerpad.test');
    const orders = (await sales.get('orders', { params: { page: { size: 5 } } })) as KitsuAnswer;
    // Its included payments and invoices point back at it, so kitsu links them in a circle that
    // cannot be sent as JSON: they are the server's records of the order anyway, and stay behind.
    const {
      id: _orderId,
      payments: _payments,
      invoices: _invoices,
      ...order
    } = orders.data.find((candidate) => (candidate.products as { data: unknown[] }).data.length > 0)!;
    const reordered = (await sales.post('orders', {
      ...order,
      payment_method: 'invoice_later',
    })) as KitsuAnswer;
    expect(reordered.status).toBe(201);
    const readBack = (await sales.get(`orders/${reordered.data.id}`)) as KitsuAnswer;
    expect(readBack.data).toMatchObject({
      payment_method: 'invoice_later',
      products: {
        data: (order.products as { data: Array<{ id: string }> }).data.map(({ id }) =>
          expect.objectContaining({ id }),
        ),
      },
      account: { data: expect.objectContaining({ id: (order.account as { data: { id: string } }).data.id }) },
    });
  });

  it('reads a course, changes its title and sends the rest back unchanged', async () => {
    const admin = await clientFor('admin@leerpad.test');
    const list = (await admin.get('courses', {
      params: { include: 'catalog_category,content_labels', page: { size: 100 } },
    })) as KitsuAnswer;
    const listed = list.data.find(
      (course) =>
        (course.catalog_category as { data: unknown }).data !== null &&
        (course.content_labels as { data: unknown[] }).data.length > 0,
    )!;
    const course = (await admin.get(`courses/${String(listed.id)}`, {
      params: { include: 'catalog_category,content_labels' },
    })) as KitsuAnswer;
    const { catalog_category: category, content_labels: labels } = course.data as unknown as {
      catalog_category: { data: { id: string } };
      content_labels: { data: Array<{ id: string }> };
    };
    // A relationship read without linkage (here enrollment and cover_file) comes back from kitsu
    // as `{}` among the attributes: that says nothing, so it changes nothing.
    const patched = (await admin.patch('courses', {
      ...course.data,
      title: 'Retitled by a generic client',
    })) as KitsuAnswer;
    expect(patched.status).toBe(200);
    const reread = (await admin.get(`courses/${String(listed.id)}`)) as KitsuAnswer;
    expect(reread.data).toMatchObject({
      title: 'Retitled by a generic client',
      summary: course.data.summary,
      status: course.data.status,
      cover_image_url: course.data.cover_image_url,
      catalog_category: { data: { type: 'catalog_categories', id: category.data.id } },
      content_labels: {
        data: labels.data.map(({ id }) => expect.objectContaining({ type: 'content_labels', id })),
      },
    });
  });

  it('gets JSON:API error documents back for refusals', async () => {
    const anonymous = new Kitsu({
      baseURL: `${origin}/api/v1`,
      headers: { Host: 'localhost' },
      pluralize: false,
      resourceCase: 'none',
    });
    await expect(anonymous.get('courses')).rejects.toMatchObject({
      response: { status: 401, data: { errors: [{ code: 'UNAUTHENTICATED' }] } },
    });
  });
});
