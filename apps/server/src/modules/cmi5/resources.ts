import { registerLoader } from '../../http/includes';
import { onLaunchStatements } from '../xapi/hooks';
import { presentCmi5Package } from './presenter';
import { evaluateLaunchStatements } from './service';

registerLoader('cmi5_packages', async (db, scope, ids) =>
  (
    await db
      .selectFrom('cmi5_packages')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map(presentCmi5Package),
);

// The LMS's side of cmi5: what an AU's session credential stores is evaluated against moveOn.
onLaunchStatements(({ db, portal, credentialId, statements }) =>
  evaluateLaunchStatements(db, portal, credentialId, statements),
);
