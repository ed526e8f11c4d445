import { FEATURES } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from './features';
import { createTestApp, SECOND_HOST } from './test-app';
import type { TestApp } from './test-app';

describe('switching features off for one test', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const features = async (): Promise<string[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portals/current',
      headers: { host: SECOND_HOST },
    });
    return response.json().data.attributes.features;
  };

  it('puts back exactly the flags it found: on ones on, off ones off', async () => {
    const before = await features();
    expect(before).toContain(FEATURES.groupAssignments);
    expect(before).not.toContain(FEATURES.portfolioFeature);

    const during = await withFeaturesOff(
      t,
      2,
      [FEATURES.groupAssignments, FEATURES.portfolioFeature],
      features,
    );
    expect(during).not.toContain(FEATURES.groupAssignments);

    expect(await features()).toEqual(before);
  });

  it('puts them back when the check fails', async () => {
    const before = await features();
    await expect(
      withFeaturesOff(t, 2, [FEATURES.groupAssignments], async () => {
        throw new Error('check failed');
      }),
    ).rejects.toThrow('check failed');
    expect(await features()).toEqual(before);
  });
});
