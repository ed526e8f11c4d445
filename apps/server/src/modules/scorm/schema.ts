import { SCORM_SCO_STATES, SCORM_VERSIONS } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

const sco = z.object({
  identifier: z.string(),
  title: z.string(),
  /** Where the item sits in the organisation's tree (0 for top-level items). */
  depth: z.number().int(),
  prerequisites: z.string().nullable(),
});

export const scormPackageResource = resourceSchema('ScormPackage', 'scorm_packages', {
  attributes: z.object({
    version: z.enum(SCORM_VERSIONS),
    title: z.string(),
    file_name: z.string(),
    byte_size: z.number().int(),
    file_count: z.number().int(),
    scos: z.array(sco).describe('The SCOs a learner can launch, in the order of the table of contents.'),
    sequencing: z
      .object({ choice: z.boolean().nullable(), flow: z.boolean().nullable() })
      .nullable()
      .describe("SCORM 2004: the organisation's control mode (choice, flow) as the manifest sets it."),
    created_at: timestamp,
  }),
  relationships: z.object({ learning_object: toOne('learning_objects') }),
});
export type ScormPackageResource = z.infer<typeof scormPackageResource>;

export const scormAttemptResource = resourceSchema('ScormAttempt', 'scorm_attempts', {
  attributes: z.object({
    sco_identifier: z.string(),
    state: z.enum(SCORM_SCO_STATES),
    completion_status: z.string(),
    success_status: z.string(),
    score: z.number().int().nullable().describe('Whole percent, when the SCO reported a score.'),
    location: z.string().nullable(),
    session_seconds: z.number().int(),
    total_seconds: z.number().int(),
    launches: z.number().int(),
    updated_at: timestamp,
  }),
  relationships: z.object({ learning_object: toOne('learning_objects') }),
});
export type ScormAttemptResource = z.infer<typeof scormAttemptResource>;

export const scormLaunchResource = resourceSchema('ScormLaunch', 'scorm_launches', {
  attributes: z.object({
    version: z.enum(SCORM_VERSIONS),
    sco_identifier: z.string(),
    launch_url: z.string().describe('The SCO on its content path (sandboxed, no session cookie needed).'),
    cmi: z
      .string()
      .describe(
        "JSON text of the flattened cmi the runtime starts from (the learner's stored data, entry mode, total time); text, so its keys keep their dots.",
      ),
    tracked: z.boolean().describe('False for a preview by staff who are not enrolled: nothing is saved.'),
    expires_at: timestamp,
  }),
  relationships: z.object({ scorm_attempt: toOne('scorm_attempts') }),
});
export type ScormLaunchResource = z.infer<typeof scormLaunchResource>;
