import { defineRoute } from '../../http/route';
import { meDocument } from './service';
import { meDocumentSchema } from './schema';

export const meRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/me',
    summary: 'The signed-in account with its portal, subscription, contract, primary coach and profile',
    tags: ['me'],
    permission: 'signed-in',
    response: meDocumentSchema,
    async handler({ services, portal, account }) {
      return meDocument(services, portal, account);
    },
  }),
];
