import { registerLoader } from '../../http/includes';
import { presentFile } from './presenter';

registerLoader('files', async (db, scope, ids) =>
  (
    await db
      .selectFrom('files')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map(presentFile),
);
