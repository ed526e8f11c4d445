import { z } from 'zod';
import { resourceSchema } from '../../http/jsonapi';

export const featureFlagResource = resourceSchema('FeatureFlag', 'feature_flags', {
  attributes: z.object({
    name: z.string().describe('One of the portal features of SPEC §6; also the id.'),
    enabled: z.boolean(),
    permissions: z.array(z.string()).describe('The permissions that need this feature.'),
  }),
});
export type FeatureFlagResource = z.infer<typeof featureFlagResource>;
