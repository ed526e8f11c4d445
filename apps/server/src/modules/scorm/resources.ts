import { registerLoader } from '../../http/includes';
import { presentScormAttempt, presentScormPackage } from './presenter';

registerLoader('scorm_packages', async (db, scope, ids) =>
  (
    await db
      .selectFrom('scorm_packages')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map(presentScormPackage),
);
registerLoader('scorm_attempts', async (db, scope, ids) =>
  (
    await db
      .selectFrom('scorm_attempts')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map(presentScormAttempt),
);
