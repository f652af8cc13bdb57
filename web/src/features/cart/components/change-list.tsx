//! The list of what changed on the lines put back in the basket (`priceChanges`), when any did.

/** The list of `priceChanges`, when there are some. */
export function ChangeList({ changes }: { changes: string[] }) {
  return changes.length > 0 ? (
    <ul>
      {changes.map((c) => (
        <li key={c}>{c}</li>
      ))}
    </ul>
  ) : null;
}
