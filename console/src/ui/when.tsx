import { useSession } from '../session.js';
import { dateTime } from '../time.js';

/** A moment of the API (ISO 8601, UTC) as the organisation reads it: in BIS_TIME_ZONE. */
export function When({ at }: { at: string | null | undefined }) {
  const { timeZone } = useSession();
  if (!at) return <span class="muted">—</span>;
  return <time dateTime={at}>{dateTime(at, timeZone)}</time>;
}
