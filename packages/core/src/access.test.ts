import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  hasFeature,
  hasSubscriptionAccess,
  paymentRequiredActions,
  subscriptionRequired,
  type FeatureName,
  type FeatureSet,
} from './access';

describe('subscription access', () => {
  it.each([
    { models: ['subscription'], required: true },
    { models: ['in_plan'], required: true },
    { models: ['subscription', 'flat_fee'], required: false },
    { models: ['flat_fee'], required: false },
    { models: [], required: false },
  ])('models $models → subscription required: $required', ({ models, required }) => {
    expect(subscriptionRequired(models)).toBe(required);
  });

  it.each([
    {
      who: 'student without active subscription',
      models: ['subscription'],
      active: false,
      roles: ['student'],
      granted: false,
    },
    {
      who: 'student with unknown subscription',
      models: ['in_plan'],
      active: null,
      roles: ['student'],
      granted: false,
    },
    {
      who: 'student with active subscription',
      models: ['subscription'],
      active: true,
      roles: ['student'],
      granted: true,
    },
    {
      who: 'student on a flat fee',
      models: ['subscription', 'flat_fee'],
      active: false,
      roles: ['student'],
      granted: true,
    },
    {
      who: 'support without subscription',
      models: ['subscription'],
      active: false,
      roles: ['academy support'],
      granted: true,
    },
    {
      who: 'admin without subscription',
      models: ['subscription'],
      active: false,
      roles: ['admin'],
      granted: false,
    },
  ])('$who → granted: $granted', ({ models, active, roles, granted }) => {
    expect(hasSubscriptionAccess({ models, subscriptionActive: active, roles })).toBe(granted);
  });

  it.each([
    { authenticated: false, models: ['subscription'], actions: ['login', 'try_free'] },
    { authenticated: true, models: ['subscription'], actions: ['subscriptions'] },
    { authenticated: true, models: ['in_plan'], actions: ['home'] },
  ])(
    '402 screen for logged in $authenticated on $models offers $actions',
    ({ authenticated, models, actions }) => {
      expect(paymentRequiredActions(authenticated, models)).toEqual(actions);
    },
  );

  it('offers no pricing page on a portal without a price list', () => {
    expect(paymentRequiredActions(true, ['subscription'], false)).toEqual(['home']);
  });
});

describe('feature flags', () => {
  it.each<{ features: FeatureSet | null; name: FeatureName; enabled: boolean }>([
    { features: ['portfolio_feature'], name: FEATURES.portfolioFeature, enabled: true },
    { features: ['portfolio_feature'], name: FEATURES.followUps, enabled: false },
    { features: { 'account-support': true }, name: FEATURES.accountSupport, enabled: true },
    { features: { 'account-support': false }, name: FEATURES.accountSupport, enabled: false },
    { features: { accountFiles: true }, name: FEATURES.accountFiles, enabled: true },
    { features: null, name: FEATURES.quizImport, enabled: false },
  ])('$name in $features → $enabled', ({ features, name, enabled }) => {
    expect(hasFeature(features, name)).toBe(enabled);
  });
});
