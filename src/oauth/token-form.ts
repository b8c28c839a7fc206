/** A form body read into parameters, keeping every value so repeats can be refused (RFC 6749 §3.2). */
export type FormParams = Map<string, string[]>;

export function parseForm(body: string): FormParams {
  const params: FormParams = new Map();
  for (const [name, value] of new URLSearchParams(body)) {
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
}

export function isFormContentType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}
