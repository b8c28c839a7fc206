/**
 * A select's options from a list of words by value, in the list's order. `selected` marks the
 * option of a value the page already has, where a select shows what is set now.
 */
export function Options({ words, selected }: { words: Readonly<Record<string, string>>; selected?: string }) {
  return (
    <>
      {Object.entries(words).map(([value, text]) => (
        <option key={value} value={value} {...(selected === undefined ? {} : { selected: value === selected })}>
          {text}
        </option>
      ))}
    </>
  );
}
