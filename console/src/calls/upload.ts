import { csrfToken, noticeEnded } from '../api.js';

export interface Progress {
  /** 0 to 1 while the file is sent; null once it is all sent and the service is working on it. */
  sent: number | null;
}

/**
 * Sends a file as the body of a POST, telling how much of it has gone: fetch cannot, so this is
 * XMLHttpRequest. The session cookie goes with it, and the CSRF token in its header.
 */
export function upload(
  url: string,
  file: File,
  contentType: string,
  onProgress: (progress: Progress) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('content-type', contentType);
    const token = csrfToken();
    if (token) request.setRequestHeader('x-csrf-token', token);
    request.upload.onprogress = (event) =>
      onProgress({ sent: event.lengthComputable ? event.loaded / event.total : 0 });
    request.upload.onload = () => onProgress({ sent: null });
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      noticeEnded(request.status, url);
      resolve({ status: request.status, body });
    };
    request.onerror = () =>
      reject(new Error('The upload did not reach the service: check the connection and try again.'));
    request.send(file);
  });
}
