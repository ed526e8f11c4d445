/**
 * View settings (SPEC §3, §4) through the core reducer: loaded once from the account preference
 * `view-settings`, every change marks them dirty and they are saved back shortly after.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import {
  FORM_DIRTY_DELAY_MS,
  VIEW_SETTINGS_PROPERTY,
  initialViewSettingsState,
  selectView,
  viewSettingsReducer,
  type ViewSettingsAction,
} from '@leerpad/core';
import { preferenceQuery, useSavePreference } from './resources/preferences';
import { useSession } from './session/use-session';

type WithoutView<A> = A extends unknown ? Omit<A, 'view'> : never;
/** A change to this view (the view name is added). */
export type ViewAction = WithoutView<Exclude<ViewSettingsAction, { type: 'load' } | { type: 'saved' }>>;

export function useViewSettings(viewName: string) {
  const { me } = useSession();
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
      mutate(JSON.stringify(state.settings));
    }, FORM_DIRTY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, mutate, accountId]);

  const change = useCallback(
    (action: ViewAction) => dispatch({ ...action, view: viewName } as ViewSettingsAction),
    [viewName],
  );

  return { loaded: state.loaded, view: selectView(state.settings, viewName), change };
}
