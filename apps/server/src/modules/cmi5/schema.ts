import { CMI5_AU_STATES, CMI5_MOVE_ON } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

const au = z.object({
  id: z.string().describe("The AU's id (an IRI) in cmi5.xml: the activity id it is launched with."),
  title: z.string(),
  description: z.string(),
  /** How many blocks it sits in (0 at the course's top level). */
  depth: z.number().int(),
  blocks: z.array(z.string()).describe('The ids of the blocks it sits in, outermost first.'),
  move_on: z.enum(CMI5_MOVE_ON),
  mastery_score: z.number().nullable(),
  launch_method: z.enum(['AnyWindow', 'OwnWindow']),
  external: z.boolean().describe('True when the AU is hosted at an external address, not in the package.'),
});

export const cmi5PackageResource = resourceSchema('Cmi5Package', 'cmi5_packages', {
  attributes: z.object({
    title: z.string(),
    course_id: z.string().describe("The course's id (an IRI) in cmi5.xml."),
    file_name: z.string(),
    byte_size: z.number().int(),
    file_count: z.number().int(),
    blocks: z.array(
      z.object({ id: z.string(), title: z.string(), depth: z.number().int(), parent: z.string().nullable() }),
    ),
    aus: z.array(au).describe('The AUs a learner can launch, in the order of the course structure.'),
    created_at: timestamp,
  }),
  relationships: z.object({ learning_object: toOne('learning_objects') }),
});
export type Cmi5PackageResource = z.infer<typeof cmi5PackageResource>;

export const cmi5AuStateResource = resourceSchema('Cmi5AuState', 'cmi5_au_states', {
  attributes: z.object({
    au_id: z.string(),
    state: z.enum(CMI5_AU_STATES),
    completed: z.boolean(),
    passed: z.boolean(),
    failed: z.boolean(),
    satisfied: z.boolean().describe("The AU's moveOn is met."),
    score: z
      .number()
      .int()
      .nullable()
      .describe('Whole percent, from the last passed or failed with a score.'),
    launches: z.number().int(),
    updated_at: timestamp,
  }),
  relationships: z.object({ learning_object: toOne('learning_objects') }),
});
export type Cmi5AuStateResource = z.infer<typeof cmi5AuStateResource>;

export const cmi5LaunchResource = resourceSchema('Cmi5Launch', 'cmi5_launches', {
  attributes: z.object({
    au_id: z.string(),
    launch_url: z
      .string()
      .describe('The AU with the cmi5 launch parameters: endpoint, fetch, actor, registration, activityId.'),
    registration: z.string(),
    session_id: z.string(),
    launch_method: z.enum(['AnyWindow', 'OwnWindow']),
    tracked: z.boolean().describe('False for a preview by staff who are not enrolled: nothing is kept.'),
    expires_at: timestamp,
  }),
});
export type Cmi5LaunchResource = z.infer<typeof cmi5LaunchResource>;
