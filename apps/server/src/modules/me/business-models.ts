import { BUSINESS_MODELS } from '@leerpad/core';
import type { PortalContext } from '../../context/portal';

/** The portal's business models, in the spec's order, unknown names dropped. */
export function availableBusinessModels(portal: PortalContext): string[] {
  return BUSINESS_MODELS.filter((model) => portal.businessModels.includes(model));
}
