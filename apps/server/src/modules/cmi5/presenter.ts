import type { Cmi5AuStateRow, Cmi5PackageRow } from '../../db/schema-cmi5';
import { identifier } from '../../http/jsonapi';
import type { Cmi5AuStateResource, Cmi5LaunchResource, Cmi5PackageResource } from './schema';
import { auState, courseOf, filesOf } from './service';
import type { Cmi5Launch } from './service';

export function presentCmi5Package(row: Cmi5PackageRow): Cmi5PackageResource {
  const course = courseOf(row);
  return {
    type: 'cmi5_packages',
    id: String(row.id),
    attributes: {
      title: row.title,
      course_id: course.id,
      file_name: row.file_name,
      byte_size: row.byte_size,
      file_count: filesOf(row).length,
      blocks: course.blocks.map(({ id, title, depth, parent }) => ({ id, title, depth, parent })),
      aus: course.aus.map((au) => ({
        id: au.id,
        title: au.title,
        description: au.description,
        depth: au.depth,
        blocks: au.blocks,
        move_on: au.moveOn,
        mastery_score: au.masteryScore,
        launch_method: au.launchMethod,
        external: au.external,
      })),
      created_at: row.created_at,
    },
    relationships: { learning_object: { data: identifier('learning_objects', row.learning_object_id) } },
  };
}

export function presentCmi5AuState(row: Cmi5AuStateRow, pkg: Cmi5PackageRow): Cmi5AuStateResource {
  const au = courseOf(pkg).aus.find((entry) => entry.id === row.au_id);
  return {
    type: 'cmi5_au_states',
    id: String(row.id),
    attributes: {
      au_id: row.au_id,
      state: auState(au ?? { moveOn: 'NotApplicable' }, row),
      completed: row.completed === 1,
      passed: row.passed === 1,
      failed: row.failed === 1,
      satisfied: row.satisfied === 1,
      score: row.score,
      launches: row.launches,
      updated_at: row.updated_at,
    },
    relationships: { learning_object: { data: identifier('learning_objects', pkg.learning_object_id) } },
  };
}

export function presentCmi5Launch(launch: Cmi5Launch): Cmi5LaunchResource {
  return {
    type: 'cmi5_launches',
    id: launch.sessionId,
    attributes: {
      au_id: launch.auId,
      launch_url: launch.url,
      registration: launch.registration,
      session_id: launch.sessionId,
      launch_method: launch.launchMethod,
      tracked: launch.tracked,
      expires_at: launch.expiresAt,
    },
  };
}
