/** An error answer in plain words, read out by a screen reader as soon as it appears. */
export function Problem({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p class="problem" role="alert">
      {text}
    </p>
  );
}
