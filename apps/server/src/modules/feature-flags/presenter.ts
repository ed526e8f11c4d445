import { PERMISSIONS, requiredFeature } from '@leerpad/core';
import type { FeatureName } from '@leerpad/core';
import type { FeatureFlagResource } from './schema';

export function presentFeatureFlag(name: FeatureName, enabled: boolean): FeatureFlagResource {
  return {
    type: 'feature_flags',
    id: name,
    attributes: {
      name,
      enabled,
      permissions: PERMISSIONS.filter((permission) => requiredFeature(permission) === name),
    },
  };
}
