import { useState } from 'preact/hooks';
import { messageOf } from '../api.js';
import { type Settled, settledNow } from './last-problem.js';
import { type Progress, upload } from './upload.js';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Uploading extends Settled {
  /** How much of the file has gone; undefined when no upload is under way. */
  progress: Progress | undefined;
  /** Says no without sending: a check the page makes itself, shown where the API's refusals are. */
  refuse: (problem: string) => void;
}

/**
 * A file sent to the admin API, with its progress. `expected` says which answers the page shows
 * itself; any other is shown as the problem, as is a file that did not reach the service. The
 * function resolves to an expected answer, or undefined.
 */
export function useUpload(
  expected: (answer: Answer) => boolean,
): [(url: string, file: File, contentType: string) => Promise<Answer | undefined>, Uploading] {
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const [settled, setSettled] = useState<Omit<Settled, 'kind'>>({ problem: '', settled: 0 });
  const refuse = (problem: string) => setSettled({ problem, settled: settledNow() });
  async function send(url: string, file: File, contentType: string) {
    refuse('');
    setProgress({ sent: 0 });
    try {
      const answer = await upload(url, file, contentType, setProgress);
      if (expected(answer)) return answer;
      refuse(messageOf(answer.body));
    } catch (error) {
      refuse(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(undefined);
    }
    return undefined;
  }
  return [send, { ...settled, kind: 'action', progress, refuse }];
}
