/** The button that shows the next page of a listing, when there is one. */
export function ShowMore({ more }: { more: (() => void) | undefined }) {
  if (!more) return null;
  return (
    <button type="button" onClick={more}>
      Show more
    </button>
  );
}
