import type { ScormVersion } from '@leerpad/core';

/** The runtime's flattened cmi as the player sends it: `{"cmi.core.lesson_status": "incomplete", …}`. */
export type FlatCmi = Record<string, unknown>;

export interface TrackedFigures {
  completion_status: string;
  success_status: string;
  /** Whole percent, or null when the SCO reported no score. */
  score: number | null;
  location: string | null;
  suspend_data: string | null;
  session_seconds: number;
  exit: string;
}

const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** Seconds of a SCORM 1.2 CMITimespan (`HHHH:MM:SS.SS`) or a SCORM 2004 duration (`PT1H2M3.5S`). */
export function durationSeconds(value: string): number {
  const timespan = /^(\d{1,4}):(\d{2}):(\d{2})(?:\.\d{1,2})?$/.exec(value);
  if (timespan) return Number(timespan[1]) * 3600 + Number(timespan[2]) * 60 + Number(timespan[3]);
  const iso = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value,
  );
  if (!iso) return 0;
  const [, y, mo, d, h, mi, s] = iso.map((part) => Number(part ?? 0));
  return Math.round((y! * 365 + mo! * 30 + d!) * 86400 + h! * 3600 + mi! * 60 + s!);
}

/** `HHHH:MM:SS` for SCORM 1.2, `PT#H#M#S` for 2004. */
export function formatDuration(version: ScormVersion, seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (version === '1.2')
    return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return `PT${h}H${m}M${s}S`;
}

function percent(raw: string, min: string, max: string): number | null {
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value)) return null;
  const low = Number.parseFloat(min);
  const high = Number.parseFloat(max);
  const scaled =
    Number.isFinite(high) && high > (Number.isFinite(low) ? low : 0)
      ? ((value - (Number.isFinite(low) ? low : 0)) / (high - (Number.isFinite(low) ? low : 0))) * 100
      : value;
  return Math.round(Math.min(Math.max(scaled, 0), 100));
}

/** What Leerpad tracks from a SCO's cmi, for either version. */
export function figuresOf(version: ScormVersion, cmi: FlatCmi): TrackedFigures {
  if (version === '1.2') {
    const status = str(cmi['cmi.core.lesson_status']) || 'not attempted';
    return {
      completion_status: status === 'passed' || status === 'failed' ? 'completed' : status,
      success_status: status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'unknown',
      score: percent(
        str(cmi['cmi.core.score.raw']),
        str(cmi['cmi.core.score.min']),
        str(cmi['cmi.core.score.max']),
      ),
      location: str(cmi['cmi.core.lesson_location']) || null,
      suspend_data: str(cmi['cmi.suspend_data']) || null,
      session_seconds: durationSeconds(str(cmi['cmi.core.session_time'])),
      exit: str(cmi['cmi.core.exit']),
    };
  }
  const scaled = Number.parseFloat(str(cmi['cmi.score.scaled']));
  return {
    completion_status: str(cmi['cmi.completion_status']) || 'not attempted',
    success_status: str(cmi['cmi.success_status']) || 'unknown',
    score: Number.isFinite(scaled)
      ? Math.round(Math.min(Math.max(scaled, 0), 1) * 100)
      : percent(str(cmi['cmi.score.raw']), str(cmi['cmi.score.min']), str(cmi['cmi.score.max'])),
    location: str(cmi['cmi.location']) || null,
    suspend_data: str(cmi['cmi.suspend_data']) || null,
    session_seconds: durationSeconds(str(cmi['cmi.session_time'])),
    exit: str(cmi['cmi.exit']),
  };
}

/** Whether a SCO counts as done: completed (or passed) and not failed. */
export const scoDone = (figures: Pick<TrackedFigures, 'completion_status' | 'success_status'>) =>
  (figures.completion_status === 'completed' || figures.success_status === 'passed') &&
  figures.success_status !== 'failed';

/**
 * The cmi a new session starts from: what was stored, with the entry mode (resume after a suspend)
 * and the total time of earlier sessions, and without the last session's own values.
 */
export function startingCmi(
  version: ScormVersion,
  stored: FlatCmi,
  previousSeconds: number,
  hasRecord: boolean,
  learner: { id: string; name: string } | null,
): FlatCmi {
  const core = version === '1.2' ? 'cmi.core.' : 'cmi.';
  const exit = str(stored[`${core}exit`]);
  const start: FlatCmi = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === `${core}session_time` || key === `${core}exit` || key === `${core}entry`) continue;
    if (key === `${core}total_time`) continue;
    start[key] = value;
  }
  start[`${core}entry`] = !hasRecord ? 'ab-initio' : exit === 'suspend' ? 'resume' : '';
  start[`${core}total_time`] = formatDuration(version, previousSeconds);
  if (learner) {
    start[version === '1.2' ? 'cmi.core.student_id' : 'cmi.learner_id'] = learner.id;
    start[version === '1.2' ? 'cmi.core.student_name' : 'cmi.learner_name'] = learner.name;
  }
  return start;
}
