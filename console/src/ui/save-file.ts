/** Hands a file the page holds to the browser to save, as a link with `download` would. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has begun saving it by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
