/**
 * View settings (SPEC §3, §4) through the core reducer: loaded once from the account preference
 * `view-settings`, every change marks them dirty and they are saved back shortly after. Each holder
 * saves only its part (one view, or the global pins) over the latest stored copy.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import {
  FORM_DIRTY_DELAY_MS,
  VIEW_SETTINGS_PROPERTY,
  initialViewSettingsState,
  mergeViewSettings,
  parseViewSettings,
  selectView,
  viewSettingsReducer,
  type Pin,
  type ViewSettingsAction,
} from '@leerpad/core';
import {
  preferenceKey,
  preferenceQuery,
  useSavePreference,
  type AccountPreference,
} from './resources/preferences';
import { useSession } from './session/use-session';

type WithoutView<A> = A extends unknown ? Omit<A, 'view'> : never;
/** A change to this view (the view name is added). */
export type ViewAction = WithoutView<Exclude<ViewSettingsAction, { type: 'load' } | { type: 'saved' }>>;

/** The stored settings, loaded once into the reducer and saved back (its part only) after changes. */
function useStoredViewSettings(part: { view: string } | { pins: true }) {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const accountId = me?.account.id ?? '';
  const stored = useQuery({
    ...preferenceQuery(accountId, VIEW_SETTINGS_PROPERTY),
    enabled: accountId !== '',
  });
  const save = useSavePreference(accountId, VIEW_SETTINGS_PROPERTY);
  const [state, dispatch] = useReducer(viewSettingsReducer, undefined, initialViewSettingsState);

  useEffect(() => {
    if (stored.isSuccess) dispatch({ type: 'load', settings: stored.data?.payload ?? null });
    // Settings that cannot be read must not keep the page from working: start from defaults.
    else if (stored.isError || accountId === '') dispatch({ type: 'load', settings: null });
  }, [stored.isSuccess, stored.isError, stored.data, accountId]);

  const { mutate } = save;
  useEffect(() => {
    if (!state.loaded || !state.dirty || accountId === '') return;
    const timer = setTimeout(() => {
      dispatch({ type: 'saved' });
      const latest = queryClient.getQueryData<AccountPreference | null>(
        preferenceKey(accountId, VIEW_SETTINGS_PROPERTY),
      );
      mutate(
        JSON.stringify(mergeViewSettings(parseViewSettings(latest?.payload ?? null), state.settings, part)),
      );
    }, FORM_DIRTY_DELAY_MS);
    return () => clearTimeout(timer);
    // `part` names what this holder owns; it does not change while it is mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, mutate, accountId, queryClient]);

  return { state, dispatch };
}

export function useViewSettings(viewName: string) {
  const { state, dispatch } = useStoredViewSettings({ view: viewName });

  const change = useCallback(
    (action: ViewAction) => dispatch({ ...action, view: viewName } as ViewSettingsAction),
    [dispatch, viewName],
  );

  return { loaded: state.loaded, view: selectView(state.settings, viewName), change };
}

/** The global pin list (SPEC §3: "a global list of pins exists too"), shown in the main menu. */
export function useGlobalPins() {
  const { state, dispatch } = useStoredViewSettings({ pins: true });
  const toggle = useCallback((pin: Pin) => dispatch({ type: 'togglePin', pin }), [dispatch]);
  return {
    loaded: state.loaded,
    pins: state.settings.pins,
    isPinned: (uri: string) => state.settings.pins.some((pin) => pin.uri === uri),
    toggle,
  };
}
