/** The environment switch (SPEC §2): to /admin, /coach or /catalog, per the account's roles. */
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { ENVIRONMENT_SWITCH_TARGETS, availableEnvironments, type Environment } from '@leerpad/core';
import { SwitchIcon } from '../../../components/icons-ui';

export function EnvironmentSwitch({ roles, current }: { roles: readonly string[]; current: Environment }) {
  const { t } = useTranslation();
  const environments = availableEnvironments(roles);
  return (
    <section aria-labelledby="environment-switch-title" className="px-3" data-testid="environment-switch">
      <h2
        id="environment-switch-title"
        className="mb-2 flex items-center gap-2 px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        <SwitchIcon size={14} /> {t('menu.switch.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-1">
        {environments.map((environment) => {
          const active = environment === current;
          return (
            <li key={environment}>
              <Link
                to={ENVIRONMENT_SWITCH_TARGETS[environment]}
                aria-current={active ? 'true' : undefined}
                className={`flex items-center justify-between rounded-lg border px-3 py-2 text-sm ${
                  active
                    ? 'border-primary bg-primary-soft font-semibold text-slate-900'
                    : 'border-slate-200 text-slate-700 hover:bg-slate-50'
                }`}
              >
                {t(`environments.${environment}`)}
                {active && (
                  <span className="text-xs font-normal text-slate-600">{t('menu.switch.current')}</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
