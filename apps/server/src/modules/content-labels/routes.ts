import { z } from 'zod';
import { buildDocument, deletedDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { presentContentLabel } from './presenter';
import { createLabel, deleteLabel, findLabel, listLabels, updateLabel } from './service';
import { contentLabelResource } from './schema';

const fields = {
  name: z.string().trim().min(1).max(60),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #0f766e.')
    .nullable(),
};
const params = z.object({ content_label: idParam });

export const contentLabelRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/content_labels',
    summary: "The portal's content labels, by name",
    tags: ['catalog'],
    permission: 'signed-in',
    response: listDocument(contentLabelResource),
    async handler({ services, portal }) {
      const rows = await listLabels(services.db, portal.id);
      return buildDocument(rows.map(presentContentLabel), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/content_labels',
    summary: 'Add a content label (course managers)',
    tags: ['catalog'],
    permission: 'manage:course',
    response: resourceDocument(contentLabelResource),
    status: 201,
    resourceType: 'content_labels',
    body: z.object({ name: fields.name, color: fields.color.optional() }),
    async handler({ services, portal, body, pointer }) {
      return buildDocument(presentContentLabel(await createLabel(services.db, portal.id, body, pointer)));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/content_labels/:content_label',
    summary: 'Rename or recolour a content label (course managers)',
    tags: ['catalog'],
    permission: 'manage:course',
    response: resourceDocument(contentLabelResource),
    params,
    resourceType: 'content_labels',
    body: z.object({ name: fields.name.optional(), color: fields.color.optional() }),
    async handler({ services, portal, params, body, pointer }) {
      const row = await findLabel(services.db, portal.id, params.content_label);
      return buildDocument(presentContentLabel(await updateLabel(services.db, row, body, pointer)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/content_labels/:content_label',
    summary: 'Delete a content label; it is taken off every course (course managers)',
    tags: ['catalog'],
    permission: 'manage:course',
    response: deletedDocument,
    params,
    async handler({ services, portal, params }) {
      await deleteLabel(services.db, await findLabel(services.db, portal.id, params.content_label));
      return { meta: { deleted: true } };
    },
  }),
];
