/**
 * Per-view filters, sorting, preferences, search and pins (SPEC §3 "View settings", §4). The
 * reducer is pure; the web app loads the stored settings once and saves them back while dirty.
 */
import { sortParam, type SortItem } from './jsonapi/sort';

/** The account preference property the settings are stored under. */
export const VIEW_SETTINGS_PROPERTY = 'view-settings';

export type ViewFilterValue = string | string[];

export interface FilterEntry {
  key: string;
  value: ViewFilterValue;
  /** Display labels for the values, in the same order (for chips). */
  labels?: string[];
}

export interface Pin {
  uri: string;
  title?: string;
  image?: string;
}

/** The parameters as sent to the API, derived from filtering and sorting. */
export interface ViewApiParams {
  filter: Record<string, string>;
  sort?: string;
}

export interface ViewState {
  filtering: FilterEntry[];
  sorting: SortItem[];
  api: ViewApiParams;
  preferences: Record<string, boolean>;
  searchQuery?: string;
  pins: Pin[];
}

export interface ViewSettings {
  views: Record<string, ViewState>;
  pins: Pin[];
}

export interface ViewSettingsState {
  settings: ViewSettings;
  dirty: boolean;
  loaded: boolean;
}

export type ViewSettingsAction =
  | { type: 'load'; settings: unknown }
  | { type: 'setFilter'; view: string; key: string; value: ViewFilterValue; labels?: string[] }
  | { type: 'toggleFilter'; view: string; key: string; value: ViewFilterValue; labels?: string[] }
  | { type: 'toggleFilterValue'; view: string; key: string; value: string; label?: string }
  | { type: 'removeFilter'; view: string; key: string }
  | { type: 'batchFilters'; view: string; filters: FilterEntry[] }
  | { type: 'resetFilters'; view: string }
  | { type: 'setSort'; view: string; sorting: SortItem[] }
  | { type: 'toggleSort'; view: string; property: string }
  | { type: 'togglePreference'; view: string; key: string }
  | { type: 'togglePin'; view?: string; pin: Pin }
  | { type: 'setSearch'; view: string; query: string }
  | { type: 'clearSearch'; view: string }
  | { type: 'saved' };

export function emptyViewSettings(): ViewSettings {
  return { views: {}, pins: [] };
}

export function emptyViewState(): ViewState {
  return { filtering: [], sorting: [], api: { filter: {} }, preferences: {}, pins: [] };
}

export const initialViewSettingsState = (): ViewSettingsState => ({
  settings: emptyViewSettings(),
  dirty: false,
  loaded: false,
});

export function viewApiParams(view: Pick<ViewState, 'filtering' | 'sorting'>): ViewApiParams {
  const filter: Record<string, string> = {};
  for (const { key, value } of view.filtering) filter[key] = Array.isArray(value) ? value.join(',') : value;
  const sort = sortParam(view.sorting);
  return sort ? { filter, sort } : { filter };
}

/** A view's state, or an empty one for a view that has no settings yet. */
export function selectView(settings: ViewSettings, view: string): ViewState {
  return settings.views[view] ?? emptyViewState();
}

// ---- Loading stored settings ---------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function readPins(value: unknown): Pin[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((pin) =>
    isString(pin.uri)
      ? [
          {
            uri: pin.uri,
            ...(isString(pin.title) && { title: pin.title }),
            ...(isString(pin.image) && { image: pin.image }),
          },
        ]
      : [],
  );
}

function readView(value: unknown): ViewState {
  if (!isRecord(value)) return emptyViewState();
  const filtering: FilterEntry[] = (Array.isArray(value.filtering) ? value.filtering : [])
    .filter(isRecord)
    .flatMap((entry) => {
      const { key, value: filterValue, labels } = entry;
      const valid = isString(filterValue) || (Array.isArray(filterValue) && filterValue.every(isString));
      if (!isString(key) || !valid) return [];
      const labelList = Array.isArray(labels) && labels.every(isString) ? { labels } : {};
      return [{ key, value: filterValue, ...labelList }];
    });
  const sorting: SortItem[] = (Array.isArray(value.sorting) ? value.sorting : [])
    .filter(isRecord)
    .flatMap(({ property, direction }) =>
      isString(property) && (direction === 'asc' || direction === 'desc') ? [{ property, direction }] : [],
    );
  const preferences = Object.fromEntries(
    Object.entries(isRecord(value.preferences) ? value.preferences : {}).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
  const view: ViewState = {
    filtering,
    sorting,
    api: viewApiParams({ filtering, sorting }),
    preferences,
    pins: readPins(value.pins),
  };
  if (isString(value.searchQuery) && value.searchQuery.trim() !== '') view.searchQuery = value.searchQuery;
  return view;
}

/**
 * Reads stored settings (an object, or its JSON text) defensively: they were saved by an earlier
 * version of the app, so anything unrecognised is dropped rather than trusted.
 */
export function parseViewSettings(stored: unknown): ViewSettings {
  let value = stored;
  if (isString(stored)) {
    try {
      value = JSON.parse(stored);
    } catch {
      return emptyViewSettings();
    }
  }
  if (!isRecord(value)) return emptyViewSettings();
  const views = Object.fromEntries(
    Object.entries(isRecord(value.views) ? value.views : {}).map(([name, view]) => [name, readView(view)]),
  );
  return { views, pins: readPins(value.pins) };
}

// ---- Changes to one view ----------------------------------------------------------------------

const isEmptyFilterValue = (value: ViewFilterValue) =>
  Array.isArray(value) ? value.length === 0 : value.trim() === '';

const sameFilterValue = (a: ViewFilterValue, b: ViewFilterValue) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, index) => item === b[index])
    : a === b;

function withoutFilter(filtering: readonly FilterEntry[], key: string): FilterEntry[] {
  return filtering.filter((entry) => entry.key !== key);
}

/** Sets a filter in place (keeping its position), or removes it when the value is empty. */
function withFilter(filtering: readonly FilterEntry[], entry: FilterEntry): FilterEntry[] {
  if (isEmptyFilterValue(entry.value)) return withoutFilter(filtering, entry.key);
  const next: FilterEntry = {
    key: entry.key,
    value: entry.value,
    ...(entry.labels && { labels: entry.labels }),
  };
  const index = filtering.findIndex((existing) => existing.key === entry.key);
  return index === -1
    ? [...filtering, next]
    : filtering.map((existing, at) => (at === index ? next : existing));
}

function toggledFilterValue(filtering: readonly FilterEntry[], key: string, value: string, label?: string) {
  const existing = filtering.find((entry) => entry.key === key);
  const values = existing ? (Array.isArray(existing.value) ? existing.value : [existing.value]) : [];
  const labels = existing?.labels ?? [];
  const index = values.indexOf(value);
  if (index !== -1) {
    return withFilter(filtering, {
      key,
      value: values.filter((_, at) => at !== index),
      ...(existing?.labels && { labels: labels.filter((_, at) => at !== index) }),
    });
  }
  const keepsLabels = label !== undefined && labels.length === values.length;
  return withFilter(filtering, {
    key,
    value: [...values, value],
    ...(keepsLabels && { labels: [...labels, label] }),
  });
}

function toggledSort(sorting: readonly SortItem[], property: string): SortItem[] {
  const current = sorting[0];
  if (current?.property === property) {
    return [{ property, direction: current.direction === 'desc' ? 'asc' : 'desc' }];
  }
  return [{ property, direction: 'desc' }];
}

function toggledPin(pins: readonly Pin[], pin: Pin): Pin[] {
  return pins.some((existing) => existing.uri === pin.uri)
    ? pins.filter((existing) => existing.uri !== pin.uri)
    : [...pins, pin];
}

type ViewChange = Exclude<ViewSettingsAction, { type: 'load' } | { type: 'saved' }>;

/** The view after the change, or the same object when nothing changes. */
function changeView(view: ViewState, action: ViewChange): ViewState {
  switch (action.type) {
    case 'setFilter':
      return { ...view, filtering: withFilter(view.filtering, action) };
    case 'toggleFilter': {
      const existing = view.filtering.find((entry) => entry.key === action.key);
      const filtering =
        existing && sameFilterValue(existing.value, action.value)
          ? withoutFilter(view.filtering, action.key)
          : withFilter(view.filtering, action);
      return { ...view, filtering };
    }
    case 'toggleFilterValue':
      return {
        ...view,
        filtering: toggledFilterValue(view.filtering, action.key, action.value, action.label),
      };
    case 'removeFilter':
      return view.filtering.some((entry) => entry.key === action.key)
        ? { ...view, filtering: withoutFilter(view.filtering, action.key) }
        : view;
    case 'batchFilters':
      return { ...view, filtering: action.filters.reduce(withFilter, view.filtering) };
    case 'resetFilters':
      return { ...view, filtering: [] };
    case 'setSort':
      return { ...view, sorting: action.sorting };
    case 'toggleSort':
      return { ...view, sorting: toggledSort(view.sorting, action.property) };
    case 'togglePreference':
      return { ...view, preferences: { ...view.preferences, [action.key]: !view.preferences[action.key] } };
    case 'togglePin':
      return { ...view, pins: toggledPin(view.pins, action.pin) };
    case 'setSearch': {
      if (action.query.trim() !== '') return { ...view, searchQuery: action.query };
      return changeView(view, { type: 'clearSearch', view: action.view });
    }
    case 'clearSearch': {
      if (view.searchQuery === undefined) return view;
      const { searchQuery: _removed, ...rest } = view;
      return rest;
    }
  }
}

// ---- Reducer ----------------------------------------------------------------------------------

export function viewSettingsReducer(state: ViewSettingsState, action: ViewSettingsAction): ViewSettingsState {
  if (action.type === 'load') {
    // Loaded once: a later reply (e.g. a refetch) must not overwrite the user's unsaved changes.
    return state.loaded
      ? state
      : { settings: parseViewSettings(action.settings), dirty: false, loaded: true };
  }
  if (action.type === 'saved') return state.dirty ? { ...state, dirty: false } : state;
  if (action.type === 'togglePin' && action.view === undefined) {
    // A pin without a view is a global pin.
    const settings = { ...state.settings, pins: toggledPin(state.settings.pins, action.pin) };
    return { ...state, settings, dirty: true };
  }

  const viewName = action.view ?? ''; // only a global pin has no view, handled above
  const previous = selectView(state.settings, viewName);
  const changed = changeView(previous, action);
  if (changed === previous) return state;
  const view = { ...changed, api: viewApiParams(changed) };
  const settings = { ...state.settings, views: { ...state.settings.views, [viewName]: view } };
  // Resetting filters is not saved: it returns the view to its defaults for this visit only.
  const dirty = action.type === 'resetFilters' ? state.dirty : true;
  return { ...state, settings, dirty };
}

/**
 * What one holder of the settings saves: its own part (one view, or the global pins) laid over the
 * latest stored settings, so two holders on one screen (a list page and the menu's pins) never write
 * back each other's old copy.
 */
export function mergeViewSettings(
  latest: ViewSettings,
  own: ViewSettings,
  part: { view: string } | { pins: true },
): ViewSettings {
  if ('pins' in part) return { ...latest, pins: own.pins };
  const view = own.views[part.view];
  return view ? { ...latest, views: { ...latest.views, [part.view]: view } } : latest;
}
