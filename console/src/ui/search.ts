import { daysBefore } from '../time.js';
import { readDay } from './date-input.js';
import { sentForm } from './sent-form.js';

/** A search form's filled-in fields as an address's query, so the search can be bookmarked. */
export function searchOf(event: Event, fields: readonly string[]): URLSearchParams {
  const form = sentForm(event);
  const asked = new URLSearchParams();
  for (const field of fields) {
    const value = form.text(field).trim();
    if (value) asked.set(field, value);
  }
  return asked;
}

/**
 * The API's query from the page's address, for the fields a search has. The last day a person
 * picks is inclusive on the page; the API's `to` is the first moment after it.
 */
export function queryOfAddress(address: Record<string, string>, fields: readonly string[]): Record<string, string> {
  const asked: Record<string, string> = {};
  for (const field of fields) if (address[field]) asked[field] = address[field];
  // A `to` that is no day (an address typed by hand) goes as it is: the API says what is wrong with it.
  const lastDay = asked.to === undefined ? undefined : readDay(asked.to);
  if (lastDay) asked.to = daysBefore(lastDay, -1);
  return asked;
}
