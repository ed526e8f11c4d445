import { adminCommerceRoutes } from './admin-routes';
import { orderRoutes } from './order-routes';
import { productRoutes } from './product-routes';
import { providerRoutes } from './provider-routes';

/** The shop: products, sales catalogs, orders, payments, invoices, subscriptions, promotions, automations. */
export const commerceRoutes = [...productRoutes, ...orderRoutes, ...adminCommerceRoutes, ...providerRoutes];
