import type { ScormVersion } from '@leerpad/core';
import type { ScormAttemptRow, ScormPackageRow } from '../../db/schema-scorm';
import { identifier } from '../../http/jsonapi';
import type { ScormItem } from './manifest';
import type { ScormAttemptResource, ScormLaunchResource, ScormPackageResource } from './schema';
import { filesOf, manifestOf, scoState } from './service';
import type { Launch } from './service';

export function presentScormPackage(row: ScormPackageRow): ScormPackageResource {
  const manifest = manifestOf(row);
  const scos: ScormPackageResource['attributes']['scos'] = [];
  const walk = (items: ScormItem[], depth: number) => {
    for (const item of items) {
      if (item.launch)
        scos.push({
          identifier: item.identifier,
          title: item.title,
          depth,
          prerequisites: item.prerequisites,
        });
      walk(item.children, depth + 1);
    }
  };
  walk(manifest.items, 0);
  return {
    type: 'scorm_packages',
    id: String(row.id),
    attributes: {
      version: row.version as ScormVersion,
      title: row.title,
      file_name: row.file_name,
      byte_size: row.byte_size,
      file_count: filesOf(row).length,
      scos,
      sequencing: manifest.sequencing
        ? { choice: manifest.sequencing.choice, flow: manifest.sequencing.flow }
        : null,
      created_at: row.created_at,
    },
    relationships: { learning_object: { data: identifier('learning_objects', row.learning_object_id) } },
  };
}

export function presentScormAttempt(row: ScormAttemptRow): ScormAttemptResource {
  return {
    type: 'scorm_attempts',
    id: String(row.id),
    attributes: {
      sco_identifier: row.sco_identifier,
      state: scoState(row),
      completion_status: row.completion_status,
      success_status: row.success_status,
      score: row.score,
      location: row.location,
      session_seconds: row.session_seconds,
      total_seconds: row.previous_seconds + row.session_seconds,
      launches: row.launches,
      updated_at: row.updated_at,
    },
    relationships: { learning_object: { data: identifier('learning_objects', row.learning_object_id) } },
  };
}

export function presentScormLaunch(launch: Launch): ScormLaunchResource {
  return {
    type: 'scorm_launches',
    id: launch.token.slice(0, 12),
    attributes: {
      version: launch.version,
      sco_identifier: launch.scoIdentifier,
      launch_url: launch.url,
      cmi: JSON.stringify(launch.cmi),
      tracked: launch.attempt !== null,
      expires_at: launch.expiresAt,
    },
    relationships: { scorm_attempt: { data: identifier('scorm_attempts', launch.attempt?.id ?? null) } },
  };
}
