/**
 * The navigation menu (SPEC §2, §4): per environment with role and feature gating, the environment
 * switch, the global pins and the primary-coach block. On narrow screens it is an overlay drawer.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link, useLocation } from 'react-router';
import { can, showCoachMenu, showEnvironmentSwitch, showStudentMenu, type Environment } from '@leerpad/core';
import { NavIcon } from '../../../components/nav-icon';
import {
  adminNavigation,
  coachNavigation,
  isActivePath,
  studentNavigation,
  visibleNavigation,
  type NavContext,
  type NavGroup,
} from '../../../lib/navigation';
import type { Me } from '../../../lib/session/types';
import { EnvironmentSwitch } from './environment-switch';
import { MenuPins } from './menu-pins';
import { PrimaryCoachBlock } from './primary-coach-block';

export const MAIN_MENU_ID = 'main-menu';

export function menuGroups(environment: Environment, context: NavContext): NavGroup[] {
  if (environment === 'admin') return visibleNavigation(adminNavigation(context), context);
  if (showCoachMenu(environment, context.roles)) return visibleNavigation(coachNavigation(), context);
  if (showStudentMenu(environment, context.roles)) return visibleNavigation(studentNavigation(), context);
  return [];
}

export interface NavigationMenuProps {
  open: boolean;
  narrow: boolean;
  onClose: () => void;
  environment: Environment;
  me: Me;
  features: readonly string[];
}

export function NavigationMenu({ open, narrow, onClose, environment, me, features }: NavigationMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const context: NavContext = { roles: me.roles, features };
  const groups = menuGroups(environment, context);

  // On a narrow screen the open drawer takes the focus, so keyboard users land inside it.
  useEffect(() => {
    if (open && narrow) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open, narrow]);

  if (!open) return null;

  return (
    <>
      {narrow && (
        <div className="fixed inset-0 top-16 z-30 bg-slate-900/40" onClick={onClose} aria-hidden="true" />
      )}
      <div
        ref={panel}
        id={MAIN_MENU_ID}
        className={`fixed top-16 bottom-0 left-0 z-30 flex w-72 flex-col overflow-y-auto border-r border-slate-200 bg-white pb-6 ${
          narrow ? 'shadow-2xl animate-fade-in' : ''
        }`}
        data-testid="main-menu"
      >
        <nav aria-label={t('menu.label')} className="flex flex-col gap-5 px-3 pt-4">
          <p
            className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            data-testid="menu-environment"
          >
            {t(`environments.${environment}`)}
          </p>
          {groups.map((group) => (
            <div key={group.id} className="flex flex-col gap-1">
              {group.labelKey && (
                <h2 className="flex items-center gap-2 px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <NavIcon name={group.icon} size={14} />
                  {t(group.labelKey)}
                </h2>
              )}
              <ul className="flex flex-col gap-0.5">
                {group.items.map((item) => {
                  const active = isActivePath(item, pathname);
                  return (
                    <li key={item.id}>
                      <Link
                        to={item.path}
                        aria-current={active ? 'page' : undefined}
                        className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${
                          active
                            ? 'bg-primary-soft font-semibold text-slate-900'
                            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                        }`}
                      >
                        <NavIcon
                          name={item.icon}
                          className={active ? 'text-primary-text' : 'text-slate-500'}
                        />
                        {t(item.labelKey)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        <div className="mt-6 flex flex-col gap-4">
          <MenuPins />
          {showEnvironmentSwitch(me.roles) && <EnvironmentSwitch roles={me.roles} current={environment} />}
          {can({ roles: me.roles }, 'enter:student') && me.primaryCoach && (
            <PrimaryCoachBlock coach={me.primaryCoach} />
          )}
        </div>
      </div>
    </>
  );
}
