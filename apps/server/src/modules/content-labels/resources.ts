import { registerLoader } from '../../http/includes';
import { presentContentLabel } from './presenter';

registerLoader('content_labels', async (db, scope, ids) =>
  (
    await db
      .selectFrom('content_labels')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('id', 'in', [...ids])
      .execute()
  ).map(presentContentLabel),
);
