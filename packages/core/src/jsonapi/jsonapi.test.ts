import { describe, expect, it } from 'vitest';
import { camelToSnake, snakeToCamel, toCamelCaseKeys, toSnakeCaseKeys } from './case';
import { deserialize } from './deserialize';
import { buildQueryString, parseQueryParams } from './query';
import { parseSort, sortParam } from './sort';
import type { JsonApiDocument } from './types';

describe('key case', () => {
  it.each([
    ['full_name', 'fullName'],
    ['avatar_url', 'avatarUrl'],
    ['id', 'id'],
    ['address_line_1', 'addressLine_1'],
    ['qualifications-report', 'qualifications-report'],
  ])('snake %s ↔ camel %s', (snake, camel) => {
    expect(snakeToCamel(snake)).toBe(camel);
    expect(camelToSnake(camel)).toBe(snake);
  });

  it('converts "avatarURL" to "avatar_url"', () => {
    expect(camelToSnake('avatarURL')).toBe('avatar_url');
  });

  it('converts a response deeply, leaving values, dates and exempt subtrees alone', () => {
    const receivedAt = new Date('2025-01-01T00:00:00Z');
    const response = {
      full_name: 'Ann de Vries',
      last_online: null,
      received_at: receivedAt,
      roles: ['academy admin'],
      portal_domains: [{ domain_name: 'leer.example' }],
      overrides: { 'header.log_in': 'Sign in' },
      payload: { views: { course_list: { search_query: 'x' } } },
    };
    expect(toCamelCaseKeys(response)).toEqual({
      fullName: 'Ann de Vries',
      lastOnline: null,
      receivedAt,
      roles: ['academy admin'],
      portalDomains: [{ domainName: 'leer.example' }],
      overrides: { 'header.log_in': 'Sign in' },
      payload: { views: { course_list: { search_query: 'x' } } },
    });
  });

  it('converts a request body to snake_case, keeping the preference payload as written', () => {
    const body = { readAt: '2025-01-01', property: 'view-settings', payload: { searchQuery: 'x' } };
    expect(toSnakeCaseKeys(body)).toEqual({
      read_at: '2025-01-01',
      property: 'view-settings',
      payload: { searchQuery: 'x' },
    });
  });

  it('converts everything when given no exceptions', () => {
    expect(toSnakeCaseKeys({ payload: { searchQuery: 'x' } }, [])).toEqual({
      payload: { search_query: 'x' },
    });
  });
});

describe('sort', () => {
  it.each([
    {
      text: '-created_at,name',
      items: [
        { property: 'created_at', direction: 'desc' },
        { property: 'name', direction: 'asc' },
      ],
      param: '-created_at,name',
    },
    { text: 'name', items: [{ property: 'name', direction: 'asc' }], param: 'name' },
    { text: ' -name , ', items: [{ property: 'name', direction: 'desc' }], param: '-name' },
    { text: '', items: [], param: '' },
  ] as const)('"$text" → $param', ({ text, items, param }) => {
    expect(parseSort(text)).toEqual(items);
    expect(sortParam(items)).toBe(param);
  });
});

describe('buildQueryString', () => {
  it.each([
    { params: {}, query: '' },
    { params: { include: ['portal', 'account', 'entity'] }, query: 'include=account,entity,portal' },
    { params: { include: [] }, query: '' },
    { params: { filter: { status: 'unread' } }, query: 'filter[status]=unread' },
    { params: { filter: { ids: [1, 2], redeemed: false } }, query: 'filter[ids]=1,2&filter[redeemed]=false' },
    {
      params: { filter: { search: 'Ann & Bob', empty: '', gone: undefined } },
      query: 'filter[search]=Ann%20%26%20Bob',
    },
    {
      params: { fields: { accounts: ['full_name', 'avatar_url', 'last_online'] } },
      query: 'fields[accounts]=full_name,avatar_url,last_online',
    },
    { params: { sort: ['-created_at', 'name'] }, query: 'sort=-created_at,name' },
    { params: { page: { number: 2, size: 25 } }, query: 'page[number]=2&page[size]=25' },
    {
      params: { meta: ['features'], locale: 'nl', token: 'a/b' },
      query: 'meta=features&locale=nl&token=a%2Fb',
    },
    { params: { requestTranslations: true }, query: 'request_translations=1' },
    { params: { showStoredFilesCount: true }, query: 'show_stored_files_count=1' },
    { params: { showStoredFilesCount: false }, query: '' },
    { params: { limit: 20, perPage: 5 }, query: 'limit=20&per_page=5' },
  ])('$query', ({ params, query }) => {
    expect(buildQueryString(params)).toBe(query);
  });

  it('orders the parameters the same way every time', () => {
    const query = buildQueryString({
      limit: 5,
      page: { number: 1 },
      sort: 'name',
      filter: { name: 'leer' },
      include: ['portal_domains'],
    });
    expect(query).toBe('include=portal_domains&filter[name]=leer&sort=name&page[number]=1&limit=5');
  });
});

describe('parseQueryParams', () => {
  it('reads back what buildQueryString wrote, as a flat query object', () => {
    expect(
      parseQueryParams({
        include: 'account,entity',
        'filter[status]': 'unread',
        'fields[accounts]': 'full_name,avatar_url',
        sort: '-received_at',
        'page[number]': '2',
        'page[size]': '50',
        meta: 'features',
        locale: 'ro',
        request_translations: '1',
      }),
    ).toEqual({
      include: ['account', 'entity'],
      filter: { status: 'unread' },
      fields: { accounts: ['full_name', 'avatar_url'] },
      sort: [{ property: 'received_at', direction: 'desc' }],
      page: { number: 2, size: 50 },
      meta: ['features'],
      locale: 'ro',
      token: undefined,
      requestTranslations: true,
      showStoredFilesCount: false,
    });
  });

  it.each([
    { query: { filter: { name: 'leer' } }, filter: { name: 'leer' } },
    { query: { 'filter[name]': ['first', 'second'] }, filter: { name: 'first' } },
  ])('accepts nested and repeated values: $query', ({ query, filter }) => {
    expect(parseQueryParams(query).filter).toEqual(filter);
  });

  it.each([
    [
      { 'page[number]': '0', 'page[size]': '-5' },
      { number: undefined, size: undefined },
    ],
    [{ 'page[number]': 'two' }, { number: undefined, size: undefined }],
    [{ page: { number: '3' } }, { number: 3, size: undefined }],
  ])('ignores page values that are not positive whole numbers: %j', (query, page) => {
    expect(parseQueryParams(query).page).toEqual(page);
  });
});

describe('deserialize', () => {
  const document: JsonApiDocument = {
    data: {
      id: '1',
      type: 'accounts',
      attributes: { fullName: 'Ann' },
      relationships: {
        entity: { data: { id: '7', type: 'entities' } },
        portal: { data: { id: '3', type: 'portals' } },
        primaryCoach: { data: null },
        roles: { data: [{ id: '9', type: 'roles' }] },
        orders: { links: { related: '/v1/accounts/1/orders' } },
      },
      meta: { abilities: { update: true } },
    },
    included: [
      {
        id: '7',
        type: 'entities',
        attributes: { name: 'Leerpad BV' },
        relationships: { owner: { data: { id: '1', type: 'accounts' } } },
      },
    ],
    meta: { features: ['follow-ups'] },
  };

  it('flattens attributes and resolves relationships from included', () => {
    const { data, meta, links } = deserialize(document);
    expect(data).toEqual({
      id: '1',
      type: 'accounts',
      fullName: 'Ann',
      entity: { id: '7', type: 'entities', name: 'Leerpad BV', owner: { id: '1', type: 'accounts' } },
      portal: { id: '3', type: 'portals' },
      primaryCoach: null,
      roles: [{ id: '9', type: 'roles' }],
      meta: { abilities: { update: true } },
    });
    expect(meta).toEqual({ features: ['follow-ups'] });
    expect(links).toEqual({});
  });

  it('returns a cycle-free result that survives JSON.stringify', () => {
    expect(() => JSON.stringify(deserialize(document))).not.toThrow();
  });

  it('resolves relationships between items of a list', () => {
    const { data } = deserialize({
      data: [
        {
          id: 'a',
          type: 'courses',
          attributes: {},
          relationships: { next: { data: { id: 'b', type: 'courses' } } },
        },
        { id: 'b', type: 'courses', attributes: { name: 'B' } },
      ],
      meta: { total: 2, lastPage: 1 },
    });
    expect(data).toEqual([
      { id: 'a', type: 'courses', next: { id: 'b', type: 'courses', name: 'B' } },
      { id: 'b', type: 'courses', name: 'B' },
    ]);
  });

  it.each([{ data: null }, {}])('gives null data for %j', (empty) => {
    expect(deserialize(empty).data).toBeNull();
  });
});
