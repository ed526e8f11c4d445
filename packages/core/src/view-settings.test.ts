import { describe, expect, it } from 'vitest';
import {
  emptyViewState,
  initialViewSettingsState,
  mergeViewSettings,
  parseViewSettings,
  selectView,
  viewSettingsReducer,
  type ViewSettingsAction,
  type ViewSettingsState,
} from './view-settings';

const VIEW = 'admin-accounts';

function run(actions: ViewSettingsAction[], state: ViewSettingsState = loaded()): ViewSettingsState {
  return actions.reduce(viewSettingsReducer, state);
}

function loaded(settings: unknown = null): ViewSettingsState {
  return viewSettingsReducer(initialViewSettingsState(), { type: 'load', settings });
}

const view = (state: ViewSettingsState) => selectView(state.settings, VIEW);

describe('loading', () => {
  it('loads once: a later reply does not overwrite what the user changed', () => {
    const state = run([
      { type: 'setFilter', view: VIEW, key: 'role', value: 'coach' },
      { type: 'load', settings: { views: { [VIEW]: { filtering: [] } } } },
    ]);
    expect(view(state).filtering).toEqual([{ key: 'role', value: 'coach' }]);
    expect(state.dirty).toBe(true);
  });

  it('reads stored JSON, recomputes the api parameters and drops what it does not recognise', () => {
    const stored = JSON.stringify({
      views: {
        [VIEW]: {
          filtering: [{ key: 'status', value: ['active', 'invited'] }, { key: 42 }],
          sorting: [
            { property: 'name', direction: 'desc' },
            { property: 'x', direction: 'sideways' },
          ],
          preferences: { compact: true, broken: 'yes' },
          searchQuery: 'ann',
          pins: [{ uri: '/admin/accounts/1', title: 'Ann' }, { title: 'no uri' }],
        },
      },
      pins: 'not a list',
    });
    const state = loaded(stored);
    expect(state).toMatchObject({ loaded: true, dirty: false });
    expect(view(state)).toEqual({
      filtering: [{ key: 'status', value: ['active', 'invited'] }],
      sorting: [{ property: 'name', direction: 'desc' }],
      api: { filter: { status: 'active,invited' }, sort: '-name' },
      preferences: { compact: true },
      searchQuery: 'ann',
      pins: [{ uri: '/admin/accounts/1', title: 'Ann' }],
    });
    expect(state.settings.pins).toEqual([]);
  });

  it.each([null, undefined, '{broken', 42, []])('starts empty from %j', (stored) => {
    expect(parseViewSettings(stored)).toEqual({ views: {}, pins: [] });
  });
});

describe('filters', () => {
  it.each<{ name: string; actions: ViewSettingsAction[]; filter: Record<string, string> }>([
    {
      name: 'set adds a filter',
      actions: [{ type: 'setFilter', view: VIEW, key: 'role', value: 'coach' }],
      filter: { role: 'coach' },
    },
    {
      name: 'set with an empty value removes it',
      actions: [
        { type: 'setFilter', view: VIEW, key: 'role', value: 'coach' },
        { type: 'setFilter', view: VIEW, key: 'role', value: '' },
      ],
      filter: {},
    },
    {
      name: 'toggle with another value replaces it',
      actions: [
        { type: 'toggleFilter', view: VIEW, key: 'role', value: 'coach' },
        { type: 'toggleFilter', view: VIEW, key: 'role', value: 'student' },
      ],
      filter: { role: 'student' },
    },
    {
      name: 'toggle with the same value removes it',
      actions: [
        { type: 'toggleFilter', view: VIEW, key: 'role', value: 'coach' },
        { type: 'toggleFilter', view: VIEW, key: 'role', value: 'coach' },
      ],
      filter: {},
    },
    {
      name: 'toggling values builds a multi-value filter',
      actions: [
        { type: 'toggleFilterValue', view: VIEW, key: 'status', value: 'active' },
        { type: 'toggleFilterValue', view: VIEW, key: 'status', value: 'invited' },
      ],
      filter: { status: 'active,invited' },
    },
    {
      name: 'toggling the last value off removes the filter',
      actions: [
        { type: 'toggleFilterValue', view: VIEW, key: 'status', value: 'active' },
        { type: 'toggleFilterValue', view: VIEW, key: 'status', value: 'active' },
      ],
      filter: {},
    },
    {
      name: 'remove drops one filter',
      actions: [
        { type: 'setFilter', view: VIEW, key: 'role', value: 'coach' },
        { type: 'setFilter', view: VIEW, key: 'status', value: 'active' },
        { type: 'removeFilter', view: VIEW, key: 'role' },
      ],
      filter: { status: 'active' },
    },
    {
      name: 'batch sets several and removes the empty ones',
      actions: [
        { type: 'setFilter', view: VIEW, key: 'role', value: 'coach' },
        {
          type: 'batchFilters',
          view: VIEW,
          filters: [
            { key: 'role', value: [] },
            { key: 'status', value: ['active', 'invited'] },
            { key: 'entity', value: '7' },
          ],
        },
      ],
      filter: { status: 'active,invited', entity: '7' },
    },
  ])('$name', ({ actions, filter }) => {
    const state = run(actions);
    expect(view(state).api.filter).toEqual(filter);
    expect(state.dirty).toBe(true);
  });

  it('keeps labels in step with toggled values', () => {
    const state = run([
      { type: 'toggleFilterValue', view: VIEW, key: 'entity', value: '7', label: 'Leerpad' },
      { type: 'toggleFilterValue', view: VIEW, key: 'entity', value: '9', label: 'Academy' },
      { type: 'toggleFilterValue', view: VIEW, key: 'entity', value: '7' },
    ]);
    expect(view(state).filtering).toEqual([{ key: 'entity', value: ['9'], labels: ['Academy'] }]);
  });

  it('resets the filters without marking the settings for saving', () => {
    const saved = run([{ type: 'setFilter', view: VIEW, key: 'role', value: 'coach' }, { type: 'saved' }]);
    const state = run([{ type: 'resetFilters', view: VIEW }], saved);
    expect(view(state).filtering).toEqual([]);
    expect(view(state).api.filter).toEqual({});
    expect(state.dirty).toBe(false);
  });

  it('leaves the state alone when removing a filter that is not set', () => {
    const state = loaded();
    expect(run([{ type: 'removeFilter', view: VIEW, key: 'role' }], state)).toBe(state);
  });
});

describe('sorting', () => {
  it.each<{ toggles: string[]; sort: string }>([
    { toggles: ['name'], sort: '-name' },
    { toggles: ['name', 'name'], sort: 'name' },
    { toggles: ['name', 'name', 'name'], sort: '-name' },
    { toggles: ['name', 'created_at'], sort: '-created_at' },
  ])('toggling $toggles sorts by "$sort"', ({ toggles, sort }) => {
    const state = run(toggles.map((property) => ({ type: 'toggleSort', view: VIEW, property })));
    expect(view(state).api.sort).toBe(sort);
  });

  it.each([
    { sorting: [{ property: 'name', direction: 'asc' as const }], sort: 'name' },
    {
      sorting: [
        { property: 'last_online', direction: 'desc' as const },
        { property: 'name', direction: 'asc' as const },
      ],
      sort: '-last_online,name',
    },
    { sorting: [], sort: undefined },
  ])('setting $sorting sends sort=$sort', ({ sorting, sort }) => {
    expect(view(run([{ type: 'setSort', view: VIEW, sorting }])).api.sort).toBe(sort);
  });
});

describe('preferences, pins and search', () => {
  it('toggles a preference on and off', () => {
    const once = run([{ type: 'togglePreference', view: VIEW, key: 'compact' }]);
    expect(view(once).preferences).toEqual({ compact: true });
    const twice = run([{ type: 'togglePreference', view: VIEW, key: 'compact' }], once);
    expect(view(twice).preferences).toEqual({ compact: false });
  });

  it('toggles pins by uri, per view or globally', () => {
    const pin = { uri: '/admin/accounts/1', title: 'Ann' };
    const state = run([
      { type: 'togglePin', view: VIEW, pin },
      { type: 'togglePin', pin },
      { type: 'togglePin', pin: { uri: '/admin/accounts/2' } },
      { type: 'togglePin', pin: { uri: '/admin/accounts/1', title: 'renamed' } },
    ]);
    expect(view(state).pins).toEqual([pin]);
    expect(state.settings.pins).toEqual([{ uri: '/admin/accounts/2' }]);
    expect(state.dirty).toBe(true);
  });

  it.each([
    { query: 'ann', searchQuery: 'ann' },
    { query: '   ', searchQuery: undefined },
    { query: '', searchQuery: undefined },
  ])('searching for "$query" stores $searchQuery', ({ query, searchQuery }) => {
    const state = run([
      { type: 'setSearch', view: VIEW, query: 'earlier' },
      { type: 'setSearch', view: VIEW, query },
    ]);
    expect(view(state).searchQuery).toBe(searchQuery);
    expect('searchQuery' in view(state)).toBe(searchQuery !== undefined);
  });

  it('clears the search', () => {
    const state = run([
      { type: 'setSearch', view: VIEW, query: 'ann' },
      { type: 'clearSearch', view: VIEW },
    ]);
    expect(view(state).searchQuery).toBeUndefined();
  });
});

describe('saving', () => {
  it('is clean after load, dirty after a change and clean again once saved', () => {
    const fresh = loaded();
    const changed = run([{ type: 'togglePreference', view: VIEW, key: 'compact' }], fresh);
    const saved = run([{ type: 'saved' }], changed);
    expect([fresh.dirty, changed.dirty, saved.dirty]).toEqual([false, true, false]);
  });

  it('does not change the input state', () => {
    const state = loaded();
    const before = JSON.stringify(state);
    run([{ type: 'setFilter', view: VIEW, key: 'role', value: 'coach' }], state);
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe('mergeViewSettings', () => {
  const listView = { ...emptyViewState(), searchQuery: 'ann' };
  it('lays one view over the latest settings, keeping pins and other views saved meanwhile', () => {
    const latest = {
      views: { courses: { ...emptyViewState(), searchQuery: 'maths' } },
      pins: [{ uri: '/admin/accounts/3', title: 'Ann' }],
    };
    const own = { views: { accounts: listView }, pins: [] };
    expect(mergeViewSettings(latest, own, { view: 'accounts' })).toEqual({
      views: { courses: latest.views.courses, accounts: listView },
      pins: latest.pins,
    });
  });
  it('lays the global pins over the latest settings, keeping every view', () => {
    const latest = { views: { accounts: listView }, pins: [] };
    const own = { views: {}, pins: [{ uri: '/admin/courses/2', title: 'Maths', image: '/c.png' }] };
    expect(mergeViewSettings(latest, own, { pins: true })).toEqual({ views: latest.views, pins: own.pins });
  });
});
